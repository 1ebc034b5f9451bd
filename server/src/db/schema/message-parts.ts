import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { loms } from './loms.ts';
import { messages } from './messages.ts';
import { infoReasons, personalTags, rubrics, tags, themes } from './themes.ts';
import { users } from './users.ts';

const messageId = () =>
  integer('message_id')
    .notNull()
    .references(() => messages.id, { onDelete: 'cascade' });

/**
 * A span of a message's text classified on its own. start/end are 0-based UTF-16 offsets, end
 * exclusive, into the text as the API shows it (stripMessageHtml(messages.text), see checkSpan).
 */
export const fragments = pgTable(
  'fragments',
  {
    id: serial('id').primaryKey(),
    messageId: messageId(),
    text: text('text').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    speechTimestamp: integer('speech_timestamp'),
    mood: smallint('mood'),
    moodAi: smallint('mood_ai'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    infoReasonId: integer('info_reason_id').references(() => infoReasons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('fragments_message_idx').on(t.messageId),
    index('fragments_theme_idx').on(t.themeId).where(sql`${t.themeId} is not null`),
    index('fragments_info_reason_idx').on(t.infoReasonId).where(sql`${t.infoReasonId} is not null`),
  ],
);

/** A quoted statement of a lom, from a message, a fragment or entered by hand. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    fragmentId: integer('fragment_id').references(() => fragments.id, { onDelete: 'set null' }),
    lomId: integer('lom_id').references(() => loms.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    speechTimestamp: integer('speech_timestamp'),
    mood: smallint('mood'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    infoReasonId: integer('info_reason_id').references(() => infoReasons.id, { onDelete: 'set null' }),
    wroteAt: tstz('wrote_at').notNull(),
    isManual: boolean('is_manual').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('quotes_wrote_at_idx').on(t.wroteAt),
    index('quotes_lom_wrote_at_idx').on(t.lomId, t.wroteAt),
    index('quotes_message_idx').on(t.messageId),
    index('quotes_theme_idx').on(t.themeId),
    index('quotes_fragment_idx').on(t.fragmentId).where(sql`${t.fragmentId} is not null`),
  ],
);

/** A further classification of a message (theme, info reason, mood) beyond the primary one. */
export const messageMarkups = pgTable(
  'message_markups',
  {
    id: serial('id').primaryKey(),
    messageId: messageId(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'cascade' }),
    infoReasonId: integer('info_reason_id').references(() => infoReasons.id, { onDelete: 'set null' }),
    mood: smallint('mood'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * Proposed by the machine, not yet confirmed by an editor (docs/ai-themes.md): a message of an
     * AI theme proposal that waits for approval, or a suggestion of an approved theme.
     */
    ai: boolean('ai').notNull().default(false),
    /** The cosine similarity behind an AI markup (0..1); null for an editor's markup. */
    aiScore: real('ai_score'),
  },
  (t) => [
    index('message_markups_message_idx').on(t.messageId),
    index('message_markups_theme_idx').on(t.themeId),
    index('message_markups_info_reason_idx').on(t.infoReasonId),
    // The AI markups of a theme (a proposal's messages, a theme's suggestions): few, so a partial index.
    index('message_markups_ai_theme_idx').on(t.themeId, t.messageId).where(sql`${t.ai}`),
  ],
);

/** Readers' comments under a message (the lom card's comments and the message comments). */
export const messageComments = pgTable(
  'message_comments',
  {
    id: serial('id').primaryKey(),
    messageId: messageId(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    wroteAt: tstz('wrote_at').notNull(),
    likes: integer('likes').notNull().default(0),
    mood: smallint('mood'),
  },
  (t) => [index('message_comments_message_idx').on(t.messageId, t.wroteAt)],
);

export const messageRubrics = pgTable(
  'message_rubrics',
  {
    messageId: messageId(),
    rubricId: integer('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.rubricId] }),
    index('message_rubrics_rubric_idx').on(t.rubricId),
  ],
);

export const messageTags = pgTable(
  'message_tags',
  {
    messageId: messageId(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.tagId] }), index('message_tags_tag_idx').on(t.tagId)],
);

/** Personal tags on messages; each tag belongs to one user, so this is per-user state. */
export const messagePersonalTags = pgTable(
  'message_personal_tags',
  {
    messageId: messageId(),
    personalTagId: integer('personal_tag_id')
      .notNull()
      .references(() => personalTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.personalTagId] }),
    index('message_personal_tags_tag_idx').on(t.personalTagId),
  ],
);

export const fragmentTags = pgTable(
  'fragment_tags',
  {
    fragmentId: integer('fragment_id')
      .notNull()
      .references(() => fragments.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fragmentId, t.tagId] }), index('fragment_tags_tag_idx').on(t.tagId)],
);
