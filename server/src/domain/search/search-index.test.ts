import { apiPath, INGEST_PATHS, MESSAGE_FLAG_PATHS, MESSAGE_PATHS, ROLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { messages, sources } from '../../db/schema/index.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { buildSearchIndex, SEARCH_INDEXES } from './search-index-queries.ts';
import { SEARCH_TIMEOUT_MESSAGE, withSearchTimeout } from './search-queries.ts';

// Every write path keeps the search vector current in its own transaction (docs/search.md "The index"): the
// trigger on insert and on changes of a searched column, the demo loader through the same trigger (seed.test.ts),
// and the build after the migration for rows that were there before it.
let t: Kit;
const DAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createKit();
  await t.db.insert(sources).values({ id: 1, name: 'Telegram', host: 't.me' });
  await t.db.execute(sql`select setval(pg_get_serial_sequence('sources', 'id'), 1)`);
});
afterAll(() => t.close());

async function found(search: string): Promise<number[]> {
  const res = await t
    .as('superEditor')
    .get(MESSAGE_PATHS.list, { wrote_at_after: DAY, search, page_size: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ results: { id: number }[] }>()
    .results.map((r) => r.id)
    .sort((a, b) => a - b);
}

const vectorOf = async (id: number) =>
  (
    await queryRows<{ v: string | null }>(
      t.db,
      sql`select search_vector::text as v from messages where id = ${id}`,
    )
  )[0]?.v;

describe('the search vector on every write path', () => {
  it('a message made by hand is found by its words at once', async () => {
    const lom = await buildLom(t.db, { name: 'Ольга Смирнова' });
    const res = await t.as('editor').post(MESSAGE_PATHS.create, {
      lom_id: lom.id,
      text: 'Открытие катка в парке перенесли',
      wrote_at: new Date().toISOString(),
      message_type: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await found('парк')).toEqual([res.json<{ id: number }>().id]);
  });

  it('an ingested message is found, and its new address when it comes again', async () => {
    const service = await t.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
    const line = (url: string) =>
      JSON.stringify({
        source: 'Telegram',
        external_id: 'search-1',
        text: 'Фестиваль фейерверков на набережной',
        url,
        wrote_at: new Date(Date.now() - 60_000).toISOString(),
      });
    const post = (url: string) =>
      service.inject({
        method: 'POST',
        url: INGEST_PATHS.messages,
        payload: line(url),
        headers: { 'content-type': 'application/x-ndjson' },
      });
    expect((await post('https://t.me/first/1')).statusCode).toBe(200);
    const [id] = await found('фейерверк');
    expect(id).toBeGreaterThan(0);
    expect(await found('url:t.me')).toContain(id);
    expect((await post('https://news.example.org/2')).statusCode).toBe(200);
    expect(await found('url:example.org')).toEqual([id]);
    expect(await found('url:t.me')).not.toContain(id);
  });

  it('follows a change of text, author or address by any writer, and keeps the vector through other edits', async () => {
    const message = await buildMessage(t.db, { text: 'Ремонт моста', wroteAt: new Date() });
    expect(await found('мост')).toEqual([message.id]);
    await t.db.update(messages).set({ text: 'Ремонт тоннеля' }).where(sql`id = ${message.id}`);
    expect(await found('мост')).toEqual([]);
    expect(await found('тоннель')).toEqual([message.id]);
    await t.db.update(messages).set({ lomName: 'Игорь Волков' }).where(sql`id = ${message.id}`);
    expect(await found('author:Волков')).toEqual([message.id]);
    const before = await vectorOf(message.id);
    const verify = await t.as('editor').patch(apiPath(MESSAGE_FLAG_PATHS.v2.verify, { id: message.id }), {});
    expect([200, 204]).toContain(verify.statusCode);
    expect(await vectorOf(message.id)).toBe(before);
    expect(await found('тоннель')).toEqual([message.id]);
  });

  it('fills the rows stored before the index, then builds it', async () => {
    const old = await buildMessage(t.db, { text: 'Выставка орхидей', wroteAt: new Date() });
    // A row from before migration 0038: no vector (the trigger does not fire for search_vector itself).
    await t.db.execute(sql`update messages set search_vector = null where id = ${old.id}`);
    for (const index of SEARCH_INDEXES) await t.db.execute(sql.raw(`drop index ${index.name}`));
    expect(await found('выставки')).toEqual([]);
    await buildSearchIndex(t.database);
    expect(await found('выставки')).toEqual([old.id]);
    const indexes = await queryRows<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
           where i.indisvalid and c.relname in ('messages_search_idx', 'quotes_search_idx') order by 1`,
    );
    expect(indexes.map((r) => r.name)).toEqual(['messages_search_idx', 'quotes_search_idx']);
    const nulls = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where search_vector is null`,
    );
    expect(nulls[0].n).toBe(0);
  });
});

describe('the time limit of a search', () => {
  // PGlite has no timer for statement_timeout: the limit is PostgreSQL's (docs/search.md "How a search runs").
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stops a statement past 2 s: 400 naming search, or the fallback',
    async () => {
      const slow = (db: typeof t.db) => db.execute(sql`select pg_sleep(3)`);
      await expect(withSearchTimeout(t.db, 'газпром', slow)).rejects.toMatchObject({
        statusCode: 400,
        field: 'search',
        message: SEARCH_TIMEOUT_MESSAGE,
      });
      expect(await withSearchTimeout(t.db, 'газпром', slow, async () => 'fallback')).toBe('fallback');
      // Without a search nothing is limited.
      const started = Date.now();
      await withSearchTimeout(t.db, undefined, (db) => db.execute(sql`select pg_sleep(2.1)`));
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    },
  );
});
