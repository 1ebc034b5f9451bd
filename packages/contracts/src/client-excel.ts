import { z } from 'zod';
import { idParam } from './input.ts';

/**
 * Client Excel import of loms (api.md §7.4). One .xlsx file: the first sheet, a
 * header row with the columns below (any order, any subset that holds the
 * required ones), one account of a lom per row. docs/client-excel.md describes
 * what each column does; the server serves this layout as a template.
 */

export const CLIENT_EXCEL_PATHS = {
  /** POST (multipart, field `file`) and GET (the history). */
  uploads: '/api/v1/client-excel/',
  template: '/api/v1/client-excel/template/',
  /** By the upload's id. */
  report: '/api/v1/client-excel/:id/medialogy_report/',
  logs: '/api/v1/client-excel/:id/export-logs-report/',
  /** GET: the result reports of the uploads. */
  uploadReports: '/api/v1/upload_reports/',
  /** DELETE removes the upload with its files; the id is the upload's `upload_report_id`. */
  uploadReport: '/api/v1/upload_reports/:id/',
} as const;

export const CLIENT_EXCEL_COLUMNS = [
  {
    key: 'url',
    header: 'Ссылка на аккаунт',
    required: true,
    hint: 'Адрес аккаунта на площадке; по нему строка сопоставляется с ЛОМ',
    example: 'https://vk.com/example',
  },
  {
    key: 'platform',
    header: 'Площадка',
    required: false,
    hint: 'Название площадки из справочника (ВКонтакте, Telegram, YouTube, …); нужна для нового ЛОМ',
    example: 'ВКонтакте',
  },
  {
    key: 'name',
    header: 'Имя',
    required: false,
    hint: 'Имя ЛОМ; нужно для нового ЛОМ',
    example: 'Иван Петров',
  },
  {
    key: 'subscribers',
    header: 'Подписчики',
    required: false,
    hint: 'Целое неотрицательное число подписчиков аккаунта',
    example: 15000,
  },
  {
    key: 'birthDate',
    header: 'Дата рождения',
    required: false,
    hint: 'ДД.ММ.ГГГГ или дата Excel',
    example: '01.02.1990',
  },
  { key: 'category', header: 'Категория', required: false, hint: 'Категория ЛОМ', example: 'Персона' },
  { key: 'segment', header: 'Сегмент', required: false, hint: 'Сегмент ЛОМ', example: 'Региональный' },
  { key: 'typology', header: 'Типология', required: false, hint: 'Типология ЛОМ', example: 'Блогер' },
  {
    key: 'residence',
    header: 'Место жительства',
    required: false,
    hint: 'Место жительства',
    example: 'Казань',
  },
  { key: 'agency', header: 'Агентство', required: false, hint: 'Агентство', example: '' },
  { key: 'awards', header: 'Награды', required: false, hint: 'Награды', example: '' },
] as const;

export type ClientExcelColumnKey = (typeof CLIENT_EXCEL_COLUMNS)[number]['key'];

/** A file with more data rows than this answers 400. */
export const CLIENT_EXCEL_MAX_ROWS = 50_000;
/** Largest accepted upload, bytes. */
export const CLIENT_EXCEL_MAX_BYTES = 20 * 1024 * 1024;
export const CLIENT_EXCEL_TEMPLATE_NAME = 'Шаблон загрузки ЛОМ.xlsx';

/** How a header cell is compared: case, extra spaces and a trailing «*» do not matter. */
export function normalizeExcelHeader(text: string): string {
  return text
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replaceAll('ё', 'е');
}

/**
 * The key by which a row's account address meets lom_sources.url: scheme,
 * «www.», case and trailing slashes do not matter. The server applies the same
 * rule in SQL (client-excel/queries.ts).
 */
export function sourceUrlKey(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** Row outcomes of an import; 'matched' is a found lom left unchanged (update_flag off). */
export const CLIENT_EXCEL_ROW_STATUSES = {
  created: 'Создан',
  updated: 'Обновлён',
  matched: 'Найден',
  error: 'Ошибка',
} as const;
export type ClientExcelRowStatus = keyof typeof CLIENT_EXCEL_ROW_STATUSES;

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || typeof value === 'boolean') return value ?? false;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0' || value === '') return false;
    ctx.addIssue({ code: 'custom', message: 'ожидается true или false' });
    return z.NEVER;
  });

/** Query of POST client-excel/. */
export const clientExcelUploadQuery = z.object({
  force_create_lom: flag,
  update_flag: flag,
});
export type ClientExcelUploadQuery = z.output<typeof clientExcelUploadQuery>;

export const clientExcelLogsQuery = z.object({
  file_format: z.enum(['xlsx', 'csv'], { error: 'ожидается xlsx или csv' }).default('xlsx'),
});

export const clientExcelIdParams = z.object({
  id: idParam,
});

/** One upload in the history (GET client-excel/) and the answer of POST. */
export const clientExcelUpload = z.object({
  id: z.number().int(),
  file_name: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.string(),
  force_create_lom: z.boolean(),
  update_flag: z.boolean(),
  rows_total: z.number().int(),
  loms_created: z.number().int(),
  loms_updated: z.number().int(),
  rows_matched: z.number().int(),
  errors_count: z.number().int(),
  /** File name of the medialogy report, null when there is none. */
  reportFile: z.string().nullable(),
  /** File name of the row log, null when there is none. */
  logsFile: z.string().nullable(),
  upload_report_id: z.number().int().nullable(),
});
export type ClientExcelUpload = z.infer<typeof clientExcelUpload>;

/** upload_reports/: the result report of one upload. */
export const uploadReportItem = z.object({
  id: z.number().int(),
  name: z.string(),
  excel_upload_id: z.number().int().nullable(),
  file_name: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type UploadReportItem = z.infer<typeof uploadReportItem>;
