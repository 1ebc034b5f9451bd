import { type ClientExcelUpload, type ClientExcelUploadQuery, hasPermission } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { findSourcesByKey, refreshLomCoverage } from '../../domain/editing/lom-source-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { envelope } from '../../http/pagination.ts';
import { type LogRow, logsCsv, logsReport, medialogyReport, type ReportRow } from './files.ts';
import { checkRows, type ImportRow, readClientExcel } from './parse.ts';
import { presentUpload, presentUploadReport } from './presenter.ts';
import {
  countUploadReports,
  countUploads,
  deleteUpload,
  deleteUploadReport,
  getUpload,
  getUploadReport,
  insertLoms,
  insertSources,
  insertUpload,
  insertUploadReport,
  type LomFields,
  listPlatforms,
  listUploadReports,
  listUploads,
  nextLomIds,
  updateLoms,
  updateSources,
  uploadFile,
} from './queries.ts';

const IMPORT_ACTION_TYPE = 9;

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

function lomFields(r: ImportRow): LomFields {
  return {
    name: r.name,
    birthDate: r.birthDate,
    category: r.category,
    segment: r.segment,
    typology: r.typology,
    residence: r.residence,
    agency: r.agency,
    awards: r.awards,
  };
}

/** What happens to each good row, decided before anything is written. */
type Plan =
  | { kind: 'create'; row: ImportRow; existingSourceId: number | null }
  | { kind: 'update'; row: ImportRow; lomId: number; sourceId: number }
  | { kind: 'match'; row: ImportRow; lomId: number; sourceId: number };

function baseName(fileName: string): string {
  return fileName.replace(/\.xlsx$/i, '');
}

/**
 * Imports one file (api.md §7.4). The file's shape is checked first (400, nothing
 * written); then every row is checked and planned, and all writes (loms, accounts,
 * the upload with its two result files, its upload report, the action log) happen
 * in one transaction.
 */
export async function importClientExcel(
  db: Db,
  user: AuthUser,
  file: UploadedFile,
  options: ClientExcelUploadQuery,
): Promise<ClientExcelUpload> {
  if (options.update_flag && !hasPermission(user, 'EDIT_LOM')) {
    throw forbidden('Нет права изменять ЛОМ: загрузите файл без обновления', 'update_flag');
  }
  const raw = await readClientExcel(file.fileName, file.bytes);
  const platforms = await listPlatforms(db);
  const checked = checkRows(raw, platforms);

  const uploadId = await db.transaction(async (tx) => {
    const good = checked.flatMap((c) => (c.ok ? [c.value] : []));
    const existing = await findSourcesByKey(
      tx,
      good.map((r) => r.key),
    );
    const log = new Map<number, LogRow>();
    for (const c of checked) {
      if (!c.ok) log.set(c.row, { row: c.row, url: c.url, status: 'error', reason: c.reason });
    }
    const plans: Plan[] = [];
    for (const row of good) {
      const fail = (reason: string) =>
        log.set(row.row, { row: row.row, url: row.url, status: 'error', reason });
      const found = existing.get(row.key);
      if (found?.lomId != null) {
        plans.push({
          kind: options.update_flag ? 'update' : 'match',
          row,
          lomId: found.lomId,
          sourceId: found.sourceId,
        });
        continue;
      }
      if (!options.force_create_lom) {
        fail(
          found
            ? 'Аккаунт есть в системе, но не привязан к ЛОМ; включите создание новых ЛОМ'
            : 'ЛОМ с такой ссылкой не найден; включите создание новых ЛОМ',
        );
        continue;
      }
      if (!row.name) {
        fail('Для нового ЛОМ нужно указать «Имя»');
        continue;
      }
      if (!found && !row.platform) {
        fail('Для нового ЛОМ нужно указать «Площадку»: по ссылке её не определить');
        continue;
      }
      plans.push({ kind: 'create', row, existingSourceId: found?.sourceId ?? null });
    }

    const creates = plans.filter((p) => p.kind === 'create');
    const lomIds = await nextLomIds(tx, creates.length);
    await insertLoms(
      tx,
      creates.map((p, i) => ({ id: lomIds[i], ...lomFields(p.row) })),
    );
    const fresh = creates.flatMap((p, i) => (p.existingSourceId === null ? [{ p, lomId: lomIds[i] }] : []));
    const freshIds = await insertSources(
      tx,
      fresh.map(({ p, lomId }) => ({
        lomId,
        platformId: p.row.platform?.id ?? 0,
        url: p.row.url,
        coverage: p.row.subscribers ?? 0,
      })),
    );
    const sourceOf = new Map<number, number>(fresh.map(({ p }, i) => [p.row.row, freshIds[i]]));
    const updates = plans.filter((p) => p.kind === 'update');
    await updateLoms(
      tx,
      updates.map((p) => ({ id: p.lomId, ...lomFields(p.row) })),
    );
    await updateSources(tx, [
      ...creates.flatMap((p, i) =>
        p.existingSourceId === null
          ? []
          : [{ id: p.existingSourceId, lomId: lomIds[i], coverage: p.row.subscribers }],
      ),
      ...updates
        .filter((p) => p.row.subscribers !== null)
        .map((p) => ({
          id: p.sourceId,
          lomId: null,
          coverage: p.row.subscribers,
        })),
    ]);
    await refreshLomCoverage(tx, [...lomIds, ...updates.map((p) => p.lomId)]);

    const createdLom = new Map(creates.map((p, i) => [p.row.row, lomIds[i]]));
    const report: ReportRow[] = plans.map((p) => {
      const lomId = p.kind === 'create' ? (createdLom.get(p.row.row) ?? 0) : p.lomId;
      const sourceId =
        p.kind === 'create' ? (p.existingSourceId ?? sourceOf.get(p.row.row) ?? 0) : p.sourceId;
      const status = p.kind === 'create' ? 'created' : p.kind === 'update' ? 'updated' : 'matched';
      const reason =
        status === 'created'
          ? 'Создан новый ЛОМ'
          : status === 'updated'
            ? 'ЛОМ найден по ссылке и обновлён'
            : 'ЛОМ найден по ссылке; обновление выключено';
      log.set(p.row.row, { row: p.row.row, url: p.row.url, status, reason });
      return {
        row: p.row.row,
        url: p.row.url,
        platform: p.row.platform?.name ?? null,
        name: p.row.name,
        lomId,
        sourceId,
        status,
      };
    });
    report.sort((a, b) => a.row - b.row);
    const logRows = [...log.values()].sort((a, b) => a.row - b.row);
    const name = baseName(file.fileName);
    const errors = logRows.filter((r) => r.status === 'error').length;

    const id = await insertUpload(tx, {
      userId: user.id,
      fileName: file.fileName,
      file: file.bytes,
      forceCreateLom: options.force_create_lom,
      updateFlag: options.update_flag,
      status: 'done',
      rowsTotal: logRows.length,
      lomsCreated: creates.length,
      lomsUpdated: updates.length,
      errorsCount: errors,
      reportFileName: `Отчёт Медиалогии — ${name}.xlsx`,
      reportFile: await medialogyReport(report),
      logsFileName: `Журнал загрузки — ${name}.xlsx`,
      logsFile: await logsReport(logRows),
      finishedAt: new Date(),
    });
    await insertUploadReport(tx, {
      userId: user.id,
      excelUploadId: id,
      name: `Загрузка «${file.fileName}»: создано ${creates.length}, обновлено ${updates.length}, ошибок ${errors}`,
      fileName: `Отчёт Медиалогии — ${name}.xlsx`,
    });
    await logAction(tx, {
      userId: user.id,
      type: IMPORT_ACTION_TYPE,
      action: 'client_excel.import',
      newValue: {
        upload_id: id,
        file_name: file.fileName,
        rows: logRows.length,
        created: creates.length,
        updated: updates.length,
        errors,
      },
    });
    return id;
  });
  const row = await getUpload(db, uploadId);
  if (!row) throw notFound('Загрузка не найдена');
  return presentUpload(row);
}

export async function uploadHistory(db: Db, page: number, pageSize: number) {
  const rows = await listUploads(db, page, pageSize);
  const totalWhenEmpty = rows.length === 0 && page > 1 ? await countUploads(db) : 0;
  return envelope(rows, page, pageSize, presentUpload, totalWhenEmpty);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function uploadDownload(
  db: Db,
  id: number,
  which: 'report' | 'logs',
  format: 'xlsx' | 'csv' = 'xlsx',
): Promise<Download> {
  const file = await uploadFile(db, id, which);
  if (!file) throw notFound('Загрузка не найдена');
  if (!file.body || !file.name) throw notFound('У этой загрузки нет такого файла');
  const ascii = which === 'report' ? `medialogy_report_${id}` : `upload_log_${id}`;
  if (format === 'csv') {
    return {
      fileName: file.name.replace(/\.xlsx$/i, '.csv'),
      asciiName: `${ascii}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(await logsCsv(file.body)),
    };
  }
  return { fileName: file.name, asciiName: `${ascii}.xlsx`, contentType: XLSX, body: Buffer.from(file.body) };
}

export async function uploadReportList(db: Db, page: number, pageSize: number) {
  const rows = await listUploadReports(db, page, pageSize);
  const totalWhenEmpty = rows.length === 0 && page > 1 ? await countUploadReports(db) : 0;
  return envelope(rows, page, pageSize, presentUploadReport, totalWhenEmpty);
}

/**
 * Deletes an upload report and the upload it reports on, with both its files:
 * the history's «Удалить». Only the uploader or a super editor may.
 */
export async function removeUploadReport(db: Db, user: AuthUser, id: number): Promise<void> {
  const report = await getUploadReport(db, id);
  if (!report) throw notFound('Отчёт о загрузке не найден');
  if (report.userId !== user.id && !hasPermission(user, 'SUPER_EDITOR_STATUS')) {
    throw forbidden('Удалить загрузку может только её автор или супер-редактор');
  }
  await db.transaction(async (tx) => {
    if (report.excelUploadId !== null) await deleteUpload(tx, report.excelUploadId);
    else await deleteUploadReport(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: IMPORT_ACTION_TYPE,
      action: 'client_excel.delete',
      oldValue: { upload_report_id: id, excel_upload_id: report.excelUploadId, name: report.name },
    });
  });
}
