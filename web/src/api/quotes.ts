import {
  apiPath,
  DEFAULT_MESSAGE_STAT,
  listEnvelope,
  lomStatItem,
  MAX_QUOTES_PER_LOM,
  type MessageStat,
  moodTableResponse,
  QUOTE_PATHS,
  type QuoteFilterParams,
  quoteListResponse,
} from '@monitoring/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { messageKeys } from './messages.ts';

/** Loms per page of the grouped list («Показать ещё» loads the next). */
export const QUOTE_GROUPS_PAGE_SIZE = 10;

const lomStatResponse = listEnvelope(lomStatItem);

export const quoteKeys = {
  all: ['quotes'] as const,
  groups: (filter: QuoteFilterParams, pageSize: number) =>
    [...quoteKeys.all, 'groups', filter, pageSize] as const,
  group: (filter: QuoteFilterParams, lomId: number) => [...quoteKeys.all, 'group', filter, lomId] as const,
  moodTable: (filter: QuoteFilterParams) => [...quoteKeys.all, 'mood-table', filter] as const,
  lomStat: (filter: QuoteFilterParams, stat: MessageStat, page: number) =>
    [...quoteKeys.all, 'lom-stat', filter, stat, page] as const,
};

/**
 * Quotes grouped by lom, a page of loms at a time: page 1 of a new filter replaces
 * the list (the old request is aborted), later pages append.
 */
export function useQuoteGroups(filter: QuoteFilterParams, pageSize = QUOTE_GROUPS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: quoteKeys.groups(filter, pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(QUOTE_PATHS.list, {
        signal,
        query: { ...filter, page: pageParam, page_size: pageSize },
        schema: quoteListResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** One lom's group with up to the most quotes a group may carry («Все цитаты ЛОМ»). */
export function useQuoteGroup(filter: QuoteFilterParams, lomId: number, enabled: boolean) {
  return useQuery({
    queryKey: quoteKeys.group(filter, lomId),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(QUOTE_PATHS.list, {
        signal,
        query: { ...filter, lom_in: [lomId], page: 1, page_size: 1, quotes_per_lom: MAX_QUOTES_PER_LOM },
        schema: quoteListResponse,
      });
      return answer.results[0] ?? null;
    },
    enabled,
  });
}

export function useQuotesMoodTable(filter: QuoteFilterParams) {
  return useQuery({
    queryKey: quoteKeys.moodTable(filter),
    queryFn: ({ signal }) =>
      apiFetch(QUOTE_PATHS.moodTable, { signal, query: { ...filter }, schema: moodTableResponse }),
    placeholderData: keepPreviousData,
  });
}

export function useQuotesLomStat(
  filter: QuoteFilterParams,
  {
    stat = DEFAULT_MESSAGE_STAT,
    page = 1,
    pageSize = 10,
  }: { stat?: MessageStat; page?: number; pageSize?: number },
) {
  return useQuery({
    queryKey: quoteKeys.lomStat(filter, stat, page),
    queryFn: ({ signal }) =>
      apiFetch(QUOTE_PATHS.lomStat, {
        signal,
        query: { ...filter, stat, page, page_size: pageSize },
        schema: lomStatResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function deleteQuote(id: number) {
  return apiFetch(apiPath(QUOTE_PATHS.detail, { id }), { method: 'DELETE' });
}

/** Deletes a quote; afterwards every quote read (list, mood table, lom stat) reloads, and the messages' views go stale. */
export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
        queryClient.invalidateQueries({ queryKey: messageKeys.all, refetchType: 'none' }),
      ]);
    },
  });
}
