import {
  apiPath,
  DEFAULT_MESSAGE_STAT,
  listEnvelope,
  lomStatItem,
  MESSAGE_PATHS,
  type MessageFilterParams,
  type MessageStat,
  messageComment,
  messageDetail,
  messageListItem,
  moodTableResponse,
  paginationCountResponse,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const MESSAGES_PAGE_SIZE = 25;

const messageListResponse = listEnvelope(messageListItem);
const lomStatResponse = listEnvelope(lomStatItem);
const commentsResponse = listEnvelope(messageComment);

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (filter: MessageFilterParams, pageSize: number) =>
    [...messageKeys.lists(), filter, pageSize] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
  /** Outside `detail`: an edit of the message reloads the message, not what a search found in its text. */
  highlight: (id: number, search: string) => [...messageKeys.all, 'highlight', id, search] as const,
  count: (filter: MessageFilterParams, pageSize: number) =>
    [...messageKeys.all, 'count', filter, pageSize] as const,
  moodTable: (filter: MessageFilterParams) => [...messageKeys.all, 'mood-table', filter] as const,
  lomStat: (filter: MessageFilterParams, stat: MessageStat, page: number) =>
    [...messageKeys.all, 'lom-stat', filter, stat, page] as const,
  comments: (id: number, page: number) => [...messageKeys.all, 'comments', id, page] as const,
};

/**
 * A messages list with load-more (§4 "page 1 replaces, later pages append"). A new
 * filter is a new query: its page 1 replaces the list, and the request of the old
 * filter is aborted through its signal. The old list stays on screen meanwhile.
 */
export function useMessagesList(
  filter: MessageFilterParams,
  { pageSize = MESSAGES_PAGE_SIZE, enabled = true } = {},
) {
  return useInfiniteQuery({
    queryKey: messageKeys.list(filter, pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(MESSAGE_PATHS.list, {
        signal,
        query: { ...filter, page: pageParam, page_size: pageSize },
        schema: messageListResponse,
      }),
    initialPageParam: 1,
    // §4: the next page is not loaded past the last one. A search's count may be only a floor
    // (`elements_count_exact: false`), and so its last_page: a full page there may have more behind it.
    getNextPageParam: (last) => {
      if (last.page < last.last_page) return last.page + 1;
      const more = last.elements_count_exact === false && last.results.length >= pageSize;
      return more ? last.page + 1 : undefined;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * One message, fresh on every visit: the router's check that it exists loads it
 * (`revalidateIfStale`), and the page that follows within seconds reuses that
 * answer. A 404 is not notified: the router shows the 404 page.
 */
export const messageDetailQuery = (id: number) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(MESSAGE_PATHS.detail, { id }), {
        signal,
        schema: messageDetail,
        handledStatuses: [404],
      }),
    staleTime: 5_000,
  });

export function useMessageDetail(id: number) {
  return useQuery(messageDetailQuery(id));
}

/**
 * The message text with what a list's search found marked (`highlighted_text` of the detail asked with `search`);
 * undefined without a search. The editor shows it over the text of useMessageDetail.
 */
export function useMessageHighlight(id: number, search: string | undefined) {
  return useQuery({
    queryKey: messageKeys.highlight(id, search ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(MESSAGE_PATHS.detail, { id }), {
        signal,
        query: { search },
        schema: messageDetail,
        handledStatuses: [400, 404],
      }),
    select: (detail) => detail.highlighted_text,
    enabled: Boolean(search),
    staleTime: 60_000,
  });
}

/**
 * The exact number of messages of a filter (pagination_count/), asked when the list's answer counted only to a
 * bound (`elements_count_exact: false`, «более 1 000»). It can take the search's whole time limit, so it runs
 * beside the list, never before it; a failure leaves the bound on screen without a notification.
 */
export function useMessagesCount(
  filter: MessageFilterParams,
  { pageSize = MESSAGES_PAGE_SIZE, enabled = true } = {},
) {
  return useQuery({
    queryKey: messageKeys.count(filter, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(MESSAGE_PATHS.paginationCount, {
        signal,
        query: { ...filter, page_size: pageSize },
        schema: paginationCountResponse,
        handledStatuses: [400, 500, 502, 503, 504],
      }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** §4: a mood-table request adds verified=true. */
export function useMessagesMoodTable(filter: MessageFilterParams, enabled = true) {
  return useQuery({
    queryKey: messageKeys.moodTable(filter),
    queryFn: ({ signal }) =>
      apiFetch(MESSAGE_PATHS.moodTable, {
        signal,
        query: { ...filter, verified: true },
        schema: moodTableResponse,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMessagesLomStat(
  filter: MessageFilterParams,
  { stat = DEFAULT_MESSAGE_STAT, page = 1, pageSize = 25, enabled = true }: LomStatOptions = {},
) {
  return useQuery({
    queryKey: messageKeys.lomStat(filter, stat, page),
    queryFn: ({ signal }) =>
      apiFetch(MESSAGE_PATHS.lomStat, {
        signal,
        query: { ...filter, stat, page, page_size: pageSize },
        schema: lomStatResponse,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface LomStatOptions {
  stat?: MessageStat;
  page?: number;
  pageSize?: number;
  enabled?: boolean;
}

export function useMessageComments(id: number, page = 1) {
  return useQuery({
    queryKey: messageKeys.comments(id, page),
    queryFn: ({ signal }) =>
      apiFetch(MESSAGE_PATHS.comments, {
        signal,
        query: { message: id, page, page_size: 25 },
        schema: commentsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
