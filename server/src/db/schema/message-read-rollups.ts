import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  unique,
} from 'drizzle-orm/pg-core';
import { varbit } from './columns.ts';

/** The key columns past the period, the sums and the lom set of a mood cell (by day or by week). */
const moodCellColumns = () => ({
  mood: smallint('mood'),
  verified: boolean('verified').notNull(),
  verifiedBySuperEditor: boolean('verified_by_super_editor').notNull(),
  archived: boolean('archived').notNull(),
  delayed: boolean('delayed').notNull(),
  trash: boolean('trash').notNull(),
  messageCount: integer('message_count').notNull(),
  siSum: doublePrecision('si_sum').notNull(),
  viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  repostsSum: bigint('reposts_sum', { mode: 'number' }).notNull(),
  loms: varbit('loms').notNull(),
});

/**
 * The mood table's rollup: per Moscow day, mood and the flags a messages filter
 * tests most (verified, super-verified, archived, delayed, trash), the sums of the
 * messages and the SET of their loms as a bitmap. message_daily_stats keys on the
 * lom, so at a few thousand loms it holds about one row per message and a month
 * scans as many rows as there are messages; here a year is at most
 * 366 × 7 × 32 rows, and "how many distinct loms per mood over a period" is a
 * bit_or of the period's bitmaps.
 *
 * Kept current, with message_day_counts, by the statement triggers on `messages` by delta
 * (migration 0009, docs/aggregates.md), in the write's transaction, so write paths need not
 * know about it. Bulk loads that run without triggers (the demo seed) call
 * message_read_rollups_rebuild(). Bitmaps are written as wide as the lom ids; an older,
 * narrower one is padded by the readers.
 */
export const messageMoodDays = pgTable(
  'message_mood_days',
  {
    day: date('day').notNull(),
    ...moodCellColumns(),
  },
  (t) => [
    unique('message_mood_days_key')
      .on(t.day, t.mood, t.verified, t.verifiedBySuperEditor, t.archived, t.delayed, t.trash)
      .nullsNotDistinct(),
    // The keys and the count: the total of a list filtered by period, mood and flags is an
    // index-only scan of a few hundred entries a month (the rows themselves carry the bitmaps).
    index('message_mood_days_count_idx').on(
      t.day,
      t.mood,
      t.verified,
      t.verifiedBySuperEditor,
      t.archived,
      t.delayed,
      t.trash,
      t.messageCount,
    ),
  ],
);

/**
 * message_mood_days merged by Moscow week (`week` is its Monday), with the same key, sums and
 * lom bitmaps: a period reads its whole weeks here and only its edge days from
 * message_mood_days, so the year's mood table ORs about 52 bitmaps per cell instead of 365.
 * Kept by the same triggers, by delta (migration 0009): a lom's bit goes when no message of
 * the lom is left in the week's cell.
 */
export const messageMoodWeeks = pgTable(
  'message_mood_weeks',
  {
    week: date('week').notNull(),
    ...moodCellColumns(),
  },
  (t) => [
    unique('message_mood_weeks_key')
      .on(t.week, t.mood, t.verified, t.verifiedBySuperEditor, t.archived, t.delayed, t.trash)
      .nullsNotDistinct(),
  ],
);

/**
 * message_mood_days merged by calendar month (`month` is its first day), with the same key, sums
 * and lom bitmaps: a period reads its whole months here, then the whole weeks and the days left
 * at its edges, so the year's mood table ORs about 12 bitmaps per cell (plus a few edge weeks and
 * days) instead of 52. Kept by the triggers of messages by delta (migration 0012), its bitmaps
 * compressed with lz4 where the server has it (faster to read than pglz).
 */
export const messageMoodMonths = pgTable(
  'message_mood_months',
  {
    month: date('month').notNull(),
    ...moodCellColumns(),
  },
  (t) => [
    unique('message_mood_months_key')
      .on(t.month, t.mood, t.verified, t.verifiedBySuperEditor, t.archived, t.delayed, t.trash)
      .nullsNotDistinct(),
  ],
);

/**
 * Message counts per Moscow day and the columns the list filters of the nav links
 * test (message type, status, mood, verified, super-verified, archived, delayed,
 * trash): the total of a month's list is a sum over some ten thousand rows instead
 * of a walk over its two hundred thousand index entries. Kept by the same triggers.
 */
export const messageDayCounts = pgTable(
  'message_day_counts',
  {
    day: date('day').notNull(),
    messageType: smallint('message_type').notNull(),
    state: smallint('state').notNull(),
    mood: smallint('mood'),
    verified: boolean('verified').notNull(),
    verifiedBySuperEditor: boolean('verified_by_super_editor').notNull(),
    archived: boolean('archived').notNull(),
    delayed: boolean('delayed').notNull(),
    trash: boolean('trash').notNull(),
    messageCount: integer('message_count').notNull(),
  },
  (t) => [
    unique('message_day_counts_key')
      .on(
        t.day,
        t.messageType,
        t.state,
        t.mood,
        t.verified,
        t.verifiedBySuperEditor,
        t.archived,
        t.delayed,
        t.trash,
      )
      .nullsNotDistinct(),
    // The same keys and the count: a month's total is an index-only scan (about twice
    // as fast as reading the ~8,000 rows of a month from the heap).
    index('message_day_counts_cover_idx').on(
      t.day,
      t.messageType,
      t.state,
      t.mood,
      t.verified,
      t.verifiedBySuperEditor,
      t.archived,
      t.delayed,
      t.trash,
      t.messageCount,
    ),
  ],
);
