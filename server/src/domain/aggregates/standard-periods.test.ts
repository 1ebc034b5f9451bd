import { addMonths, isoDate, LOM_PATHS, MESSAGE_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { DAY_MS, moscowDay } from '../moscow-calendar.ts';
import { aggregateKeysOf, refreshAggregates } from './rollup-queries.ts';
import { rollStandardPeriods, STANDARD_PERIODS, standardWindows } from './standard-periods.ts';

/**
 * lom_period_stats answers the ranked lists of the standard periods (messages/lom-stat/, the
 * /loms list ordered by a period metric) exactly as the per-day rollups do for any period:
 * each answer is compared with the same request once the stored windows are moved away.
 */

let t: Kit;
const now = new Date();
// The nav links' dates are the user's, in Moscow: local midnight of the Moscow date, as isoDate reads local
// fields (a UTC date is yesterday's between 21:00 and 24:00 UTC).
const today = new Date(`${moscowDay(now.getTime())}T00:00:00`);
const month = { wrote_at_after: isoDate(addMonths(today, -1)), wrote_at_before: isoDate(today) };

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  const loms = await Promise.all(Array.from({ length: 12 }, () => buildLom(db)));
  const ids: number[] = [];
  // 120 messages over the last 40 days: some in the month, some before it; every flag and mood.
  for (let i = 0; i < 120; i++) {
    const m = await buildMessage(db, {
      lomId: loms[(i * 7) % loms.length].id,
      wroteAt: new Date(now.getTime() - ((i * 13) % 40) * DAY_MS - (i % 5) * 3_600_000),
      mood: ((i % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6,
      si: (i % 17) * 1.5,
      numberViews: (i * 37) % 1000,
      repostCount: i % 9,
      verified: i % 3 === 0,
      archived: i % 11 === 0,
      trash: i % 13 === 0,
      delayed: i % 19 === 0,
    });
    ids.push(m.id);
  }
  await refreshAggregates(db, await aggregateKeysOf(db, ids));
});
afterAll(() => t.close());

/** The answer of a request with the stored windows in place, then with them moved to another day. */
async function storedAndDaily(request: () => Promise<unknown>) {
  const db = t.database.db;
  await rollStandardPeriods(db, now);
  const stored = await request();
  await rollStandardPeriods(db, new Date(now.getTime() - 400 * DAY_MS));
  const daily = await request();
  await rollStandardPeriods(db, now);
  return { stored, daily };
}

describe('standard periods', () => {
  it('are the windows the nav links send: the last month ends with today', () => {
    const windows = standardWindows(now);
    expect(windows.map((w) => w.period)).toEqual(STANDARD_PERIODS.map((p) => p.id));
    const monthWindow = windows.find((w) => w.period === 3);
    expect(monthWindow?.from).toBe(month.wrote_at_after);
  });

  it('hold every lom of the window in each scope, equal to a rebuild', async () => {
    const db = t.database.db;
    await rollStandardPeriods(db, now);
    const rows = await queryRows<{ period: number; scope: number; n: string }>(
      db,
      sql`select period, scope, count(*) as n from lom_period_stats group by 1, 2 order by 1, 2`,
    );
    expect(rows.filter((r) => r.period === 3).map((r) => r.scope)).toEqual([0, 1, 2]);
    const { current, expected } = await aggregateSnapshot(db);
    expect(current.lomPeriods).toEqual(expected.lomPeriods);
  });

  for (const [label, caller, flags] of [
    ['reader defaults (not archived)', 'editor', {}],
    ['live flags', 'editor', { archived: false, trash: false, delayed: false }],
    ['every message (a super editor)', 'superEditor', {}],
  ] as const) {
    for (const stat of ['si', 'views', 'reposts'] as const) {
      it(`lom-stat by ${stat}, ${label}: the same pages as the daily rollups`, async () => {
        const ask = async (page: number) => {
          const res = await t
            .as(caller)
            .get(MESSAGE_PATHS.lomStat, { ...month, ...flags, stat, page, page_size: 5 });
          expect(res.statusCode).toBe(200);
          return res.json();
        };
        const { stored, daily } = await storedAndDaily(async () => [
          await ask(1),
          await ask(2),
          await ask(9),
        ]);
        expect(stored).toEqual(daily);
        expect((stored as { elements_count: number }[])[0].elements_count).toBeGreaterThan(5);
      });
    }
  }

  for (const ordering of ['-total_si', 'total_views', '-message_number', '-verified_count', '-average_si']) {
    it(`the /loms list ordered by ${ordering}: the same page as the daily rollups`, async () => {
      // Page 1 is all loms that wrote in the month (the index walk); page 2 reaches the loms that did not.
      const ask = async (page: number) => {
        const res = await t.as('user').get(LOM_PATHS.list, {
          message__wrote_at_after: month.wrote_at_after,
          message__wrote_at_before: month.wrote_at_before,
          ordering,
          page,
          page_size: 7,
        });
        expect(res.statusCode).toBe(200);
        return res.json();
      };
      const { stored, daily } = await storedAndDaily(async () => [await ask(1), await ask(2), await ask(5)]);
      expect(stored).toEqual(daily);
    });
  }

  it('are what a standard period reads: a changed stored row shows in the answers', async () => {
    const db = t.database.db;
    await rollStandardPeriods(db, now);
    await db.execute(sql`update lom_period_stats set si_sum = si_sum + 1000 where period = 3`);
    const stat = await t.as('editor').get(MESSAGE_PATHS.lomStat, { ...month, stat: 'si', page_size: 1 });
    expect(stat.json().results[0].total_si).toBeGreaterThan(1000);
    const list = await t.as('user').get(LOM_PATHS.list, {
      message__wrote_at_after: month.wrote_at_after,
      message__wrote_at_before: month.wrote_at_before,
      ordering: '-total_si',
      page_size: 1,
    });
    expect(list.json().results[0].total_si).toBeGreaterThan(1000);
    await db.execute(sql`select lom_period_stats_rebuild()`);
  });

  it('roll once a day: a second roll on the same day moves nothing, the next day refills every period', async () => {
    const db = t.database.db;
    await rollStandardPeriods(db, now);
    expect(await rollStandardPeriods(db, now)).toBe(0);
    expect(await rollStandardPeriods(db, new Date(now.getTime() + DAY_MS))).toBe(STANDARD_PERIODS.length);
    const { current, expected } = await aggregateSnapshot(db);
    expect(current.lomPeriods).toEqual(expected.lomPeriods);
    await rollStandardPeriods(db, now);
  });
});
