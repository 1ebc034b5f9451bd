import {
  apiPath,
  listEnvelope,
  type QueryParams,
  RUBRIC_PATHS,
  rubricItem,
  rubricLomItem,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const rubricListResponse = listEnvelope(rubricItem);
const rubricLomListResponse = listEnvelope(rubricLomItem);

export const rubricKeys = {
  all: ['rubrics'] as const,
  list: (query: QueryParams) => [...rubricKeys.all, 'list', query] as const,
  detail: (id: number, query: QueryParams) => [...rubricKeys.all, 'detail', id, query] as const,
  loms: (id: number, query: QueryParams) => [...rubricKeys.all, 'loms', id, query] as const,
};

/** GET api/v2/rubrics/: a page of segments with their sums over the period (docs/rubrics.md). */
export function useRubricList(query: QueryParams) {
  return useQuery({
    queryKey: rubricKeys.list(query),
    queryFn: ({ signal }) => apiFetch(RUBRIC_PATHS.list, { signal, query, schema: rubricListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/v2/rubrics/{id}/: the segment and its sums; a 404 is the page's to show. */
export const rubricDetailQuery = (id: number, query: QueryParams) =>
  queryOptions({
    queryKey: rubricKeys.detail(id, query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(RUBRIC_PATHS.detail, { id }), {
        signal,
        query,
        schema: rubricItem,
        handledStatuses: [404],
      }),
  });

export function useRubric(id: number, query: QueryParams) {
  return useQuery({
    ...rubricDetailQuery(id, query),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET api/v2/rubrics/{id}/loms/: the loms with messages in the segment over the period. */
export function useRubricLoms(id: number, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: rubricKeys.loms(id, query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(RUBRIC_PATHS.loms, { id }), {
        signal,
        query,
        schema: rubricLomListResponse,
        handledStatuses: [404],
      }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
