import { type MessageListItem, stripMessageHtml } from '@monitoring/contracts';
import type { MessageListRow, Named } from './message-list-queries.ts';

/** `{id, name}` when the id is set; a dangling id (row deleted meanwhile) shows with an empty name. */
export function namedRef(id: number | null, name: string | null | undefined): Named | null {
  return id === null ? null : { id, name: name ?? '' };
}

/** `highlighted`: the text with a search's matches marked (search-queries.ts `highlightedTexts`), when searched. */
export function presentListRow(row: MessageListRow, highlighted?: string): MessageListItem {
  return {
    ...(highlighted === undefined ? {} : { highlighted_text: stripMessageHtml(highlighted) }),
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
