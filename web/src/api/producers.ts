import {
  apiPath,
  PRODUCER_GRAPH_PATHS,
  PRODUCER_PATHS,
  type ProducerGraph,
  type ProducerOrdering,
  producerDetailResponse,
  producerGraphResponse,
  producerListResponse,
} from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** What the list and every graph take (api.md §7.5): the period, the centers and the sources. */
export interface ProducerFilter {
  period_after?: string;
  period_before?: string;
  pc_in: readonly number[];
  source_in: readonly number[];
}

const filterQuery = (filter: ProducerFilter) => ({
  period_after: filter.period_after,
  period_before: filter.period_before,
  pc_in: filter.pc_in.length ? filter.pc_in : undefined,
  source_in: filter.source_in.length ? filter.source_in : undefined,
});

export const producerKeys = {
  all: ['producers'] as const,
  list: (filter: ProducerFilter, page: number, ordering: ProducerOrdering) =>
    [...producerKeys.all, 'list', filterQuery(filter), page, ordering] as const,
  detail: (id: number) => [...producerKeys.all, 'detail', id] as const,
  graph: (graph: ProducerGraph, filter: ProducerFilter) =>
    [...producerKeys.all, 'graph', graph, filterQuery(filter)] as const,
};

/** GET producer-centers/: a page of 20 centers. */
export function useProducerList(filter: ProducerFilter, page: number, ordering: ProducerOrdering) {
  return useQuery({
    queryKey: producerKeys.list(filter, page, ordering),
    queryFn: ({ signal }) =>
      apiFetch(PRODUCER_PATHS.list, {
        signal,
        query: { ...filterQuery(filter), page, ordering },
        schema: producerListResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET producer-centers/{id}/: the center with its displayed loms count; 404 is the page's own answer. */
export function useProducer(id: number | undefined) {
  return useQuery({
    queryKey: producerKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(PRODUCER_PATHS.detail, { id: id ?? 0 }), {
        signal,
        schema: producerDetailResponse,
        handledStatuses: [404],
      }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** One graph of the chosen centers. */
export function useProducerGraph(graph: ProducerGraph, filter: ProducerFilter) {
  return useQuery({
    queryKey: producerKeys.graph(graph, filter),
    queryFn: ({ signal }) =>
      apiFetch(PRODUCER_GRAPH_PATHS[graph], {
        signal,
        query: filterQuery(filter),
        schema: producerGraphResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
