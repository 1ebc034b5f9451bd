import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportCharts, reports, users } from '../../db/schema/index.ts';
import type { GeneratedReportRow } from '../../domain/reports/generated-report.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the reports list: the caller's own reports, or everyone's for WATCH_LOGS_AND_REPORTS (`userId`
// null); the files themselves are read only by the download.

const columns = {
  id: reports.id,
  name: reports.name,
  reportType: reports.reportType,
  status: reports.status,
  size: reports.size,
  userId: reports.userId,
  username: users.username,
  dashboardId: reports.newDashboardId,
  chartsCount:
    sql<number>`(select count(*) from ${reportCharts} where ${reportCharts.reportId} = ${reports.id})`.mapWith(
      Number,
    ),
  createdAt: reports.createdAt,
  snapshot: reports.snapshot,
};

const visible = (userId: number | null, id?: number): SQL | undefined =>
  and(
    userId === null ? undefined : eq(reports.userId, userId),
    id === undefined ? undefined : eq(reports.id, id),
  );

export function reportPage(
  db: Db,
  userId: number | null,
  page: number,
  pageSize: number,
): Promise<Array<GeneratedReportRow & { total: number }>> {
  return db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.userId))
    .where(visible(userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function findReport(
  db: Db,
  userId: number | null,
  id: number,
): Promise<GeneratedReportRow | null> {
  const [row] = await db
    .select(columns)
    .from(reports)
    .innerJoin(users, eq(users.id, reports.userId))
    .where(visible(userId, id));
  return row ?? null;
}

export async function reportFile(db: Db, id: number) {
  const [row] = await db
    .select({ fileName: reports.fileName, mimeType: reports.mimeType, file: reports.file })
    .from(reports)
    .where(eq(reports.id, id));
  return row ?? null;
}

export async function deleteReportRow(db: Db, id: number): Promise<void> {
  await db.delete(reports).where(eq(reports.id, id));
}
