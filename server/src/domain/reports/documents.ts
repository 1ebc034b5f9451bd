import { PassThrough } from 'node:stream';
import {
  formatDateRu,
  formatNumber,
  formatTimeRu,
  type MessageFilter,
  type MessageStat,
  type QuoteFilter,
  REPORT_MAX_MESSAGES,
  type ReportGrouping,
  WORD_REPORT_MAX_MESSAGES,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import { badRequest } from '../../http/errors.ts';
import { readerFilter } from '../filters/message-filter.ts';
import { addTableSheet, createWorkbook, ReportAborted, writeTableRows } from './excel.ts';
import { MESSAGE_COLUMNS, QUOTE_COLUMNS, writeSummarySheet } from './excel-layouts.ts';
import {
  countMessages,
  lomSummary,
  messageBatch,
  messageBatches,
  moodSummary,
  type ReportMessageRow,
  STAT_ORDERING,
} from './message-queries.ts';
import { countQuotes, quoteBatches } from './quote-queries.ts';
import { describeMessageFilter, moodLines } from './summary.ts';
import { type Period, periodForFileName, shortDate } from './text.ts';
import { renderWordReport, type WordSection } from './word.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The «Сводка» sheet lists the loms with the most messages, at most this many. */
export const LOM_SUMMARY_LIMIT = 1_000;

export const STAT_LABELS: Readonly<Record<MessageStat, { column: string; by: string }>> = {
  views: { column: 'Просмотры', by: 'просмотрам' },
  si: { column: 'Si', by: 'Si' },
  reposts: { column: 'Репосты', by: 'репостам' },
};

/** Exactly the list's reader rules (role defaults, no-op lists dropped), so a report holds what the list shows. */
export function reportFilter(filter: MessageFilter, user: AuthUser): MessageFilter {
  return readerFilter(filter, user);
}

export function tooManyMessages(): Error {
  return badRequest(
    `Отчёт не может включать больше ${formatNumber(REPORT_MAX_MESSAGES)} сообщений: сократите период или уточните фильтры`,
    'wrote_at_after',
  );
}

/** Counts up to the limit and refuses a report above it, before a byte is sent. */
async function countWithinLimit(count: (cap: number) => Promise<number>): Promise<number> {
  const n = await count(REPORT_MAX_MESSAGES);
  if (n > REPORT_MAX_MESSAGES) throw tooManyMessages();
  return n;
}

const generatedAt = (now: Date) => `${formatDateRu(now)} ${formatTimeRu(now)} (МСК)`;

function asciiPeriod({ wrote_at_after: after, wrote_at_before: before }: Period, now: Date): string {
  const from = after ? shortDate(after) : 'start';
  const to = before ? shortDate(new Date(before.getTime() - 1)) : shortDate(now);
  return `${from}-${to}`;
}

function names(period: Period, now: Date, russian: string, ascii: string, extension: 'xlsx' | 'docx') {
  return {
    fileName: `${russian} ${periodForFileName(period, now)}.${extension}`,
    asciiName: `${ascii}_${asciiPeriod(period, now)}.${extension}`,
  };
}

/**
 * Starts writing a workbook into a stream that the route sends as it fills.
 * Errors after the first byte can only cut the download short; a client that
 * goes away stops the generation at the next batch.
 */
function streamWorkbook(write: (out: PassThrough) => Promise<void>): PassThrough {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    if (error instanceof ReportAborted) out.destroy();
    else out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** get-xlsx (`summary` false) and get-report (`summary` true): Excel, streamed batch by batch. */
export async function messagesWorkbook(
  db: Db,
  filter: MessageFilter,
  summary: boolean,
  now: Date,
): Promise<Download> {
  const rows = await countWithinLimit((cap) => countMessages(db, filter, cap));
  // The summary is small and read before streaming starts, so its errors still answer with a status.
  const sheet = summary
    ? {
        title: 'Отчёт по сообщениям',
        generatedAt: generatedAt(now),
        filter: await describeMessageFilter(db, filter),
        moods: moodLines(await moodSummary(db, filter)),
        loms: await lomSummary(db, filter, LOM_SUMMARY_LIMIT),
      }
    : null;
  const body = streamWorkbook(async (out) => {
    const workbook = createWorkbook(out);
    if (sheet) {
      const lomTotal = sheet.moods.find((m) => m.total)?.loms ?? sheet.loms.length;
      writeSummarySheet(workbook, { ...sheet, lomTotal });
    }
    const table = addTableSheet(workbook, 'Сообщения', MESSAGE_COLUMNS);
    await writeTableRows(table, MESSAGE_COLUMNS, messageBatches(db, filter), out);
    table.commit();
    await workbook.commit();
  });
  const [russian, ascii] = summary ? ['Отчёт по сообщениям', 'messages-report'] : ['Сообщения', 'messages'];
  return { ...names(filter, now, russian, ascii, 'xlsx'), contentType: XLSX_TYPE, body, rows };
}

/** quotes/report/: Excel of quotes, streamed. */
export async function quotesWorkbook(db: Db, filter: QuoteFilter, now: Date): Promise<Download> {
  const rows = await countWithinLimit((cap) => countQuotes(db, filter, cap));
  const body = streamWorkbook(async (out) => {
    const workbook = createWorkbook(out);
    const table = addTableSheet(workbook, 'Цитаты', QUOTE_COLUMNS);
    await writeTableRows(table, QUOTE_COLUMNS, quoteBatches(db, filter), out);
    table.commit();
    await workbook.commit();
  });
  return { ...names(filter, now, 'Цитаты', 'quotes', 'xlsx'), contentType: XLSX_TYPE, body, rows };
}

/** Groups in order of size (then name); messages keep the report's order inside a group. */
export function groupMessages(rows: readonly ReportMessageRow[], by: ReportGrouping): WordSection[] {
  const groups = new Map<string, { heading: string; messages: ReportMessageRow[]; known: boolean }>();
  for (const row of rows) {
    const id = by === 'theme' ? row.themeId : row.lomId;
    const name = by === 'theme' ? row.themeName : row.lomName;
    const key = id === null ? 'none' : String(id);
    let group = groups.get(key);
    if (!group) {
      const heading = id === null ? (by === 'theme' ? 'Без темы' : 'Без ЛОМ') : (name ?? `№ ${id}`);
      group = { heading, messages: [], known: id !== null };
      groups.set(key, group);
    }
    group.messages.push(row);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        Number(b.known) - Number(a.known) ||
        b.messages.length - a.messages.length ||
        a.heading.localeCompare(b.heading, 'ru'),
    )
    .map(({ heading, messages }) => ({ heading: `${heading} (${formatNumber(messages.length)})`, messages }));
}

/** get-word-report: the newest (in the filter's order) messages, at most the Word cap, grouped. */
export async function messagesWordReport(
  db: Db,
  filter: MessageFilter,
  groupBy: ReportGrouping,
  now: Date,
): Promise<Download> {
  const total = await countWithinLimit((cap) => countMessages(db, filter, cap));
  const rows = await messageBatch(db, filter, null, WORD_REPORT_MAX_MESSAGES);
  const note =
    total > rows.length
      ? `В документ включены первые ${formatNumber(rows.length)} из ${formatNumber(total)} сообщений в порядке сортировки; полный список — в отчёте Excel.`
      : null;
  const body = await renderWordReport({
    title: 'Отчёт по сообщениям',
    generatedAt: generatedAt(now),
    filter: [
      ...(await describeMessageFilter(db, filter)),
      { label: 'Группировка', value: groupBy === 'theme' ? 'по темам' : 'по ЛОМ' },
    ],
    moods: moodLines(await moodSummary(db, filter)),
    note,
    sections: groupMessages(rows, groupBy),
  });
  return {
    ...names(filter, now, 'Отчёт по сообщениям', 'messages-report', 'docx'),
    contentType: DOCX_TYPE,
    body,
    rows: rows.length,
  };
}

/** get-word-popular-report: the top messages by the chosen stat. */
export async function popularWordReport(
  db: Db,
  filter: MessageFilter,
  stat: MessageStat,
  top: number,
  now: Date,
): Promise<Download> {
  await countWithinLimit((cap) => countMessages(db, filter, cap));
  const rows = await messageBatch(db, { ...filter, ordering: STAT_ORDERING[stat] }, null, top);
  const label = STAT_LABELS[stat];
  const describedFilter = (await describeMessageFilter(db, filter)).filter(
    (line) => line.label !== 'Сортировка',
  );
  const body = await renderWordReport({
    title: 'Популярные сообщения',
    generatedAt: generatedAt(now),
    filter: [...describedFilter, { label: 'Рейтинг', value: `топ-${top} по ${label.by}` }],
    moods: moodLines(await moodSummary(db, filter)),
    note: null,
    sections: [{ heading: `Топ-${formatNumber(rows.length)} сообщений по ${label.by}`, messages: rows }],
    ranking: {
      label: label.column,
      value: (row) => (stat === 'si' ? row.si : stat === 'views' ? row.views : row.reposts),
    },
  });
  return {
    ...names(filter, now, 'Популярные сообщения', 'popular-messages', 'docx'),
    contentType: DOCX_TYPE,
    body,
    rows: rows.length,
  };
}
