import {
  apiPath,
  DAILY_DASHBOARD_PATHS,
  type DailyDashboardCreateBody,
  type DailyDashboardUpdateBody,
  dailyDashboardItem,
  dailyDashboardList,
  dailyDashboardPrivateResult,
} from '@monitoring/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** Daily dashboards (dashboard-configurations/): the tabs of the picture of the day. */

export const dailyDashboardKeys = {
  all: ['daily-dashboards'] as const,
  list: () => [...dailyDashboardKeys.all, 'list'] as const,
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
