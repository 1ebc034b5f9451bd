import {
  apiPath,
  type QueryParams,
  THEME_RELATION_PATHS,
  themeRelationDetail,
  themeRelationGraph,
  themeRelationMoodTable,
  themeRelationSourceStats,
} from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { apiFetch } from './client.ts';

/** Theme relation (api.md §7.6, contracts theme-relations.ts): a theme through the loms that wrote about it. */

export interface ThemeRelationFilter {
  /** Loms to count; all when empty. */
  lomIds: readonly number[];
  /** YYYY-MM-DD, both inclusive. */
  after: string;
  before: string;
}

function relationQuery({ lomIds, after, before }: ThemeRelationFilter): QueryParams {
  return { lom_in: lomIds.length > 0 ? lomIds : undefined, wrote_at_after: after, wrote_at_before: before };
}

/**
 * The graph's query: product.md §4 "The relation graph end date is moved back one day"
 * (docs/theme-relations.md: the server takes the end as sent, the shift is the client's).
 * A one-day period keeps its day rather than ending before it starts.
 */
export function graphQuery(filter: ThemeRelationFilter): QueryParams {
  const end = dayjs(filter.before, 'YYYY-MM-DD').subtract(1, 'day').format('YYYY-MM-DD');
  return relationQuery({ ...filter, before: end < filter.after ? filter.after : end });
}

const keys = {
  part: (id: number, part: string, filter: ThemeRelationFilter) =>
    ['theme-relation', id, part, relationQuery(filter)] as const,
};

export function useThemeRelationDetail(id: number, filter: ThemeRelationFilter) {
  return useQuery({
    queryKey: keys.part(id, 'detail', filter),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(THEME_RELATION_PATHS.detail, { id }), {
        signal,
        query: relationQuery(filter),
        schema: themeRelationDetail,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useThemeRelationMoodTable(id: number, filter: ThemeRelationFilter) {
  return useQuery({
    queryKey: keys.part(id, 'mood-table', filter),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(THEME_RELATION_PATHS.moodTable, { id }), {
        signal,
        query: relationQuery(filter),
        schema: themeRelationMoodTable,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useThemeRelationSourceStats(id: number, filter: ThemeRelationFilter) {
  return useQuery({
    queryKey: keys.part(id, 'source-stats', filter),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(THEME_RELATION_PATHS.sourceStats, { id }), {
        signal,
        query: relationQuery(filter),
        schema: themeRelationSourceStats,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useThemeRelationGraph(id: number, filter: ThemeRelationFilter) {
  return useQuery({
    queryKey: keys.part(id, 'graph', filter),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(THEME_RELATION_PATHS.graph, { id }), {
        signal,
        query: graphQuery(filter),
        schema: themeRelationGraph,
      }),
    placeholderData: keepPreviousData,
  });
}
