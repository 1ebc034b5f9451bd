import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { commaIdList, pageParam, pageSizeParam } from './input.ts';
import { searchText } from './messages.ts';
import { newsPeriodFields, periodInOrder } from './news.ts';

/**
 * Conversations (product.md §2 /conversations, §3 "Conversation"; api.md §7.10): broadcasts and
 * talks (TV, radio) with their speech transcripts. docs/conversations.md describes them.
 */
export const CONVERSATION_PATHS = {
  list: '/api/v1/conversations/',
  detail: '/api/v1/conversations/:id/',
} as const;

export const CONVERSATIONS_PAGE_SIZE = 20;

export const CONVERSATION_ORDERINGS = ['-wrote_at', 'wrote_at', '-si', '-number_views'] as const;
export type ConversationOrdering = (typeof CONVERSATION_ORDERINGS)[number];
export const DEFAULT_CONVERSATION_ORDERING: ConversationOrdering = '-wrote_at';

/** GET conversations/: filters of the list, all in the page's URL. */
export const conversationListQuery = z
  .object({
    ...newsPeriodFields,
    page: pageParam,
    page_size: pageSizeParam(CONVERSATIONS_PAGE_SIZE),
    /** Part of the name, any case. */
    search: searchText.optional(),
    /** Only these channels (api.md §7.3 channel/). */
    channel_in: commaIdList().optional(),
    /** Only the channels of these sources (the sources pick list). */
    source_in: commaIdList().optional(),
    ordering: z
      .enum(CONVERSATION_ORDERINGS, { error: `ожидается одно из: ${CONVERSATION_ORDERINGS.join(', ')}` })
      .default(DEFAULT_CONVERSATION_ORDERING),
  })
  .superRefine(periodInOrder);
export type ConversationListQuery = z.output<typeof conversationListQuery>;
export type ConversationListQueryInput = z.input<typeof conversationListQuery>;

const channelRef = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });

/** product.md §3 "Conversation", list item: id, name, wrote_at, channel, si, number_views. */
export const conversationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  wrote_at: z.string(),
  channel: channelRef.nullable(),
  si: z.number(),
  number_views: z.number(),
});
export type ConversationListItem = z.infer<typeof conversationListItem>;

export const conversationListResponse = listEnvelope(conversationListItem);
export type ConversationListResponse = z.infer<typeof conversationListResponse>;

/** One line of the transcript: who speaks, what, the recordings and the message made of it. */
export const conversationResult = z.object({
  id: z.number().int(),
  lom: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  text: z.string(),
  audio: z.string().nullable(),
  video: z.string().nullable(),
  message_id: z.number().int().nullable(),
});
export type ConversationResult = z.infer<typeof conversationResult>;

/** product.md §3 "Conversation", detail: json (title, url, name, source, stat, results) and themes. */
export const conversationDetail = conversationListItem.extend({
  json: z.object({
    title: z.string(),
    url: z.string().nullable(),
    name: z.string(),
    source: z.object({ name: z.string(), icon: z.string(), link: z.string().nullable() }),
    stat: z.object({ si: z.number(), views: z.number(), subscribers: z.number() }),
    results: z.array(conversationResult),
  }),
  themes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;
