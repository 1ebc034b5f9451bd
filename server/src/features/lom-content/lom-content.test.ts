import {
  apiPath,
  LOM_CONTENT_PATHS,
  type LomArticleDetail,
  type LomArticleItem,
  type LomCommentItem,
  type LomFactsResponse,
  type LomPostsDay,
  type LomSearchResultsResponse,
  type LomSpeechItem,
  type MessageListItem,
  type QuoteListItem,
} from '@monitoring/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { cooperationStatuses, lomFactTypes, lomNews, loms, userActions } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLomFact, buildLomNews } from '../../test/factories-lom-content.ts';
import { buildLom } from '../../test/factories-loms.ts';
import {
  buildComment,
  buildMessage,
  buildQuote,
  type MessageOverrides,
} from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope<T> = { results: T[]; page: number; last_page: number; elements_count: number };

let kit: Kit;
let viewer: UserCaller;
let editor: UserCaller;
let service: UserCaller;
let basePc: UserCaller;
let extendedPcEditor: UserCaller;
const ids: Record<string, number> = {};
const JUNE = 'period_after=2025-06-01&period_before=2025-06-30';
const P = LOM_CONTENT_PATHS;
/** What the messages here have unless given: no SI, views, reposts or comments, state 1. */
const BARE = { si: 0, numberViews: 0, repostCount: 0, commentsCount: 0, state: 1 } satisfies MessageOverrides;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  editor = await kit.caller({ role: 2 });
  service = await kit.caller({ role: 101 });
  basePc = await kit.caller({ role: 3, uiPermissions: ['base_lom_card_for_pc'] });
  extendedPcEditor = await kit.caller({ role: 2, uiPermissions: ['extended_lom_card_for_pc'] });

  await db.insert(lomFactTypes).values([
    { id: 1, name: 'Протесты' },
    { id: 2, name: 'Скандалы' },
    { id: 3, name: 'Факты' },
  ]);
  await db.insert(cooperationStatuses).values([
    { id: 0, name: 'Статус не выбран' },
    { id: 1, name: 'Сотрудничает' },
    { id: 2, name: 'Идут переговоры' },
  ]);

  const anna = await buildLom(db, { name: 'Анна Орлова' });
  const boris = await buildLom(db, { name: 'Борис Ким' });
  const quiet = await buildLom(db, { name: 'Вера Тихая' });
  const theme = await buildTheme(db, { name: 'Благоустройство' });
  Object.assign(ids, { anna: anna.id, boris: boris.id, quiet: quiet.id, theme: theme.id });

  // Anna's June: four live messages (one with HTML and emoji), one of each hidden kind; May and July outside
  // (a fifth live one, in which Boris speaks, comes with the speech below).
  const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}+03:00`);
  const m = (day: string, values: MessageOverrides = {}) =>
    buildMessage(db, { ...BARE, lomId: anna.id, wroteAt: at(day), ...values });
  const june1 = await m('2025-06-01', {
    si: 10,
    numberViews: 100,
    text: '<p>Открыли <b>парк</b> 🎉<br>ждём всех</p>',
    url: 'https://t.me/anna/1',
    mood: 1,
  });
  const june1Late = await m('2025-06-01', { si: 5, numberViews: 50, wroteAt: at('2025-06-01', '23:59:00') });
  const june15 = await m('2025-06-15', { si: 20, numberViews: 300 });
  const june30 = await m('2025-06-30', { si: 1, numberViews: 1, wroteAt: at('2025-06-30', '23:30:00') });
  const trash = await m('2025-06-10', { trash: true, si: 100 });
  const archived = await m('2025-06-11', { archived: true });
  const delayed = await m('2025-06-12', { delayed: true });
  const may = await m('2025-05-31', { wroteAt: at('2025-05-31', '23:59:00') });
  await m('2025-07-01', { wroteAt: at('2025-07-01', '00:00:00') });
  await buildMessage(db, { ...BARE, lomId: boris.id, wroteAt: at('2025-06-05') });
  Object.assign(ids, { june1: june1.id, june1Late: june1Late.id, june15: june15.id, june30: june30.id });
  Object.assign(ids, { trash: trash.id, archived: archived.id, delayed: delayed.id, may: may.id });

  // Anna speaks in two of Boris's June videos and one trashed one; Boris speaks in one of hers.
  const speech1 = await buildMessage(db, {
    ...BARE,
    lomId: boris.id,
    speakerId: anna.id,
    speechTimestamp: 95,
    wroteAt: at('2025-06-03'),
  });
  const speech2 = await buildMessage(db, {
    ...BARE,
    lomId: boris.id,
    speakerId: anna.id,
    wroteAt: at('2025-06-20'),
  });
  await buildMessage(db, {
    ...BARE,
    lomId: boris.id,
    speakerId: anna.id,
    trash: true,
    wroteAt: at('2025-06-21'),
  });
  await buildMessage(db, { ...BARE, lomId: boris.id, speakerId: anna.id, wroteAt: at('2025-07-02') });
  const borisInAnna = await buildMessage(db, {
    ...BARE,
    lomId: anna.id,
    speakerId: boris.id,
    wroteAt: at('2025-06-22'),
  });
  Object.assign(ids, { speech1: speech1.id, speech2: speech2.id, borisInAnna: borisInAnna.id });

  // Quotes: two of Anna's in June (one from a message), one in July, one of Boris.
  await buildQuote(db, {
    lomId: anna.id,
    messageId: june15.id,
    text: 'Парк — для <mark>всех</mark> 😀',
    themeId: theme.id,
    mood: 1,
    wroteAt: at('2025-06-15'),
  });
  await buildQuote(db, { lomId: anna.id, text: 'Вторая', wroteAt: at('2025-06-02'), isManual: true });
  await buildQuote(db, { lomId: anna.id, text: 'Июльская', wroteAt: at('2025-07-02') });
  await buildQuote(db, { lomId: boris.id, text: 'Чужая', wroteAt: at('2025-06-02') });

  // Comments: 26 under June 15, one under June 1, one under the trashed and one under May's.
  for (let i = 0; i < 26; i++) {
    await buildComment(db, june15.id, { wroteAt: new Date(Date.UTC(2025, 5, 15, 10, i)), likes: i });
  }
  await buildComment(db, june1.id, { text: 'Отлично!', wroteAt: at('2025-06-02') });
  await buildComment(db, trash.id, { wroteAt: at('2025-06-10') });
  await buildComment(db, may.id, { wroteAt: at('2025-06-01') });

  // Facts: a protest on two dates with articles, a scandal, a fact without articles; one of Boris.
  await buildLomFact(db, anna.id, {
    lomFactId: 1,
    factName: 'Митинг у мэрии',
    date: '2025-06-05',
    articles: [
      {
        articleId: 900_001,
        headline: 'Митинг у мэрии',
        wroteAt: at('2025-06-05'),
        text: 'Полный текст статьи',
      },
      { articleId: 900_002, headline: 'Итоги митинга', wroteAt: at('2025-06-06') },
    ],
  });
  await buildLomFact(db, anna.id, {
    lomFactId: 1,
    factName: 'Митинг у мэрии',
    date: '2024-11-20',
    articles: [{ articleId: 900_003, headline: 'Первый митинг', wroteAt: at('2024-11-20') }],
  });
  await buildLomFact(db, anna.id, {
    lomFactId: 2,
    factName: 'Спор в эфире',
    date: '2025-03-01',
    articles: [{ articleId: 900_004, headline: 'Спор в эфире', wroteAt: at('2025-03-02') }],
  });
  await buildLomFact(db, anna.id, { lomFactId: 3, factName: 'Награда', date: '2025-06-10', articles: [] });
  await buildLomFact(db, boris.id, {
    lomFactId: 3,
    factName: 'Чужой факт',
    date: '2025-06-10',
    articles: [{ articleId: 900_001, headline: 'Митинг у мэрии', wroteAt: at('2025-06-05') }],
  });

  await buildLomNews(db, anna.id, {
    title: 'Старое',
    updatedAt: at('2025-01-01'),
    cachedAt: at('2025-01-02'),
  });
  await buildLomNews(db, anna.id, {
    title: 'Новое',
    updatedAt: at('2025-05-01'),
    cachedAt: at('2025-05-02'),
  });
  await buildLomNews(db, boris.id, { title: 'Чужое', cachedAt: at('2025-05-03') });

  await rebuildAggregates(db);
});

afterAll(async () => {
  await kit.close();
});

async function ok<T>(url: string, user: Caller = viewer): Promise<T> {
  const response = await user.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function patchCooperation(lomId: number, body: unknown, user: Caller = editor) {
  return user.patch(apiPath(P.cooperation, { id: lomId }), body);
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('GET loms/{id}/publications/', () => {
  it("lists the lom's live messages of the period, newest first, as the database holds them", async () => {
    const body = await ok<Envelope<MessageListItem>>(`${apiPath(P.publications, { id: ids.anna })}?${JUNE}`);
    const expected = await queryRows<{ id: number }>(
      kit.db,
      sql`select id from messages where lom_id = ${ids.anna} and not trash and not archived and not delayed
            and wrote_at >= '2025-06-01T00:00:00+03:00' and wrote_at < '2025-07-01T00:00:00+03:00'
          order by wrote_at desc, id desc`,
    );
    expect(idsOf(body.results)).toEqual(expected.map((row) => Number(row.id)));
    expect(idsOf(body.results)).toEqual([ids.june30, ids.borisInAnna, ids.june15, ids.june1Late, ids.june1]);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 5 });
    const first = body.results.find((row) => row.id === ids.june1);
    // §5: emoji and HTML but <mark> and <br> are stripped.
    expect(first).toMatchObject({ text: 'Открыли парк <br>ждём всех', si: 10, number_views: 100, mood: 1 });
    expect(first?.lom).toMatchObject({ id: ids.anna, name: 'Анна Орлова' });
  });

  it('pages, and a page past the end still counts', async () => {
    const second = await ok<Envelope<MessageListItem>>(
      `${apiPath(P.publications, { id: ids.anna })}?${JUNE}&page_size=3&page=2`,
    );
    expect(idsOf(second.results)).toEqual([ids.june1Late, ids.june1]);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 5 });
    const past = await ok<Envelope<MessageListItem>>(
      `${apiPath(P.publications, { id: ids.anna })}?${JUNE}&page_size=3&page=4`,
    );
    expect(past).toMatchObject({ results: [], elements_count: 5, last_page: 2 });
  });

  it('without a period lists every live message; a lom without any lists nothing', async () => {
    const all = await ok<Envelope<MessageListItem>>(apiPath(P.publications, { id: ids.anna }));
    expect(all.elements_count).toBe(7);
    const none = await ok<Envelope<MessageListItem>>(apiPath(P.publications, { id: ids.quiet }));
    expect(none).toMatchObject({ results: [], elements_count: 0, last_page: 1 });
  });

  it('answers 400 naming the field, 404 for an unknown lom', async () => {
    const cases: [string, string][] = [
      ['period_after=2025-02-30', 'period_after'],
      ['period_after=01.06.2025', 'period_after'],
      ['period_before=2025-6-1', 'period_before'],
      ['period_after=2025-06-02&period_before=2025-06-01', 'period_before'],
      ['page=0', 'page'],
      ['page_size=501', 'page_size'],
    ];
    for (const [query, field] of cases) {
      const response = await viewer.get(`${apiPath(P.publications, { id: ids.anna })}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
    expect((await viewer.get('/api/v1/loms/abc/publications/')).json().field).toBe('id');
    expect((await viewer.get(apiPath(P.publications, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('GET loms/{id}/posts_by_period/', () => {
  it('answers every day of the period with the live messages written that Moscow day', async () => {
    const days = await ok<LomPostsDay[]>(`${apiPath(P.postsByPeriod, { id: ids.anna })}?${JUNE}`);
    expect(days).toHaveLength(30);
    const expected = await queryRows<{ day: string; n: number; si: number; views: number }>(
      kit.db,
      sql`select to_char((wrote_at at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as day, count(*)::int as n,
                 sum(si)::float8 as si, sum(number_views)::int as views
            from messages where lom_id = ${ids.anna} and not trash and not archived and not delayed
             and wrote_at >= '2025-06-01T00:00:00+03:00' and wrote_at < '2025-07-01T00:00:00+03:00'
           group by 1`,
    );
    const byDay = new Map(expected.map((row) => [row.day, row]));
    for (const day of days) {
      const row = byDay.get(day.date);
      expect(day, day.date).toEqual({
        date: day.date,
        messages_count: row ? Number(row.n) : 0,
        total_si: row ? Number(row.si) : 0,
        total_views: row ? Number(row.views) : 0,
      });
    }
    expect(days[0]).toEqual({ date: '2025-06-01', messages_count: 2, total_si: 15, total_views: 150 });
    expect(days.at(-1)).toEqual({ date: '2025-06-30', messages_count: 1, total_si: 1, total_views: 1 });
    const total = days.reduce((sum, day) => sum + day.messages_count, 0);
    const list = await ok<Envelope<MessageListItem>>(`${apiPath(P.publications, { id: ids.anna })}?${JUNE}`);
    expect(total).toBe(list.elements_count);
  });

  it('needs both bounds and at most 1100 days', async () => {
    const cases: [string, string][] = [
      ['period_after=2025-06-01', 'period_before'],
      ['period_before=2025-06-01', 'period_after'],
      ['period_after=2020-01-01&period_before=2025-06-01', 'period_after'],
      ['period_after=2025-06-02&period_before=2025-06-01', 'period_before'],
    ];
    for (const [query, field] of cases) {
      const response = await viewer.get(`${apiPath(P.postsByPeriod, { id: ids.anna })}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
    expect((await viewer.get(`${apiPath(P.postsByPeriod, { id: 999_999 })}?${JUNE}`)).statusCode).toBe(404);
  });
});

describe('GET loms/{id}/quotes/', () => {
  it("lists the lom's quotes of the period, newest first, stripped, with the message link", async () => {
    const body = await ok<Envelope<QuoteListItem>>(`${apiPath(P.quotes, { id: ids.anna })}?${JUNE}`);
    const expected = await queryRows<{ id: number }>(
      kit.db,
      sql`select id from quotes where lom_id = ${ids.anna}
            and wrote_at >= '2025-06-01T00:00:00+03:00' and wrote_at < '2025-07-01T00:00:00+03:00'
          order by wrote_at desc, id desc`,
    );
    expect(idsOf(body.results)).toEqual(expected.map((row) => Number(row.id)));
    expect(body.elements_count).toBe(2);
    expect(body.results[0]).toMatchObject({
      text: 'Парк — для <mark>всех</mark> ',
      message_id: ids.june15,
      theme: { id: ids.theme, name: 'Благоустройство' },
      mood: 1,
      is_manual: false,
    });
    expect(body.results[1]).toMatchObject({ text: 'Вторая', message_id: null, is_manual: true, url: null });
    expect((await viewer.get(`${apiPath(P.quotes, { id: ids.anna })}?period_before=x`)).json().field).toBe(
      'period_before',
    );
    expect((await viewer.get(apiPath(P.quotes, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('GET loms/{id}/speech/', () => {
  it('lists the live messages of the period in which the lom speaks, with the time code', async () => {
    const body = await ok<Envelope<LomSpeechItem>>(`${apiPath(P.speech, { id: ids.anna })}?${JUNE}`);
    const expected = await queryRows<{ id: number }>(
      kit.db,
      sql`select id from messages where speaker_id = ${ids.anna} and not trash and not archived and not delayed
            and wrote_at >= '2025-06-01T00:00:00+03:00' and wrote_at < '2025-07-01T00:00:00+03:00'
          order by wrote_at desc, id desc`,
    );
    expect(idsOf(body.results)).toEqual(expected.map((row) => Number(row.id)));
    expect(idsOf(body.results)).toEqual([ids.speech2, ids.speech1]);
    expect(body.results[1]).toMatchObject({ speech_timestamp: 95, lom: { id: ids.boris } });
    expect(body.results[0].speech_timestamp).toBeNull();
    expect((await viewer.get(`${apiPath(P.speech, { id: ids.anna })}?page_size=abc`)).json().field).toBe(
      'page_size',
    );
    expect((await viewer.get(apiPath(P.speech, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('GET loms/{id}/comments/', () => {
  it("lists readers' comments under the lom's live messages of the period, 25 a page, newest first", async () => {
    const first = await ok<Envelope<LomCommentItem>>(`${apiPath(P.comments, { id: ids.anna })}?${JUNE}`);
    const expected = await queryRows<{ id: number }>(
      kit.db,
      sql`select c.id from message_comments c join messages m on m.id = c.message_id
           where m.lom_id = ${ids.anna} and not m.trash and not m.archived and not m.delayed
             and m.wrote_at >= '2025-06-01T00:00:00+03:00' and m.wrote_at < '2025-07-01T00:00:00+03:00'
           order by c.wrote_at desc, c.id desc`,
    );
    expect(first).toMatchObject({ page: 1, last_page: 2, elements_count: 27 });
    expect(first.results).toHaveLength(25);
    const second = await ok<Envelope<LomCommentItem>>(
      `${apiPath(P.comments, { id: ids.anna })}?${JUNE}&page=2`,
    );
    expect(idsOf([...first.results, ...second.results])).toEqual(expected.map((row) => Number(row.id)));
    const last = second.results.at(-1);
    expect(last).toMatchObject({
      text: 'Отлично!',
      message_id: ids.june1,
      message: { id: ids.june1, url: 'https://t.me/anna/1', text: 'Открыли парк <br>ждём всех' },
    });
    expect((await viewer.get(`${apiPath(P.comments, { id: ids.anna })}?page_size=0`)).json().field).toBe(
      'page_size',
    );
    expect((await viewer.get(apiPath(P.comments, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('GET loms/new-loms/{id}/lom-facts/', () => {
  it('groups the facts by type, fact name and date, with their articles', async () => {
    const groups = await ok<LomFactsResponse>(apiPath(P.facts, { id: ids.anna }));
    expect(groups.map((g) => [g.lom_fact_id, g.name, g.facts_count])).toEqual([
      [1, 'Протесты', 2],
      [2, 'Скандалы', 1],
      [3, 'Факты', 1],
    ]);
    const [protests, scandals, facts] = groups;
    expect(protests.facts).toHaveLength(1);
    expect(protests.facts[0].fact_name).toBe('Митинг у мэрии');
    expect(protests.facts[0].dates.map((d) => d.date)).toEqual(['2025-06-05', '2024-11-20']);
    expect(protests.facts[0].dates[0].articles).toEqual([
      {
        article_id: 900_002,
        headline: 'Итоги митинга',
        wrote_at: '2025-06-06T09:00:00.000Z',
        source_name: 'Пресса',
        source_link: 'https://press.example.ru/900002',
      },
      {
        article_id: 900_001,
        headline: 'Митинг у мэрии',
        wrote_at: '2025-06-05T09:00:00.000Z',
        source_name: 'Пресса',
        source_link: 'https://press.example.ru/900001',
      },
    ]);
    expect(scandals.facts[0].dates[0].articles.map((a) => a.article_id)).toEqual([900_004]);
    expect(facts.facts[0]).toMatchObject({
      fact_name: 'Награда',
      dates: [{ date: '2025-06-10', articles: [] }],
    });
    const stored = await queryRows<{ n: number }>(
      kit.db,
      sql`select count(*)::int as n from lom_facts where lom_id = ${ids.anna}`,
    );
    expect(groups.reduce((sum, g) => sum + g.facts_count, 0)).toBe(Number(stored[0].n));
  });

  it('keeps the facts dated within a period, and every type even when empty', async () => {
    const groups = await ok<LomFactsResponse>(`${apiPath(P.facts, { id: ids.anna })}?${JUNE}`);
    expect(groups.map((g) => g.facts_count)).toEqual([1, 0, 1]);
    expect(groups[0].facts[0].dates.map((d) => d.date)).toEqual(['2025-06-05']);
    const quiet = await ok<LomFactsResponse>(apiPath(P.facts, { id: ids.quiet }));
    expect(quiet.map((g) => [g.lom_fact_id, g.facts])).toEqual([
      [1, []],
      [2, []],
      [3, []],
    ]);
    expect(
      (await viewer.get(`${apiPath(P.facts, { id: ids.anna })}?period_after=2025-13-01`)).json().field,
    ).toBe('period_after');
    expect((await viewer.get(apiPath(P.facts, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('articles (v2)', () => {
  it("lists the lom's articles newest first, each with its fact", async () => {
    const body = await ok<Envelope<LomArticleItem>>(apiPath(P.articles, { id: ids.anna }));
    expect(body.results.map((a) => a.article_id)).toEqual([900_002, 900_001, 900_004, 900_003]);
    expect(body.results[0].fact).toMatchObject({
      lom_fact_id: 1,
      fact_name: 'Митинг у мэрии',
      date: '2025-06-05',
    });
    const june = await ok<Envelope<LomArticleItem>>(`${apiPath(P.articles, { id: ids.anna })}?${JUNE}`);
    expect(june.elements_count).toBe(2);
    expect((await viewer.get(apiPath(P.articles, { id: 999_999 }))).statusCode).toBe(404);
  });

  it('reads one article by its archive id with its text and every fact it backs', async () => {
    const article = await ok<LomArticleDetail>(apiPath(P.article, { id: 900_001 }));
    expect(article).toMatchObject({
      article_id: 900_001,
      headline: 'Митинг у мэрии',
      text: 'Полный текст статьи',
    });
    expect(article.facts.map((f) => [f.fact_name, f.lom.name])).toEqual([
      ['Митинг у мэрии', 'Анна Орлова'],
      ['Чужой факт', 'Борис Ким'],
    ]);
    expect((await viewer.get(apiPath(P.article, { id: 1 }))).statusCode).toBe(404);
    expect((await viewer.get('/api/v2/articles/x/')).json().field).toBe('id');
  });
});

describe('GET loms/new-loms/{id}/search-results/', () => {
  it('answers the stored results, newest first; refresh=true stamps them as re-read now', async () => {
    const stored = await ok<LomSearchResultsResponse>(apiPath(P.searchResults, { id: ids.anna }));
    expect(stored.results.map((r) => r.title)).toEqual(['Новое', 'Старое']);
    expect(stored.cached_at).toBe(new Date('2025-05-02T09:00:00.000Z').toISOString());
    const again = await ok<LomSearchResultsResponse>(
      `${apiPath(P.searchResults, { id: ids.anna })}?refresh=false`,
    );
    expect(again.cached_at).toBe(stored.cached_at);

    const before = Date.now();
    const refreshed = await ok<LomSearchResultsResponse>(
      `${apiPath(P.searchResults, { id: ids.anna })}?refresh=true`,
    );
    expect(refreshed.results.map((r) => r.title)).toEqual(['Новое', 'Старое']);
    expect(Date.parse(refreshed.cached_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const rows = await kit.db.select({ cachedAt: lomNews.cachedAt, lomId: lomNews.lomId }).from(lomNews);
    for (const row of rows) {
      if (row.lomId === ids.anna) expect(row.cachedAt?.toISOString()).toBe(refreshed.cached_at);
      else expect(row.cachedAt?.toISOString()).toBe(new Date('2025-05-03T09:00:00.000Z').toISOString());
    }
    expect(refreshed.results.every((r) => r.cached_at === refreshed.cached_at)).toBe(true);
    const none = await ok<LomSearchResultsResponse>(apiPath(P.searchResults, { id: ids.quiet }));
    expect(none).toMatchObject({ results: [], cached_at: null, elements_count: 0 });
    expect((await viewer.get(`${apiPath(P.searchResults, { id: ids.anna })}?refresh=yes`)).json().field).toBe(
      'refresh',
    );
    expect((await viewer.get(apiPath(P.searchResults, { id: 999_999 }))).statusCode).toBe(404);
  });
});

describe('GET lom-facts/ (directory)', () => {
  it('lists the fact types in id order on v1 and v2, as a pick list', async () => {
    for (const path of [P.factTypes, P.factTypesV2]) {
      const body = await ok<Envelope<{ id: number; name: string }>>(path);
      expect(body.results).toEqual([
        { id: 1, name: 'Протесты' },
        { id: 2, name: 'Скандалы' },
        { id: 3, name: 'Факты' },
      ]);
    }
    const found = await ok<Envelope<{ id: number }>>(`${P.factTypes}?search=скан`);
    expect(idsOf(found.results)).toEqual([2]);
    expect((await viewer.get(`${P.factTypes}?page_size=0`)).json().field).toBe('page_size');
  });
});

describe('cooperation', () => {
  it('lists the statuses, 0 first', async () => {
    const body = await ok<{ id: number; name: string }[]>(P.cooperationStatuses, editor);
    expect(body).toEqual([
      { id: 0, name: 'Статус не выбран' },
      { id: 1, name: 'Сотрудничает' },
      { id: 2, name: 'Идут переговоры' },
    ]);
  });

  it('sets the status with EDIT_LOM and logs the change, not a no-op', async () => {
    const response = await patchCooperation(ids.boris, { cooperation: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: ids.boris, cooperation: { id: 2, name: 'Идут переговоры' } });
    const [row] = await kit.db.select({ c: loms.cooperationId }).from(loms).where(eq(loms.id, ids.boris));
    expect(row.c).toBe(2);
    expect((await ok<{ cooperation: unknown }>(`/api/v1/loms/${ids.boris}/`)).cooperation).toEqual({
      id: 2,
      name: 'Идут переговоры',
    });
    expect((await patchCooperation(ids.boris, { cooperation: 2 })).statusCode).toBe(200);
    expect((await patchCooperation(ids.boris, { cooperation: 0 })).json().cooperation).toEqual({
      id: 0,
      name: 'Статус не выбран',
    });
    const log = await kit.db
      .select({
        type: userActions.type,
        action: userActions.action,
        old: userActions.oldValue,
        new: userActions.newValue,
      })
      .from(userActions)
      .where(and(eq(userActions.lomId, ids.boris), eq(userActions.userId, editor.user.id)));
    expect(log).toEqual([
      { type: 6, action: 'lom.cooperation_update', old: { cooperation_id: 0 }, new: { cooperation_id: 2 } },
      { type: 6, action: 'lom.cooperation_update', old: { cooperation_id: 2 }, new: { cooperation_id: 0 } },
    ]);
  });

  it('answers 400 naming cooperation, 404 for an unknown lom, 403 without EDIT_LOM or the full card', async () => {
    for (const body of [{ cooperation: 77 }, { cooperation: -1 }, { cooperation: 'один' }, {}]) {
      const response = await patchCooperation(ids.anna, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe('cooperation');
    }
    expect((await patchCooperation(999_999, { cooperation: 1 })).statusCode).toBe(404);
    expect((await patchCooperation(ids.anna, { cooperation: 1 }, viewer)).statusCode).toBe(403);
    expect((await patchCooperation(ids.anna, { cooperation: 1 }, extendedPcEditor)).statusCode).toBe(403);
    expect((await extendedPcEditor.get(P.cooperationStatuses)).statusCode).toBe(403);
    const [row] = await kit.db.select({ c: loms.cooperationId }).from(loms).where(eq(loms.id, ids.anna));
    expect(row.c).toBe(0);
  });
});

describe('guards', () => {
  const lomCalls = (lomId: number): [string, string][] => [
    ['GET', apiPath(P.publications, { id: lomId })],
    ['GET', `${apiPath(P.postsByPeriod, { id: lomId })}?${JUNE}`],
    ['GET', apiPath(P.quotes, { id: lomId })],
    ['GET', apiPath(P.speech, { id: lomId })],
    ['GET', apiPath(P.comments, { id: lomId })],
    ['GET', apiPath(P.facts, { id: lomId })],
    ['GET', apiPath(P.searchResults, { id: lomId })],
    ['GET', apiPath(P.articles, { id: lomId })],
    ['GET', apiPath(P.article, { id: 900_001 })],
    ['GET', P.factTypes],
    ['GET', P.cooperationStatuses],
    ['PATCH', apiPath(P.cooperation, { id: lomId })],
  ];

  it('answers 401 without a token and 403 for role 101', async () => {
    for (const [method, url] of lomCalls(ids.anna)) {
      const payload = method === 'PATCH' ? { cooperation: 1 } : undefined;
      const anonymous = await kit.anonymous.request(method, url, payload);
      expect(anonymous.statusCode, url).toBe(401);
      const refused = await service.request(method, url, payload);
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('refuses the tabs a producer-center user with the base card does not see', async () => {
    const open = [
      apiPath(P.publications, { id: ids.anna }),
      `${apiPath(P.postsByPeriod, { id: ids.anna })}?${JUNE}`,
      apiPath(P.quotes, { id: ids.anna }),
      apiPath(P.speech, { id: ids.anna }),
    ];
    for (const url of open) expect((await basePc.get(url)).statusCode, url).toBe(200);
    const hidden = [
      apiPath(P.comments, { id: ids.anna }),
      apiPath(P.facts, { id: ids.anna }),
      apiPath(P.searchResults, { id: ids.anna }),
      apiPath(P.articles, { id: ids.anna }),
      apiPath(P.article, { id: 900_001 }),
      P.cooperationStatuses,
    ];
    for (const url of hidden) {
      const response = await basePc.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toMatch(/Вкладка/);
    }
  });
});
