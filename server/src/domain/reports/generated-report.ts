import {
  GENERATED_REPORT_SOURCES,
  type GeneratedReportItem,
  type GeneratedReportSource,
  type GeneratedReportStatus,
} from '@monitoring/contracts';

// A generated report's row as the reports list shows it: shared by the feature that makes reports (new
// dashboards), the downloads recorded as they are sent (download-record.ts) and the list (generated-reports).

/** One line of a filter in words: «ЛОМ: Иванов, Петров». */
export interface ReportFilterLine {
  label: string;
  value: string;
}

/** `reports.snapshot` of a recorded download (the file itself is not kept). */
export interface DownloadSnapshot {
  kind: 'download';
  source: Exclude<GeneratedReportSource, 'dashboard'>;
  lines: ReportFilterLine[];
  rows: number | null;
  /** The GET that makes the file again, with its query; null for a POST. */
  repeat: { path: string; query: Record<string, string> } | null;
}

/** `reports.snapshot` of a new dashboard's report. */
interface DashboardSnapshot {
  dashboard_name?: string;
  lines?: ReportFilterLine[];
}

function isDownload(snapshot: unknown): snapshot is DownloadSnapshot {
  if (typeof snapshot !== 'object' || snapshot === null) return false;
  const { kind, source } = snapshot as Partial<DownloadSnapshot>;
  return kind === 'download' && (GENERATED_REPORT_SOURCES as readonly unknown[]).includes(source);
}

export interface GeneratedReportRow {
  id: number;
  name: string;
  reportType: string;
  status: string;
  size: number | null;
  userId: number;
  username: string;
  dashboardId: number | null;
  chartsCount: number;
  createdAt: Date;
  /** The request as it was made (DownloadSnapshot, or a dashboard's name and filter); absent right after a POST. */
  snapshot?: unknown;
}

/** What the row says of where it was made, with what filter, and whether its file is kept. */
function origin(row: GeneratedReportRow) {
  if (isDownload(row.snapshot)) {
    const { source, lines, rows, repeat } = row.snapshot;
    return { source, filters: lines, rows, file_kept: false, repeat };
  }
  const dashboard = (row.snapshot ?? {}) as DashboardSnapshot;
  const filters = [
    ...(dashboard.dashboard_name ? [{ label: 'Дашборд', value: dashboard.dashboard_name }] : []),
    ...(dashboard.lines ?? []),
  ];
  return { source: 'dashboard' as const, filters, rows: null, file_kept: true, repeat: null };
}

/** A report still "building" this long after it was asked for died with its server: it shows as failed. */
export const REPORT_BUILD_TIMEOUT_MS = 10 * 60_000;

export function presentGeneratedReport(row: GeneratedReportRow, now = new Date()): GeneratedReportItem {
  let status = (
    ['building', 'done', 'failed'].includes(row.status) ? row.status : 'failed'
  ) as GeneratedReportStatus;
  if (status === 'building' && now.getTime() - row.createdAt.getTime() > REPORT_BUILD_TIMEOUT_MS)
    status = 'failed';
  return {
    id: row.id,
    name: row.name,
    report_type: row.reportType,
    status,
    size: status === 'done' ? row.size : null,
    author: { id: row.userId, username: row.username },
    dashboard_id: row.dashboardId,
    charts_count: row.chartsCount,
    created_at: row.createdAt.toISOString(),
    ...origin(row),
  };
}
