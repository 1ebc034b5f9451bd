import {
  CLIENT_EXCEL_COLUMNS,
  CLIENT_EXCEL_ROW_STATUSES,
  type ClientExcelRowStatus,
} from '@monitoring/contracts';
import ExcelJS from 'exceljs';
import { EXCEL_MAX_CELL, truncate, xmlSafe } from '../../domain/reports/text.ts';

/** The files of an import: the template, the medialogy report and the row log. All small, built in memory. */

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } };

interface Column {
  header: string;
  width: number;
}

function book(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Мониторинг';
  workbook.created = new Date();
  return workbook;
}

function sheetWith(workbook: ExcelJS.Workbook, name: string, columns: readonly Column[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  return sheet;
}

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const text = (value: string | null) => (value === null ? null : truncate(xmlSafe(value), EXCEL_MAX_CELL));

/** The upload template: the import's columns, one example row, and a sheet that explains them. */
export async function templateWorkbook(): Promise<Uint8Array> {
  const workbook = book();
  const sheet = sheetWith(
    workbook,
    'ЛОМ',
    CLIENT_EXCEL_COLUMNS.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4) })),
  );
  sheet.addRow(CLIENT_EXCEL_COLUMNS.map((c) => c.example));
  const help = sheetWith(workbook, 'Описание колонок', [
    { header: 'Колонка', width: 24 },
    { header: 'Обязательная', width: 14 },
    { header: 'Что указать', width: 80 },
  ]);
  for (const c of CLIENT_EXCEL_COLUMNS) help.addRow([c.header, c.required ? 'да' : 'нет', c.hint]);
  return bytesOf(workbook);
}

export interface ReportRow {
  row: number;
  url: string;
  platform: string | null;
  name: string | null;
  lomId: number;
  sourceId: number;
  status: ClientExcelRowStatus;
}

export const REPORT_COLUMNS = [
  { header: 'Строка', width: 9 },
  { header: 'Ссылка на аккаунт', width: 48 },
  { header: 'Площадка', width: 16 },
  { header: 'Имя', width: 32 },
  { header: 'ID ЛОМ', width: 10 },
  { header: 'ID аккаунта', width: 12 },
  { header: 'Статус', width: 12 },
] as const;

/** The medialogy report: every imported row with the lom and account it landed on. */
export async function medialogyReport(rows: readonly ReportRow[]): Promise<Uint8Array> {
  const workbook = book();
  const sheet = sheetWith(workbook, 'ЛОМ', REPORT_COLUMNS);
  for (const r of rows) {
    sheet.addRow([
      r.row,
      text(r.url),
      r.platform,
      text(r.name),
      r.lomId,
      r.sourceId,
      CLIENT_EXCEL_ROW_STATUSES[r.status],
    ]);
  }
  return bytesOf(workbook);
}

export interface LogRow {
  row: number;
  url: string;
  status: ClientExcelRowStatus;
  reason: string;
}

export const LOG_COLUMNS = [
  { header: 'Строка', width: 9 },
  { header: 'Ссылка на аккаунт', width: 48 },
  { header: 'Статус', width: 12 },
  { header: 'Причина', width: 70 },
] as const;

/** The row log: every data row of the file, its outcome and why. */
export async function logsReport(rows: readonly LogRow[]): Promise<Uint8Array> {
  const workbook = book();
  const sheet = sheetWith(workbook, 'Журнал', LOG_COLUMNS);
  for (const r of rows) {
    sheet.addRow([r.row, text(r.url), CLIENT_EXCEL_ROW_STATUSES[r.status], text(r.reason)]);
  }
  return bytesOf(workbook);
}

function csvField(value: string): string {
  // A leading =, +, - or @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The row log as CSV (semicolons, UTF-8 with BOM, as Excel in a Russian locale opens it), from the stored xlsx. */
export async function logsCsv(xlsx: Uint8Array): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength) as never);
  const sheet = workbook.worksheets[0];
  const lines: string[] = [];
  sheet?.eachRow((row) => {
    const cells: string[] = [];
    for (let col = 1; col <= LOG_COLUMNS.length; col++) {
      const value = row.getCell(col).value;
      cells.push(csvField(value === null || value === undefined ? '' : String(value)));
    }
    lines.push(cells.join(';'));
  });
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}
