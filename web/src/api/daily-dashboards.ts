import {
  apiPath,
  DAILY_DASHBOARD_PATHS,
  type DailyDashboardCreateBody,
  type DailyDashboardUpdateBody,
  dailyDashboardItem,
  dailyDashboardList,
  dailyDashboardPrivateResult,
  listEnvelope,
  type MessageFilterParams,
  REPORT_TABLE_PATHS,
  type ReportOrdering,
  reportStats,
  reportTableRow,
  reportTop,
} from '@monitoring/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** Daily dashboards (dashboard-configurations/) and the report tables of the picture of the day. */

export const dailyDashboardKeys = {
  all: ['daily-dashboards'] as const,
  list: () => [...dailyDashboardKeys.all, 'list'] as const,
};

export const reportKeys = {
  all: ['report-tables'] as const,
  table: (path: string, filter: MessageFilterParams, ordering: ReportOrdering, pageSize: number) =>
    [...reportKeys.all, path, filter, ordering, pageSize] as const,
  stats: (filter: MessageFilterParams) => [...reportKeys.all, 'stats', filter] as const,
};

export function useDailyDashboards(enabled = true) {
  return useQuery({
    queryKey: dailyDashboardKeys.list(),
    queryFn: ({ signal }) => apiFetch(DAILY_DASHBOARD_PATHS.list, { signal, schema: dailyDashboardList }),
    enabled,
  });
}

/** Every write answers with the dashboard (or the list); the list is read again after it. */
export function useDailyDashboardWrites() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: dailyDashboardKeys.list() });
  const create = useMutation({
    mutationFn: (body: DailyDashboardCreateBody) =>
      apiFetch(DAILY_DASHBOARD_PATHS.list, { method: 'POST', body, schema: dailyDashboardItem }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: DailyDashboardUpdateBody }) =>
      apiFetch(apiPath(DAILY_DASHBOARD_PATHS.detail, { id }), {
        method: 'PUT',
        body,
        schema: dailyDashboardItem,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiFetch(apiPath(DAILY_DASHBOARD_PATHS.detail, { id }), { method: 'DELETE' }),
    onSettled,
  });
  /** §4: is_private takes the value the server returns. */
  const togglePrivate = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(DAILY_DASHBOARD_PATHS.private, { id }), {
        method: 'POST',
        schema: dailyDashboardPrivateResult,
      }),
    onSettled,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch(DAILY_DASHBOARD_PATHS.reorder, { method: 'POST', body: { ids }, schema: dailyDashboardList }),
    onSuccess: (list) => client.setQueryData(dailyDashboardKeys.list(), list),
    onSettled,
  });
  return { create, update, remove, togglePrivate, reorder };
}

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
    queryKey: [...reportKeys.all, 'top', path, filter, ordering] as const,
    queryFn: ({ signal }) => apiFetch(path, { signal, query: { ...filter, ordering }, schema: reportTop }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
