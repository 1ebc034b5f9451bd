import { INGEST_MAX_LINE_BYTES, INGEST_PATHS, type IngestResult, ROLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { sources } from '../../db/schema/index.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// Hostile input to POST ingest/messages/ (Standards): the body as a whole (empty, not NDJSON, JSON null),
// and lines whose ids are booleans, negatives or 2^63, whose strings carry NUL bytes, unpaired surrogates or a
// megabyte. A bad body answers 400 naming `body`; a bad line is reported with its number and field, and only the
// good lines are stored.

const P = INGEST_PATHS.messages;
const BIG = '9223372036854775808';
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const line = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    source: 'Telegram',
    external_id: id,
    text: `Сообщение ${id} о ремонте дорог`,
    wrote_at: ago(2),
    ...extra,
  });

describe('ingest messages: hostile input', () => {
  let kit: Kit;
  let service: UserCaller;
  const post = (body: string, type = 'application/x-ndjson') =>
    service.inject({ method: 'POST', url: P, payload: body, headers: { 'content-type': type } });
  const stored = async () =>
    (await queryRows<{ n: number }>(kit.db, sql`select count(*)::int as n from messages`))[0].n;

  beforeAll(async () => {
    kit = await createKit();
    await kit.db.insert(sources).values({ id: 1, name: 'Telegram', host: 't.me' });
    await kit.db.execute(sql`select setval(pg_get_serial_sequence('sources', 'id'), 1)`);
    service = await kit.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
  });
  afterAll(() => kit.close());

  it('answers 400 naming the body to a body that is empty, JSON null or no NDJSON at all, and stores nothing', async () => {
    const bodies = [
      '',
      '   \n\r\n',
      'null',
      'null\nnull',
      '[{"source":"Telegram"}]',
      '42',
      '"текст"',
      '<html></html>',
    ];
    for (const body of bodies) {
      for (const type of ['application/x-ndjson', 'application/json', 'text/plain']) {
        const res = await post(body, type);
        expect(res.statusCode, `${JSON.stringify(body)} as ${type}`).toBe(400);
        expect(res.json(), JSON.stringify(body)).toMatchObject({ field: 'body' });
        expect(res.json().message).toMatch(/NDJSON/);
      }
    }
    const none = await service.inject({ method: 'POST', url: P });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'body' });
    expect(await stored()).toBe(0);
  });

  it('reports ids that are booleans, negatives or 2^63 with their line and field, and stores the good lines', async () => {
    const body = [
      line('h1'),
      line('h2', { lom_id: true }),
      line('h3', { lom_id: -1 }),
      `{"source":"Telegram","external_id":"h4","text":"т","wrote_at":"${ago(1)}","lom_id":${BIG}}`,
      line('h5', { external_id: true }),
      line('h6', { external_id: -1 }),
      line('h7', { copy_of: false }),
      line('h8', { views: true }),
      `{"source":"Telegram","external_id":"h9","text":"т","wrote_at":"${ago(1)}","views":${BIG}}`,
      line('h10', { type: -1 }),
      'null',
      '[]',
      line('h13'),
    ].join('\n');
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    const r: IngestResult = res.json();
    expect(r).toMatchObject({ received: 13, created: 2, rejected: 11 });
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'lom_id'],
      [3, 'lom_id'],
      [4, 'lom_id'],
      [5, 'external_id'],
      [6, 'external_id'],
      [7, 'copy_of'],
      [8, 'views'],
      [9, 'views'],
      [10, 'type'],
      [11, null],
      [12, null],
    ]);
    for (const e of r.errors) expect(e.message).toMatch(/[а-яё]/i);
    const rows = await queryRows<{ external_id: string }>(
      kit.db,
      sql`select external_id from messages order by external_id`,
    );
    expect(rows.map((x) => x.external_id)).toEqual(['h1', 'h13']);
  });

  it('reports NUL bytes, unpaired surrogates and megabyte strings by line and field, in every text field', async () => {
    const before = await stored();
    const body = [
      line('s1', { author: 'Иван\u0000Петров' }),
      `{"source":"Telegram","external_id":"s2","text":"т","wrote_at":"${ago(1)}","author":"\\udc00"}`,
      line('s3', { source: 'Tele\u0000gram' }),
      line('s4', { url: 'https://t.me/x/\u0000' }),
      line('s5', { text: 'я'.repeat(300_000) }),
      line('s6', { author: 'a'.repeat(900_000) }),
      `{"source":"Telegram","external_id":"s7","text":"${'а'.repeat(INGEST_MAX_LINE_BYTES)}","wrote_at":"${ago(1)}"}`,
      line('s8', { wrote_at: `${ago(1)}\u0000` }),
      line('s9', { lom_source_url: `https://t.me/${'x'.repeat(1_000_000)}` }),
      line('s10'),
    ].join('\n');
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    const r: IngestResult = res.json();
    expect(r).toMatchObject({ received: 10, created: 1, rejected: 9 });
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'author'],
      [2, 'author'],
      [3, 'source'],
      [4, 'url'],
      [5, 'text'],
      [6, 'author'],
      [7, null],
      [8, 'wrote_at'],
      [9, 'lom_source_url'],
    ]);
    expect(r.errors[6].message).toMatch(/строка длиннее/);
    expect(await stored()).toBe(before + 1);
  });

  it('reports a line nested 100,000 levels deep by its number, and stores the good lines', async () => {
    const before = await stored();
    const deep = (open: string, close: string) => `${open.repeat(100_000)}1${close.repeat(100_000)}`;
    const body = [
      line('d1'),
      `{"source":"Telegram","external_id":"d2","text":"т","wrote_at":"${ago(1)}","media":${deep('[', ']')}}`,
      `{"source":${deep('{"a":', '}')}}`,
      line('d4'),
    ].join('\n');
    const res = await post(body);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const r: IngestResult = res.json();
    expect(r).toMatchObject({ received: 4, created: 2, rejected: 2 });
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(r.errors[0].message).toMatch(/вложенност/);
    expect(await stored()).toBe(before + 2);
  });

  it('stores nothing of a batch whose every line fails, and answers 200 with the reasons', async () => {
    const before = await stored();
    const res = await post([line('f1', { lom_id: 0 }), '{not json', line('f3', { views: -5 })].join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 3, created: 0, updated: 0, rejected: 3 });
    expect(await stored()).toBe(before);
  });
});
