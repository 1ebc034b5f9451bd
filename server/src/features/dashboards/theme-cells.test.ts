import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { moodTableFromBitmapCells, moodTableFromPerLom } from '../../domain/aggregates/mood-table-queries.ts';
import { aggregateKeysOf, refreshAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { themeCellRows, themeMoodTableCells } from '../../domain/aggregates/theme-cells-queries.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { perLomMoodSql, type Scope, statsSource, themeCellsOf, usesThemeCells } from './queries.ts';

/**
 * A theme dashboard over whole days without a pool reads theme_mood_days (per day, mood and
 * verified, with a lom bitmap) instead of message_daily_stats (per lom), and with the regional
 * pool theme_regional_days: the answers must be the same, distinct loms and their subscribers
 * included.
 */

let t: Kit;
let scope: Scope;

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  const theme = await buildTheme(db);
  const other = await buildTheme(db);
  const loms = await Promise.all(
    (
      [
        [100, 2],
        [2000, 2],
        [0, 1],
        [35, null],
      ] as const
    ).map(([subscribers, regionType]) => buildLom(db, { subscribers, regionType })),
  );
  const start = Date.parse('2025-04-01T00:00:00+03:00');
  const ids: number[] = [];
  for (let i = 0; i < 90; i++) {
    const m = await buildMessage(db, {
      themeId: i % 7 === 0 ? other.id : theme.id,
      lomId: i % 9 === 0 ? null : loms[i % loms.length].id,
      wroteAt: new Date(start + (i % 20) * DAY_MS + (i % 3) * 7 * 3_600_000),
      mood: i % 8 === 0 ? null : (((i % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6),
      verified: i % 4 !== 0,
      trash: i % 11 === 0,
      archived: i % 13 === 0,
      si: i * 1.25,
      numberViews: i * 10,
    });
    ids.push(m.id);
  }
  await refreshAggregates(db, await aggregateKeysOf(db, ids));
  scope = {
    set: { kind: 'theme', id: theme.id },
    after: new Date('2025-04-03T00:00:00+03:00'),
    before: new Date('2025-04-18T00:00:00+03:00'),
    verifiedOnly: true,
  };
});
afterAll(() => t.close());

describe('theme dashboards from theme_mood_days', () => {
  it('are taken for a theme over whole days without a pool or with the regional one, and only then', () => {
    expect(usesThemeCells(scope)).toBe(true);
    expect(usesThemeCells({ ...scope, pool: 4 })).toBe(true);
    expect(usesThemeCells({ ...scope, pool: 1 })).toBe(false);
    expect(usesThemeCells({ ...scope, after: new Date('2025-04-03T10:00:00+03:00') })).toBe(false);
  });

  for (const [verifiedOnly, pool] of [
    [true, undefined],
    [false, undefined],
    [true, 4],
    [false, 4],
  ] as const) {
    it(`give the mood table of the per-lom rollup (verified only: ${verifiedOnly}, pool: ${pool})`, async () => {
      const db = t.database.db;
      const s = { ...scope, verifiedOnly, pool };
      const cells = await moodTableFromBitmapCells(db, themeMoodTableCells(themeCellsOf(s)));
      const perLom = await moodTableFromPerLom(db, perLomMoodSql(s));
      const byMood = (rows: typeof cells) => [...rows].sort((a, b) => (a.mood ?? 0) - (b.mood ?? 0));
      expect(byMood(cells)).toEqual(byMood(perLom));
      expect(cells.find((row) => row.mood === null)?.lom_count).toBeGreaterThan(pool ? 0 : 1);
    });
  }

  it('give the per-day and mood sums of the graphs, moods filtered or not', async () => {
    const db = t.database.db;
    for (const s of [scope, { ...scope, moods: [1, 3] }, { ...scope, pool: 4 as const }]) {
      const cells = await queryRows(
        db,
        sql`select day, mood, sum(n)::int as n, round(sum(si)::numeric, 6)::text as si from (${themeCellRows(
          themeCellsOf(s),
          sql`to_char(day, 'YYYY-MM-DD') as day, mood, message_count as n, si_sum as si`,
        )}) c group by 1, 2 order by 1, 2`,
      );
      const rollup = await queryRows(
        db,
        sql`select day, mood, sum(n)::int as n, round(sum(si)::numeric, 6)::text as si
              from (${statsSource(s)}) r group by 1, 2 order by 1, 2`,
      );
      expect(cells).toEqual(rollup);
      expect(cells.length).toBeGreaterThan(5);
    }
  });
});
