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
export const GENERATED_REPORT_TYPE_LABELS: Readonly<Record<GeneratedReportType, string>> = { docx: 'Word' };

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
