import {
  ACTION_TYPE,
  type GeneratedReportItem,
  type GeneratedReportListQuery,
  hasPermission,
  type ListEnvelope,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { type GeneratedReportRow, presentGeneratedReport } from '../../domain/reports/generated-report.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { deleteReportRow, findReport, reportFile, reportPage } from './queries.ts';

// The reports list: users see (download, delete) their own reports; WATCH_LOGS_AND_REPORTS sees everyone's.
// Another user's report does not exist for the rest (404).

const scopeOf = (user: AuthUser) => (hasPermission(user, 'WATCH_LOGS_AND_REPORTS') ? null : user.id);

export async function listReports(
  db: Db,
  user: AuthUser,
  query: GeneratedReportListQuery,
): Promise<ListEnvelope<GeneratedReportItem>> {
  const rows = await reportPage(db, scopeOf(user), query.page, query.page_size);
  const total = rows.length > 0 ? rows[0].total : 0;
  const now = new Date();
  return {
    results: rows.map((row) => presentGeneratedReport(row, now)),
    ...pageInfo(query.page, query.page_size, total),
  };
}

async function visibleReport(db: Db, user: AuthUser, id: number): Promise<GeneratedReportRow> {
  const row = await findReport(db, scopeOf(user), id);
  if (!row) throw notFound(`Отчёт ${id} не найден`);
  return row;
}

const asciiOf = (name: string) => name.replace(/[^\x20-\x7E]/g, '_');

export async function reportDownload(db: Db, user: AuthUser, id: number): Promise<Download> {
  const row = await visibleReport(db, user, id);
  const item = presentGeneratedReport(row);
  if (!item.file_kept) {
    throw badRequest('Этот файл был скачан, но не хранится на сервере: сформируйте его заново', 'id');
  }
  if (item.status !== 'done') throw badRequest('Отчёт ещё не готов или не сформировался', 'id');
  const file = await reportFile(db, id);
  if (!file?.file) throw notFound(`Файл отчёта ${id} не найден`);
  const fileName = file.fileName ?? `report-${id}.docx`;
  return {
    fileName,
    asciiName: asciiOf(fileName),
    contentType: file.mimeType ?? 'application/octet-stream',
    body: Buffer.from(file.file),
  };
}

export async function removeReport(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await visibleReport(tx, user, id);
    await deleteReportRow(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'report.delete',
      oldValue: { id: row.id, name: row.name, owner: row.userId },
    });
  });
}
