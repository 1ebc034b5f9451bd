import {
  type MessageDetail,
  type MessageFragment,
  type MessageListItem,
  type MessageQuote,
  stripMessageHtml,
} from '@monitoring/contracts';
import type { MessageDetailData, QuoteRow } from './read-detail.ts';
import type { MessageListRow, Named } from './read-queries.ts';

/** `{id, name}` when the id is set; a dangling id (row deleted meanwhile) shows with an empty name. */
export function namedRef(id: number | null, name: string | null | undefined): Named | null {
  return id === null ? null : { id, name: name ?? '' };
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function presentListRow(row: MessageListRow): MessageListItem {
  return {
    id: row.id,
    // §5: the browser gets the text without emoji and without HTML but <mark> and <br>.
    text: stripMessageHtml(row.text),
    lom:
      row.lomId === null
        ? null
        : { id: row.lomId, name: row.lomCurrentName ?? row.lomName ?? '', avatar: row.lomAvatar ?? null },
    lom_name: row.lomName,
    source:
      row.sourceId === null
        ? null
        : { id: row.sourceId, name: row.sourceName ?? '', icon: row.sourceIcon ?? '' },
    lom_source: row.lomSourceId === null ? null : { id: row.lomSourceId, url: row.lomSourceUrl ?? '' },
    url: row.url,
    wrote_at: row.wroteAt.toISOString(),
    message_type: row.messageType,
    state: row.state,
    content_type: row.contentTypeId,
    mood: row.mood,
    mood_ai: row.moodAi,
    theme: namedRef(row.themeId, row.themeName),
    info_reason: namedRef(row.infoReasonId, row.infoReasonName),
    rubrics: row.rubrics,
    tags: row.tags,
    verified: row.verified,
    verified_by_super_editor: row.verifiedBySuperEditor,
    verified_ai: row.verifiedAi,
    delayed: row.delayed,
    archived: row.archived,
    trash: row.trash,
    from_zephyr: row.fromZephyr,
    is_manual: row.isManual,
    si: row.si,
    number_views: Number(row.numberViews),
    repost_count: row.repostCount,
    comments_count: row.commentsCount,
    viral_per_cent: row.viralPerCent,
    fragment_presence: row.fragmentPresence,
    fragments_count: row.fragmentsCount,
  };
}

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

export function presentDetail(data: MessageDetailData): MessageDetail {
  const { extra } = data;
  const quotes = data.quotes.map(presentQuote);
  return {
    ...presentListRow(data.base),
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
    })),
    personal_tags: data.personal,
  };
}
