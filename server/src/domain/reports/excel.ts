import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/**
 * Streaming Excel output. exceljs's WorkbookWriter zips each committed row
 * right away, but the sheet's internal stream ignores backpressure: rows that
 * zlib has not yet taken pile up in memory, and a slow client stops zlib. So
 * after every batch the writer waits until that backlog is small (`settle`),
 * and memory stays at about one batch whatever the report's size.
 */

export type CellValue = string | number | Date | null;

export interface ExcelColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => CellValue;
  numFmt?: string;
  wrap?: boolean;
}

/** Bytes waiting in front of zlib above which the writer pauses. */
const MAX_BACKLOG = 1 << 20;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } };

export const NUMBER_FORMAT = '#,##0';
export const DECIMAL_FORMAT = '#,##0.00';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const TIME_FORMAT = 'hh:mm';

/** The download was abandoned (the client went away): stop quietly. */
export class ReportAborted extends Error {
  constructor() {
    super('report download aborted');
  }
}

export function createWorkbook(out: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  // Shared strings would keep every distinct text in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Мониторинг';
  workbook.created = new Date();
  return workbook;
}

/**
 * The bytes a sheet has written that zlib has not taken yet. This reads
 * exceljs's and archiver's internals (the sheet's StreamBuf pipes into a
 * readable-stream PassThrough); if they change, it answers null and the
 * writer only yields to the event loop, as a test of this file notices.
 */
export function zipBacklog(sheet: ExcelJS.Worksheet): number | null {
  const stream = (sheet as unknown as { _stream?: { pipes?: unknown[] } })._stream;
  const first = stream?.pipes?.[0] as { _writableState?: { length?: unknown } } | undefined;
  const length = first?._writableState?.length;
  return typeof length === 'number' ? length : null;
}

/** Waits until zlib has caught up with the sheet and the client with zlib. */
export async function settle(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  while (true) {
    if (out.destroyed) throw new ReportAborted();
    const backlog = zipBacklog(sheet);
    if (backlog === null) {
      await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    if (backlog < MAX_BACKLOG && !out.writableNeedDrain) return;
    await delay(5);
  }
}

/** A sheet with a bold, frozen, filterable header row and the columns' formats. */
export function addTableSheet<Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly ExcelColumn<Row>[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: column.width,
    style: {
      numFmt: column.numFmt,
      alignment: { vertical: 'top', wrapText: column.wrap ?? false },
    },
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return sheet;
}

/** Writes every batch as rows, pausing between batches; answers how many rows were written. */
export async function writeTableRows<Row>(
  sheet: ExcelJS.Worksheet,
  columns: readonly ExcelColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  out: Writable,
): Promise<number> {
  let written = 0;
  for await (const batch of batches) {
    if (out.destroyed) throw new ReportAborted();
    for (const row of batch) {
      sheet.addRow(columns.map((column) => column.value(row))).commit();
    }
    written += batch.length;
    await settle(sheet, out);
  }
  return written;
}
