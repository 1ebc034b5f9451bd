import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, tsvector } from './columns.ts';
import { channels, cities, contentTypes, headings, regions, sources } from './directories.ts';
import { lomSources, loms } from './loms.ts';
import { news } from './news.ts';
import { infoReasons, themes } from './themes.ts';

/**
 * One publication of a lom on a source, sized for millions of rows (see the indexes).
 * theme_id / info_reason_id / mood are the primary markup; further markups live in
 * message_markups. The demo loader writes rows in wrote_at order, so a period is also
 * a contiguous stretch of the table.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    copyFromId: integer('copy_from_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    lomId: integer('lom_id').references(() => loms.id, { onDelete: 'set null' }),
    lomSourceId: integer('lom_source_id').references(() => lomSources.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    extraSourceText: text('extra_source_text'),
    extraOcrText: text('extra_ocr_text'),
    /** Name of the lom when the message was written (kept if the lom is renamed or merged). */
    lomName: text('lom_name'),
    wroteAt: tstz('wrote_at').notNull(),
    url: text('url'),
    /** [{ url }] */
    screenshots: jsonb('screenshots').notNull().default([]),
    /** [{ type: 'image' | 'video' | 'audio', url }] */
    media: jsonb('media').notNull().default([]),
    /** [{ id, url }] of messages with the same text. */
    duplicates: jsonb('duplicates').notNull().default([]),
    /** Word-level sentiment: [{ start, end, word, score }] with score in -1..1. */
    sentiment: jsonb('sentiment'),
    newsId: integer('news_id').references(() => news.id, { onDelete: 'set null' }),
    /** 0 post, 1 repost, 8 repost with addition, 101 partner story, 102 partner post. */
    messageType: smallint('message_type').notNull().default(0),
    /** 1 entered, 2 marked by AI, 3 approved, 4 under editing. */
    state: smallint('state').notNull().default(1),
    contentTypeId: integer('content_type_id').references(() => contentTypes.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    headingId: integer('heading_id').references(() => headings.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    /** Mood 1..6 set by an editor; null while not classified. */
    mood: smallint('mood'),
    moodAi: smallint('mood_ai'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    infoReasonId: integer('info_reason_id').references(() => infoReasons.id, { onDelete: 'set null' }),
    /** The lom speaking in a broadcast (TV, video) message. */
    speakerId: integer('speaker_id').references(() => loms.id, { onDelete: 'set null' }),
    /** Seconds from the start of the recording. */
    speechTimestamp: integer('speech_timestamp'),
    verified: boolean('verified').notNull().default(false),
    verifiedBySuperEditor: boolean('verified_by_super_editor').notNull().default(false),
    verifiedAi: boolean('verified_ai').notNull().default(false),
    delayed: boolean('delayed').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    trash: boolean('trash').notNull().default(false),
    fromZephyr: boolean('from_zephyr').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    si: doublePrecision('si').notNull().default(0),
    numberViews: bigint('number_views', { mode: 'number' }).notNull().default(0),
    repostCount: integer('repost_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** Views relative to the lom's usual views, percent; high values are viral. */
    viralPerCent: real('viral_per_cent').notNull().default(0),
    /** True when the message has at least one fragment. */
    fragmentPresence: boolean('fragment_presence').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** The mood model's probability of its mood (docs/mood-model.md); set with mood_ai, or alone below the threshold. */
    moodAiConfidence: real('mood_ai_confidence'),
    /** The message's id on its platform (source), as the crawler sent it (docs/ingestion.md); null for others. */
    externalId: text('external_id'),
    /**
     * Full-text search (docs/search.md): stems of the texts (weight D), their exact word forms (C), the author's
     * name (B) and the address's domains (A), set by the trigger messages_search_vector on every insert and on
     * updates of those columns; GIN index messages_search_idx (built by domain/search/search-index-queries.ts).
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    // The time index carries every column the list filters test, so "one month, newest
    // first, filtered by anything, with the total" is an index-only scan (40 ms over the
    // 200k messages of a month at 1M rows): select id and count(*) over () here, then
    // fetch the page's rows by id. Drizzle has no INCLUDE, hence key columns; (wrote_at, id)
    // also serves keyset paging. Low-cardinality filters (mood, message_type, state, flags)
    // get no index of their own: this one answers them.
    index('messages_wrote_at_idx').on(
      t.wroteAt,
      t.id,
      t.lomId,
      t.sourceId,
      t.themeId,
      t.infoReasonId,
      t.mood,
      t.messageType,
      t.state,
      t.contentTypeId,
      t.regionId,
      t.cityId,
      t.verified,
      t.verifiedBySuperEditor,
      t.verifiedAi,
      t.trash,
      t.archived,
      t.delayed,
      t.fromZephyr,
    ),
    // Selective filters over long periods (a lom's year, a theme's history).
    index('messages_lom_wrote_at_idx').on(t.lomId, t.wroteAt),
    // A theme's messages of a period with every column the themes table reads for its page
    // (medians, flags, loms, moods), so that read is an index-only scan (docs/themes.md).
    index('messages_theme_cover_idx').on(
      t.themeId,
      t.wroteAt,
      t.trash,
      t.archived,
      t.delayed,
      t.verified,
      t.mood,
      t.lomId,
      t.si,
      t.numberViews,
    ),
    index('messages_info_reason_wrote_at_idx').on(t.infoReasonId, t.wroteAt),
    index('messages_region_wrote_at_idx').on(t.regionId, t.wroteAt),
    index('messages_lom_source_idx').on(t.lomSourceId),
    // Rare values: partial indexes stay small and keep the bulk load fast.
    index('messages_zephyr_wrote_at_idx').on(t.wroteAt).where(sql`${t.fromZephyr}`),
    index('messages_news_idx').on(t.newsId).where(sql`${t.newsId} is not null`),
    index('messages_speaker_idx').on(t.speakerId).where(sql`${t.speakerId} is not null`),
    index('messages_copy_from_idx').on(t.copyFromId).where(sql`${t.copyFromId} is not null`),
    index('messages_viral_idx').on(t.wroteAt).where(sql`${t.viralPerCent} >= 100`),
    // Viral content (docs/viral-content.md): per Moscow day, the live viral messages in the order of
    // each stat, so a page of a period reads at most page × size entries of each day.
    ...(
      [
        ['views', t.numberViews],
        ['reposts', t.repostCount],
        ['si', t.si],
      ] as const
    ).map(([stat, column]) =>
      index(`messages_viral_${stat}_idx`)
        // wrote_at last: the period's count is an index-only scan of the views index.
        .on(sql`((wrote_at AT TIME ZONE 'Europe/Moscow')::date)`, column.desc(), t.id.desc(), t.wroteAt)
        .where(sql`viral_per_cent >= 300 AND NOT trash AND NOT archived AND NOT delayed`),
    ),
    // Ingestion (docs/ingestion.md): one message per platform and external id, the key of its idempotency.
    uniqueIndex('messages_source_external_idx')
      .on(t.sourceId, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * The near-duplicate index of ingested texts (docs/ingestion.md): each message's MinHash band keys
 * (LSH banding), so the candidates of a new text are found by key, never by scanning messages.
 * Deleted messages leave their keys; the lookup joins messages and drops them.
 */
export const messageTextBands = pgTable(
  'message_text_bands',
  {
    key: bigint('key', { mode: 'number' }).notNull(),
    messageId: integer('message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.messageId] })],
);

/**
 * The shingle set of each ingested text (docs/ingestion.md "Copies"): the distinct 32-bit shingle hashes of
 * domain/text/minhash.ts as signed integers, so a later batch checks the exact Jaccard similarity against a
 * stored candidate without reading and re-tokenising its text. Messages stored before it (or by other writers)
 * have no row: their text is read instead. Like the band keys, a deleted message's row stays and is dropped by
 * the join with messages.
 */
export const messageTextShingles = pgTable('message_text_shingles', {
  messageId: integer('message_id').primaryKey(),
  shingles: integer('shingles').array().notNull(),
});
