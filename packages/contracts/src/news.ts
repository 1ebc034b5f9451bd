import { z } from 'zod';
import { listEnvelope, pickItem } from './api.ts';
import { commaIdList, pageParam, pageSizeParam } from './input.ts';
import { isCalendarDayText } from './lom-audience.ts';
import { messageListItem } from './message-views.ts';
import { searchText } from './messages.ts';
import { MOOD_IDS, type Mood, moodCountsSchema } from './moods.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/**
 * News (product.md §2 /news, /news/{id}; §3 "News statistic"; api.md §7.10, §7.6): a news
 * story gathers the messages that report one event (`messages.news_id`). docs/news.md says
 * where each figure comes from.
 */
export const NEWS_PATHS = {
  /** The stories of a period, plain (id, title, source, date). */
  list: '/api/v1/news/',
  /** One story with its statistic. */
  detail: '/api/v1/news/:id/',
  /** The /news page: the period's stories with total SI, total views and mood table. */
  statistics: '/api/v1/news-messages/statistics/',
  /** The messages of one story, a page at a time, in the message list's shape. */
  storyMessages: '/api/v1/news-messages/news/:id/',
  /** Pick list of stories ({id, name}) for the screens that link to news (api.md §7.6). */
  listNews: '/api/v2/news-messages/list-news/',
  /** The plain list of news messages: messages that belong to a story, with the story. */
  messages: '/api/v1/news-messages/',
} as const;

/** The stories a page of /news shows. */
export const NEWS_PAGE_SIZE = 20;
/** Messages of a story a page at a time (the message list's page). */
export const NEWS_MESSAGES_PAGE_SIZE = 25;

export const NEWS_ORDERINGS = [
  '-wrote_at',
  'wrote_at',
  '-total_si',
  '-total_views',
  '-message_count',
] as const;
export type NewsOrdering = (typeof NEWS_ORDERINGS)[number];
export const DEFAULT_NEWS_ORDERING: NewsOrdering = '-total_si';

const periodDay = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

/** A period of Moscow days, both ends inclusive and optional (the nav link sends today). */
export const newsPeriodFields = {
  period_after: periodDay.optional(),
  period_before: periodDay.optional(),
};

export function periodInOrder(
  query: { period_after?: string; period_before?: string },
  ctx: z.RefinementCtx,
) {
  if (query.period_after && query.period_before && query.period_after > query.period_before) {
    ctx.addIssue({ code: 'custom', path: ['period_after'], message: 'начало периода позже его конца' });
  }
}

const newsListFields = {
  ...newsPeriodFields,
  page: pageParam,
  page_size: pageSizeParam(NEWS_PAGE_SIZE),
  /** Part of the title, any case. */
  search: searchText.optional(),
};

/** GET news/: the stories of the period, newest first. */
export const newsListQuery = z.object(newsListFields).superRefine(periodInOrder);
export type NewsListQuery = z.output<typeof newsListQuery>;

/** GET news-messages/statistics/: the period's stories with their statistic. */
export const newsStatisticsQuery = z
  .object({
    ...newsListFields,
    ordering: z
      .enum(NEWS_ORDERINGS, { error: `ожидается одно из: ${NEWS_ORDERINGS.join(', ')}` })
      .default(DEFAULT_NEWS_ORDERING),
  })
  .superRefine(periodInOrder);
export type NewsStatisticsQuery = z.output<typeof newsStatisticsQuery>;

/** GET news-messages/news/{id}/: a page of the story's messages. */
export const newsMessagesPageQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(NEWS_MESSAGES_PAGE_SIZE),
});
export type NewsMessagesPageQuery = z.output<typeof newsMessagesPageQuery>;

/** GET news-messages/list-news/: stories as a pick list (search by title, ids). */
export const listNewsQuery = z
  .object({
    ...newsPeriodFields,
    page: pageParam,
    page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE, 200),
    search: searchText.optional(),
    id_in: commaIdList().optional(),
  })
  .superRefine(periodInOrder);
export type ListNewsQuery = z.output<typeof listNewsQuery>;

/** GET news-messages/: messages that belong to a story, newest first. */
export const newsMessagesQuery = z
  .object({
    ...newsPeriodFields,
    page: pageParam,
    page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
    news_in: commaIdList().optional(),
  })
  .superRefine(periodInOrder);
export type NewsMessagesQuery = z.output<typeof newsMessagesQuery>;

// Answers

/** Message count per mood 1..6, every mood present (product.md §3 "News statistic"). */
export const newsMoodTable = moodCountsSchema;
export type NewsMoodTable = z.infer<typeof newsMoodTable>;

/** A stored mood table as it comes from the database: missing moods are zero. */
export function fillNewsMoodTable(raw: unknown): NewsMoodTable {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out = {} as Record<Mood, number>;
  for (const mood of MOOD_IDS) {
    const value = Number(source[String(mood)] ?? 0);
    out[mood] = Number.isFinite(value) ? value : 0;
  }
  return out as NewsMoodTable;
}

export const newsStory = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  source_name: z.string().nullable(),
  wrote_at: z.string(),
});
export type NewsStory = z.infer<typeof newsStory>;

export const newsListResponse = listEnvelope(newsStory);
export type NewsListResponse = z.infer<typeof newsListResponse>;

/** One row of news-messages/statistics/ (product.md §3: news, news_id, total_si, total_views, mood_table). */
export const newsStatistic = z.object({
  news: newsStory.extend({ text: z.string() }),
  news_id: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  message_count: z.number().int(),
  mood_table: newsMoodTable,
});
export type NewsStatistic = z.infer<typeof newsStatistic>;

export const newsStatisticsResponse = listEnvelope(newsStatistic);
export type NewsStatisticsResponse = z.infer<typeof newsStatisticsResponse>;

/** GET news/{id}/: the story (product.md §3 "Lom news": title, text, updated_at, url, cached_at) and its statistic. */
export const newsDetail = newsStory.extend({
  text: z.string(),
  updated_at: z.string(),
  cached_at: z.string().nullable(),
  total_si: z.number(),
  total_views: z.number(),
  message_count: z.number().int(),
  mood_table: newsMoodTable,
});
export type NewsDetail = z.infer<typeof newsDetail>;

export const newsStoryMessagesResponse = listEnvelope(messageListItem);
export type NewsStoryMessagesResponse = z.infer<typeof newsStoryMessagesResponse>;

export const listNewsResponse = listEnvelope(pickItem.extend({ wrote_at: z.string() }));
export type ListNewsResponse = z.infer<typeof listNewsResponse>;

export const newsMessageRow = z.object({
  id: z.number().int(),
  news_id: z.number().int(),
  news_title: z.string(),
  lom_id: z.number().int().nullable(),
  lom_name: z.string(),
  wrote_at: z.string(),
  mood: z.number().int().nullable(),
  si: z.number(),
  number_views: z.number(),
});
export type NewsMessageRow = z.infer<typeof newsMessageRow>;

export const newsMessagesResponse = listEnvelope(newsMessageRow);
export type NewsMessagesResponse = z.infer<typeof newsMessagesResponse>;
