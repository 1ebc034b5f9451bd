import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { lomMetricsSql, NEWS_STATISTICS_SQL, ROLLUP_SQL } from '../demo/finalize.ts';

// The aggregates (every rollup, lom metrics, news statistics) as the demo loader builds them, for the tests
// that check what a write keeps up to date.

/** Rebuilds every aggregate from scratch (the demo loader's definitions), as after a seed. */
export async function rebuildAggregates(db: Db): Promise<void> {
  await db.execute(sql`delete from message_daily_stats`);
  await db.execute(sql.raw(ROLLUP_SQL));
  await db.execute(sql`select message_read_rollups_rebuild()`);
  await db.execute(sql`select message_mood_weeks_rebuild()`);
  await db.execute(sql`select message_mood_months_rebuild()`);
  await db.execute(sql`select lom_day_stats_rebuild()`);
  await db.execute(sql`select messages_viral_rebuild()`);
  await db.execute(sql`select theme_day_stats_rebuild()`);
  await db.execute(sql`select theme_mood_days_rebuild()`);
  await db.execute(sql`select theme_regional_days_rebuild()`);
  await db.execute(sql`select info_reason_mood_days_rebuild()`);
  await db.execute(sql`select info_reason_day_stats_rebuild()`);
  await db.execute(sql`select source_mood_days_rebuild()`);
  await db.execute(sql`select producer_center_days_rebuild()`);
  await db.execute(sql`select producer_center_day_totals_rebuild()`);
  await db.execute(sql`select producer_center_subscribers_rebuild()`);
  await db.execute(sql`select lom_period_stats_rebuild()`);
  await db.execute(sql.raw(lomMetricsSql()));
  await db.execute(sql`delete from news_statistics`);
  await db.execute(sql.raw(NEWS_STATISTICS_SQL));
}

/** A double as text to 6 decimals: sums kept by delta and rebuilt ones differ in the last bits. */
const r6 = (column: string) => `round(${column}::numeric, 6)::text as ${column}`;
const LOM_DAY_MOODS = [1, 2, 3, 4, 5, 6]
  .map((mood) => `mood${mood}_count, ${r6(`mood${mood}_si`)}, mood${mood}_views::text as mood${mood}_views`)
  .join(', ');

/** The cells of theme_mood_days or theme_regional_days. */
const themeCellRows = (table: string) =>
  sql.raw(`
    select theme_id, to_char(day, 'YYYY-MM-DD') as day, mood, verified, message_count, ${r6('si_sum')},
           views_sum::text as views_sum,
           array(select i from generate_series(0, length(loms) - 1) as i where get_bit(loms, i) = 1)::text as loms
      from ${table} order by 1, 2, 3, 4`);

/** Every rollup cell, keyed and ordered; a lom bitmap as the positions of its set bits. */
const CELL_ROWS = {
  dayCounts: sql.raw(`
    select to_char(day, 'YYYY-MM-DD') as day, message_type, state, mood, verified, verified_by_super_editor,
           archived, delayed, trash, message_count
      from message_day_counts order by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
  moodDays: sql.raw(`
    select to_char(day, 'YYYY-MM-DD') as day, mood, verified, verified_by_super_editor, archived, delayed, trash,
           message_count, ${r6('si_sum')}, views_sum::text as views_sum, reposts_sum::text as reposts_sum,
           array(select i from generate_series(0, length(loms) - 1) as i where get_bit(loms, i) = 1)::text as loms
      from message_mood_days order by 1, 2, 3, 4, 5, 6, 7`),
  moodWeeks: sql.raw(`
    select to_char(week, 'YYYY-MM-DD') as week, mood, verified, verified_by_super_editor, archived, delayed, trash,
           message_count, ${r6('si_sum')}, views_sum::text as views_sum, reposts_sum::text as reposts_sum,
           array(select i from generate_series(0, length(loms) - 1) as i where get_bit(loms, i) = 1)::text as loms
      from message_mood_weeks order by 1, 2, 3, 4, 5, 6, 7`),
  moodMonths: sql.raw(`
    select to_char(month, 'YYYY-MM-DD') as month, mood, verified, verified_by_super_editor, archived, delayed, trash,
           message_count, ${r6('si_sum')}, views_sum::text as views_sum, reposts_sum::text as reposts_sum,
           array(select i from generate_series(0, length(loms) - 1) as i where get_bit(loms, i) = 1)::text as loms
      from message_mood_months order by 1, 2, 3, 4, 5, 6, 7`),
  themeMoods: themeCellRows('theme_mood_days'),
  themeRegional: themeCellRows('theme_regional_days'),
  infoReasonMoods: sql.raw(`
    select info_reason_id, to_char(day, 'YYYY-MM-DD') as day, mood, verified, message_count, ${r6('si_sum')},
           views_sum::text as views_sum,
           array(select i from generate_series(0, length(loms) - 1) as i where get_bit(loms, i) = 1)::text as loms
      from info_reason_mood_days order by 1, 2, 3, 4`),
  infoReasonDays: sql.raw(`
    select to_char(day, 'YYYY-MM-DD') as day, info_reason_id, message_count, mood_count, ${r6('si_sum')}, views_sum::text as views_sum
      from info_reason_day_stats order by 1, 2`),
  sourceMoodDays: sql.raw(`
    select to_char(day, 'YYYY-MM-DD') as day, source_id, mood, live, verified, message_count,
           views_sum::text as views_sum, reposts_sum::text as reposts_sum, comments_sum::text as comments_sum
      from source_mood_days order by 1, 2, 3, 4, 5`),
  sourceMoodWeeks: sql.raw(`
    select to_char(week, 'YYYY-MM-DD') as week, source_id, mood, live, verified, message_count,
           views_sum::text as views_sum, reposts_sum::text as reposts_sum, comments_sum::text as comments_sum
      from source_mood_weeks order by 1, 2, 3, 4, 5`),
  infoReasonWeeks: sql.raw(`
    select to_char(week, 'YYYY-MM-DD') as week, info_reason_id, message_count, mood_count, ${r6('si_sum')},
           views_sum::text as views_sum
      from info_reason_week_stats order by 1, 2`),
  lomDays: sql.raw(`
    select lom_id, to_char(day, 'YYYY-MM-DD') as day, trash, archived, delayed, message_count, verified_count,
           ${r6('si_sum')}, views_sum::text as views_sum, reposts_sum::text as reposts_sum, ${LOM_DAY_MOODS}
      from lom_day_stats order by 1, 2, 3, 4, 5`),
  lomWeeks: sql.raw(`
    select lom_id, to_char(week, 'YYYY-MM-DD') as week, trash, archived, delayed, message_count, verified_count,
           ${r6('si_sum')}, views_sum::text as views_sum, reposts_sum::text as reposts_sum
      from lom_week_stats order by 1, 2, 3, 4, 5`),
  lomPeriods: sql.raw(`
    select period, scope, lom_id, message_count, verified_count, ${r6('si_sum')}, views_sum::text as views_sum,
           reposts_sum::text as reposts_sum
      from lom_period_stats order by 1, 2, 3`),
  themeDays: sql.raw(`
    select theme_id, to_char(day, 'YYYY-MM-DD') as day, message_count, verified_count, ${r6('si_sum')},
           views_sum::text as views_sum
      from theme_day_stats order by 1, 2`),
  producerCenterDays: sql.raw(`
    select pc_id, to_char(day, 'YYYY-MM-DD') as day, source_id, mood, message_count, views_sum::text as views_sum,
           reposts_sum::text as reposts_sum, comments_sum::text as comments_sum
      from producer_center_days order by 1, 2, 3, 4`),
  producerCenterDayTotals: sql.raw(`
    select pc_id, to_char(day, 'YYYY-MM-DD') as day, message_count, views_sum::text as views_sum
      from producer_center_day_totals order by 1, 2`),
  producerCenterSubscribers: sql.raw(`
    select pc_id, to_char(day, 'YYYY-MM-DD') as day, subscribers::text as subscribers, lom_days
      from producer_center_subscriber_days order by 1, 2`),
};

const ROLLUP_ROWS = sql`
  select to_char(day, 'YYYY-MM-DD') as day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified,
         message_count, round(si_sum::numeric, 6)::text as si, views_sum::text as views,
         reposts_sum::text as reposts, comments_sum::text as comments
    from message_daily_stats
   order by 1, 2, 3, 4, 5, 6, 7, 8`;
const LOM_ROWS = sql`
  select id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views, message_number,
         messages_count, verified_count, round(average_si::numeric, 6)::text as average_si,
         last_message_at::text as last_message_at, quotes_count
    from loms order by id`;
const NEWS_ROWS = sql`
  select news_id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views,
         message_count, mood_table from news_statistics order by news_id`;

class Rollback extends Error {}

/**
 * The aggregates as kept by the write path and as a full rebuild computes them; a
 * test asserts `current` equals `expected`. The rebuild is rolled back.
 */
export async function aggregateSnapshot(db: Db) {
  const read = async (tx: Db) => ({
    rollup: await queryRows<Record<string, unknown>>(tx, ROLLUP_ROWS),
    dayCounts: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.dayCounts),
    moodDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.moodDays),
    moodWeeks: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.moodWeeks),
    moodMonths: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.moodMonths),
    themeMoods: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.themeMoods),
    themeRegional: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.themeRegional),
    infoReasonMoods: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.infoReasonMoods),
    infoReasonDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.infoReasonDays),
    sourceMoodDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.sourceMoodDays),
    sourceMoodWeeks: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.sourceMoodWeeks),
    infoReasonWeeks: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.infoReasonWeeks),
    lomDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.lomDays),
    lomWeeks: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.lomWeeks),
    themeDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.themeDays),
    lomPeriods: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.lomPeriods),
    producerCenterDays: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.producerCenterDays),
    producerCenterDayTotals: await queryRows<Record<string, unknown>>(tx, CELL_ROWS.producerCenterDayTotals),
    producerCenterSubscribers: await queryRows<Record<string, unknown>>(
      tx,
      CELL_ROWS.producerCenterSubscribers,
    ),
    loms: await queryRows<Record<string, unknown>>(tx, LOM_ROWS),
    news: await queryRows<Record<string, unknown>>(tx, NEWS_ROWS),
  });
  const current = await read(db);
  let expected = current;
  try {
    await db.transaction(async (tx) => {
      await rebuildAggregates(tx);
      expected = await read(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return { current, expected };
}
