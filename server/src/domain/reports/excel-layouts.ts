import {
  CONTENT_TYPE_LABELS,
  type ContentType,
  formatNumber,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPE_LABELS,
  type MessageStatus,
  type MessageType,
  MOOD_LABELS,
  type Mood,
} from '@monitoring/contracts';
import type ExcelJS from 'exceljs';
import { moscowWallClock } from '../moscow-calendar.ts';
import { DATE_FORMAT, DECIMAL_FORMAT, type ExcelColumn, NUMBER_FORMAT, TIME_FORMAT } from './excel.ts';
import type { LomSummaryRow, ReportMessageRow } from './message-queries.ts';
import type { ReportQuoteRow } from './quote-queries.ts';
import { type FilterLine, MOOD_TABLE_HEADERS, type MoodLine } from './summary.ts';
import { EXCEL_MAX_CELL, plainMessageText, truncate, xmlSafe, yesNo } from './text.ts';

const moodLabel = (mood: number | null) => (mood === null ? '' : (MOOD_LABELS[mood as Mood] ?? String(mood)));
const cellText = (text: string | null) => (text === null ? null : truncate(xmlSafe(text), EXCEL_MAX_CELL));

/** The messages sheet of get-xlsx and get-report, one row per message. */
export const MESSAGE_COLUMNS: readonly ExcelColumn<ReportMessageRow>[] = [
  { header: 'ID', width: 10, value: (m) => m.id },
  { header: 'Дата', width: 11, numFmt: DATE_FORMAT, value: (m) => moscowWallClock(m.wroteAt) },
  { header: 'Время', width: 7, numFmt: TIME_FORMAT, value: (m) => moscowWallClock(m.wroteAt) },
  { header: 'ЛОМ', width: 24, wrap: true, value: (m) => cellText(m.lomName) },
  { header: 'Источник', width: 14, value: (m) => cellText(m.sourceName) },
  // Plain text, not hyperlinks: exceljs keeps every hyperlink of a sheet in memory until its end.
  { header: 'Ссылка', width: 32, value: (m) => cellText(m.url) },
  {
    header: 'Тип',
    width: 14,
    value: (m) => MESSAGE_TYPE_LABELS[m.messageType as MessageType] ?? String(m.messageType),
  },
  {
    header: 'Тип контента',
    width: 14,
    value: (m) =>
      m.contentType === null ? null : (CONTENT_TYPE_LABELS[m.contentType as ContentType] ?? null),
  },
  {
    header: 'Текст',
    width: 80,
    wrap: true,
    value: (m) => truncate(plainMessageText(m.text), EXCEL_MAX_CELL),
  },
  { header: 'Тональность', width: 15, value: (m) => moodLabel(m.mood) },
  { header: 'Тема', width: 24, wrap: true, value: (m) => cellText(m.themeName) },
  { header: 'Инфоповод', width: 24, wrap: true, value: (m) => cellText(m.infoReasonName) },
  { header: 'Рубрики', width: 20, wrap: true, value: (m) => cellText(m.rubrics) },
  { header: 'Регион', width: 18, value: (m) => cellText(m.regionName) },
  { header: 'Si', width: 9, numFmt: DECIMAL_FORMAT, value: (m) => m.si },
  { header: 'Просмотры', width: 12, numFmt: NUMBER_FORMAT, value: (m) => m.views },
  { header: 'Репосты', width: 10, numFmt: NUMBER_FORMAT, value: (m) => m.reposts },
  { header: 'Комментарии', width: 12, numFmt: NUMBER_FORMAT, value: (m) => m.comments },
  { header: 'Проверено', width: 10, value: (m) => yesNo(m.verified) },
  { header: 'Одобрено', width: 10, value: (m) => yesNo(m.verifiedBySuperEditor) },
  {
    header: 'Статус',
    width: 18,
    value: (m) => MESSAGE_STATUS_LABELS[m.state as MessageStatus] ?? String(m.state),
  },
];

/** The quotes sheet of quotes/report/. */
export const QUOTE_COLUMNS: readonly ExcelColumn<ReportQuoteRow>[] = [
  { header: 'ID', width: 10, value: (q) => q.id },
  { header: 'Дата', width: 11, numFmt: DATE_FORMAT, value: (q) => moscowWallClock(q.wroteAt) },
  { header: 'Время', width: 7, numFmt: TIME_FORMAT, value: (q) => moscowWallClock(q.wroteAt) },
  { header: 'ЛОМ', width: 24, wrap: true, value: (q) => cellText(q.lomName) },
  {
    header: 'Цитата',
    width: 80,
    wrap: true,
    value: (q) => truncate(plainMessageText(q.text), EXCEL_MAX_CELL),
  },
  { header: 'Тональность', width: 15, value: (q) => moodLabel(q.mood) },
  { header: 'Тема', width: 24, wrap: true, value: (q) => cellText(q.themeName) },
  { header: 'Инфоповод', width: 24, wrap: true, value: (q) => cellText(q.infoReasonName) },
  { header: 'Источник', width: 14, value: (q) => cellText(q.sourceName) },
  { header: 'Ссылка', width: 32, value: (q) => cellText(q.url) },
  { header: 'ID сообщения', width: 12, value: (q) => q.messageId },
  { header: 'Отметка времени, с', width: 12, value: (q) => q.speechTimestamp },
  { header: 'Добавлена вручную', width: 12, value: (q) => yesNo(q.isManual) },
];

export interface SummarySheet {
  title: string;
  generatedAt: string;
  filter: readonly FilterLine[];
  moods: readonly MoodLine[];
  loms: readonly LomSummaryRow[];
  /** Distinct loms of the filter, to say when the lom table is cut. */
  lomTotal: number;
}

const BOLD: Partial<ExcelJS.Font> = { bold: true };
const solid = (rgb: string): ExcelJS.Fill => ({
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: `FF${rgb}` },
});
const HEADER = solid('E8EDF3');
const LOM_HEADERS = [
  'ЛОМ',
  'Сообщений',
  'Si',
  'Просмотры',
  'Репосты',
  ...[1, 2, 3, 5, 6].map((m) => MOOD_LABELS[m as Mood]),
];

function headerRow(sheet: ExcelJS.Worksheet, values: readonly string[]) {
  const row = sheet.addRow([...values]);
  row.font = BOLD;
  row.eachCell((cell) => {
    cell.fill = HEADER;
    cell.alignment = { wrapText: true, vertical: 'middle' };
  });
  row.commit();
}

/** The «Сводка» sheet of get-report: title, filter, mood table, per-lom table. Committed before the messages. */
export function writeSummarySheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, summary: SummarySheet): void {
  const sheet = workbook.addWorksheet('Сводка');
  sheet.columns = [{ width: 44 }, ...Array.from({ length: 9 }, () => ({ width: 15 }))];
  const title = sheet.addRow([summary.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow([`Сформирован: ${summary.generatedAt}`]).commit();
  for (const line of summary.filter) {
    const row = sheet.addRow([line.label, xmlSafe(line.value)]);
    row.getCell(1).font = BOLD;
    row.commit();
  }
  sheet.addRow([]).commit();
  sheet.addRow(['Тональность сообщений']).font = BOLD;
  headerRow(sheet, MOOD_TABLE_HEADERS);
  for (const line of summary.moods) {
    const row = sheet.addRow([
      line.label,
      line.messages,
      line.percent,
      line.loms,
      line.si,
      line.views,
      line.reposts,
    ]);
    if (line.tint) row.getCell(1).fill = solid(line.tint);
    if (line.total) row.font = BOLD;
    row.getCell(5).numFmt = DECIMAL_FORMAT;
    for (const index of [2, 4, 6, 7]) row.getCell(index).numFmt = NUMBER_FORMAT;
    row.commit();
  }
  sheet.addRow([]).commit();
  const cut = summary.lomTotal > summary.loms.length;
  const lomTitle = cut
    ? `Статистика по ЛОМ (первые ${formatNumber(summary.loms.length)} из ${formatNumber(summary.lomTotal)} по числу сообщений)`
    : 'Статистика по ЛОМ';
  sheet.addRow([lomTitle]).font = BOLD;
  headerRow(sheet, LOM_HEADERS);
  for (const lom of summary.loms) {
    const row = sheet.addRow([
      cellText(lom.name),
      lom.messages,
      lom.si,
      lom.views,
      lom.reposts,
      lom.moods[1],
      lom.moods[2],
      lom.moods[3],
      lom.moods[5],
      lom.moods[6],
    ]);
    row.getCell(3).numFmt = DECIMAL_FORMAT;
    for (const index of [2, 4, 5, 6, 7, 8, 9, 10]) row.getCell(index).numFmt = NUMBER_FORMAT;
    row.commit();
  }
  sheet.commit();
}
