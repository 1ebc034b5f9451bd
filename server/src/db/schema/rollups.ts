import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  unique,
} from 'drizzle-orm/pg-core';
import { varbit } from './columns.ts';

/** Calendar days of the rollups are Moscow days: the product's users and sources are in UTC+3. */
export const ROLLUP_TIME_ZONE = 'Europe/Moscow';

/**
 * Pre-aggregated message counts and sums per Moscow day and per bucket, so dashboard
 * cost grows with days × buckets, not with messages (DESIGN.md "Scale-out").
 *
 * Every message (trash included) is counted in exactly one row, found by
 * day = (wrote_at at time zone 'Europe/Moscow')::date and the other key columns; the
 * flags `live` (not trash, archived or delayed) and `verified` let a dashboard pick the
 * same subset as its message filters (reports read live rows; mood tables add verified).
 * The triggers of `messages` keep it by delta (migration 0009) with `insert … on conflict on constraint message_daily_stats_key
 * do update` adding deltas (the key treats nulls as equal). Dimensions are the primary
 * markup of the message; extra markups (message_markups) are not counted here. Region
 * filters go through loms.region_id. The key is kept short on purpose: each extra
 * dimension multiplies the rows, and with lom_id in the key a demo-sized database already
 * has about one row per message (the win is narrow rows and the (theme_id, day) index).
 */
export const messageDailyStats = pgTable(
  'message_daily_stats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    lomId: integer('lom_id'),
    sourceId: integer('source_id'),
    themeId: integer('theme_id'),
    infoReasonId: integer('info_reason_id'),
    mood: smallint('mood'),
    live: boolean('live').notNull(),
    verified: boolean('verified').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    siSum: doublePrecision('si_sum').notNull().default(0),
    viewsSum: bigint('views_sum', { mode: 'number' }).notNull().default(0),
    repostsSum: bigint('reposts_sum', { mode: 'number' }).notNull().default(0),
    commentsSum: bigint('comments_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('message_daily_stats_key')
      .on(t.day, t.lomId, t.sourceId, t.themeId, t.infoReasonId, t.mood, t.live, t.verified)
      .nullsNotDistinct(),
    index('message_daily_stats_theme_day_idx').on(t.themeId, t.day),
    // A lom's cells of a period without the heap (index-only): the new dashboards' charts and every reader
    // of chosen loms (pools, lom cards, comparisons) visit a few index pages per lom instead of a heap page
    // per cell, so their cost follows the loms and days, not the messages (docs/new-dashboards.md). Drizzle
    // has no INCLUDE, hence key columns; the sums in the index make the rollup's updates non-HOT, a cost
    // the writes pay once per touched cell.
    index('message_daily_stats_lom_day_idx').on(
      t.lomId,
      t.day,
      t.live,
      t.verified,
      t.mood,
      t.sourceId,
      t.infoReasonId,
      t.themeId,
      t.messageCount,
      t.siSum,
      t.viewsSum,
      t.repostsSum,
      t.commentsSum,
    ),
    index('message_daily_stats_info_reason_day_idx')
      .on(t.infoReasonId, t.day)
      .where(sql`${t.infoReasonId} is not null`),
  ],
);

/**
 * Per theme and Moscow day, the sums of the live rows of message_daily_stats (not trash,
 * archived or delayed): the themes table ranks every theme of a period by these (about 500
 * rows a day instead of one per message). Kept by the statement triggers on `messages` by
 * delta (migration 0009, docs/aggregates.md); bulk loads without triggers (the demo seed) call
 * theme_day_stats_rebuild(). A (theme, day) left without messages has no row.
 */
export const themeDayStats = pgTable(
  'theme_day_stats',
  {
    themeId: integer('theme_id').notNull(),
    day: date('day').notNull(),
    messageCount: integer('message_count').notNull(),
    verifiedCount: integer('verified_count').notNull(),
    siSum: doublePrecision('si_sum').notNull(),
    viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.themeId, t.day] }),
    index('theme_day_stats_day_idx').on(t.day),
    // The admin themes list sums a theme's messages of all time: an index-only range per theme.
    index('theme_day_stats_theme_count_idx').on(t.themeId, t.messageCount),
  ],
);

/** The columns of a cell of live messages of one Moscow day, mood and verified, past its owner's id. */
const liveCellColumns = () => ({
  day: date('day').notNull(),
  mood: smallint('mood'),
  verified: boolean('verified').notNull(),
  messageCount: integer('message_count').notNull(),
  siSum: doublePrecision('si_sum').notNull(),
  viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  loms: varbit('loms').notNull(),
});

/** The columns of a theme cell: a theme's live messages of one Moscow day, mood and verified. */
const themeCellColumns = () => ({ themeId: integer('theme_id').notNull(), ...liveCellColumns() });

/**
 * The theme dashboards' cells: per theme, Moscow day, mood and verified, the sums of the live
 * messages (not trash, archived or delayed) and the SET of their loms as a bitmap (bit i = lom i,
 * as in message_mood_days). A dashboard's mood table and graphs over a period read about a dozen
 * cells a day, however many messages the theme has; message_daily_stats, whose key holds the
 * lom, has about one row per message. Kept by the triggers of messages by delta (migration 0009).
 */
export const themeMoodDays = pgTable('theme_mood_days', themeCellColumns(), (t) => [
  unique('theme_mood_days_key').on(t.themeId, t.day, t.mood, t.verified).nullsNotDistinct(),
]);

/**
 * The same cells of the regional loms' messages alone (loms.region_type 2, the dashboards'
 * pool 4): a regional dashboard reads them as the others read theme_mood_days. Kept by the
 * triggers of messages, which read each lom's region under a shared lock, and by the triggers of
 * loms, which move a lom's cells when its region changes or it is deleted (migration 0010).
 */
export const themeRegionalDays = pgTable('theme_regional_days', themeCellColumns(), (t) => [
  unique('theme_regional_days_key').on(t.themeId, t.day, t.mood, t.verified).nullsNotDistinct(),
]);

/**
 * The same cells per info reason (the primary markup's): the home page's info reasons table over a
 * period ranks every info reason from them and ORs the bitmaps of its page's only. Keyed day first,
 * as that table reads a period across all info reasons. Kept by the triggers of messages by delta
 * (migration 0013).
 */
export const infoReasonMoodDays = pgTable(
  'info_reason_mood_days',
  { infoReasonId: integer('info_reason_id').notNull(), ...liveCellColumns() },
  (t) => [
    unique('info_reason_mood_days_key').on(t.day, t.infoReasonId, t.mood, t.verified).nullsNotDistinct(),
    // The key and the sums: a period's ranking of every info reason is an index-only scan, not a read of the
    // rows and their bitmaps.
    index('info_reason_mood_days_cover_idx').on(
      t.day,
      t.infoReasonId,
      t.mood,
      t.verified,
      t.messageCount,
      t.siSum,
      t.viewsSum,
    ),
    // The page's info reasons' cells (their lom bitmaps), by reason then day.
    index('info_reason_mood_days_reason_idx').on(t.infoReasonId, t.day),
  ],
);

/** The sums per info reason of a day or week: live messages, those with a mood, SI and views. */
const infoReasonTotals = () => ({
  infoReasonId: integer('info_reason_id').notNull(),
  messageCount: integer('message_count').notNull(),
  /** Those with a mood: the new dashboards' info reason charts rank by them. */
  moodCount: integer('mood_count').notNull(),
  siSum: doublePrecision('si_sum').notNull(),
  viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
});

/** A cell without lom of a day or week: its source, mood and flags, and the sums of its messages. */
const sourceCellColumns = () => ({
  sourceId: integer('source_id'),
  mood: smallint('mood'),
  live: boolean('live').notNull(),
  verified: boolean('verified').notNull(),
  messageCount: integer('message_count').notNull(),
  viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  repostsSum: bigint('reposts_sum', { mode: 'number' }).notNull(),
  commentsSum: bigint('comments_sum', { mode: 'number' }).notNull(),
});

/**
 * info_reason_mood_days summed over its moods and verified flag: per Moscow day and info reason, the live
 * messages, those with a mood, their SI and views. A period's ranking of every info reason reads one row per info reason and day
 * here (about 500 a day) instead of a dozen cells; the mood counts and lom bitmaps of the page's rows still
 * come from info_reason_mood_days. Kept by the triggers of messages by delta (migration 0016); bulk loads
 * call info_reason_day_stats_rebuild(). A (day, info reason) left without messages has no row.
 */
export const infoReasonDayStats = pgTable(
  'info_reason_day_stats',
  {
    day: date('day').notNull(),
    ...infoReasonTotals(),
  },
  (t) => [
    primaryKey({ name: 'info_reason_day_stats_pkey', columns: [t.day, t.infoReasonId] }),
    // The admin info reasons list sums a reason's messages of all time: an index-only range per reason.
    index('info_reason_day_stats_reason_count_idx').on(t.infoReasonId, t.messageCount),
  ],
);

/**
 * info_reason_day_stats summed by Moscow week (`week` is its Monday): a period's ranking over every lom reads its
 * whole weeks here and only its edge days there, a seventh of the rows of half a year. Kept with the days by the
 * same trigger function (migration 0016).
 */
export const infoReasonWeekStats = pgTable(
  'info_reason_week_stats',
  {
    week: date('week').notNull(),
    ...infoReasonTotals(),
  },
  (t) => [primaryKey({ name: 'info_reason_week_stats_pkey', columns: [t.week, t.infoReasonId] })],
);

/**
 * message_daily_stats without the lom, theme and info reason: per Moscow day, source, mood, live and verified,
 * the messages and their views, reposts and comments. A new dashboard over every lom (no lom groups) draws its
 * charts over time, by mood and by source from here: a few hundred rows a day, whatever the messages, where
 * message_daily_stats has one per message. Kept by the triggers of messages by delta (migration 0016); bulk
 * loads call source_mood_days_rebuild(). A cell left without messages has no row.
 */
export const sourceMoodDays = pgTable(
  'source_mood_days',
  {
    day: date('day').notNull(),
    ...sourceCellColumns(),
  },
  (t) => [
    unique('source_mood_days_key').on(t.day, t.sourceId, t.mood, t.live, t.verified).nullsNotDistinct(),
  ],
);

/**
 * source_mood_days summed by Moscow week (`week` is its Monday): the charts over every lom by week, or with no
 * step, read a period's whole weeks here and its edge days there. Kept with the days by the same trigger
 * function (migration 0016).
 */
export const sourceMoodWeeks = pgTable(
  'source_mood_weeks',
  {
    week: date('week').notNull(),
    ...sourceCellColumns(),
  },
  (t) => [
    unique('source_mood_weeks_key').on(t.week, t.sourceId, t.mood, t.live, t.verified).nullsNotDistinct(),
  ],
);

/**
 * The live messages of the producer centers' loms (issue 17, docs/producers.md): per center, Moscow day, source and
 * mood, the messages and their views, reposts and comments. `pc_id` 0 is "any center": the distinct loms linked to
 * at least one center, each counted once (a lom of two centers counts in both centers' rows and once in row 0). The
 * graphs of the producer centers read a center's (or every center's) cells here instead of its loms' cells of
 * message_daily_stats. Kept by the triggers of messages by delta, by the triggers of lom_producer_centers when a
 * lom joins or leaves a center, by the lom merge and before a lom is deleted (migration 0027); bulk loads call
 * producer_center_days_rebuild(). A cell left without messages has no row.
 */
export const producerCenterDays = pgTable(
  'producer_center_days',
  {
    /** The center; 0: every center (its distinct loms). */
    pcId: integer('pc_id').notNull(),
    day: date('day').notNull(),
    sourceId: integer('source_id'),
    mood: smallint('mood'),
    messageCount: integer('message_count').notNull(),
    viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
    repostsSum: bigint('reposts_sum', { mode: 'number' }).notNull(),
    commentsSum: bigint('comments_sum', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('producer_center_days_key').on(t.pcId, t.day, t.sourceId, t.mood).nullsNotDistinct(),
    // Covers every column, so a center's period is read index-only (the reads sum all four figures).
    index('producer_center_days_cover_idx').on(
      t.pcId,
      t.day,
      t.sourceId,
      t.mood,
      t.messageCount,
      t.viewsSum,
      t.repostsSum,
      t.commentsSum,
    ),
  ],
);

/**
 * The same cells summed over sources and moods: per center (0: every center) and Moscow day, the live messages and
 * their views. The list of centers reads a month here (one row per center and day, ~930) instead of every
 * (source, mood) cell, whose number grows with the messages up to 70 a day (it grew 1.6× from 1M to 5M). Kept
 * by a statement trigger of producer_center_days from the difference each statement made there, so every writer
 * of the cells keeps it too (migration 0037); bulk loads call producer_center_day_totals_rebuild() after
 * producer_center_days_rebuild(). A day left without messages has no row.
 */
export const producerCenterDayTotals = pgTable(
  'producer_center_day_totals',
  {
    pcId: integer('pc_id').notNull(),
    day: date('day').notNull(),
    messageCount: integer('message_count').notNull(),
    viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pcId, t.day] })],
);

/**
 * The stored subscriber counts of the producer centers' loms (`lom_subscriber_history`) summed per center and stored
 * day; `pc_id` 0 is every center, each lom once (as in producer_center_days). `lom_days` counts the lom rows summed,
 * so that a cell whose last lom leaves is deleted. The subscribers graph reads it instead of the history of ~3,300
 * loms for every center. Kept by the triggers of lom_subscriber_history, and by the same link, lom delete and
 * rebuild paths as producer_center_days (migration 0028).
 */
export const producerCenterSubscriberDays = pgTable(
  'producer_center_subscriber_days',
  {
    /** The center; 0: every center (its distinct loms). */
    pcId: integer('pc_id').notNull(),
    day: date('day').notNull(),
    subscribers: bigint('subscribers', { mode: 'number' }).notNull(),
    lomDays: integer('lom_days').notNull(),
  },
  (t) => [primaryKey({ name: 'producer_center_subscriber_days_pkey', columns: [t.pcId, t.day] })],
);
