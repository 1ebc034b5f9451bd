import {
  apiPath,
  type ChartParameters,
  chartResponse,
  GENERATED_REPORT_PATHS,
  generatedReportItem,
  NEW_DASHBOARD_PATHS,
  type NewDashboardChart,
  newDashboardItem,
  newDashboardListResponse,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

// New dashboards (docs/new-dashboards.md): the caller's own dashboards, their eight charts and the report
// made of the charts' pictures.

export const newDashboardKeys = {
  all: ['new-dashboards'] as const,
  list: (query: QueryParams) => [...newDashboardKeys.all, 'list', query] as const,
  detail: (id: number) => [...newDashboardKeys.all, 'detail', id] as const,
  chart: (id: number, chart: NewDashboardChart, parameters: ChartParameters) =>
    [...newDashboardKeys.all, 'chart', id, chart, parameters] as const,
};

export function useNewDashboards(query: QueryParams) {
  return useQuery({
    queryKey: newDashboardKeys.list(query),
    queryFn: ({ signal }) =>
      apiFetch(NEW_DASHBOARD_PATHS.list, { signal, query, schema: newDashboardListResponse }),
    placeholderData: keepPreviousData,
  });
}

export const newDashboardQuery = (id: number) =>
  queryOptions({
    queryKey: newDashboardKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(NEW_DASHBOARD_PATHS.detail, { id }), {
        signal,
        schema: newDashboardItem,
        handledStatuses: [404],
      }),
  });

export function useNewDashboard(id: number) {
  return useQuery(newDashboardQuery(id));
}

export interface DashboardFields {
  name: string;
  filters: Record<string, unknown>;
  lom_groups: number[];
  is_dashboard: boolean;
}

export function useSaveNewDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<DashboardFields> & { id?: number }) =>
      id === undefined
        ? apiFetch(NEW_DASHBOARD_PATHS.list, {
            method: 'POST',
            body: { is_dashboard: true, ...body },
            schema: newDashboardItem,
            handledStatuses: [400],
          })
        : apiFetch(apiPath(NEW_DASHBOARD_PATHS.detail, { id }), {
            method: 'PATCH',
            body,
            schema: newDashboardItem,
            handledStatuses: [400],
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newDashboardKeys.all }),
  });
}

export function useDeleteNewDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(NEW_DASHBOARD_PATHS.detail, { id }), { method: 'DELETE', expectStatus: 204 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newDashboardKeys.all }),
  });
}

/** POST api/v2/new-dashboards/{id}/<chart>/ with the chart's own controls. */
export function useDashboardChart(id: number, chart: NewDashboardChart, parameters: ChartParameters) {
  return useQuery({
    queryKey: newDashboardKeys.chart(id, chart, parameters),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(NEW_DASHBOARD_PATHS.chart, { id, chart }), {
        method: 'POST',
        signal,
        body: { parameters },
        schema: chartResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface ReportChartImage {
  name: string;
  chart: NewDashboardChart;
  parameters: ChartParameters;
  image: Blob;
}

/** POST new-dashboards/{id}/report/ as multipart: the report lands in /reports. */
export function useCreateDashboardReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, charts }: { id: number; name: string; charts: ReportChartImage[] }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('report_type', 'docx');
      charts.forEach((chart, i) => {
        form.append(`charts[${i}][name]`, chart.name);
        form.append(`charts[${i}][chart]`, chart.chart);
        form.append(`charts[${i}][parameters]`, JSON.stringify(chart.parameters));
        form.append(`charts[${i}][image]`, chart.image, `${chart.chart}.png`);
      });
      return apiFetch(apiPath(NEW_DASHBOARD_PATHS.report, { id }), {
        method: 'POST',
        body: form,
        schema: generatedReportItem,
        handledStatuses: [400],
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [GENERATED_REPORT_PATHS.list] }),
  });
}
