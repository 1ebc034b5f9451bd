import {
  apiPath,
  type ListNewsResponse,
  NEWS_PATHS,
  type NewsDetail,
  type NewsMessagesResponse,
  type NewsStatisticsResponse,
  type NewsStoryMessagesResponse,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, buildNews } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
let lomSelection: Caller;
const ids: Record<string, number> = {};
const UNKNOWN = 987_654;
const DAY = '2025-03-10';

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  lomSelection = await kit.caller({ role: 102 });
  const lom = await buildLom(db, { name: 'Анна Орлова' });
  const big = await buildNews(db, {
    title: 'Открытие моста через Волгу',
    text: 'Мост открыли утром.',
    url: 'https://news.example.ru/1',
    sourceName: 'РИА',
    wroteAt: new Date(`${DAY}T08:00:00+03:00`),
  });
  const small = await buildNews(db, { title: 'Новый парк', wroteAt: new Date(`${DAY}T22:00:00+03:00`) });
  const other = await buildNews(db, {
    title: 'Вчерашняя новость',
    wroteAt: new Date('2025-03-09T23:30:00+03:00'),
  });
  const at = new Date(`${DAY}T10:00:00+03:00`);
  for (const [mood, si, views] of [
    [1, 10, 100],
    [1, 5, 50],
    [2, 2, 20],
    [4, 1, 10],
  ] as const) {
    await buildMessage(db, { lomId: lom.id, newsId: big.id, mood, si, numberViews: views, wroteAt: at });
  }
  // Not counted: trash, and a message of no story.
  await buildMessage(db, { lomId: lom.id, newsId: big.id, mood: 2, si: 100, trash: true, wroteAt: at });
  await buildMessage(db, { lomId: lom.id, mood: 1, si: 7, wroteAt: at });
  await buildMessage(db, { lomId: lom.id, newsId: small.id, mood: 3, si: 1, numberViews: 5, wroteAt: at });
  await rebuildAggregates(db);
  Object.assign(ids, { big: big.id, small: small.id, other: other.id, lom: lom.id });
});

afterAll(async () => {
  await kit.close();
});

async function ok<T>(url: string, query: Record<string, string | number> = {}): Promise<T> {
  const response = await viewer.get(url, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const allPaths = (id: number) => [
  NEWS_PATHS.list,
  apiPath(NEWS_PATHS.detail, { id }),
  NEWS_PATHS.statistics,
  apiPath(NEWS_PATHS.storyMessages, { id }),
  NEWS_PATHS.listNews,
  NEWS_PATHS.messages,
];

describe('news calls', () => {
  it('answer 401 without a token and 403 without view_reports', async () => {
    for (const path of allPaths(ids.big)) {
      expect((await kit.anonymous.get(path)).statusCode, path).toBe(401);
      expect((await lomSelection.get(path)).statusCode, path).toBe(403);
    }
  });

  it('answer 404 for an unknown story and 400 naming a bad id', async () => {
    for (const path of [
      apiPath(NEWS_PATHS.detail, { id: UNKNOWN }),
      apiPath(NEWS_PATHS.storyMessages, { id: UNKNOWN }),
    ]) {
      const response = await viewer.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('Новость не найдена');
    }
    const bad = await viewer.get('/api/v1/news/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('answer 400 naming period_after when it comes after period_before, and a bad news_in', async () => {
    for (const path of [NEWS_PATHS.list, NEWS_PATHS.statistics, NEWS_PATHS.listNews, NEWS_PATHS.messages]) {
      const response = await viewer.get(path, { period_after: '2025-03-11', period_before: '2025-03-10' });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().field, path).toBe('period_after');
    }
    const day = await viewer.get(NEWS_PATHS.statistics, { period_after: '2025-02-30' });
    expect(day.statusCode).toBe(400);
    expect(day.json().field).toBe('period_after');
    const list = await viewer.get(NEWS_PATHS.messages, { news_in: '1,x' });
    expect(list.statusCode).toBe(400);
    expect(list.json().field).toBe('news_in');
    const ordering = await viewer.get(NEWS_PATHS.statistics, { ordering: 'drop' });
    expect(ordering.statusCode).toBe(400);
    expect(ordering.json().field).toBe('ordering');
  });
});

describe('GET news-messages/statistics/', () => {
  it('lists the Moscow day’s stories with total SI, views and the mood table of their live messages', async () => {
    const answer = await ok<NewsStatisticsResponse>(NEWS_PATHS.statistics, {
      period_after: DAY,
      period_before: DAY,
    });
    expect(answer.elements_count).toBe(2);
    expect(answer.results.map((r) => r.news_id)).toEqual([ids.big, ids.small]);
    const [big] = answer.results;
    expect(big).toMatchObject({
      total_si: 18,
      total_views: 180,
      message_count: 4,
      mood_table: { 1: 2, 2: 1, 3: 0, 4: 1, 5: 0, 6: 0 },
      news: { title: 'Открытие моста через Волгу', source_name: 'РИА', text: 'Мост открыли утром.' },
    });
  });

  it('orders by date when asked and pages', async () => {
    const answer = await ok<NewsStatisticsResponse>(NEWS_PATHS.statistics, {
      period_after: '2025-03-09',
      period_before: DAY,
      ordering: '-wrote_at',
      page_size: 2,
      page: 2,
    });
    expect(answer.elements_count).toBe(3);
    expect(answer.last_page).toBe(2);
    expect(answer.results.map((r) => r.news_id)).toEqual([ids.other]);
  });

  it('stays current when a message of the story changes through the API', async () => {
    const editor = kit.as('editor');
    const page = await ok<NewsStoryMessagesResponse>(apiPath(NEWS_PATHS.storyMessages, { id: ids.small }));
    const id = page.results[0]?.id as number;
    const response = await editor.patch(`/api/v2/messages/${id}/trash/`);
    expect(response.statusCode, response.body).toBe(200);
    const after = await ok<NewsDetail>(apiPath(NEWS_PATHS.detail, { id: ids.small }));
    expect(after.message_count).toBe(0);
    expect(after.mood_table[3]).toBe(0);
    const back = await editor.patch(`/api/v2/messages/${id}/trash/`);
    expect(back.statusCode).toBe(200);
    expect((await ok<NewsDetail>(apiPath(NEWS_PATHS.detail, { id: ids.small }))).message_count).toBe(1);
  });
});

describe('one story', () => {
  it('GET news/{id}/ answers the text and the statistic', async () => {
    const detail = await ok<NewsDetail>(apiPath(NEWS_PATHS.detail, { id: ids.big }));
    expect(detail).toMatchObject({
      id: ids.big,
      text: 'Мост открыли утром.',
      total_si: 18,
      message_count: 4,
    });
    expect(detail.url).toBe('https://news.example.ru/1');
  });

  it('GET news-messages/news/{id}/ pages the live messages in the message list shape', async () => {
    const first = await ok<NewsStoryMessagesResponse>(apiPath(NEWS_PATHS.storyMessages, { id: ids.big }), {
      page_size: 3,
    });
    expect(first.elements_count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.results[0]?.lom?.name).toBe('Анна Орлова');
    const second = await ok<NewsStoryMessagesResponse>(apiPath(NEWS_PATHS.storyMessages, { id: ids.big }), {
      page_size: 3,
      page: 2,
    });
    expect(second.results).toHaveLength(1);
    expect(second.results.every((m) => !m.trash)).toBe(true);
  });
});

describe('lists that link to news', () => {
  it('GET news/ lists the period’s stories newest first', async () => {
    const answer = await ok<{ results: { id: number }[] }>(NEWS_PATHS.list, {
      period_after: DAY,
      period_before: DAY,
    });
    expect(answer.results.map((r) => r.id)).toEqual([ids.small, ids.big]);
  });

  it('GET list-news/ answers a pick list, by search and by ids', async () => {
    const found = await ok<ListNewsResponse>(NEWS_PATHS.listNews, { search: 'моста' });
    expect(found.results.map((r) => r.name)).toEqual(['Открытие моста через Волгу']);
    const named = await ok<ListNewsResponse>(NEWS_PATHS.listNews, { id_in: `${ids.small},${ids.other}` });
    expect(named.results.map((r) => r.id).sort()).toEqual([ids.small, ids.other].sort());
  });

  it('GET news-messages/ lists live messages of stories with their story', async () => {
    const answer = await ok<NewsMessagesResponse>(NEWS_PATHS.messages, { news_in: String(ids.big) });
    expect(answer.elements_count).toBe(4);
    expect(answer.results[0]).toMatchObject({ news_id: ids.big, news_title: 'Открытие моста через Волгу' });
    const all = await ok<NewsMessagesResponse>(NEWS_PATHS.messages, {
      period_after: DAY,
      period_before: DAY,
    });
    expect(all.elements_count).toBe(5);
    // No period and no story: the total is the stories' stored counts, the same number.
    const everything = await ok<NewsMessagesResponse>(NEWS_PATHS.messages, {});
    const [live] = await queryRows<{ n: number }>(
      kit.db,
      sql`select count(*)::int as n from messages where news_id is not null and not (trash or archived or delayed)`,
    );
    expect(everything.elements_count).toBe(live?.n);
    expect(everything.elements_count).toBeGreaterThan(0);
  });
});
