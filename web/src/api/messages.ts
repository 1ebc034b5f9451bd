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
    // §4: the next page is not loaded past the last one.
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
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
