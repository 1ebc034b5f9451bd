import {
  listEnvelope,
  type MessageFilterParams,
  REPORT_TABLE_PATHS,
  type ReportOrdering,
  reportStats,
  reportTableRow,
  reportTop,
} from '@monitoring/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * The report calls (report/…): the picture of the day's tabs and the statistics tabs of the
 * theme and info reason cards. docs/home.md.
 */

export const reportKeys = {
  all: ['report-tables'] as const,
  table: (path: string, filter: MessageFilterParams, ordering: ReportOrdering, pageSize: number) =>
    [...reportKeys.all, path, filter, ordering, pageSize] as const,
  stats: (filter: MessageFilterParams) => [...reportKeys.all, 'stats', filter] as const,
  top: (path: string, filter: MessageFilterParams, ordering: ReportOrdering) =>
    [...reportKeys.all, 'top', path, filter, ordering] as const,
};

const tableResponse = listEnvelope(reportTableRow);

/**
 * One report table with load-more. A new filter or ordering is a new query: TanStack Query
 * aborts the request still in flight for the old one through its signal (§4 "a new request
 * cancels a still-running report request").
 */
export function useReportTable(
  path: string,
  filter: MessageFilterParams,
  ordering: ReportOrdering,
  pageSize: number,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: reportKeys.table(path, filter, ordering, pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(path, {
        signal,
        query: { ...filter, ordering, page: pageParam, page_size: pageSize },
        schema: tableResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReportStats(filter: MessageFilterParams, enabled = true) {
  return useQuery({
    queryKey: reportKeys.stats(filter),
    queryFn: ({ signal }) =>
      apiFetch(REPORT_TABLE_PATHS.themesStats, { signal, query: { ...filter }, schema: reportStats }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A top-N chart's rows (report/themes_dashboard/, info_reasons_dashboard/): the first 10 by the ordering. */
export function useReportTop(
  path: string,
  filter: MessageFilterParams,
  ordering: ReportOrdering,
  enabled = true,
) {
  return useQuery({
    queryKey: reportKeys.top(path, filter, ordering),
    queryFn: ({ signal }) => apiFetch(path, { signal, query: { ...filter, ordering }, schema: reportTop }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type ReportStatsQuery = ReturnType<typeof useReportStats>;
