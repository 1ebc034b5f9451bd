import {
  CLIENT_EXCEL_COLUMNS,
  CLIENT_EXCEL_MAX_ROWS,
  type ClientExcelColumnKey,
  normalizeExcelHeader,
  sourceUrlKey,
} from '@monitoring/contracts';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors.ts';

/**
 * Reading an uploaded file (its shape: 400 for the whole file) and checking
 * its rows (their content: a reason per bad row). Nothing here touches the database.
 */

const FILE_FIELD = 'file';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export type RawRow = { row: number } & Partial<Record<ClientExcelColumnKey, string>>;

const HEADERS = new Map<string, ClientExcelColumnKey>(
  CLIENT_EXCEL_COLUMNS.map((c) => [normalizeExcelHeader(c.header), c.key]),
);

/** The text of a cell whatever exceljs made of it (rich text, hyperlink, formula, date). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('hyperlink' in value) {
      const text =
        typeof value.text === 'string' ? value.text.trim() : cellText(value.text as ExcelJS.CellValue);
      return text || String(value.hyperlink).trim();
    }
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return '';
}

/** The rows of the first sheet keyed by column; 400 naming `file` when the file is not a usable import. */
export async function readClientExcel(fileName: string, bytes: Uint8Array): Promise<RawRow[]> {
  const looksZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  if (!/\.xlsx$/i.test(fileName) || !looksZip) {
    throw badRequest('Файл должен быть книгой Excel в формате .xlsx', FILE_FIELD);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw badRequest('Не удалось прочитать файл: он повреждён или не является книгой .xlsx', FILE_FIELD);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw badRequest('Файл пустой', FILE_FIELD);

  const columns = new Map<number, ClientExcelColumnKey>();
  const seen = new Set<ClientExcelColumnKey>();
  const headerRow = sheet.getRow(1);
  headerRow.eachCell({ includeEmpty: false }, (cell, col) => {
    const text = cellText(cell.value);
    if (!text) return;
    const key = HEADERS.get(normalizeExcelHeader(text));
    if (!key) {
      throw badRequest(
        `Неизвестная колонка «${text}» в файле. Допустимые колонки: ${CLIENT_EXCEL_COLUMNS.map((c) => `«${c.header}»`).join(', ')}`,
        FILE_FIELD,
      );
    }
    if (seen.has(key)) throw badRequest(`Колонка «${text}» повторяется в файле`, FILE_FIELD);
    seen.add(key);
    columns.set(col, key);
  });
  for (const column of CLIENT_EXCEL_COLUMNS) {
    if (column.required && !seen.has(column.key)) {
      throw badRequest(`В файле нет обязательной колонки «${column.header}»`, FILE_FIELD);
    }
  }

  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const raw: RawRow = { row: rowNumber };
    let filled = false;
    for (const [col, key] of columns) {
      const text = cellText(row.getCell(col).value);
      if (text) {
        raw[key] = text;
        filled = true;
      }
    }
    if (filled) rows.push(raw);
  });
  if (rows.length === 0) throw badRequest('Файл пустой: в нём нет ни одной строки с данными', FILE_FIELD);
  if (rows.length > CLIENT_EXCEL_MAX_ROWS) {
    throw badRequest(
      `В файле ${rows.length} строк; за одну загрузку можно не больше ${CLIENT_EXCEL_MAX_ROWS}`,
      FILE_FIELD,
    );
  }
  return rows;
}

/** A platform of the sources directory as the import knows it. */
export interface Platform {
  id: number;
  name: string;
  host: string;
}

export interface ImportRow {
  row: number;
  url: string;
  key: string;
  /** Named in the file, or recognised from the address; null when neither. */
  platform: Platform | null;
  name: string | null;
  subscribers: number | null;
  birthDate: string | null;
  category: string | null;
  segment: string | null;
  typology: string | null;
  residence: string | null;
  agency: string | null;
  awards: string | null;
}

export type CheckedRow =
  | { ok: true; value: ImportRow }
  | { ok: false; row: number; url: string; reason: string };

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(text: string): string | null {
  const dotted = DOTTED_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const [y, m, d] = dotted
    ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > Date.now()) return null;
  return date.toISOString().slice(0, 10);
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (!parsed.hostname.includes('.')) return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

function platformByHost(host: string, platforms: readonly Platform[]): Platform | null {
  return (
    platforms.find((p) => p.host.includes('.') && (host === p.host || host.endsWith(`.${p.host}`))) ?? null
  );
}

/** Each row checked on its own and against the rows above it (a repeated address is an error). */
export function checkRows(rows: readonly RawRow[], platforms: readonly Platform[]): CheckedRow[] {
  const byName = new Map(platforms.map((p) => [p.name.toLowerCase(), p]));
  const firstRowOf = new Map<string, number>();
  return rows.map((raw): CheckedRow => {
    const url = raw.url ?? '';
    const fail = (reason: string): CheckedRow => ({ ok: false, row: raw.row, url, reason });
    if (!url) return fail('Не указана ссылка на аккаунт');
    const host = hostOf(url);
    if (!host) return fail(`Некорректная ссылка на аккаунт «${url}»`);
    const key = sourceUrlKey(url);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) return fail(`Ссылка повторяется: она уже есть в строке ${earlier}`);
    firstRowOf.set(key, raw.row);

    let platform: Platform | null = null;
    if (raw.platform) {
      platform = byName.get(raw.platform.toLowerCase()) ?? null;
      if (!platform) return fail(`Неизвестная площадка «${raw.platform}»`);
    } else {
      platform = platformByHost(host, platforms);
    }

    let subscribers: number | null = null;
    if (raw.subscribers !== undefined) {
      const compact = raw.subscribers.replace(/[\s\u00a0]/g, '');
      subscribers = /^\d+$/.test(compact) ? Number(compact) : Number.NaN;
      if (!Number.isSafeInteger(subscribers)) {
        return fail(`Подписчики: ожидается целое неотрицательное число, в файле «${raw.subscribers}»`);
      }
    }

    let birthDate: string | null = null;
    if (raw.birthDate !== undefined) {
      birthDate = parseDate(raw.birthDate);
      if (!birthDate) return fail(`Дата рождения: ожидается дата ДД.ММ.ГГГГ, в файле «${raw.birthDate}»`);
    }

    return {
      ok: true,
      value: {
        row: raw.row,
        url,
        key,
        platform,
        name: raw.name ?? null,
        subscribers,
        birthDate,
        category: raw.category ?? null,
        segment: raw.segment ?? null,
        typology: raw.typology ?? null,
        residence: raw.residence ?? null,
        agency: raw.agency ?? null,
        awards: raw.awards ?? null,
      },
    };
  });
}
