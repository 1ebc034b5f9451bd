import { ACTION_TYPE, formatDateRu, formatTimeRu, type GeneratedReportItem } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { presentGeneratedReport } from '../../domain/reports/generated-report.ts';
import type { AuthUser } from '../../http/auth.ts';
import { chartInput, computeChart } from './chart-service.ts';
import type { ReportDocumentChart } from './report-document.ts';
import { renderReportDocument } from './report-document.ts';
import type { ImageType, ReportForm } from './report-form.ts';
import {
  failReport,
  finishReport,
  insertReport,
  type NewReportChart,
  reportForBuilding,
} from './report-queries.ts';
import { getDashboard } from './service.ts';

// A dashboard report: the form is checked whole, the numbers of each named chart are computed now (the same
// call as the page's), and the report row with its images is written in one transaction; the Word file is
// then built in the background and lands in the same row (status building → done or failed).

const MIME: Readonly<Record<ImageType, string>> = { png: 'image/png', jpg: 'image/jpeg' };
const typeOfMime = (mime: string): ImageType => (mime === 'image/jpeg' ? 'jpg' : 'png');
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Snapshot {
  dashboard_name: string;
  lines: { label: string; value: string }[];
}

/** POST new-dashboards/{id}/report/: stores the request, then builds the file in the background. */
export async function requestReport(
  db: Db,
  user: AuthUser,
  id: number,
  form: ReportForm,
  onBuilt: (error: unknown) => void = () => {},
): Promise<GeneratedReportItem> {
  const item = await storeReport(db, user, id, form);
  setImmediate(() => {
    buildReport(db, item.id).then(() => onBuilt(null), onBuilt);
  });
  return item;
}

/** Checks and stores a report request (status building); `buildReport` makes its file. */
export async function storeReport(
  db: Db,
  user: AuthUser,
  id: number,
  form: ReportForm,
): Promise<GeneratedReportItem> {
  const dashboard = await getDashboard(db, user, id);
  const charts: NewReportChart[] = [];
  for (const chart of form.charts) {
    const data = chart.chart
      ? await computeChart(
          db,
          await chartInput(db, user, id, chart.chart, { filters: {}, parameters: chart.parameters }),
        )
      : null;
    charts.push({
      name: chart.name,
      chart: chart.chart,
      parameters: { parameters: chart.parameters, data },
      mimeType: MIME[chart.imageType],
      image: new Uint8Array(chart.image),
    });
  }
  const snapshot: Snapshot = { dashboard_name: dashboard.name, lines: dashboard.filters_text };
  const reportId = await db.transaction(async (tx) => {
    const reportId = await insertReport(
      tx,
      { userId: user.id, dashboardId: id, name: form.name, reportType: form.reportType, snapshot },
      charts,
    );
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'new_dashboard.report',
      newValue: { report_id: reportId, dashboard_id: id, name: form.name, charts: charts.map((c) => c.name) },
    });
    return reportId;
  });
  return presentGeneratedReport({
    id: reportId,
    name: form.name,
    reportType: form.reportType,
    status: 'building',
    size: null,
    userId: user.id,
    username: user.username,
    dashboardId: id,
    chartsCount: charts.length,
    createdAt: new Date(),
  });
}

/** A file name without path separators or characters Windows refuses (control characters included). */
const fileSafe = (name: string) =>
  [...name]
    .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .slice(0, 150);

/** Builds the Word file of a stored report request; a failure marks the report failed. */
export async function buildReport(db: Db, id: number): Promise<void> {
  try {
    const report = await reportForBuilding(db, id);
    if (!report) return;
    const snapshot = (report.snapshot ?? { dashboard_name: '', lines: [] }) as Snapshot;
    const charts: ReportDocumentChart[] = report.charts.map((chart) => ({
      name: chart.name,
      image: chart.image,
      imageType: typeOfMime(chart.mimeType),
      data: (chart.parameters as { data?: ReportDocumentChart['data'] } | null)?.data ?? null,
    }));
    const bytes = await renderReportDocument({
      title: report.name,
      dashboardName: snapshot.dashboard_name,
      lines: snapshot.lines,
      generatedAt: `${formatDateRu(report.createdAt)} ${formatTimeRu(report.createdAt)}`,
      charts,
    });
    await finishReport(db, id, {
      fileName: `${fileSafe(report.name)}.docx`,
      mimeType: DOCX_MIME,
      bytes: new Uint8Array(bytes),
    });
  } catch (error) {
    await failReport(db, id).catch(() => {});
    throw error;
  }
}
