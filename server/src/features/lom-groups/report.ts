import { PassThrough } from 'node:stream';
import {
  formatDateRu,
  formatNumber,
  formatTimeRu,
  hasPermission,
  LOM_REPORT_MAX_LOMS,
  type LomChosenReportBody,
  type LomGroupReportBody,
  type LomListQuery,
  lomGroupTitle,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import {
  type DayPeriod,
  dayPeriod,
  listPeriodOf,
  lomPageIds,
  lomRows,
  periodMetrics,
} from '../../domain/lists/lom-list-queries.ts';
import { XLSX_TYPE } from '../../domain/reports/documents.ts';
import { addTableSheet, createWorkbook, ReportAborted, writeTableRows } from '../../domain/reports/excel.ts';
import { type Period, periodForFileName, periodText, shortDate } from '../../domain/reports/text.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { presentGroup } from './presenter.ts';
import { groupLomIds } from './queries.ts';
import {
  compareLoms,
  LOM_REPORT_COLUMNS,
  orderingText,
  type ReportLom,
  toReportLom,
  writeParametersSheet,
} from './report-layout.ts';
import { mayEdit, requireLoms, requireVisibleGroup } from './service.ts';

/** Loms read (rows and period sums) per round trip. */
const BATCH = 1_000;

function tooManyLoms(field: string, total: number, hint: string): Error {
  return badRequest(
    `Отчёт не может включать больше ${formatNumber(LOM_REPORT_MAX_LOMS)} ЛОМ, а их ${formatNumber(total)}: ${hint}`,
    field,
  );
}

/** The loms of `ids` as report rows, in the order of `ids`; created_at comes with them when known. */
async function readLoms(
  db: Db,
  userId: number,
  ids: readonly number[],
  period: DayPeriod | null,
  createdAt: ReadonlyMap<number, Date> = new Map(),
): Promise<ReportLom[]> {
  const out: ReportLom[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const [rows, metrics] = await Promise.all([
      lomRows(db, batch, userId),
      period ? periodMetrics(db, period, batch) : null,
    ]);
    const sums = new Map(metrics?.sums.map((s) => [Number(s.lom_id), s]));
    const quotes = new Map(metrics?.quotes.map((q) => [Number(q.lom_id), Number(q.n)]));
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) continue;
      const periodValues = metrics ? { sums: sums.get(id), quotes: quotes.get(id) ?? 0 } : null;
      out.push(toReportLom(row, createdAt.get(id) ?? null, periodValues));
    }
  }
  return out;
}

async function* inBatches<T>(items: readonly T[]): AsyncIterable<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

interface Sheet {
  title: string;
  period: Period;
  ordering: string;
  extra: (readonly [string, string])[];
  loms: readonly ReportLom[];
  now: Date;
}

/**
 * The workbook streams out as it is written: every lom is read before the first byte
 * (at most LOM_REPORT_MAX_LOMS), so a database error still answers with a status.
 */
function streamWorkbook(sheet: Sheet): PassThrough {
  const out = new PassThrough();
  const write = async () => {
    const workbook = createWorkbook(out);
    const table = addTableSheet(workbook, 'ЛОМ', LOM_REPORT_COLUMNS);
    await writeTableRows(table, LOM_REPORT_COLUMNS, inBatches(sheet.loms), out);
    table.commit();
    writeParametersSheet(workbook, [
      ['Отчёт', sheet.title],
      ...sheet.extra,
      ['Период', periodText(sheet.period)],
      ['Сортировка', orderingText(sheet.ordering)],
      ['ЛОМ в отчёте', formatNumber(sheet.loms.length)],
      ['Сформирован', `${formatDateRu(sheet.now)} ${formatTimeRu(sheet.now)} (МСК)`],
    ]);
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    if (error instanceof ReportAborted) out.destroy();
    else out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

function asciiPeriod({ wrote_at_after: after, wrote_at_before: before }: Period, now: Date): string {
  const from = after ? shortDate(after) : 'start';
  const to = before ? shortDate(new Date(before.getTime() - 1)) : shortDate(now);
  return `${from}-${to}`;
}

/** Characters a file name may not hold on common systems. */
const fileNameSafe = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

function download(sheet: Sheet, russian: string, ascii: string): Download {
  return {
    fileName: `${russian} ${periodForFileName(sheet.period, sheet.now)}.xlsx`,
    asciiName: `${ascii}_${asciiPeriod(sheet.period, sheet.now)}.xlsx`,
    contentType: XLSX_TYPE,
    body: streamWorkbook(sheet),
    rows: sheet.loms.length,
  };
}

const periodOf = (query: Period) => dayPeriod(query.wrote_at_after, query.wrote_at_before);

/** Reads an explicit set of loms and puts them in the list's order. */
async function explicitLoms(
  db: Db,
  user: AuthUser,
  ids: readonly number[],
  query: Period & { ordering: string },
): Promise<ReportLom[]> {
  const known = await requireLoms(db, ids);
  const createdAt = new Map(known.map((l) => [l.id, l.createdAt]));
  const loms = await readLoms(db, user.id, ids, periodOf(query), createdAt);
  return loms.sort(compareLoms(query.ordering));
}

/** POST loms/get_xlsx/: the chosen loms. */
export async function chosenLomsReport(
  db: Db,
  user: AuthUser,
  body: LomChosenReportBody,
  now: Date,
): Promise<Download> {
  const loms = await explicitLoms(db, user, body.loms, body);
  const sheet = { title: 'Выбранные ЛОМ', period: body, ordering: body.ordering, extra: [], loms, now };
  return download(sheet, 'ЛОМ', 'loms');
}

/** POST loms/get_rep_from_mlg/: the loms of a group the caller sees. */
export async function groupReport(
  db: Db,
  user: AuthUser,
  body: LomGroupReportBody,
  now: Date,
): Promise<Download> {
  const row = await requireVisibleGroup(db, body.group_id, user);
  const group = presentGroup(row, mayEdit(user, row));
  const ids = await groupLomIds(db, group.id);
  if (ids.length > LOM_REPORT_MAX_LOMS) throw tooManyLoms('group_id', ids.length, 'разделите группу');
  const loms = await explicitLoms(db, user, ids, body);
  const title = lomGroupTitle(group);
  const sheet: Sheet = {
    title: 'ЛОМ группы',
    period: body,
    ordering: body.ordering,
    extra: [['Группа', title]],
    loms,
    now,
  };
  return download(sheet, `ЛОМ группы «${fileNameSafe(title)}»`, `lom-group-${group.id}`);
}

/** GET loms/new-loms/filtered-lom-report/: the loms of the /loms filter, in its order. */
export async function filteredReport(
  db: Db,
  user: AuthUser,
  query: LomListQuery,
  now: Date,
): Promise<Download> {
  if (query.is_favourite !== undefined && !hasPermission(user, 'FAVORITE_LOMS')) {
    throw forbidden('Недостаточно прав для фильтра избранных ЛОМ', 'is_favourite');
  }
  const period = periodOf(query);
  // One more than the cap tells "too many" without a second count.
  const page = await lomPageIds(
    db,
    { ...query, page: 1, page_size: LOM_REPORT_MAX_LOMS + 1 },
    user.id,
    await listPeriodOf(db, period),
  );
  if (page.total > LOM_REPORT_MAX_LOMS) throw tooManyLoms('search', page.total, 'уточните фильтры');
  const loms = await readLoms(db, user.id, page.ids, period);
  const extra: [string, string][] = query.search ? [['Поиск', query.search]] : [];
  const sheet = { title: 'ЛОМ по фильтру', period: query, ordering: query.ordering, extra, loms, now };
  return download(sheet, 'ЛОМ по фильтру', 'loms-filtered');
}
