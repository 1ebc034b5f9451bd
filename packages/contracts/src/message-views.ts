import { z } from 'zod';
import { idParam, pageParam, pageSizeParam } from './input.ts';
import { messageSearchSchema } from './messages.ts';
import { moodTableRowSchema, moodTableSchema } from './mood-table.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

// Answers of the message reads (api.md §7.8): list, detail, mood table, lom stat, comments.

const id = z.number().int();
const named = z.object({ id, name: z.string() });

export const messageLomRef = z.object({ id, name: z.string(), avatar: z.string().nullable() });
export type MessageLomRef = z.infer<typeof messageLomRef>;
export const messageSourceRef = z.object({ id, name: z.string(), icon: z.string() });
export const messageLomSourceRef = z.object({ id, url: z.string() });

/** One row of the messages list (product.md §3 Message), text stripped for display (§5). */
export const messageListItem = z.object({
  id,
  text: z.string(),
  lom: messageLomRef.nullable(),
  /** The lom's name when the message was written. */
  lom_name: z.string().nullable(),
  source: messageSourceRef.nullable(),
  lom_source: messageLomSourceRef.nullable(),
  url: z.string().nullable(),
  /** ISO instant. */
  wrote_at: z.string(),
  message_type: id,
  state: id,
  content_type: id.nullable(),
  mood: id.nullable(),
  mood_ai: id.nullable(),
  theme: named.nullable(),
  info_reason: named.nullable(),
  rubrics: z.array(named),
  tags: z.array(named),
  verified: z.boolean(),
  verified_by_super_editor: z.boolean(),
  verified_ai: z.boolean(),
  delayed: z.boolean(),
  archived: z.boolean(),
  trash: z.boolean(),
  from_zephyr: z.boolean(),
  is_manual: z.boolean(),
  si: z.number(),
  number_views: z.number(),
  repost_count: z.number(),
  comments_count: z.number(),
  viral_per_cent: z.number(),
  fragment_presence: z.boolean(),
  fragments_count: z.number().int(),
  /** With a search: the text with what it found marked `<mark>…</mark>` (docs/search.md "Highlighting"). */
  highlighted_text: z.string().optional(),
});
export type MessageListItem = z.infer<typeof messageListItem>;

export const paginationCountResponse = z.object({
  elements_count: z.number().int(),
  last_page: z.number().int(),
  /** False when elements_count is a lower bound (a search whose exact count would pass its time limit). */
  elements_count_exact: z.boolean().optional(),
});
export type PaginationCountResponse = z.infer<typeof paginationCountResponse>;

export const messageQuote = z.object({
  id,
  text: z.string(),
  speech_timestamp: z.number().int().nullable(),
  mood: id.nullable(),
  theme: named.nullable(),
  info_reason: named.nullable(),
  fragment_id: id.nullable(),
  lom: messageLomRef.nullable(),
  is_manual: z.boolean(),
  wrote_at: z.string(),
});
export type MessageQuote = z.infer<typeof messageQuote>;

/** A fragment of the message: 0-based offsets into the text, `end` exclusive. */
export const messageFragment = z.object({
  id,
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  speech_timestamp: z.number().int().nullable(),
  mood: id.nullable(),
  mood_ai: id.nullable(),
  theme: named.nullable(),
  info_reason: named.nullable(),
  tags: z.array(named),
  quotes: z.array(messageQuote),
});
export type MessageFragment = z.infer<typeof messageFragment>;

export const messageMarkup = z.object({
  id,
  theme: named.nullable(),
  info_reason: named.nullable(),
  mood: id.nullable(),
  /** Proposed by the machine and not yet confirmed (docs/ai-themes.md); its cosine similarity 0..1. */
  ai: z.boolean(),
  ai_score: z.number().nullable(),
  /** The theme is an approved one: only then can an AI markup be confirmed on the message. */
  theme_approved: z.boolean(),
});
export type MessageMarkup = z.infer<typeof messageMarkup>;

/** The message editor's view: the list row and everything of §3 Message. */
/** GET messages/{id}/: `search` marks what the list's search found in the text (`highlighted_text`). */
export const messageDetailQuery = z.object({ search: messageSearchSchema.optional() });
export type MessageDetailQuery = z.output<typeof messageDetailQuery>;

export const messageDetail = messageListItem.extend({
  copy_from_id: id.nullable(),
  extra_source_text: z.string().nullable(),
  extra_ocr_text: z.string().nullable(),
  screenshots: z.array(z.unknown()),
  media: z.array(z.unknown()),
  duplicates: z.array(z.unknown()),
  /** Word-level sentiment [{start, end, word, score}], null when not computed. */
  sentiment: z.unknown().nullable(),
  news_id: id.nullable(),
  speaker: messageLomRef.nullable(),
  speech_timestamp: z.number().int().nullable(),
  region: named.nullable(),
  city: named.nullable(),
  heading: named.nullable(),
  channel: named.nullable(),
  fragments: z.array(messageFragment),
  quotes: z.array(messageQuote),
  markups: z.array(messageMarkup),
  /** The current user's personal tags only. */
  personal_tags: z.array(named),
});
export type MessageDetail = z.infer<typeof messageDetail>;

/** A mood table over a filter: one row per mood id and the row over all of them. */
export const moodTableResponse = z.object({ mood_table: moodTableSchema, total: moodTableRowSchema });
export type MoodTableResponse = z.infer<typeof moodTableResponse>;

/** One lom of a lom stat (messages or quotes) with its mood table. */
export const lomStatItem = z.object({
  lom: messageLomRef,
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  total_reposts: z.number(),
  subscribers: z.number(),
  mood_table: moodTableSchema,
});
export type LomStatItem = z.infer<typeof lomStatItem>;

export const messageComment = z.object({
  id,
  message_id: id,
  author_name: z.string(),
  text: z.string(),
  wrote_at: z.string(),
  likes: z.number().int(),
  mood: id.nullable(),
});
export type MessageComment = z.infer<typeof messageComment>;

export const commentsQuery = z.object({
  message: idParam,
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
});

/** The message's most liked comment (newest on a tie) for a card preview, and how many there are. */
export const oneCommentResponse = z.object({
  comment: messageComment.nullable(),
  comments_count: z.number().int(),
});
