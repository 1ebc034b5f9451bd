import { type QuoteListItem, stripMessageHtml } from '@monitoring/contracts';
import { namedRef } from '../../domain/lists/message-list-presenter.ts';
import type { QuoteGroupRow } from './read-queries.ts';

export function presentQuote(row: QuoteGroupRow): QuoteListItem | null {
  if (row.quote_id === null) return null;
  return {
    id: row.quote_id,
    // §5: the browser gets text without emoji and without HTML but <mark> and <br>.
    text: stripMessageHtml(row.text ?? ''),
    wrote_at: row.wrote_at ?? '',
    mood: row.mood === null ? null : Number(row.mood),
    theme: namedRef(row.theme_id, row.theme_name),
    info_reason: namedRef(row.info_reason_id, row.info_reason_name),
    message_id: row.message_id,
    fragment_id: row.fragment_id,
    speech_timestamp: row.speech_timestamp,
    is_manual: row.is_manual ?? false,
    url: row.url,
  };
}
