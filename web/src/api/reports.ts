import {
  type MessageFilterParams,
  type QueryParams,
  type ReportEstimation,
  reportEstimation,
} from '@monitoring/contracts';
import { apiFetch } from './client.ts';
import { apiDownload, type DownloadOptions } from './download.ts';

/** Report downloads of messages (api.md §7.8) and of quotes (§7.10), each with its -estimation. */
export const REPORT_PATHS = {
  report: { file: '/api/v1/messages/get-report/', estimation: '/api/v1/messages/get-report-estimation/' },
  xlsx: { file: '/api/v1/messages/get-xlsx/', estimation: '/api/v1/messages/get-xlsx-estimation/' },
  'word-report': {
    file: '/api/v1/messages/get-word-report/',
    estimation: '/api/v1/messages/get-word-report-estimation/',
  },
  'word-popular-report': {
    file: '/api/v1/messages/get-word-popular-report/',
    estimation: '/api/v1/messages/get-word-popular-report-estimation/',
  },
  quotes: { file: '/api/v2/quotes/report/', estimation: '/api/v2/quotes/report-estimation/' },
} as const satisfies Record<string, { file: string; estimation: string }>;
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

/** The filter as a report takes it: the list's own parameters, nothing of the page. */
export function reportQuery(filter: MessageFilterParams, extra: QueryParams = {}): QueryParams {
  return { ...filter, ...extra };
}
