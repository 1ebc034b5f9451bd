import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';

/** The sums every per-lom rollup keeps: messages, verified ones, SI, views and reposts. */
const lomTotals = () => ({
  messageCount: integer('message_count').notNull(),
  verifiedCount: integer('verified_count').notNull(),
  siSum: doublePrecision('si_sum').notNull(),
  viewsSum: bigint('views_sum', { mode: 'number' }).notNull(),
  repostsSum: bigint('reposts_sum', { mode: 'number' }).notNull(),
});

/**
 * Per lom and Moscow day, the sums of the lom's messages, split only by the three flags
 * that decide whether a message is live (trash, archived, delayed): the lom list's
 * period metrics and `messages/lom-stat/` read a period as a sum over this table instead
 * of message_daily_stats, whose key (source, theme, info reason, mood…) leaves about one
 * row per message. Most (lom, day) pairs have a single row (all three flags false).
 *
 * The columns: messages, verified ones, SI, views and reposts, and per mood 1..6 the
 * messages, SI and views (the lom-stat row's mood table; messages without a mood count
 * in the totals only). Messages without a lom are not counted.
 *
 * Kept current by the statement triggers on `messages` by delta (migration 0009,
 * docs/aggregates.md): every insert, delete or update of a counted column adds its difference
 * to the touched (lom, day) cells, and to lom_week_stats. Bulk loads that run without
 * triggers (the demo seed) call lom_day_stats_rebuild(), which rebuilds both. A pair with
 * no message left has no row.
 */
export const lomDayStats = pgTable(
  'lom_day_stats',
  {
    lomId: integer('lom_id').notNull(),
    day: date('day').notNull(),
    trash: boolean('trash').notNull(),
    archived: boolean('archived').notNull(),
    delayed: boolean('delayed').notNull(),
    ...lomTotals(),
    mood1Count: integer('mood1_count').notNull(),
    mood1Si: doublePrecision('mood1_si').notNull(),
    mood1Views: bigint('mood1_views', { mode: 'number' }).notNull(),
    mood2Count: integer('mood2_count').notNull(),
    mood2Si: doublePrecision('mood2_si').notNull(),
    mood2Views: bigint('mood2_views', { mode: 'number' }).notNull(),
    mood3Count: integer('mood3_count').notNull(),
    mood3Si: doublePrecision('mood3_si').notNull(),
    mood3Views: bigint('mood3_views', { mode: 'number' }).notNull(),
    mood4Count: integer('mood4_count').notNull(),
    mood4Si: doublePrecision('mood4_si').notNull(),
    mood4Views: bigint('mood4_views', { mode: 'number' }).notNull(),
    mood5Count: integer('mood5_count').notNull(),
    mood5Si: doublePrecision('mood5_si').notNull(),
    mood5Views: bigint('mood5_views', { mode: 'number' }).notNull(),
    mood6Count: integer('mood6_count').notNull(),
    mood6Si: doublePrecision('mood6_si').notNull(),
    mood6Views: bigint('mood6_views', { mode: 'number' }).notNull(),
  },
  (t) => [
    // A page of loms reads its 100 loms' days through the key.
    primaryKey({ name: 'lom_day_stats_pkey', columns: [t.lomId, t.day, t.trash, t.archived, t.delayed] }),
    // Every lom's sums over a period (the list ordered by a period metric, lom-stat) are an
    // index-only scan of the period's stretch: the key, the flags and the totals are all
    // here (Drizzle has no INCLUDE, hence key columns). The mood columns stay in the heap:
    // only a page's loms need them.
    index('lom_day_stats_day_idx').on(
      t.day,
      t.lomId,
      t.trash,
      t.archived,
      t.delayed,
      t.messageCount,
      t.verifiedCount,
      t.siSum,
      t.viewsSum,
      t.repostsSum,
    ),
  ],
);

/**
 * lom_day_stats summed by Moscow week (`week` is its Monday), totals only: a period reads
 * its whole weeks here and only the days at its edges from lom_day_stats, about half the
 * rows of a month at a million messages (most loms write less than once a day, so a week
 * row stands for several day rows). The triggers keep it by adding each write's difference
 * (an upsert in key order: additions commute, so no week lock is needed; writers of the same
 * lom and week wait on the row); a row whose count falls to zero is deleted.
 */
export const lomWeekStats = pgTable(
  'lom_week_stats',
  {
    lomId: integer('lom_id').notNull(),
    week: date('week').notNull(),
    trash: boolean('trash').notNull(),
    archived: boolean('archived').notNull(),
    delayed: boolean('delayed').notNull(),
    ...lomTotals(),
  },
  (t) => [
    primaryKey({ name: 'lom_week_stats_pkey', columns: [t.lomId, t.week, t.trash, t.archived, t.delayed] }),
    index('lom_week_stats_week_idx').on(
      t.week,
      t.lomId,
      t.trash,
      t.archived,
      t.delayed,
      t.messageCount,
      t.verifiedCount,
      t.siSum,
      t.viewsSum,
      t.repostsSum,
    ),
  ],
);

/**
 * The windows of the standard periods that lom_period_stats holds (docs/aggregates.md "Standard
 * periods"): per period id (STANDARD_PERIODS in src/domain/aggregates/standard-periods.ts) the
 * Moscow days [day_from, day_to) it covers now. The server rolls them forward when the Moscow day
 * changes (lom_periods_roll, migration 0009); a request whose period is not one of them exactly
 * reads lom_week_stats / lom_day_stats instead.
 */
export const lomPeriods = pgTable('lom_periods', {
  period: smallint('period').primaryKey(),
  dayFrom: date('day_from').notNull(),
  dayTo: date('day_to').notNull(),
});

/**
 * Per standard period, scope and lom, the sums of the lom's messages in the period's window:
 * ranked lists (messages/lom-stat/, the /loms list ordered by a period metric) read a page of it
 * in order through an index instead of summing every lom's days on each request. `scope` is the
 * set of flags a reader's filter fixes: 0 every message, 1 not archived (the readers' default),
 * 2 live (not trash, archived or delayed). Kept by the statement triggers of messages by delta,
 * like the other rollups; a row whose count falls to zero goes.
 */
export const lomPeriodStats = pgTable(
  'lom_period_stats',
  {
    period: smallint('period').notNull(),
    scope: smallint('scope').notNull(),
    lomId: integer('lom_id').notNull(),
    ...lomTotals(),
  },
  (t) => [
    primaryKey({ name: 'lom_period_stats_pkey', columns: [t.period, t.scope, t.lomId] }),
    index('lom_period_stats_si_idx').on(t.period, t.scope, t.siSum.desc(), t.lomId),
    index('lom_period_stats_views_idx').on(t.period, t.scope, t.viewsSum.desc(), t.lomId),
    index('lom_period_stats_reposts_idx').on(t.period, t.scope, t.repostsSum.desc(), t.lomId),
    index('lom_period_stats_count_idx').on(t.period, t.scope, t.messageCount.desc(), t.lomId),
    index('lom_period_stats_verified_idx').on(t.period, t.scope, t.verifiedCount.desc(), t.lomId),
  ],
);
