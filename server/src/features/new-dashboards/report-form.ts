import {
  type ChartParameters,
  chartParameters,
  findUnsafeText,
  isNewDashboardChart,
  type NewDashboardChart,
  REPORT_MAX_CHARTS,
  REPORT_MAX_IMAGE_BYTES,
  reportFormFields,
  UNSAFE_TEXT_MESSAGE,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';

// The multipart form of POST new-dashboards/{id}/report/, read whole into memory before anything is written:
// `name`, `report_type`, then per chart `charts[n][name]`, `charts[n][image]` (a PNG or JPEG file) and
// optionally `charts[n][chart]` (which of the eight charts it is) and `charts[n][parameters]` (its controls,
// JSON). A stream cut short, a part too big or too many, or a file that is no PNG/JPEG is a 400 naming the
// field, and nothing is stored.

export type ImageType = 'png' | 'jpg';

export interface ReportChartForm {
  name: string;
  chart: NewDashboardChart | null;
  parameters: ChartParameters;
  image: Buffer;
  imageType: ImageType;
}

export interface ReportForm {
  name: string;
  reportType: 'docx';
  charts: ReportChartForm[];
}

/** Limits of the parser: one more file than allowed, so the 21st is seen and refused by name. */
export const REPORT_FORM_LIMITS = {
  fields: 4 * REPORT_MAX_CHARTS + 10,
  fieldSize: 64 * 1024,
  files: REPORT_MAX_CHARTS + 1,
  fileSize: REPORT_MAX_IMAGE_BYTES,
  parts: 5 * REPORT_MAX_CHARTS + 10,
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type of an image by its first bytes (never by its name or declared type), or null. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpg';
  return null;
}

const CHART_FIELD = /^charts\[(\d{1,3})\]\[(name|chart|parameters|image)\]$/;

interface Partial {
  name?: string;
  chart?: NewDashboardChart | null;
  parameters?: ChartParameters;
  image?: Buffer;
  imageType?: ImageType;
}

function chartSlot(slots: Map<number, Partial>, field: string): { slot: Partial; key: string } {
  const match = CHART_FIELD.exec(field);
  if (!match) throw badRequest('Неизвестное поле формы', field);
  const index = Number(match[1]);
  if (index >= REPORT_MAX_CHARTS)
    throw badRequest(`В отчёте не больше ${REPORT_MAX_CHARTS} графиков`, 'charts');
  let slot = slots.get(index);
  if (!slot) {
    slot = {};
    slots.set(index, slot);
  }
  return { slot, key: match[2] };
}

function textValue(field: string, value: unknown): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  if (findUnsafeText(text)) throw badRequest(UNSAFE_TEXT_MESSAGE, field);
  return text;
}

function readText(slots: Map<number, Partial>, head: Record<string, string>, field: string, value: string) {
  if (field === 'name' || field === 'report_type') {
    head[field] = value;
    return;
  }
  const { slot, key } = chartSlot(slots, field);
  if (key === 'image') throw badRequest('Ожидается файл изображения', field);
  if (key === 'name') {
    const name = value.trim();
    if (!name || name.length > 200) throw badRequest('Название графика: от 1 до 200 символов', field);
    slot.name = name;
  } else if (key === 'chart') {
    if (value !== '' && !isNewDashboardChart(value)) throw badRequest('Нет такого графика', field);
    slot.chart = value === '' ? null : (value as NewDashboardChart);
  } else {
    let json: unknown;
    try {
      json = value === '' ? {} : JSON.parse(value);
    } catch {
      throw badRequest('Параметры графика: ожидается JSON', field);
    }
    const parsed = chartParameters.safeParse(json);
    if (!parsed.success) throw badRequest(`Параметры графика: ${parsed.error.issues[0].message}`, field);
    slot.parameters = parsed.data;
  }
}

/** Reads and checks the whole form. */
export async function readReportForm(request: FastifyRequest): Promise<ReportForm> {
  if (!request.isMultipart()) throw badRequest('Ожидается форма multipart/form-data', 'charts');
  const slots = new Map<number, Partial>();
  const head: Record<string, string> = {};
  let files = 0;
  try {
    for await (const part of request.parts({ limits: REPORT_FORM_LIMITS })) {
      const field = textValue('field', part.fieldname);
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest('Слишком длинное значение поля', field);
        readText(slots, head, field, textValue(field, part.value));
        continue;
      }
      files += 1;
      if (files > REPORT_MAX_CHARTS) {
        part.file.resume();
        throw badRequest(`В отчёте не больше ${REPORT_MAX_CHARTS} графиков`, 'charts');
      }
      const { slot, key } = chartSlot(slots, field);
      if (key !== 'image') {
        part.file.resume();
        throw badRequest('Ожидается текстовое поле, а не файл', field);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const tooBig = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        throw badRequest(
          tooBig
            ? `Изображение больше ${REPORT_MAX_IMAGE_BYTES / 1024 / 1024} МБ`
            : 'Форма оборвалась: изображение не получено целиком',
          field,
        );
      }
      const type = imageTypeOf(bytes);
      if (!type) throw badRequest('Изображение должно быть PNG или JPEG', field);
      slot.image = bytes;
      slot.imageType = type;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest(`В отчёте не больше ${REPORT_MAX_CHARTS} графиков`, 'charts');
    throw badRequest('Форма multipart/form-data повреждена или оборвалась', 'charts');
  }
  const parsedHead = reportFormFields.safeParse(head);
  if (!parsedHead.success) {
    const issue = parsedHead.error.issues[0];
    throw badRequest(issue.message, String(issue.path[0] ?? 'name'));
  }
  if (slots.size === 0) throw badRequest('Добавьте в отчёт хотя бы один график', 'charts');
  const charts = [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, slot]): ReportChartForm => {
      if (!slot.name) throw badRequest('Укажите название графика', `charts[${index}][name]`);
      if (!slot.image || !slot.imageType)
        throw badRequest('Приложите изображение графика', `charts[${index}][image]`);
      return {
        name: slot.name,
        chart: slot.chart ?? null,
        parameters: slot.parameters ?? {},
        image: slot.image,
        imageType: slot.imageType,
      };
    });
  return { name: parsedHead.data.name, reportType: parsedHead.data.report_type, charts };
}
