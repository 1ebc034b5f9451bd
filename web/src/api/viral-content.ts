import { siAnswer, VIRAL_CONTENT_PATHS, type ViralStat, viralContentAnswer } from '@monitoring/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from './client.ts';

export interface ViralContentParams {
  /** Moscow days, inclusive. */
  after: string;
  before: string;
  stat: ViralStat;
  page: number;
}

export const viralContentKeys = {
  all: ['viral-content'] as const,
  list: (p: ViralContentParams) => [...viralContentKeys.all, p.after, p.before, p.stat, p.page] as const,
  si: ['si-definition'] as const,
};

/**
 * A page of viral content. A new request cancels the one in flight (product.md §4): the fetch takes the query's
 * abort signal, and every other viral-content query still running is cancelled when the parameters change.
 */
export function useViralContent(params: ViralContentParams) {
  const client = useQueryClient();
  const key = viralContentKeys.list(params);
  const keyText = JSON.stringify(key);
  useEffect(() => {
    void client.cancelQueries({
      queryKey: viralContentKeys.all,
      predicate: (query) => JSON.stringify(query.queryKey) !== keyText,
    });
  }, [client, keyText]);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch(VIRAL_CONTENT_PATHS.list, {
        signal,
        query: {
          period_after: params.after,
          period_before: params.before,
          stat: params.stat,
          page: params.page,
        },
        schema: viralContentAnswer,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The SI index's definition and scale (api/v2/si/), for the tooltips; it changes only with a release. */
export function useSiDefinition(enabled = true) {
  return useQuery({
    queryKey: viralContentKeys.si,
    queryFn: ({ signal }) => apiFetch(VIRAL_CONTENT_PATHS.si, { signal, schema: siAnswer }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
