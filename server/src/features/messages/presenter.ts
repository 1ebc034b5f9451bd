import {
  type MessageDetail,
  type MessageFragment,
  type MessageQuote,
  stripMessageHtml,
} from '@monitoring/contracts';
import type { messageComments, messageMarkups } from '../../db/schema/index.ts';
import { namedRef, presentListRow } from '../../domain/lists/message-list-presenter.ts';

type CommentRow = typeof messageComments.$inferSelect;
type MarkupRow = typeof messageMarkups.$inferSelect;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

import type { MarkupResult, MessageComment } from '@monitoring/contracts';
import type { MessageDetailData, QuoteRow } from './detail-queries.ts';

export function presentQuote(row: QuoteRow): MessageQuote {
  return {
    id: row.id,
    text: row.text,
    speech_timestamp: row.speechTimestamp,
    mood: row.mood,
    theme: namedRef(row.themeId, row.themeName),
    info_reason: namedRef(row.infoReasonId, row.infoReasonName),
    fragment_id: row.fragmentId,
    lom:
      row.lomId === null ? null : { id: row.lomId, name: row.lomName ?? '', avatar: row.lomAvatar ?? null },
    is_manual: row.isManual,
    wrote_at: row.wroteAt.toISOString(),
  };
}

function presentFragments(data: MessageDetailData, quotes: MessageQuote[]): MessageFragment[] {
  return data.fragments.map((f) => ({
    id: f.id,
    text: f.text,
    start: f.start,
    end: f.end,
    speech_timestamp: f.speechTimestamp,
    mood: f.mood,
    mood_ai: f.moodAi,
    theme: namedRef(f.themeId, f.themeName),
    info_reason: namedRef(f.infoReasonId, f.infoReasonName),
    tags: data.fragmentTags.filter((t) => t.fragmentId === f.id).map(({ id, name }) => ({ id, name })),
    quotes: quotes.filter((q) => q.fragment_id === f.id),
  }));
}

export function presentDetail(data: MessageDetailData, highlighted?: string): MessageDetail {
  const { extra } = data;
  const quotes = data.quotes.map(presentQuote);
  return {
    ...presentListRow(data.base, highlighted),
    copy_from_id: extra.copyFromId,
    extra_source_text: extra.extraSourceText === null ? null : stripMessageHtml(extra.extraSourceText),
    extra_ocr_text: extra.extraOcrText === null ? null : stripMessageHtml(extra.extraOcrText),
    screenshots: asArray(extra.screenshots),
    media: asArray(extra.media),
    duplicates: asArray(extra.duplicates),
    sentiment: extra.sentiment ?? null,
    news_id: extra.newsId,
    speaker:
      extra.speakerId === null
        ? null
        : { id: extra.speakerId, name: extra.speakerName ?? '', avatar: extra.speakerAvatar ?? null },
    speech_timestamp: extra.speechTimestamp,
    region: namedRef(extra.regionId, extra.regionName),
    city: namedRef(extra.cityId, extra.cityName),
    heading: namedRef(extra.headingId, extra.headingName),
    channel: namedRef(extra.channelId, extra.channelName),
    fragments: presentFragments(data, quotes),
    quotes,
    markups: data.markups.map((m) => ({
      id: m.id,
      theme: namedRef(m.themeId, m.themeName),
      info_reason: namedRef(m.infoReasonId, m.infoReasonName),
      mood: m.mood,
      ai: m.ai,
      ai_score: m.aiScore,
      theme_approved: m.themeApproved ?? false,
    })),
    personal_tags: data.personal,
  };
}

export function presentComment(row: CommentRow): MessageComment {
  return {
    id: row.id,
    message_id: row.messageId,
    author_name: row.authorName,
    text: row.text,
    wrote_at: row.wroteAt.toISOString(),
    likes: row.likes,
    mood: row.mood,
  };
}

export function presentMarkup(row: MarkupRow): MarkupResult {
  return {
    id: row.id,
    message: row.messageId,
    theme: row.themeId,
    info_reason: row.infoReasonId,
    mood: row.mood,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}
