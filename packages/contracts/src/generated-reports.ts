import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { idParam, pageParam, pageSizeParam } from './input.ts';

/**
 * Generated reports (the /reports list, api.md §7.5 "Reports list"): files the server built and keeps, such as
 * the Word report of a new dashboard's charts. docs/reports.md "Generated reports".
 */

export const GENERATED_REPORT_PATHS = {
  list: '/api/v1/reports/',
  /** DELETE one. */
  detail: '/api/v1/reports/:id/',
  download: '/api/v1/reports/:id/download/',
} as const;

export const GENERATED_REPORT_STATUSES = ['building', 'done', 'failed'] as const;
export type GeneratedReportStatus = (typeof GENERATED_REPORT_STATUSES)[number];
export const GENERATED_REPORT_STATUS_LABELS: Readonly<Record<GeneratedReportStatus, string>> = {
  building: 'Формируется',
  done: 'Готов',
  failed: 'Ошибка',
};

/** report_type of a dashboard report: a Word document. */
export const GENERATED_REPORT_TYPES = ['docx'] as const;
export type GeneratedReportType = (typeof GENERATED_REPORT_TYPES)[number];
/** The file types the list shows: a dashboard's Word report, and the Excel and Word files downloaded elsewhere. */
export const GENERATED_REPORT_TYPE_LABELS: Readonly<Record<string, string>> = { docx: 'Word', xlsx: 'Excel' };

/**
 * Where a file of the list was made: a new dashboard's report (the file is kept), or a download recorded as it
 * was sent (/messages Excel and Word, /quotes Excel, lom reports, the action log's Excel; the file is not kept).
 */
export const GENERATED_REPORT_SOURCES = ['dashboard', 'messages', 'quotes', 'loms', 'logs'] as const;
export type GeneratedReportSource = (typeof GENERATED_REPORT_SOURCES)[number];
export const GENERATED_REPORT_SOURCE_LABELS: Readonly<Record<GeneratedReportSource, string>> = {
  dashboard: 'Дашборд',
  messages: 'Сообщения',
  quotes: 'Цитаты',
  loms: 'ЛОМ',
  logs: 'Журнал действий',
};

/** Limits of POST new-dashboards/{id}/report/. */
export const REPORT_MAX_CHARTS = 20;
export const REPORT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const REPORT_NAME_MAX_LENGTH = 200;

export const generatedReportListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(25),
});
export type GeneratedReportListQuery = z.output<typeof generatedReportListQuery>;

export const generatedReportIdParams = z.object({ id: idParam });

export const generatedReportItem = z.object({
  id: z.number().int(),
  name: z.string(),
  report_type: z.string(),
  status: z.enum(GENERATED_REPORT_STATUSES),
  /** Bytes of the file; null while building. */
  size: z.number().int().nullable(),
  author: z.object({ id: z.number().int(), username: z.string() }),
  dashboard_id: z.number().int().nullable(),
  charts_count: z.number().int(),
  created_at: z.string(),
  source: z.enum(GENERATED_REPORT_SOURCES),
  /** The filter the file was made with, in words («Период: …», «ЛОМ: …»); a dashboard's as it was then. */
  filters: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Rows (messages, quotes, loms, actions) the file lists, when known. */
  rows: z.number().int().nullable(),
  /** Whether the server keeps the file (GET {id}/download/); a recorded download is not kept. */
  file_kept: z.boolean(),
  /**
   * A recorded download made by a GET: its call and query, to make it again (with today's data); null otherwise.
   * The path is one of the report paths of contracts.
   */
  repeat: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }).nullable(),
});
export type GeneratedReportItem = z.infer<typeof generatedReportItem>;
export const generatedReportListResponse = listEnvelope(generatedReportItem);

/** The text fields of the report form (the images are file parts `charts[n][image]`). */
export const reportFormFields = z.object({
  name: z
    .string({ error: 'укажите название отчёта' })
    .trim()
    .min(1, { error: 'название не может быть пустым' })
    .max(REPORT_NAME_MAX_LENGTH, { error: `не длиннее ${REPORT_NAME_MAX_LENGTH} символов` }),
  report_type: z.enum(GENERATED_REPORT_TYPES, {
    error: `ожидается одно из: ${GENERATED_REPORT_TYPES.join(', ')}`,
  }),
});
