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
      'social_panelists',
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
});
