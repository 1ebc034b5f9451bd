import { z } from 'zod';
import { messageTypeSchema } from './constants.ts';
import {
  findUnsafeText,
  idField,
  isSafeText,
  JSON_TOO_DEEP_MESSAGE,
  jsonNestsDeeperThan,
  strictBody,
  UNSAFE_TEXT_MESSAGE,
} from './input.ts';

// Message ingestion (issue 18, docs/ingestion.md): NDJSON, one message a line, for the crawler's service user
// (`POST ingest/messages/`) and `npm run ingest`. One schema of a line, shared by both.

export const INGEST_PATHS = {
  messages: '/api/v1/ingest/messages/',
} as const;

/** The largest request body the ingest call reads; a larger one answers 413. */
export const INGEST_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The largest line (one message); a longer one is rejected with its number. */
export const INGEST_MAX_LINE_BYTES = 1024 * 1024;
/** A message may be dated ahead of the server's clock by at most this much (time zones, clock skew). */
export const INGEST_FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/** Lines per transaction of `npm run ingest` (and a sensible request size for a client). */
export const INGEST_BATCH_LINES = 5000;
/** Most media or screenshots one message may carry. */
export const INGEST_MAX_ATTACHMENTS = 50;

const MAX_TEXT = 200_000;

const httpUrl = (field: string) =>
  z
    .string({ error: `ожидается адрес ${field}` })
    .max(2000, { error: 'адрес длиннее 2000 символов' })
    .regex(/^https?:\/\/\S+$/i, { error: 'ожидается адрес http(s)' });

const count = z
  .number({ error: 'ожидается число' })
  .int({ error: 'ожидается целое число' })
  .min(0, { error: 'не может быть отрицательным' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'слишком большое число' });

const externalId = z
  .union([z.string(), z.number().int().min(0)], { error: 'ожидается строка или целое число' })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, { error: 'не может быть пустым' }).max(200, { error: 'длиннее 200 символов' }));

/** One message of an ingest file or request body. */
export const ingestLine = strictBody({
  /** The platform: a name of the sources directory («Telegram», «ВКонтакте») or its host («t.me»). */
  source: z
    .string({ error: 'укажите источник (площадку)' })
    .trim()
    .min(1, { error: 'укажите источник (площадку)' })
    .max(100, { error: 'длиннее 100 символов' }),
  external_id: externalId,
  url: httpUrl('сообщения').nullable().optional(),
  /** The account (lom source) by its address; an unknown one is created without a lom. */
  lom_source_url: httpUrl('аккаунта').nullable().optional(),
  /** The lom, when the crawler knows it (otherwise the account's lom, if any). */
  lom_id: idField.nullable().optional(),
  author: z
    .string({ error: 'ожидается строка' })
    .max(500, { error: 'длиннее 500 символов' })
    .nullable()
    .optional(),
  text: z.string({ error: 'ожидается текст' }).max(MAX_TEXT, { error: `длиннее ${MAX_TEXT} символов` }),
  wrote_at: z.iso
    .datetime({ offset: true, error: 'ожидается дата и время в формате ISO 8601' })
    .refine((value) => Date.parse(value) <= Date.now() + INGEST_FUTURE_TOLERANCE_MS, {
      error: 'дата публикации в будущем больше чем на сутки',
    }),
  type: messageTypeSchema.default(0),
  views: count.default(0),
  reposts: count.max(2_147_483_647, { error: 'слишком большое число' }).default(0),
  comments: count.max(2_147_483_647, { error: 'слишком большое число' }).default(0),
  media: z
    .array(z.strictObject({ type: z.enum(['image', 'video', 'audio']), url: httpUrl('вложения') }))
    .max(INGEST_MAX_ATTACHMENTS, { error: `не более ${INGEST_MAX_ATTACHMENTS}` })
    .default([]),
  screenshots: z
    .array(z.strictObject({ url: httpUrl('скриншота') }))
    .max(INGEST_MAX_ATTACHMENTS, { error: `не более ${INGEST_MAX_ATTACHMENTS}` })
    .default([]),
  /** The external id (same source) of the message this one copies or reposts. */
  copy_of: externalId.nullable().optional(),
});
export type IngestLine = z.infer<typeof ingestLine>;

/** A refused line: its 1-based number in the body or file, the field and the Russian reason. */
export const ingestError = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type IngestError = z.infer<typeof ingestError>;

export const ingestResult = z.object({
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  /** New messages linked to the message they copy (by external id or by near-duplicate text). */
  linked_copies: z.number().int(),
  /** New messages the mood model marked (mood_ai, status «marked by AI»; docs/mood-model.md). */
  marked_by_ai: z.number().int(),
  /** New messages given an approved theme as an AI markup for an editor to confirm (docs/ai-themes.md). */
  themes_suggested: z.number().int(),
  errors: z.array(ingestError),
});
export type IngestResult = z.infer<typeof ingestResult>;

const FIELD_NAMES: Record<string, string> = {
  source: 'источник',
  external_id: 'внешний идентификатор',
  url: 'адрес сообщения',
  lom_source_url: 'адрес аккаунта',
  lom_id: 'ЛОМ',
  author: 'автор',
  text: 'текст',
  wrote_at: 'дата публикации',
  type: 'тип сообщения',
  views: 'просмотры',
  reposts: 'репосты',
  comments: 'комментарии',
  media: 'медиа',
  screenshots: 'скриншоты',
  copy_of: 'копия сообщения',
};

function fieldReason(path: readonly PropertyKey[], message: string): Omit<IngestError, 'line'> {
  const field = path.map(String).join('.') || null;
  const top = path.length > 0 ? String(path[0]) : '';
  const label = FIELD_NAMES[top];
  return {
    field,
    message: label ? `${label} (${field}): ${message}` : field ? `${field}: ${message}` : message,
  };
}

/** Byte length of a line without encoding it when it is clearly short. */
function lineBytes(line: string): number {
  return line.length * 3 <= INGEST_MAX_LINE_BYTES ? line.length : new TextEncoder().encode(line).length;
}

/**
 * One line parsed, or the reason it is refused: over the size limit, not JSON, not an object, NUL bytes or
 * unpaired surrogates anywhere, or a field the schema refuses. `line` is the 1-based line number.
 */
export function parseIngestLine(
  text: string,
  line: number,
): { ok: true; value: IngestLine } | { ok: false; error: IngestError } {
  const fail = (error: Omit<IngestError, 'line'>) => ({ ok: false as const, error: { line, ...error } });
  if (lineBytes(text) > INGEST_MAX_LINE_BYTES) {
    return fail({ field: null, message: `строка длиннее ${INGEST_MAX_LINE_BYTES / 1024 / 1024} МБ` });
  }
  if (!isSafeText(text)) {
    // Before JSON.parse: a raw NUL byte or a lone surrogate in the line itself.
    return fail({ field: null, message: UNSAFE_TEXT_MESSAGE });
  }
  if (jsonNestsDeeperThan(text)) return fail({ field: null, message: JSON_TOO_DEEP_MESSAGE });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail({ field: null, message: 'строка не является корректным JSON' });
  }
  return parseIngestValue(raw, line);
}

/**
 * One message already in hand as a value (a collector's item, docs/collectors.md) checked as a line is: an object,
 * no NUL bytes or unpaired surrogates anywhere, every field as the schema wants it.
 */
export function parseIngestValue(
  raw: unknown,
  line: number,
): { ok: true; value: IngestLine } | { ok: false; error: IngestError } {
  const fail = (error: Omit<IngestError, 'line'>) => ({ ok: false as const, error: { line, ...error } });
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail({ field: null, message: 'ожидается объект JSON' });
  }
  const unsafe = findUnsafeText(raw);
  if (unsafe) return fail(fieldReason(unsafe, UNSAFE_TEXT_MESSAGE));
  const parsed = ingestLine.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(fieldReason(issue?.path ?? [], issue?.message ?? 'неверное значение'));
  }
  return { ok: true, value: parsed.data };
}
