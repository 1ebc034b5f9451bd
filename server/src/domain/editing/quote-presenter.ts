import type { QuoteResult } from '@monitoring/contracts';
import type { QuoteRow } from './quote-queries.ts';

export function presentQuote(row: QuoteRow): QuoteResult {
  return {
    id: row.id,
    message_id: row.messageId,
    fragment_id: row.fragmentId,
    lom_id: row.lomId,
    text: row.text,
    speech_timestamp: row.speechTimestamp,
    mood: row.mood,
    theme_id: row.themeId,
    info_reason_id: row.infoReasonId,
    wrote_at: row.wroteAt.toISOString(),
    is_manual: row.isManual,
  };
}

/** The values a log row keeps of a quote. */
export const quoteValues = (row: QuoteRow) => ({
  id: row.id,
  text: row.text,
  lom_id: row.lomId,
  mood: row.mood,
  theme_id: row.themeId,
  info_reason_id: row.infoReasonId,
});
