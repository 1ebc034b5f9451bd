import {
  apiPath,
  cooperationStatusesResponse,
  LOM_COMMENTS_PAGE_SIZE,
  LOM_CONTENT_PATHS,
  LOM_TAB_PAGE_SIZE,
  type LomCooperationResponse,
  type LomDetail,
  lomArticleDetail,
  lomCommentsResponse,
  lomCooperationResponse,
  lomFactsResponse,
  lomPostsByPeriodResponse,
  lomPublicationsResponse,
  lomQuotesResponse,
  lomSearchResultsResponse,
  lomSpeechResponse,
  NAMED_ERRORS,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { lomKeys } from './loms.ts';

// The lom card's content tabs (docs/lom-content.md): publications, quotes, speech, comments,
// facts with the web search results, cooperation.

/** The card's period: Moscow days YYYY-MM-DD, both included (the card's LomCardPeriod). */
export interface LomCardPeriod {
  after: string;
  before: string;
}

/** The card's period as the calls take it. */
const periodQuery = (period: LomCardPeriod) => ({
  period_after: period.after,
  period_before: period.before,
});

export const lomContentKeys = {
  all: ['lom-content'] as const,
  lom: (lomId: number) => [...lomContentKeys.all, lomId] as const,
  publications: (lomId: number, period: LomCardPeriod, page: number) =>
    [...lomContentKeys.lom(lomId), 'publications', period, page] as const,
  postsByPeriod: (lomId: number, period: LomCardPeriod) =>
    [...lomContentKeys.lom(lomId), 'posts-by-period', period] as const,
  quotes: (lomId: number, period: LomCardPeriod, page: number) =>
    [...lomContentKeys.lom(lomId), 'quotes', period, page] as const,
  speech: (lomId: number, period: LomCardPeriod, page: number) =>
    [...lomContentKeys.lom(lomId), 'speech', period, page] as const,
  comments: (lomId: number, period: LomCardPeriod, page: number) =>
    [...lomContentKeys.lom(lomId), 'comments', period, page] as const,
  facts: (lomId: number, period: LomCardPeriod | null) =>
    [...lomContentKeys.lom(lomId), 'facts', period] as const,
  searchResults: (lomId: number, page: number) =>
    [...lomContentKeys.lom(lomId), 'search-results', page] as const,
  article: (articleId: number) => [...lomContentKeys.all, 'article', articleId] as const,
  cooperationStatuses: () => [...lomContentKeys.all, 'cooperation-statuses'] as const,
};

export function useLomPublications(lomId: number, period: LomCardPeriod, page: number) {
  return useQuery({
    queryKey: lomContentKeys.publications(lomId, period, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.publications, { id: lomId }), {
        signal,
        query: { ...periodQuery(period), page, page_size: LOM_TAB_PAGE_SIZE },
        schema: lomPublicationsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLomPostsByPeriod(lomId: number, period: LomCardPeriod) {
  return useQuery({
    queryKey: lomContentKeys.postsByPeriod(lomId, period),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.postsByPeriod, { id: lomId }), {
        signal,
        query: periodQuery(period),
        schema: lomPostsByPeriodResponse,
      }),
  });
}

export function useLomQuotes(lomId: number, period: LomCardPeriod, page: number) {
  return useQuery({
    queryKey: lomContentKeys.quotes(lomId, period, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.quotes, { id: lomId }), {
        signal,
        query: { ...periodQuery(period), page, page_size: LOM_TAB_PAGE_SIZE },
        schema: lomQuotesResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLomSpeech(lomId: number, period: LomCardPeriod, page: number) {
  return useQuery({
    queryKey: lomContentKeys.speech(lomId, period, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.speech, { id: lomId }), {
        signal,
        query: { ...periodQuery(period), page, page_size: LOM_TAB_PAGE_SIZE },
        schema: lomSpeechResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLomComments(lomId: number, period: LomCardPeriod, page: number) {
  return useQuery({
    queryKey: lomContentKeys.comments(lomId, period, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.comments, { id: lomId }), {
        signal,
        query: { ...periodQuery(period), page, page_size: LOM_COMMENTS_PAGE_SIZE },
        schema: lomCommentsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The lom's facts by type; `period` null reads them all. */
export function useLomFacts(lomId: number, period: LomCardPeriod | null) {
  return useQuery({
    queryKey: lomContentKeys.facts(lomId, period),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.facts, { id: lomId }), {
        signal,
        query: period ? periodQuery(period) : undefined,
        schema: lomFactsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function fetchSearchResults(lomId: number, page: number, refresh: boolean, signal?: AbortSignal) {
  return apiFetch(apiPath(LOM_CONTENT_PATHS.searchResults, { id: lomId }), {
    signal,
    query: { refresh, page, page_size: LOM_TAB_PAGE_SIZE },
    schema: lomSearchResultsResponse,
  });
}

export function useLomSearchResults(lomId: number, page: number) {
  return useQuery({
    queryKey: lomContentKeys.searchResults(lomId, page),
    queryFn: ({ signal }) => fetchSearchResults(lomId, page, false, signal),
    placeholderData: keepPreviousData,
  });
}

/** «Обновить»: the call with refresh=true; its answer replaces the page on screen. */
export function useRefreshSearchResults(lomId: number, page: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchSearchResults(lomId, page, true),
    onSuccess: (answer) => {
      queryClient.setQueryData(lomContentKeys.searchResults(lomId, page), answer);
      // Other pages carry the old stamp.
      void queryClient.invalidateQueries({
        queryKey: [...lomContentKeys.lom(lomId), 'search-results'],
        predicate: (query) => query.queryKey[3] !== page,
      });
    },
  });
}

export function useLomArticle(articleId: number | null) {
  return useQuery({
    queryKey: lomContentKeys.article(articleId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.article, { id: articleId ?? 0 }), {
        signal,
        schema: lomArticleDetail,
      }),
    enabled: articleId !== null,
  });
}

export function useCooperationStatuses(enabled = true) {
  return useQuery({
    enabled,
    queryKey: lomContentKeys.cooperationStatuses(),
    queryFn: ({ signal }) =>
      apiFetch(LOM_CONTENT_PATHS.cooperationStatuses, { signal, schema: cooperationStatusesResponse }),
    staleTime: 10 * 60_000,
  });
}

/**
 * PATCH new-loms/{id}/cooperation/. Anything but 200 is «Cooperation update error»
 * (product.md §5, §8); on success the card's summary takes the new status.
 */
export function useUpdateCooperation(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cooperation: number) =>
      apiFetch(apiPath(LOM_CONTENT_PATHS.cooperation, { id: lomId }), {
        method: 'PATCH',
        body: { cooperation },
        schema: lomCooperationResponse,
        expectStatus: 200,
        unexpectedStatusMessage: NAMED_ERRORS.cooperationUpdate,
        handledStatuses: [400, 403, 404],
      }),
    onSuccess: (answer: LomCooperationResponse) => {
      queryClient.setQueryData(lomKeys.detail(lomId), (old: LomDetail | undefined) =>
        old ? { ...old, cooperation: answer.cooperation } : old,
      );
      void queryClient.invalidateQueries({ queryKey: lomKeys.detail(lomId) });
    },
  });
}
