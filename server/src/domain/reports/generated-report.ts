import type { GeneratedReportItem, GeneratedReportStatus } from '@monitoring/contracts';

// A generated report's row as the reports list shows it: shared by the feature that makes reports (new
// dashboards) and the one that lists them (generated-reports).

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
  };
}
