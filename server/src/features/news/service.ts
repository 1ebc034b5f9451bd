import {
  type ListNewsQuery,
  type ListNewsResponse,
  type NewsDetail,
  type NewsListQuery,
  type NewsListResponse,
  type NewsMessagesPageQuery,
  type NewsMessagesQuery,
  type NewsMessagesResponse,
  type NewsStatisticsQuery,
  type NewsStatisticsResponse,
  type NewsStoryMessagesResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { presentListRow } from '../../domain/lists/message-list-presenter.ts';
import { messageRowsByIds } from '../../domain/lists/message-list-queries.ts';
import { addDays, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import {
  presentDetail,
  presentNewsMessage,
  presentPickStory,
  presentStatistic,
  presentStory,
} from './presenter.ts';
import {
  type Bounds,
  countStories,
  newsMessagePage,
  statisticPage,
  storiesByIds,
  storyDetail,
  storyExists,
  storyMessageIds,
  storyPage,
} from './queries.ts';

const NOT_FOUND = 'Новость не найдена';

/** Moscow days of the period → instants: from its first midnight to the midnight after its last day. */
export function boundsOf(query: { period_after?: string; period_before?: string; search?: string }): Bounds {
  return {
    from: query.period_after ? moscowMidnight(query.period_after) : undefined,
    to: query.period_before ? moscowMidnight(addDays(query.period_before, 1)) : undefined,
    search: query.search,
  };
}

export async function listStories(db: Db, query: NewsListQuery): Promise<NewsListResponse> {
  const bounds = boundsOf(query);
  const { page, page_size: size } = query;
  const [total, rows] = await Promise.all([
    countStories(db, bounds),
    storyPage(db, bounds, size, offsetOf(page, size)),
  ]);
  return { results: rows.map(presentStory), ...pageInfo(page, size, total) };
}

export async function newsStatistics(db: Db, query: NewsStatisticsQuery): Promise<NewsStatisticsResponse> {
  const bounds = boundsOf(query);
  const { page, page_size: size } = query;
  const [total, rows] = await Promise.all([
    countStories(db, bounds),
    statisticPage(db, bounds, query.ordering, size, offsetOf(page, size)),
  ]);
  return { results: rows.map(presentStatistic), ...pageInfo(page, size, total) };
}

export async function newsDetail(db: Db, id: number): Promise<NewsDetail> {
  const row = await storyDetail(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return presentDetail(row);
}

/** The story's live messages in the message list's shape (the statistic counts the same ones). */
export async function storyMessages(
  db: Db,
  id: number,
  query: NewsMessagesPageQuery,
): Promise<NewsStoryMessagesResponse> {
  if (!(await storyExists(db, id))) throw notFound(NOT_FOUND);
  const { page, page_size: size } = query;
  const { ids, total } = await storyMessageIds(db, id, size, offsetOf(page, size));
  const rows = await messageRowsByIds(db, ids);
  return { results: rows.map((row) => presentListRow(row)), ...pageInfo(page, size, total) };
}

export async function listNews(db: Db, query: ListNewsQuery): Promise<ListNewsResponse> {
  const bounds = boundsOf(query);
  const { page, page_size: size } = query;
  if (query.id_in?.length) {
    const rows = await storiesByIds(db, query.id_in, bounds);
    return { results: rows.map(presentPickStory), ...pageInfo(1, Math.max(size, rows.length), rows.length) };
  }
  const [total, rows] = await Promise.all([
    countStories(db, bounds),
    storyPage(db, bounds, size, offsetOf(page, size)),
  ]);
  return { results: rows.map(presentPickStory), ...pageInfo(page, size, total) };
}

export async function newsMessages(db: Db, query: NewsMessagesQuery): Promise<NewsMessagesResponse> {
  const { page, page_size: size } = query;
  const { rows, total } = await newsMessagePage(
    db,
    boundsOf(query),
    query.news_in,
    size,
    offsetOf(page, size),
  );
  return { results: rows.map(presentNewsMessage), ...pageInfo(page, size, total) };
}
