import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportCharts, reports } from '../../db/schema/index.ts';

// SQL of the reports a dashboard makes: the row and its chart images are written together, then the built
// file (or the failure) lands in the row.

export interface NewReportChart {
  name: string;
  chart: string | null;
  /** The chart's parameters and the numbers the document tabulates. */
  parameters: unknown;
  mimeType: string;
  image: Uint8Array;
}

export async function insertReport(
  db: Db,
  values: { userId: number; dashboardId: number; name: string; reportType: string; snapshot: unknown },
  charts: readonly NewReportChart[],
): Promise<number> {
  const [row] = await db
    .insert(reports)
    .values({
      userId: values.userId,
      newDashboardId: values.dashboardId,
      name: values.name,
      reportType: values.reportType,
      status: 'building',
      snapshot: values.snapshot,
    })
    .returning({ id: reports.id });
  await db
    .insert(reportCharts)
    .values(charts.map((chart, position) => ({ reportId: row.id, position, ...chart })));
  return row.id;
}

export async function reportForBuilding(db: Db, id: number) {
  const [report] = await db
    .select({ id: reports.id, name: reports.name, snapshot: reports.snapshot, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.id, id));
  if (!report) return null;
  const charts = await db
    .select({
      name: reportCharts.name,
      chart: reportCharts.chart,
      parameters: reportCharts.parameters,
      mimeType: reportCharts.mimeType,
      image: reportCharts.image,
    })
    .from(reportCharts)
    .where(eq(reportCharts.reportId, id))
    .orderBy(asc(reportCharts.position));
  return { ...report, charts };
}

export async function finishReport(
  db: Db,
  id: number,
  file: { fileName: string; mimeType: string; bytes: Uint8Array },
): Promise<void> {
  await db
    .update(reports)
    .set({
      status: 'done',
      fileName: file.fileName,
      mimeType: file.mimeType,
      file: file.bytes,
      size: file.bytes.length,
    })
    .where(eq(reports.id, id));
}

export async function failReport(db: Db, id: number): Promise<void> {
  await db.update(reports).set({ status: 'failed' }).where(eq(reports.id, id));
}
