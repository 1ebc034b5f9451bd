import type { ListEnvelope, MessageDetail, MessageListItem } from '@monitoring/contracts';

/** A list row as GET messages/ answers it. */
export function buildMessage(overrides: Partial<MessageListItem> = {}): MessageListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    text: `Текст сообщения ${id}`,
    lom: { id: 10, name: 'Анна Петрова', avatar: null },
    lom_name: 'Анна Петрова',
    source: { id: 1, name: 'Telegram', icon: '' },
    lom_source: null,
    url: 'https://t.me/example/1',
    wrote_at: '2025-05-20T09:30:00.000Z',
    message_type: 0,
    state: 2,
    content_type: 1,
    mood: 1,
    mood_ai: 1,
    theme: { id: 3, name: 'Благоустройство' },
    info_reason: null,
    rubrics: [],
    tags: [],
    verified: false,
    verified_by_super_editor: false,
    verified_ai: false,
    delayed: false,
    archived: false,
    trash: false,
    from_zephyr: false,
    is_manual: false,
    si: 1250,
    number_views: 34000,
    repost_count: 12,
    comments_count: 3,
    viral_per_cent: 0,
    fragment_presence: false,
    fragments_count: 0,
    ...overrides,
  };
}

export function buildMessageDetail(overrides: Partial<MessageDetail> = {}): MessageDetail {
  return {
    ...buildMessage(overrides),
    copy_from_id: null,
    extra_source_text: null,
    extra_ocr_text: null,
    screenshots: [],
    media: [],
    duplicates: [],
    sentiment: null,
    news_id: null,
    speaker: null,
    speech_timestamp: null,
    region: null,
    city: null,
    heading: null,
    channel: null,
    fragments: [],
    quotes: [],
    markups: [],
    personal_tags: [],
    ...overrides,
  };
}

/** One page of the list envelope. */
export function page<T>(results: T[], pageNumber: number, lastPage: number, total: number): ListEnvelope<T> {
  return {
    results,
    page: pageNumber,
    last_page: lastPage,
    elements_count: total,
    next_pages_available: Math.max(0, lastPage - pageNumber),
  };
}
