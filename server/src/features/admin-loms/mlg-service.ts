import {
  ACTION_TYPE,
  type AdminMlgLoadResult,
  type AdminMlgReportCreateBody,
  type AdminMlgReportItem,
  type AdminMlgReportListQuery,
  type ListEnvelope,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { onPrimary } from '../../db/read-routing.ts';
import { logAction, logActions } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { envelope } from '../../http/pagination.ts';
import * as q from './mlg-queries.ts';
import { presentReport } from './presenter.ts';

// The admin panel's mlg reports (api.md §7.2, docs/admin-loms.md "Mlg reports"). Every change writes the action log
// in its own transaction.

const REPORT_NOT_FOUND = 'Отчёт не найден';

export async function listReports(
  db: Db,
  query: AdminMlgReportListQuery,
): Promise<ListEnvelope<AdminMlgReportItem>> {
  const rows = await q.reportPage(db, query);
  return envelope(rows, query.page, query.page_size, presentReport);
}

async function reportItem(db: Db, id: number): Promise<AdminMlgReportItem> {
  const row = await q.reportRow(db, id);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return presentReport(row);
}

/** POST admin/reports-mlg/ {report_id}: registers a report (a public group of accounts). */
export async function createReport(db: Db, body: AdminMlgReportCreateBody, user: AuthUser) {
  const id = await db.transaction(async (tx) => {
    // One report number, one group: concurrent creations of the same number queue here.
    await q.lockReportNumber(tx, body.report_id);
    if (await q.reportIdTaken(tx, body.report_id)) {
      throw badRequest(
        `Некорректное значение поля «report_id»: отчёт ${body.report_id} уже есть`,
        'report_id',
      );
    }
    const sources = [...new Set(body.lom_sources ?? [])];
    const missing = await q.missingSources(tx, sources);
    if (missing.length > 0) {
      throw badRequest(
        `Некорректное значение поля «lom_sources»: нет аккаунтов ${listedIds(missing)}`,
        'lom_sources',
      );
    }
    const groupId = await q.insertReport(tx, {
      reportId: body.report_id,
      title: body.title ? body.title : null,
      sources,
    });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'mlg_report.create',
      newValue: { id: groupId, report_id: body.report_id, title: body.title ?? null, lom_sources: sources },
    });
    return groupId;
  });
  return reportItem(db, id);
}

export async function deleteReport(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await q.lockReport(tx, id);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    await q.deleteReports(tx, [id]);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'mlg_report.delete',
      oldValue: report,
    });
  });
}

/** DELETE mass_delete/?report_id_in=: the reports of those numbers; unknown numbers are ignored. */
export async function massDeleteReports(db: Db, reportIds: readonly number[], user: AuthUser) {
  return db.transaction(async (tx) => {
    const reports = await q.lockReportsByNumber(tx, reportIds);
    if (reports.length === 0) return { deleted: 0 };
    await q.deleteReports(
      tx,
      reports.map((r) => r.id),
    );
    await logActions(
      tx,
      reports.map((report) => ({
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'mlg_report.delete',
        oldValue: report,
      })),
    );
    return { deleted: reports.length };
  });
}

/**
 * GET {id}/load/: rebuilds the report's loms from its accounts and stamps last_processed. The spec makes this write
 * a GET, so it runs on the primary, and reads the answer there too (a replica may not have replayed it yet).
 */
export function loadReport(db: Db, id: number, user: AuthUser): Promise<AdminMlgLoadResult> {
  return onPrimary(() => loadReportOnPrimary(db, id, user));
}

async function loadReportOnPrimary(db: Db, id: number, user: AuthUser): Promise<AdminMlgLoadResult> {
  const counts = await db.transaction(async (tx) => {
    const report = await q.lockReport(tx, id);
    if (!report) throw notFound(REPORT_NOT_FOUND);
    const result = await q.loadReport(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'mlg_report.load',
      newValue: { id, report_id: report.report_id, ...result },
    });
    return result;
  });
  return { report: await reportItem(db, id), ...counts };
}
