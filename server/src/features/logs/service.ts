import { PassThrough } from 'node:stream';
import {
  type ActionChange,
  type ActionNames,
  actionChanges,
  actionLabel,
  actionNameRefs,
  actionTargets,
  formatNumber,
  type ListEnvelope,
  pageInfo,
  USER_ACTIONS_COUNT_CAP,
  USER_ACTIONS_REPORT_MAX,
  type UserActionItem,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { moscowDay, moscowWallClock } from '../../domain/moscow-calendar.ts';
import { XLSX_TYPE } from '../../domain/reports/documents.ts';
import {
  addTableSheet,
  createWorkbook,
  type ExcelColumn,
  ReportAborted,
  writeTableRows,
} from '../../domain/reports/excel.ts';
import type { Download } from '../../http/download.ts';
import { badRequest } from '../../http/errors.ts';
import { fullName, presentUserAction, typeName } from './presenter.ts';
import {
  actionObjectNames,
  countUserActions,
  listUserActions,
  type UserActionFilter,
  type UserActionPage,
  type UserActionRow,
  userActionBatches,
} from './queries.ts';

/**
 * A page of the log. `elements_count` is exact up to USER_ACTIONS_COUNT_CAP and that number past it (the web says
 * «более 10 000»): the count is a bounded index walk, not a count of a million rows (docs/logs.md "Speed").
 */
export async function listPage(db: Db, f: UserActionPage): Promise<ListEnvelope<UserActionItem>> {
  const [rows, counted] = await Promise.all([
    listUserActions(db, f),
    countUserActions(db, f, USER_ACTIONS_COUNT_CAP),
  ]);
  const total = Math.min(counted, USER_ACTIONS_COUNT_CAP);
  const names = await namesOf(db, rows);
  return {
    results: rows.map((row) => presentUserAction(row, names)),
    ...pageInfo(f.page, f.page_size, total),
  };
}

/** The names of the themes, info reasons, rubrics, tags and loms the rows' values name by id. */
function namesOf(db: Db, rows: readonly UserActionRow[]): Promise<ActionNames> {
  return actionObjectNames(db, actionNameRefs(rows.flatMap((r) => [r.oldValue, r.newValue])));
}

/** A row of the export with its change in Russian, the names looked up per batch. */
type ReportRow = UserActionRow & { changes: ActionChange[] };

const changeSide = (changes: readonly ActionChange[], side: 'old' | 'new') =>
  changes
    .filter((c) => c[side] !== null)
    .map((c) => (c.field === null ? c[side] : `${c.field}: ${c[side]}`))
    .join('; ') || '—';

async function* withChanges(db: Db, batches: AsyncGenerator<UserActionRow[]>): AsyncGenerator<ReportRow[]> {
  for await (const rows of batches) {
    const names = await namesOf(db, rows);
    yield rows.map((r) => ({ ...r, changes: actionChanges(r.oldValue, r.newValue, names) }));
  }
}

const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm:ss';

const REPORT_COLUMNS: readonly ExcelColumn<ReportRow>[] = [
  {
    header: 'Дата и время (МСК)',
    width: 20,
    numFmt: DATE_TIME_FORMAT,
    value: (r) => moscowWallClock(r.createdAt),
  },
  {
    header: 'Пользователь',
    width: 26,
    value: (r) =>
      r.userId !== null ? fullName(r) : r.action === 'message.ingest' ? 'сбор по расписанию' : 'удалён',
  },
  { header: 'Логин', width: 16, value: (r) => r.username ?? '' },
  { header: 'Раздел', width: 14, value: (r) => typeName(r.type) },
  { header: 'Действие', width: 36, wrap: true, value: (r) => actionLabel(r.action) },
  {
    header: 'Объект',
    width: 30,
    wrap: true,
    value: (r) =>
      actionTargets({
        message_id: r.messageId,
        theme_id: r.themeId,
        info_reason_id: r.infoReasonId,
        lom_id: r.lomId,
      })
        .map((t) => t.label)
        .join(', '),
  },
  { header: 'Было', width: 36, wrap: true, value: (r) => changeSide(r.changes, 'old') },
  { header: 'Стало', width: 36, wrap: true, value: (r) => changeSide(r.changes, 'new') },
  { header: 'Код действия', width: 24, value: (r) => r.action },
];

const BATCH = 2000;

/** get_report/: the filtered log as Excel, written batch by batch into the answer as it is read. */
export async function reportWorkbook(db: Db, f: UserActionFilter, now: Date): Promise<Download> {
  const rows = await countUserActions(db, f, USER_ACTIONS_REPORT_MAX);
  if (rows > USER_ACTIONS_REPORT_MAX) {
    throw badRequest(
      `Выгрузка не может включать больше ${formatNumber(USER_ACTIONS_REPORT_MAX)} действий: сократите период или уточните фильтры`,
      'created_at_after',
    );
  }
  const out = new PassThrough();
  const write = async () => {
    const workbook = createWorkbook(out);
    const table = addTableSheet(workbook, 'Журнал действий', REPORT_COLUMNS);
    await writeTableRows(table, REPORT_COLUMNS, withChanges(db, userActionBatches(db, f, BATCH, rows)), out);
    table.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    if (error instanceof ReportAborted) out.destroy();
    else out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const day = moscowDay(now.getTime());
  return {
    fileName: `Журнал действий ${day}.xlsx`,
    asciiName: `user-actions_${day}.xlsx`,
    contentType: XLSX_TYPE,
    body: out,
    rows,
  };
}
