import { ROLLUP_TIME_ZONE } from '../db/schema/rollups.ts';
import { rollStatement } from '../domain/aggregates/standard-periods.ts';
import type { BulkTarget } from './writer.ts';

/** A message counted by the default lists and the reports: not trash, archived or delayed. */
const LIVE = 'not m.trash and not m.archived and not m.delayed';

/**
 * Rebuilds message_daily_stats from messages (the definition the write path keeps
 * incrementally), stored in day order so a period reads a contiguous stretch of the table.
 */
export const ROLLUP_SQL = `
  insert into message_daily_stats (
    day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified,
    message_count, si_sum, views_sum, reposts_sum, comments_sum)
  select (m.wrote_at at time zone '${ROLLUP_TIME_ZONE}')::date, m.lom_id, m.source_id, m.theme_id,
         m.info_reason_id, m.mood, ${LIVE}, m.verified,
         count(*), sum(m.si), sum(m.number_views), sum(m.repost_count), sum(m.comments_count)
    from messages m
   group by 1, 2, 3, 4, 5, 6, 7, 8
   order by 1, 4, 2`;

/**
 * The denormalised metric columns of loms. Totals count live messages; messages_count
 * and verified_count count everything but trash. `where` narrows the loms updated.
 */
export function lomMetricsSql(where = 'true'): string {
  return `
  update loms l set
    sum_coverage = coalesce(s.sum_coverage, 0),
    subscribers = coalesce(s.max_coverage, 0),
    total_si = coalesce(m.total_si, 0),
    total_views = coalesce(m.total_views, 0),
    message_number = coalesce(m.message_number, 0),
    messages_count = coalesce(m.messages_count, 0),
    verified_count = coalesce(m.verified_count, 0),
    average_si = coalesce(m.total_si / nullif(m.message_number, 0), 0),
    last_message_at = m.last_message_at,
    quotes_count = coalesce(q.quotes_count, 0)
  from loms x
  left join (
    select lom_id, sum(coverage) as sum_coverage, max(coverage) as max_coverage
      from lom_sources where is_active and lom_id is not null group by lom_id
  ) s on s.lom_id = x.id
  left join (
    select m.lom_id,
           sum(m.si) filter (where ${LIVE}) as total_si,
           sum(m.number_views) filter (where ${LIVE}) as total_views,
           count(*) filter (where ${LIVE}) as message_number,
           count(*) filter (where not m.trash) as messages_count,
           count(*) filter (where not m.trash and m.verified) as verified_count,
           max(m.wrote_at) filter (where not m.trash) as last_message_at
      from messages m where m.lom_id is not null group by m.lom_id
  ) m on m.lom_id = x.id
  left join (select lom_id, count(*) as quotes_count from quotes group by lom_id) q on q.lom_id = x.id
  where l.id = x.id and (${where})`;
}

/** news_statistics of every news story from its live messages; mood_table has all moods 1..6. */
export const NEWS_STATISTICS_SQL = `
  insert into news_statistics (news_id, total_si, total_views, message_count, mood_table)
  select n.id, coalesce(sum(m.si), 0), coalesce(sum(m.number_views), 0), count(m.id),
         jsonb_build_object(${[1, 2, 3, 4, 5, 6].map((mood) => `'${mood}', count(m.id) filter (where m.mood = ${mood})`).join(', ')})
    from news n
    left join messages m on m.news_id = n.id and ${LIVE}
   group by n.id`;

export async function finalize(target: BulkTarget, now: Date): Promise<void> {
  await target.exec(ROLLUP_SQL);
  await target.exec(lomMetricsSql());
  await target.exec(NEWS_STATISTICS_SQL);
  // The read rollups' triggers (migrations 0001, 0004, 0006, 0008, 0009, 0010, 0012, 0013, 0016) do not fire under the loader's replica role.
  await target.exec('select message_read_rollups_rebuild()');
  await target.exec('select message_mood_weeks_rebuild()');
  await target.exec('select message_mood_months_rebuild()');
  await target.exec('select lom_day_stats_rebuild()');
  // viral_per_cent reads the lom's usual reach from lom_day_stats (docs/viral-content.md).
  await target.exec('select messages_viral_rebuild()');
  await target.exec('select theme_day_stats_rebuild()');
  await target.exec('select theme_mood_days_rebuild()');
  await target.exec('select theme_regional_days_rebuild()');
  await target.exec('select info_reason_mood_days_rebuild()');
  await target.exec('select info_reason_day_stats_rebuild()');
  await target.exec('select source_mood_days_rebuild()');
  // The standard periods ending on the seed's day, filled from lom_day_stats.
  await target.exec(rollStatement(now));
  await target.exec('select theme_period_stats_reset()');
}
