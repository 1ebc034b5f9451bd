import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoReason, buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Group = { lom: { id: number; name: string } | null; quotes_count: number; quotes: { id: number }[] };
type LomStat = { lom: { id: number }; message_count: number; total_si: number };

let t: Kit;
let viewer: UserCaller;
let noRole: UserCaller;
let lomSelection: UserCaller;
const ids: Record<string, number> = {};

/** Noon Moscow time of a June 2025 day, plus `minutes`. */
const at = (day: number, minutes = 0) =>
  new Date(Date.parse(`2025-06-0${day}T12:00:00+03:00`) + minutes * 60_000);

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  noRole = t.as('role0');
  lomSelection = t.as('lomSelection');

  const a = await buildLom(db, { name: 'Анна Орлова', avatar: 'anna.png', subscribers: 1000 });
  const b = await buildLom(db, { name: 'Борис Ким', subscribers: 500 });
  const c = await buildLom(db, { name: 'Вне периода', subscribers: 7 });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
  const source = await buildSource(db);
  const account = await buildLomSource(db, { lomId: a.id, sourceId: source.id });
  const t1 = await buildTheme(db, { name: 'Мосты' });
  const t2 = await buildTheme(db, { name: 'Парки' });
  const r1 = await buildInfoReason(db, { themeId: t1.id });
  Object.assign(ids, { t1: t1.id, t2: t2.id, r1: r1.id });

  const mA1 = await buildMessage(db, {
    lomId: a.id,
    lomSourceId: account.id,
    url: 'https://t.me/anna/1',
    si: 10,
    numberViews: 100,
    repostCount: 1,
    wroteAt: at(1),
  });
  const mA2 = await buildMessage(db, {
    lomId: a.id,
    lomSourceId: account.id,
    url: null,
    si: 20,
    numberViews: 200,
    repostCount: 2,
    wroteAt: at(3),
  });
  const mB1 = await buildMessage(db, {
    lomId: b.id,
    si: 5,
    numberViews: 50,
    repostCount: 10,
    wroteAt: at(2),
  });
  Object.assign(ids, { mA1: mA1.id, mA2: mA2.id, mB1: mB1.id });

  const quote = async (name: string, values: Parameters<typeof buildQuote>[1]) => {
    ids[name] = (await buildQuote(db, values)).id;
  };
  // mA1 is quoted three times (moods 1, 1, 6), mA2 once; a4 has no message, n1 no lom.
  await quote('a1', {
    lomId: a.id,
    messageId: mA1.id,
    mood: 1,
    themeId: t1.id,
    infoReasonId: r1.id,
    wroteAt: at(1),
  });
  await quote('a5', { lomId: a.id, messageId: mA1.id, mood: 6, wroteAt: at(1, 30) });
  await quote('a2', { lomId: a.id, messageId: mA1.id, mood: 1, themeId: t1.id, wroteAt: at(2) });
  await quote('a3', { lomId: a.id, messageId: mA2.id, mood: 2, themeId: t2.id, wroteAt: at(3) });
  await quote('a4', { lomId: a.id, mood: 4, isManual: true, speechTimestamp: 75, wroteAt: at(4) });
  await quote('b1', {
    lomId: b.id,
    messageId: mB1.id,
    mood: 2,
    themeId: t1.id,
    infoReasonId: r1.id,
    text: '<p onclick="x">Новый <b>мост</b> 😀</p>',
    wroteAt: at(2),
  });
  await quote('n1', { text: 'Без автора', wroteAt: at(5) });
  await quote('out', { lomId: c.id, mood: 1, wroteAt: new Date('2025-07-01T09:00:00Z') });
});
afterAll(() => t.close());

const period = 'wrote_at_after=2025-06-01&wrote_at_before=2025-06-05';
const row0 = () => ({ message_count: 0, lom_count: 0, total_si: 0, total_views: 0, subscribers: 0 });
const groupsOf = (body: { results: Group[] }) =>
  body.results.map((g) => [g.lom?.id ?? null, g.quotes_count, g.quotes.map((q) => q.id)]);

describe('GET /api/v2/quotes/', () => {
  it('groups the period by lom, most quoted first, with the newest quotes of each', async () => {
    const res = await viewer.get(`/api/v2/quotes/?${period}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3, next_pages_available: 0 });
    // A (5); then the lom-less group and B with one quote each, the fresher first.
    expect(groupsOf(body)).toEqual([
      [ids.a, 5, [ids.a4, ids.a3, ids.a2]],
      [null, 1, [ids.n1]],
      [ids.b, 1, [ids.b1]],
    ]);
    expect(body.results[0].lom).toEqual({ id: ids.a, name: 'Анна Орлова', avatar: 'anna.png' });
  });

  it('presents each quote with its classification, message and link', async () => {
    const body = (
      await viewer.get(`/api/v2/quotes/?${period}&quotes_per_lom=5&lom_in=${ids.a},${ids.b}`)
    ).json();
    const quotes = body.results.flatMap((g: { quotes: unknown[] }) => g.quotes);
    const byId = (id: number) => quotes.find((q: { id: number }) => q.id === id);
    expect(byId(ids.a1)).toEqual({
      id: ids.a1,
      text: expect.any(String),
      wrote_at: '2025-06-01T09:00:00.000Z',
      mood: 1,
      theme: { id: ids.t1, name: 'Мосты' },
      info_reason: { id: ids.r1, name: expect.any(String) },
      message_id: ids.mA1,
      fragment_id: null,
      speech_timestamp: null,
      is_manual: false,
      url: 'https://t.me/anna/1',
    });
    // No message url: the lom's account link.
    expect(byId(ids.a3).url).toMatch(/^https:\/\/example\.ru\/acc\//);
    expect(byId(ids.a4)).toMatchObject({
      message_id: null,
      url: null,
      is_manual: true,
      speech_timestamp: 75,
    });
    // §5: no HTML but <mark>/<br>, no emoji.
    expect(byId(ids.b1).text.trim()).toBe('Новый мост');
    expect(body.results[0].quotes.map((q: { id: number }) => q.id)).toEqual([
      ids.a4,
      ids.a3,
      ids.a2,
      ids.a5,
      ids.a1,
    ]);
  });

  it('pages by lom', async () => {
    const second = (await viewer.get(`/api/v2/quotes/?${period}&page_size=1&page=2`)).json();
    expect(second).toMatchObject({ page: 2, last_page: 3, elements_count: 3, next_pages_available: 1 });
    expect(groupsOf(second)).toEqual([[null, 1, [ids.n1]]]);
    const beyond = (await viewer.get(`/api/v2/quotes/?${period}&page_size=1&page=9`)).json();
    expect(beyond).toMatchObject({ results: [], elements_count: 3, last_page: 3 });
    const all = (await viewer.get('/api/v2/quotes/')).json();
    expect(all.elements_count).toBe(4);
  });

  it('applies every filter of the quote', async () => {
    const groups = async (query: string) =>
      groupsOf((await viewer.get(`/api/v2/quotes/?${period}&${query}`)).json());
    expect(await groups(`lom_in=${ids.b}`)).toEqual([[ids.b, 1, [ids.b1]]]);
    expect(await groups(`theme_in=${ids.t1}`)).toEqual([
      [ids.a, 2, [ids.a2, ids.a1]],
      [ids.b, 1, [ids.b1]],
    ]);
    expect(await groups(`info_reason_in=${ids.r1}`)).toEqual([
      [ids.b, 1, [ids.b1]],
      [ids.a, 1, [ids.a1]],
    ]);
    // Mood 3 also means 4.
    expect(await groups('mood_in=3')).toEqual([[ids.a, 1, [ids.a4]]]);
    expect(await groups('mood_in=2,6')).toEqual([
      [ids.a, 2, [ids.a3, ids.a5]],
      [ids.b, 1, [ids.b1]],
    ]);
    expect(await groups('search=%D0%BC%D0%BE%D1%81%D1%82')).toEqual([[ids.b, 1, [ids.b1]]]);
    const from = groupsOf(
      (await viewer.get('/api/v2/quotes/?wrote_at_after=2025-06-03&wrote_at_before=2025-06-05')).json(),
    );
    expect(from).toEqual([
      [ids.a, 2, [ids.a4, ids.a3]],
      [null, 1, [ids.n1]],
    ]);
    expect((await viewer.get(`/api/v2/quotes/?lom_in=${ids.c}`)).json().results[0].quotes_count).toBe(1);
  });
});

describe('GET /api/v2/quotes/mood-table/', () => {
  it('counts quotes per mood and their distinct messages and loms', async () => {
    const res = await viewer.get(`/api/v2/quotes/mood-table/?${period}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = (
      message_count: number,
      lom_count: number,
      total_si: number,
      total_views: number,
      subscribers: number,
    ) => ({
      message_count,
      lom_count,
      total_si,
      total_views,
      subscribers,
    });
    expect(body.mood_table).toEqual({
      1: row(2, 1, 10, 100, 1000),
      2: row(2, 2, 25, 250, 1500),
      3: row(0, 0, 0, 0, 0),
      4: row(1, 1, 0, 0, 1000),
      5: row(0, 0, 0, 0, 0),
      6: row(1, 1, 10, 100, 1000),
    });
    // The lom-less quote has no mood; each message counts once over all moods.
    expect(body.total).toEqual(row(6, 2, 35, 350, 1500));
  });

  it('applies the filter', async () => {
    const byLom = (await viewer.get(`/api/v2/quotes/mood-table/?${period}&lom_in=${ids.b}`)).json();
    expect(byLom.total).toMatchObject({ message_count: 1, lom_count: 1, total_si: 5 });
    expect(byLom.mood_table[2].message_count).toBe(1);
    const byTheme = (await viewer.get(`/api/v2/quotes/mood-table/?${period}&theme_in=${ids.t2}`)).json();
    expect(byTheme.total).toMatchObject({ message_count: 1, total_si: 20 });
    const byReason = (
      await viewer.get(`/api/v2/quotes/mood-table/?${period}&info_reason_in=${ids.r1}`)
    ).json();
    expect(byReason.total).toMatchObject({ message_count: 2, lom_count: 2, total_si: 15 });
    const byMood = (await viewer.get(`/api/v2/quotes/mood-table/?${period}&mood_in=3`)).json();
    expect(byMood.total.message_count).toBe(1);
    expect(byMood.mood_table[4].message_count).toBe(1);
    const july = (
      await viewer.get('/api/v2/quotes/mood-table/?wrote_at_after=2025-07-01&wrote_at_before=2025-07-01')
    ).json();
    expect(july.total).toMatchObject({ message_count: 1, lom_count: 1, subscribers: 7 });
    const none = (await viewer.get('/api/v2/quotes/mood-table/?wrote_at_after=2030-01-01')).json();
    expect(none.total).toEqual(row0());
  });
});

describe('GET /api/v2/quotes/lom-stat/', () => {
  it('orders the quoted loms by the stat of their distinct quoted messages', async () => {
    const res = await viewer.get(`/api/v2/quotes/lom-stat/?${period}&stat=si`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 2 });
    const [a, b] = body.results;
    // mA1 (quoted three times) and mA2 count once each; the lom-less quote is left out.
    expect(a).toMatchObject({
      lom: { id: ids.a, name: 'Анна Орлова', avatar: 'anna.png' },
      message_count: 5,
      total_si: 30,
      total_views: 300,
      total_reposts: 3,
      subscribers: 1000,
    });
    expect(a.mood_table[1]).toMatchObject({ message_count: 2, total_si: 10, lom_count: 1 });
    expect(a.mood_table[6]).toMatchObject({ message_count: 1, total_si: 0 });
    expect(b).toMatchObject({ lom: { id: ids.b }, message_count: 1, total_si: 5, total_reposts: 10 });

    const lomIds = async (query: string) =>
      (await viewer.get(`/api/v2/quotes/lom-stat/?${period}&${query}`))
        .json()
        .results.map((r: LomStat) => r.lom.id);
    expect(await lomIds('stat=reposts')).toEqual([ids.b, ids.a]);
    expect(await lomIds('')).toEqual([ids.a, ids.b]);
  });

  it('applies the filter and pages', async () => {
    const stat = async (query: string) =>
      (await viewer.get(`/api/v2/quotes/lom-stat/?${period}&stat=si&${query}`))
        .json()
        .results.map((r: LomStat) => [r.lom.id, r.message_count, r.total_si]);
    expect(await stat(`lom_in=${ids.b}`)).toEqual([[ids.b, 1, 5]]);
    expect(await stat(`theme_in=${ids.t1}`)).toEqual([
      [ids.a, 2, 10],
      [ids.b, 1, 5],
    ]);
    expect(await stat(`info_reason_in=${ids.r1}`)).toEqual([
      [ids.a, 1, 10],
      [ids.b, 1, 5],
    ]);
    expect(await stat('mood_in=2')).toEqual([
      [ids.a, 1, 20],
      [ids.b, 1, 5],
    ]);
    expect(await stat('search=%D0%BC%D0%BE%D1%81%D1%82')).toEqual([[ids.b, 1, 5]]);
    const second = (await viewer.get(`/api/v2/quotes/lom-stat/?${period}&stat=si&page_size=1&page=2`)).json();
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 2 });
    expect(second.results.map((r: LomStat) => r.lom.id)).toEqual([ids.b]);
    const beyond = (await viewer.get(`/api/v2/quotes/lom-stat/?${period}&page_size=1&page=5`)).json();
    expect(beyond).toMatchObject({ results: [], elements_count: 2 });
  });
});

describe('quote reads: auth and input', () => {
  const paths = ['/api/v2/quotes/', '/api/v2/quotes/mood-table/', '/api/v2/quotes/lom-stat/'];

  it('answers 401 without a token and 403 without QUOTES', async () => {
    for (const path of paths) {
      expect((await t.anonymous.get(path)).statusCode).toBe(401);
      expect((await noRole.get(path)).statusCode).toBe(403);
      expect((await lomSelection.get(path)).statusCode).toBe(403);
      expect((await viewer.get(path)).statusCode).toBe(200);
    }
  });

  it('answers 400 naming the field', async () => {
    const field = async (url: string) => {
      const res = await viewer.get(url);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toMatch(/[а-я]/i);
      return body.field;
    };
    for (const path of paths) {
      expect(await field(`${path}?wrote_at_after=2025-02-30`)).toBe('wrote_at_after');
      expect(await field(`${path}?wrote_at_before=${encodeURIComponent('вчера')}`)).toBe('wrote_at_before');
      expect(await field(`${path}?lom_in=1,x`)).toBe('lom_in');
      expect(await field(`${path}?theme_in=abc`)).toBe('theme_in');
      expect(await field(`${path}?info_reason_in=-1`)).toBe('info_reason_in');
      expect(await field(`${path}?mood_in=9`)).toBe('mood_in');
      expect(await field(`${path}?search=${encodeURIComponent('я'.repeat(2001))}`)).toBe('search');
      expect(await field(`${path}?search=${encodeURIComponent('цитата "без конца')}`)).toBe('search');
    }
    expect(await field('/api/v2/quotes/?page=0')).toBe('page');
    expect(await field('/api/v2/quotes/?page_size=100000')).toBe('page_size');
    expect(await field('/api/v2/quotes/?quotes_per_lom=0')).toBe('quotes_per_lom');
    expect(await field('/api/v2/quotes/?quotes_per_lom=51')).toBe('quotes_per_lom');
    expect(await field('/api/v2/quotes/lom-stat/?stat=likes')).toBe('stat');
    expect(await field('/api/v2/quotes/lom-stat/?page=x')).toBe('page');
  });
});
