import { type LomCommentItem, type QuoteListItem, stripMessageHtml } from '@monitoring/contracts';
import { namedRef } from '../../domain/lists/message-list-presenter.ts';
import type { LomCommentRow, LomQuoteRow, NewsRow } from './queries.ts';

export function presentQuote(row: LomQuoteRow): QuoteListItem {
  return {
    id: row.id,
    // §5: the browser gets text without emoji and without HTML but <mark> and <br>.
    text: stripMessageHtml(row.text),
    wrote_at: row.wroteAt.toISOString(),
    mood: row.mood,
    theme: namedRef(row.themeId, row.themeName),
    info_reason: namedRef(row.infoReasonId, row.infoReasonName),
    message_id: row.messageId,
    fragment_id: row.fragmentId,
    speech_timestamp: row.speechTimestamp,
    is_manual: row.isManual,
    url: row.url,
  };
}

export function presentComment(row: LomCommentRow): LomCommentItem {
  return {
    id: row.id,
    message_id: row.messageId,
    author_name: row.authorName,
    text: row.text,
    wrote_at: row.wroteAt.toISOString(),
    likes: row.likes,
    mood: row.mood,
    message: {
      id: row.messageId,
      wrote_at: row.messageWroteAt.toISOString(),
      url: row.messageUrl,
      text: stripMessageHtml(row.messageText),
    },
  };
}

export function presentNews(row: NewsRow) {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    url: row.url,
    updated_at: row.updatedAt.toISOString(),
    cached_at: row.cachedAt?.toISOString() ?? null,
  };
}
