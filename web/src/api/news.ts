import {
  apiPath,
  NEWS_MESSAGES_PAGE_SIZE,
  NEWS_PAGE_SIZE,
  NEWS_PATHS,
  type NewsOrdering,
  newsDetail,
  newsStatisticsResponse,
  newsStoryMessagesResponse,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** The news pages (docs/news.md): the period's stories with their statistic, one story, its messages. */
export interface NewsListParams {
  /** Moscow days YYYY-MM-DD, both included. */
  after: string;
  before: string;
  ordering: NewsOrdering;
  page: number;
  search?: string;
}

export const newsKeys = {
  all: ['news'] as const,
  statistics: (params: NewsListParams) => [...newsKeys.all, 'statistics', params] as const,
  detail: (id: number) => [...newsKeys.all, 'detail', id] as const,
  messages: (id: number) => [...newsKeys.all, 'messages', id] as const,
};

export function useNewsStatistics(params: NewsListParams) {
  return useQuery({
    queryKey: newsKeys.statistics(params),
    queryFn: ({ signal }) =>
      apiFetch(NEWS_PATHS.statistics, {
        signal,
        query: {
          period_after: params.after,
          period_before: params.before,
          ordering: params.ordering,
          page: params.page,
          page_size: NEWS_PAGE_SIZE,
          search: params.search || undefined,
        },
        schema: newsStatisticsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One story; the router's check that it exists loads it, and a 404 shows the 404 page, not a notice. */
export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(NEWS_PATHS.detail, { id }), { signal, schema: newsDetail, handledStatuses: [404] }),
    staleTime: 5_000,
  });

export function useNewsDetail(id: number) {
  return useQuery(newsDetailQuery(id));
}

/** The story's messages with «Показать ещё», as the message list pages them. */
export function useNewsMessages(id: number) {
  return useInfiniteQuery({
    queryKey: newsKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(apiPath(NEWS_PATHS.storyMessages, { id }), {
        signal,
        query: { page: pageParam, page_size: NEWS_MESSAGES_PAGE_SIZE },
        schema: newsStoryMessagesResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
  });
}
