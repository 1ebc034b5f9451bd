import {
  apiPath,
  GENERATED_REPORT_PATHS,
  type GeneratedReportItem,
  generatedReportListResponse,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { apiDownload, saveFile } from './download.ts';

const POLL_MS = 1500;

/** The reports list; asked again every 1.5 s while one of the page's reports is still building. */
export function useGeneratedReports(query: QueryParams) {
  return useQuery({
    queryKey: [GENERATED_REPORT_PATHS.list, query],
    queryFn: ({ signal }) =>
      apiFetch(GENERATED_REPORT_PATHS.list, { signal, query, schema: generatedReportListResponse }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.results.some((r: GeneratedReportItem) => r.status === 'building') ? POLL_MS : false,
  });
}

export function useDeleteGeneratedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(GENERATED_REPORT_PATHS.detail, { id }), { method: 'DELETE', expectStatus: 204 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [GENERATED_REPORT_PATHS.list] }),
  });
}

export async function downloadGeneratedReport(report: GeneratedReportItem): Promise<void> {
  saveFile(
    await apiDownload(apiPath(GENERATED_REPORT_PATHS.download, { id: report.id }), `${report.name}.docx`),
  );
}

/** A recorded download made again: its own call with the query it was made with (today's data). */
export async function repeatDownload(report: GeneratedReportItem): Promise<void> {
  const repeat = report.repeat;
  // The server names one of the report paths of contracts; nothing else is fetched with the token.
  if (!repeat?.path.startsWith('/api/')) return;
  saveFile(await apiDownload(repeat.path, report.name, { query: repeat.query }));
}
