import {
  type QueryParams,
  REPORT_PATHS,
  type ReportEstimation,
  reportEstimation,
} from '@monitoring/contracts';
import { apiFetch } from './client.ts';
import { apiDownload, type DownloadOptions } from './download.ts';

/** The message reports (api.md §7.8) and the quotes' (§7.10), each with its -estimation. */
export type ReportKind = keyof typeof REPORT_PATHS;
/** The two paths of a report: the file and its estimation (a dashboard's own, for one). */
export type ReportPaths = { file: string; estimation: string };

export function estimateReport(
  kind: ReportKind,
  query: QueryParams,
  signal?: AbortSignal,
  paths: ReportPaths = REPORT_PATHS[kind],
): Promise<ReportEstimation> {
  return apiFetch(paths.estimation, { query, signal, schema: reportEstimation });
}

export function downloadReport(
  kind: ReportKind,
  query: QueryParams,
  fallbackName: string,
  options: DownloadOptions,
  paths: ReportPaths = REPORT_PATHS[kind],
) {
  return apiDownload(paths.file, fallbackName, { ...options, query });
}
