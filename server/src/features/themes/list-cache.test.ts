import { THEME_LIST_PATHS, type ThemeListItem } from '@monitoring/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { loms, messages, themes } from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

/**
 * The themes table keeps each theme's message-derived results of a period in
 * theme_period_stats under the theme's stamp (docs/themes.md "Speed"). These tests show the
 * kept row is what the page answers, and that every kind of change the results depend on
 * makes the page compute them again.
 */

let kit: Kit;
let viewer: Caller;
const ids = { theme: 0, other: 0, lomA: 0, lomB: 0, archived: 0, live: 0 };
const APRIL = 'wrote_at_after=2025-04-01&wrote_at_before=2025-04-30';
const april = (day: number) => new Date(`2025-04-${String(day).padStart(2, '0')}T09:00:00Z`);

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  const lomA = await buildLom(db, { name: 'ЛОМ кэша А', subscribers: 300 });
  const lomB = await buildLom(db, { name: 'ЛОМ кэша Б', subscribers: 40 });
  const theme = await buildTheme(db, { name: 'Тема кэша' });
  const other = await buildTheme(db, { name: 'Тема кэша другая' });
  Object.assign(ids, { theme: theme.id, other: other.id, lomA: lomA.id, lomB: lomB.id });
  const base = { themeId: theme.id, mood: 1, verified: true } as const;
  const live = await buildMessage(db, { ...base, lomId: lomA.id, wroteAt: april(2), si: 10 });
  await buildMessage(db, { ...base, lomId: lomA.id, wroteAt: april(3), si: 30 });
  const archived = await buildMessage(db, {
    ...base,
    lomId: lomB.id,
    wroteAt: april(4),
    si: 50,
    archived: true,
  });
  Object.assign(ids, { archived: archived.id, live: live.id });
});

afterAll(async () => {
  await kit.close();
});

async function row(themeId = ids.theme, period = APRIL): Promise<ThemeListItem> {
  const res = await viewer.get(`${THEME_LIST_PATHS.list}?id_in=${themeId}&${period}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0];
}

const kept = (themeId: number) =>
  queryRows<{ day_from: string; day_to: string; lom_count: number }>(
    kit.db,
    sql`select day_from::text as day_from, day_to::text as day_to, lom_count
          from theme_period_stats where theme_id = ${themeId} order by day_from, day_to`,
  );

const setMessage = (id: number, values: Partial<typeof messages.$inferInsert>) =>
  kit.db.update(messages).set(values).where(eq(messages.id, id));

describe('the themes table keeps per-theme period results under the theme stamp', () => {
  it('answers a kept row while the stamps are current', async () => {
    const first = await row();
    expect(first).toMatchObject({
      lom_count: 1,
      subscribers: 300,
      trash: { median: null, percentage: 0 },
      not_trash: { median: 30, percentage: 100 },
      initial_lom: { id: ids.lomA, name: 'ЛОМ кэша А' },
    });
    expect(await kept(ids.theme)).toEqual([{ day_from: '2025-04-01', day_to: '2025-05-01', lom_count: 1 }]);
    // Nothing changed: the page reads the kept row (made visible here by altering it).
    await kit.db.execute(sql`update theme_period_stats set lom_count = 99 where theme_id = ${ids.theme}`);
    expect((await row()).lom_count).toBe(99);
  });

  it('computes again after a message change that no rollup row sees (trash on an archived message)', async () => {
    // archived → archived and trash: the message stays out of the live rollups.
    await setMessage(ids.archived, { trash: true });
    const after = await row();
    expect(after.lom_count).toBe(1);
    expect(after.trash).toEqual({ median: 50, percentage: 33.3 });
    expect(after.not_trash).toEqual({ median: 20, percentage: 66.7 });
  });

  it('computes again after a mood, lom, Si or theme change, an insert and a delete', async () => {
    await setMessage(ids.live, { mood: 2 });
    expect((await row()).mood_table[2].message_count).toBe(1);

    await setMessage(ids.live, { lomId: ids.lomB });
    expect(await row()).toMatchObject({ lom_count: 2, subscribers: 340 });

    await setMessage(ids.live, { si: 70 });
    expect((await row()).mood_table[2].total_si).toBe(70);

    const added = await buildMessage(kit.db, {
      themeId: ids.theme,
      lomId: ids.lomA,
      wroteAt: april(1),
      si: 1,
      mood: 3,
      verified: true,
    });
    expect((await row()).mood_table[3].message_count).toBe(1);
    await kit.db.delete(messages).where(eq(messages.id, added.id));
    expect((await row()).mood_table[3].message_count).toBe(0);

    // Moving a message changes both themes.
    expect((await row(ids.other)).lom_count).toBe(0);
    await setMessage(ids.live, { themeId: ids.other });
    expect((await row(ids.other)).lom_count).toBe(1);
    expect(await row()).toMatchObject({ lom_count: 1, subscribers: 300 });
    await setMessage(ids.live, { themeId: ids.theme });
  });

  it('computes again after the subscribers of any lom change', async () => {
    await row();
    await kit.db.update(loms).set({ subscribers: 1000 }).where(eq(loms.id, ids.lomA));
    expect((await row()).subscribers).toBe(1040);
  });

  it('keeps one row per period, drops stale rows of other periods, and goes with the theme', async () => {
    await row(ids.theme, 'wrote_at_after=2025-04-02');
    expect((await kept(ids.theme)).map((r) => [r.day_from, r.day_to])).toEqual([
      ['2025-04-01', '2025-05-01'],
      ['2025-04-02', 'infinity'],
    ]);
    // A change makes both stale; the next miss drops the other period's row.
    await setMessage(ids.live, { si: 71 });
    await row();
    expect((await kept(ids.theme)).map((r) => r.day_from)).toEqual(['2025-04-01']);

    await kit.db.delete(messages).where(eq(messages.themeId, ids.other));
    await kit.db.delete(themes).where(eq(themes.id, ids.other));
    expect(await kept(ids.other)).toEqual([]);
  });

  it('answers every page while other pages and writes run at once, and keeps what a fresh computation gives', async () => {
    const db = kit.db;
    const many = [];
    for (let i = 0; i < 12; i++) {
      const theme = await buildTheme(db, { name: `Тема нагрузки ${i}` });
      for (let day = 1; day <= 4; day++) {
        await buildMessage(db, {
          themeId: theme.id,
          lomId: ids.lomA,
          wroteAt: april(day),
          si: i + day,
          mood: 1,
        });
      }
      many.push(theme.id);
    }
    const periods = [
      APRIL,
      'wrote_at_after=2025-04-02',
      'wrote_at_before=2025-04-03',
      'wrote_at_after=2025-04-03',
    ];
    const id_in = many.join(',');
    const page = (period: string) =>
      viewer.get(`${THEME_LIST_PATHS.list}?id_in=${id_in}&page_size=25&${period}`);
    // Readers of four periods, and writes that change the stamps of every theme under them.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        n % 3 === 2
          ? db
              .update(messages)
              .set({ si: n })
              .where(sql`${messages.themeId} = any(${`{${id_in}}`}::int[])`)
              .then(() => null)
          : page(periods[n % periods.length]),
      ),
    );
    for (const res of answers) if (res) expect(res.statusCode, res.body).toBe(200);

    const settled = await Promise.all(periods.map(async (period) => (await page(period)).json().results));
    await db.execute(sql`delete from theme_period_stats`);
    const fresh = await Promise.all(periods.map(async (period) => (await page(period)).json().results));
    expect(settled).toEqual(fresh);
  });
});
