import {
  ADMIN_LOM_SOURCE_PATHS,
  AUTH_PATHS,
  INGEST_MAX_BODY_BYTES,
  INGEST_PATHS,
  type IngestResult,
  ROLES,
  USER_ADMIN_PATHS,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildIngestSources } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

const P = INGEST_PATHS.messages;
const ndjson = (rows: readonly unknown[]) =>
  rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const COPY_TEXT =
  'Мэрия объявила о ремонте моста через реку: движение по мосту закроют на две недели, объезд пойдёт по ' +
  'набережной и улице Ленина, автобусы пятого и седьмого маршрутов изменят схему движения, а жителей ' +
  'просят заранее планировать поездки и пользоваться метро в часы пик';

describe('ingest messages', () => {
  let kit: Kit;
  let service: UserCaller;
  let lomId: number;
  const post = (caller: { inject: UserCaller['inject'] }, body: string, type = 'application/x-ndjson') =>
    caller.inject({ method: 'POST', url: P, payload: body, headers: { 'content-type': type } });

  beforeAll(async () => {
    kit = await createKit();
    await buildIngestSources(kit.db);
    const lom = await buildLom(kit.db, { name: 'Иван Петров' });
    lomId = lom.id;
    await buildLomSource(kit.db, { lomId, sourceId: 1, url: 'https://t.me/ivan_petrov' });
    service = await kit.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
  });
  afterAll(() => kit.close());

  it('lets an administrator make a service user whose login token ingests; others get 403', async () => {
    const created = await kit.as('admin').post(USER_ADMIN_PATHS.create, {
      username: 'crawler',
      password: 'crawler-secret-1',
      role: ROLES.service,
      permissions: ['api_edit'],
    });
    expect(created.statusCode).toBe(201);
    const login = await kit.anonymous.post(AUTH_PATHS.login, {
      username: 'crawler',
      password: 'crawler-secret-1',
    });
    expect(login.statusCode).toBe(200);
    const caller = kit.withToken(login.json().token);
    const line = {
      source: 'Telegram',
      external_id: 'svc-1',
      lom_id: lomId,
      text: 'Проверка связи',
      wrote_at: ago(1),
    };
    const res = await post(caller, ndjson([line]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 1, created: 1, rejected: 0 });

    expect((await post(kit.as('service'), ndjson([line]))).statusCode).toBe(403);
    expect((await post(kit.as('editor'), ndjson([line]))).statusCode).toBe(403);
    expect((await post(kit.anonymous, ndjson([line]))).statusCode).toBe(401);
  });

  it('stores good lines, reports bad ones by line number, and is idempotent on source + external id', async () => {
    const good = (id: string, views: number) => ({
      source: 'Telegram',
      external_id: id,
      url: `https://t.me/ivan_petrov/${id}`,
      lom_source_url: 'https://t.me/ivan_petrov',
      author: 'Иван Петров',
      text: `Сообщение номер ${id} о работе городского транспорта`,
      wrote_at: ago(5),
      type: 0,
      views,
      reposts: 2,
      comments: 1,
      media: [{ type: 'image', url: 'https://media.example.ru/1.jpg' }],
    });
    const body = ndjson([
      good('a1', 10),
      '{not json',
      { ...good('a2', 1), wrote_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      { ...good('a3', 1), views: -1 },
      { ...good('a4', 1), type: 7 },
      { ...good('a5', 1), text: 'нуль\u0000байт' },
      `{"source":"Telegram","external_id":"a6","text":"\\ud800","wrote_at":"${ago(1)}"}`,
      { ...good('a7', 1), source: 'Неведомая сеть' },
      { ...good('a8', 1), lom_id: 999_999 },
      good('a9', 20),
    ]);
    const first = await post(service, body);
    expect(first.statusCode).toBe(200);
    const r: IngestResult = first.json();
    expect(r).toMatchObject({ received: 10, created: 2, updated: 0, rejected: 8 });
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [2, null],
      [3, 'wrote_at'],
      [4, 'views'],
      [5, 'type'],
      [6, 'text'],
      [7, 'text'],
      [8, 'source'],
      [9, 'lom_id'],
    ]);
    expect(r.errors[1].message).toMatch(/дата публикации/);

    const again = await post(service, ndjson([good('a1', 500), good('a9', 20)]), 'text/plain');
    expect(again.json()).toMatchObject({ received: 2, created: 0, updated: 2, rejected: 0 });
    const rows = await queryRows<{
      external_id: string;
      number_views: number;
      lom_id: number;
      lom_source_id: number;
    }>(
      kit.db,
      sql`select external_id, number_views::int, lom_id, lom_source_id from messages where external_id in ('a1', 'a9') order by 1`,
    );
    expect(rows.map((x) => [x.external_id, x.number_views, x.lom_id])).toEqual([
      ['a1', 500, lomId],
      ['a9', 20, lomId],
    ]);
    const snapshot = await aggregateSnapshot(kit.db);
    expect(snapshot.current).toEqual(snapshot.expected);
  });

  it('links copies by external id and by near-duplicate text, both ways', async () => {
    const base = { source: 'vk.com', lom_source_url: 'https://vk.com/city_news', author: 'Новости города' };
    const res = await post(
      service,
      ndjson([
        { ...base, external_id: 'orig', url: 'https://vk.com/wall-1_1', text: COPY_TEXT, wrote_at: ago(10) },
        { ...base, external_id: 'repost', text: 'Репост', copy_of: 'orig', type: 1, wrote_at: ago(9) },
      ]),
    );
    expect(res.json()).toMatchObject({ created: 2, linked_copies: 1 });
    // A later request: a near-duplicate (one word changed, one added) and an unrelated text.
    const later = await post(
      service,
      ndjson([
        {
          ...base,
          external_id: 'near',
          url: 'https://vk.com/wall-1_3',
          text: `${COPY_TEXT.replace('две', 'три')} сегодня`,
          wrote_at: ago(8),
        },
        {
          ...base,
          external_id: 'other',
          text: 'Футбольный клуб выиграл кубок области в серии пенальти',
          wrote_at: ago(8),
        },
      ]),
    );
    expect(later.json()).toMatchObject({ created: 2, linked_copies: 1 });
    const rows = await queryRows<{
      external_id: string;
      id: number;
      copy_from_id: number | null;
      duplicates: { id: number }[];
    }>(
      kit.db,
      sql`select external_id, id, copy_from_id, duplicates from messages where external_id in ('orig', 'repost', 'near', 'other')`,
    );
    const by = Object.fromEntries(rows.map((x) => [x.external_id, x]));
    expect(by.repost.copy_from_id).toBe(by.orig.id);
    expect(by.near.copy_from_id).toBe(by.orig.id);
    expect(by.near.duplicates.map((d) => d.id)).toEqual([by.orig.id]);
    expect(by.orig.duplicates.map((d) => d.id)).toEqual([by.near.id]);
    expect(by.other.copy_from_id).toBeNull();
  });

  it('stores a message of an unknown account unlinked, and load-probable-loms proposes its lom', async () => {
    await buildLom(kit.db, { name: 'Анна Смирнова' });
    const res = await post(
      service,
      ndjson([
        {
          source: 'Telegram',
          external_id: 'u1',
          lom_source_url: 'https://t.me/anna_smirnova',
          author: 'Анна Смирнова',
          text: 'Сегодня провела приём граждан в районной библиотеке',
          wrote_at: ago(3),
        },
      ]),
    );
    expect(res.json()).toMatchObject({ created: 1 });
    const [m] = await queryRows<{ lom_id: number | null; lom_source_id: number }>(
      kit.db,
      sql`select lom_id, lom_source_id from messages where external_id = 'u1'`,
    );
    expect(m.lom_id).toBeNull();
    const admin = kit.as('admin');
    const list = await admin.get(ADMIN_LOM_SOURCE_PATHS.list, {
      lom_isnull: 'true',
      filter: 'anna_smirnova',
    });
    expect(list.json().results.map((s: { id: number }) => s.id)).toEqual([m.lom_source_id]);
    expect(
      (await admin.post(ADMIN_LOM_SOURCE_PATHS.loadProbableLoms, {})).json().proposed,
    ).toBeGreaterThanOrEqual(1);
    const [account] = await queryRows<{ probable_lom_id: number | null; lom_id: number | null }>(
      kit.db,
      sql`select probable_lom_id, lom_id from lom_sources where id = ${m.lom_source_id}`,
    );
    expect(account.lom_id).toBeNull();
    expect(account.probable_lom_id).not.toBeNull();
  });

  it('answers 400 to an empty body and 413 to one over the limit', async () => {
    expect((await post(service, '\n\n')).statusCode).toBe(400);
    const huge = await service.inject({
      method: 'POST',
      url: P,
      payload: Buffer.alloc(INGEST_MAX_BODY_BYTES + 1, 0x20),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(huge.statusCode).toBe(413);
  });
});
