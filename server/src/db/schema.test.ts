import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

describe('initial migration', () => {
  let database: Database;
  const query = async <T>(text: string) => (await database.pglite!.query<T>(text)).rows;

  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it('creates the tables of every domain', async () => {
    const rows = await query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = new Set(rows.map((r) => r.table_name));
    for (const table of [
      'users',
      'loms',
      'lom_sources',
      'lom_audiences',
      'messages',
      'fragments',
      'quotes',
      'message_markups',
      'themes',
      'info_reasons',
      'favourite_loms',
      'message_daily_stats',
      'new_dashboards',
      'dashboard_configurations',
      'lom_groups',
      'conversations',
      'social_panel_graphs',
    ]) {
      expect(names, table).toContain(table);
    }
  });

  it('indexes the message filters together with wrote_at', async () => {
    const rows = await query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = 'messages'`,
    );
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'messages_wrote_at_idx',
        'messages_lom_wrote_at_idx',
        'messages_theme_cover_idx',
      ]),
    );
  });

  it('treats nulls as equal in the rollup key so upserts find their row', async () => {
    const insert = `
      insert into message_daily_stats
        (day, lom_id, theme_id, live, verified, message_count)
      values ('2025-01-01', null, null, true, true, 1)
      on conflict on constraint message_daily_stats_key
      do update set message_count = message_daily_stats.message_count + excluded.message_count`;
    await query(insert);
    await query(insert);
    expect(await query('select message_count from message_daily_stats')).toEqual([{ message_count: 2 }]);
  });

  it('keeps theme_day_stats equal to the live rows of message_daily_stats through every kind of write', async () => {
    const upsert = (
      day: string,
      theme: number,
      lom: number,
      live: boolean,
      verified: boolean,
      n: number,
      si: number,
    ) =>
      query(`
        insert into message_daily_stats (day, lom_id, theme_id, live, verified, message_count, si_sum, views_sum)
        values ('${day}', ${lom}, ${theme}, ${live}, ${verified}, ${n}, ${si}, ${n * 10})
        on conflict on constraint message_daily_stats_key do update set
          message_count = message_daily_stats.message_count + excluded.message_count,
          si_sum = message_daily_stats.si_sum + excluded.si_sum,
          views_sum = message_daily_stats.views_sum + excluded.views_sum`);
    const expected = () =>
      query(`select theme_id, day::text, sum(message_count)::int as n,
                    coalesce(sum(message_count) filter (where verified), 0)::int as v,
                    sum(si_sum)::float8 as si, sum(views_sum)::int as views
               from message_daily_stats where live and theme_id >= 900 group by 1, 2 order by 1, 2`);
    type DayRow = { theme_id: number; day: string; n: number; v: number; si: number; views: number };
    const actual = () =>
      query<DayRow>(`select theme_id, day::text, message_count as n, verified_count as v, si_sum as si, views_sum::int as views
               from theme_day_stats where theme_id >= 900 order by 1, 2`);

    await upsert('2025-02-01', 900, 1, true, true, 2, 1.5);
    await upsert('2025-02-01', 900, 2, true, false, 1, 0.5);
    await upsert('2025-02-01', 900, 1, true, true, 3, 1); // the same key again: an update
    await upsert('2025-02-01', 901, 1, false, true, 4, 9); // not live: not counted
    await upsert('2025-02-02', 901, 3, true, true, 1, 2);
    expect(await actual()).toEqual(await expected());
    expect(await actual()).toEqual([
      { theme_id: 900, day: '2025-02-01', n: 6, v: 5, si: 3, views: 60 },
      { theme_id: 901, day: '2025-02-02', n: 1, v: 1, si: 2, views: 10 },
    ]);

    // A merge moves rows to another theme; a message leaving the live set moves its count.
    await query(`update message_daily_stats set theme_id = 901 where theme_id = 900 and lom_id = 2`);
    await query(`update message_daily_stats set live = false where theme_id = 901 and day = '2025-02-02'`);
    expect(await actual()).toEqual(await expected());
    expect((await actual()).map((row) => [row.theme_id, row.day, row.n])).toEqual([
      [900, '2025-02-01', 5],
      [901, '2025-02-01', 1],
    ]);

    // Deleting the last rows of a theme and day drops its row.
    await query(`delete from message_daily_stats where theme_id = 901`);
    expect(await actual()).toEqual(await expected());
    expect(await query(`select theme_id from theme_day_stats where theme_id >= 900`)).toEqual([
      { theme_id: 900 },
    ]);

    await query('select theme_day_stats_rebuild()');
    expect(await actual()).toEqual(await expected());
  });
});
