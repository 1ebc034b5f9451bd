import { stripMessageHtml } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { lockMessage, type MessageRow } from './message-edit-queries.ts';

// Rules that every edit of a message or of its parts (fragments, quotes) shares.

export const MESSAGE_NOT_FOUND = 'Сообщение не найдено';

/** Locks the message or answers 404. */
export async function lockOrFail(db: Db, id: number): Promise<MessageRow> {
  const message = await lockMessage(db, id);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  return message;
}

/**
 * The text fragment offsets count in: the message text as the API sends it (§5,
 * stripMessageHtml: no emoji, no HTML but <mark> and <br>). It is the only text a
 * client sees, selects in and draws fragment highlights on; for text without
 * emoji or other tags it is the stored text itself.
 */
export function fragmentSource(messageText: string): string {
  return stripMessageHtml(messageText);
}

/**
 * A span must be a span of the message: start and end are 0-based offsets into
 * fragmentSource(text) in UTF-16 code units (what the browser's selection counts),
 * end exclusive, and text equals that substring.
 */
export function checkSpan(messageText: string, span: { text: string; start: number; end: number }) {
  const source = fragmentSource(messageText);
  if (span.end <= span.start) throw badRequest('Конец фрагмента должен быть больше начала', 'end');
  if (span.end > source.length) {
    throw badRequest(`Конец фрагмента за пределами текста (длина ${source.length})`, 'end');
  }
  if (source.slice(span.start, span.end) !== span.text) {
    throw badRequest('Текст фрагмента не совпадает с текстом сообщения в указанных границах', 'text');
  }
}
