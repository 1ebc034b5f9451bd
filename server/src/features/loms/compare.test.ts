import type { LomCompareItem, LomListItem } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { loms } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope = { results: LomCompareItem[]; page: number; last_page: number; elements_count: number };

let t: Kit;
let viewer: UserCaller;
let role0: UserCaller;
let lomSelection: UserCaller;
const ids: Record<'a' | 'b' | 'c' | 'archived', number> = { a: 0, b: 0, c: 0, archived: 0 };
const JUNE = 'wrote_at_after=2025-06-01&wrote_at_before=2025-06-30';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  role0 = t.as('role0');
  lomSelection = t.as('lomSelection');
  const a = await buildLom(db, { name: 'Сравнение А', trustIndex: 50 });
  const b = await buildLom(db, { name: 'Сравнение Б', audienceAge: 31 });
  const c = await buildLom(db, { name: 'Сравнение В' });
  const archived = await buildLom(db, { name: 'Сравнение архив', archived: true });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, archived: archived.id });

  // A in June: positive 10 (verified), supportive 20, negative 5; trash and a delayed one do not count;
  // May is outside the period. B in June: neutral and "other" (mood 4). Archived: one in June.
  const m = (lomId: number, day: string, values: Parameters<typeof buildMessage>[1] = {}) =>
    buildMessage(db, { lomId, day, ...values });
  await m(a.id, '2025-06-01', { si: 10, numberViews: 100, mood: 1, verified: true });
  await m(a.id, '2025-06-15', { si: 20, numberViews: 200, mood: 6 });
  await m(a.id, '2025-06-30', { si: 5, numberViews: 50, mood: 2 });
  await m(a.id, '2025-06-10', { si: 100, numberViews: 1000, mood: 1, trash: true });
  await m(a.id, '2025-06-11', { si: 100, numberViews: 1000, mood: 1, delayed: true });
  await m(a.id, '2025-05-31', { si: 500, numberViews: 5000, mood: 2 });
  await m(b.id, '2025-06-02', { si: 7, numberViews: 70, mood: 3 });
  await m(b.id, '2025-06-03', { si: 1, numberViews: 10, mood: 4 });
  await m(b.id, '2025-06-04', { si: 2, numberViews: 20, mood: null });
  await m(archived.id, '2025-06-05', { si: 3, numberViews: 30, mood: 5 });
  await buildQuote(db, { lomId: a.id, text: 'q', wroteAt: new Date('2025-06-02T12:00:00+03:00') });
  await rebuildAggregates(db);
});

afterAll(async () => {
  await t.close();
});

async function compare(query: string, user: Caller = viewer): Promise<Envelope> {
  const response = await user.get(`/api/v1/loms/compare_loms/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The period's live messages of a lom straight from the messages table, by mood too. */
async function fromMessages(lomId: number, after: string, before: string) {
  const where = sql`lom_id = ${lomId} and not trash and not archived and not delayed
    and wrote_at >= ${`${after}T00:00:00+03:00`}::timestamptz and wrote_at < (${before}::date + 1)::timestamp at time zone 'Europe/Moscow'`;
  const [totals] = await queryRows<{ n: number; si: number; views: number; verified: number }>(
    t.database.db,
    sql`select count(*)::int as n, coalesce(sum(si), 0)::float as si, coalesce(sum(number_views), 0)::int as views,
               (count(*) filter (where verified))::int as verified from messages where ${where}`,
  );
  const moods = await queryRows<{ mood: number; n: number }>(
    t.database.db,
    sql`select mood, count(*)::int as n from messages where ${where} and mood is not null group by mood`,
  );
  const moodCounts: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  for (const row of moods) moodCounts[row.mood] = row.n;
  return { ...totals, moodCounts };
}

describe('GET loms/compare_loms/', () => {
  it('answers the chosen loms in their order with the period metrics and moods of the database', async () => {
    const body = await compare(`id_in=${ids.b},${ids.archived},${ids.a}&${JUNE}`);
    expect(body.results.map((r) => r.id)).toEqual([ids.b, ids.archived, ids.a]);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3 });
    for (const row of body.results) {
      const expected = await fromMessages(row.id, '2025-06-01', '2025-06-30');
      expect(row, row.name).toMatchObject({
        message_number: expected.n,
        messages_count: expected.n,
        total_si: expected.si,
        total_views: expected.views,
        verified_count: expected.verified,
      });
      expect(row.mood_counts, row.name).toEqual(expected.moodCounts);
    }
    const a = body.results[2];
    expect(a).toMatchObject({ message_number: 3, total_si: 35, quotes_count: 1, trust_index: 50 });
    expect(a.mood_counts).toEqual({ 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 1 });
    expect(body.results[0].mood_counts).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0 });
    expect(body.results[0].audience_age).toBe(31);
  });

  it('shows the same metrics as the lom list for the same period', async () => {
    const listed = await viewer.get(
      `/api/v1/loms/new-loms/?${JUNE}&search=${encodeURIComponent('Сравнение')}`,
    );
    const rows: LomListItem[] = listed.json().results;
    const compared = await compare(`id_in=${rows.map((r) => r.id).join(',')}&${JUNE}`);
    expect(compared.results.map(({ mood_counts: _moods, ...rest }) => rest)).toEqual(rows);
  });

  it('without a period compares all time; the message__ period names work too', async () => {
    const all = await compare(`id_in=${ids.a}`, lomSelection);
    expect(all.results[0]).toMatchObject({ total_si: 535, message_number: 4 });
    expect(all.results[0].mood_counts).toEqual({ 1: 1, 2: 2, 3: 0, 4: 0, 5: 0, 6: 1 });
    const prefixed = await compare(
      `id_in=${ids.a}&message__wrote_at_after=2025-05-31&message__wrote_at_before=2025-05-31`,
    );
    expect(prefixed.results[0]).toMatchObject({ total_si: 500, message_number: 1 });
  });

  it('pages 100 loms at a time by default; repeated ids count once', async () => {
    const many = await t.database.db
      .insert(loms)
      .values(Array.from({ length: 101 }, (_, i) => ({ name: `Много ${i}` })))
      .returning({ id: loms.id });
    const idList = many.map((r) => r.id).join(',');
    const first = await compare(`id_in=${idList}`);
    expect(first).toMatchObject({ page: 1, last_page: 2, elements_count: 101 });
    expect(first.results).toHaveLength(100);
    const second = await compare(`id_in=${idList}&page=2`);
    expect(second.results.map((r) => r.id)).toEqual([many[100].id]);
    const small = await compare(`id_in=${ids.a},${ids.b},${ids.a}&page_size=1&page=2`);
    expect(small).toMatchObject({ elements_count: 2, last_page: 2 });
    expect(small.results.map((r) => r.id)).toEqual([ids.b]);
  });

  it('answers 400 naming the field', async () => {
    for (const [query, field] of [
      ['', 'id_in'],
      ['id_in=', 'id_in'],
      ['id_in=1,x', 'id_in'],
      [`id_in=${ids.a},999999`, 'id_in'],
      [`id_in=${ids.a}&page_size=0`, 'page_size'],
      [`id_in=${ids.a}&page=0`, 'page'],
      [`id_in=${ids.a}&wrote_at_after=2025-02-30`, 'wrote_at_after'],
      [`id_in=${ids.a}&message__wrote_at_before=вчера`, 'message__wrote_at_before'],
    ]) {
      const response = await viewer.get(`/api/v1/loms/compare_loms/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
      expect(response.json().message, query).toMatch(/[а-я]/);
    }
  });

  it('needs a token and LOMS', async () => {
    const url = `/api/v1/loms/compare_loms/?id_in=${ids.a}`;
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    expect((await role0.get(url)).statusCode).toBe(403);
  });
});
