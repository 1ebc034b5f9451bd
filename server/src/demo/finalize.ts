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

/**
 * Today's news: the stories the generator spreads over the year rarely fall on the seed's own
 * day, yet /news opens on today. The three info reasons most written about in the last 24 hours
 * (live messages not yet in a story) each get a story, written half an hour before its first
 * reaction but not before today's Moscow midnight (so that it is today's even just after it), and
 * those messages join it. Deterministic from the generated messages and the seed's moment.
 */
export function todayNewsSql(now: Date): string {
  const at = `'${now.toISOString()}'::timestamptz`;
  return `
  with day as (select (date_trunc('day', ${at} at time zone 'Europe/Moscow') at time zone 'Europe/Moscow') as start),
  top as (
    select m.info_reason_id, count(*) as n, min(m.wrote_at) as first_at
      from messages m
     where m.wrote_at >= ${at} - interval '24 hours' and m.wrote_at <= ${at} and m.news_id is null
       and m.info_reason_id is not null
       and ${LIVE}
     group by m.info_reason_id
     order by n desc, m.info_reason_id limit 3),
  story as (
    select (select coalesce(max(id), 0) from news) + row_number() over (order by t.n desc, t.info_reason_id) as id,
           t.info_reason_id, greatest(day.start, t.first_at - interval '30 minutes') as wrote_at,
           ir.name as reason, coalesce(th.name, 'Повестка дня') as theme
      from top t join info_reasons ir on ir.id = t.info_reason_id left join themes th on th.id = ir.theme_id, day),
  inserted as (
    insert into news (id, title, text, url, source_name, wrote_at, updated_at, cached_at)
    select s.id, s.reason || ': что известно к этому часу',
           'Тема «' || s.theme || '»: ' || lower(s.reason) || '. Событие дня обсуждают в регионах. '
             || 'Редакция собрала реакцию лидеров мнений и официальные комментарии.',
           'https://news.example.ru/today/' || s.id, 'Лента дня', s.wrote_at, ${at}, ${at}
      from story s
    returning id)
  update messages m set news_id = s.id
    from story s
   where m.info_reason_id = s.info_reason_id and m.wrote_at >= ${at} - interval '24 hours' and m.wrote_at <= ${at}
     and m.news_id is null and ${LIVE}`;
}

/**
 * A transcript line's message is the speaking lom's own publication nearest to the broadcast
 * (the generator only decides which lines have one, so its random draws stay as they were);
 * a line whose lom has no message keeps none. One pass over the loms' messages, no index needed.
 */
export const CONVERSATION_MESSAGES_SQL = `
  update conversation_results r set message_id = pick.message_id
    from (select distinct on (r2.id) r2.id, m.id as message_id
            from conversation_results r2
            join conversations c on c.id = r2.conversation_id
            left join messages m on m.lom_id = r2.lom_id and not m.trash
           where r2.message_id is not null
           order by r2.id, abs(extract(epoch from m.wrote_at - c.wrote_at)), m.id) pick
   where r.id = pick.id`;

export async function finalize(target: BulkTarget, now: Date): Promise<void> {
  await target.exec(todayNewsSql(now));
  await target.exec(ROLLUP_SQL);
  await target.exec(lomMetricsSql());
  await target.exec(NEWS_STATISTICS_SQL);
  await target.exec(CONVERSATION_MESSAGES_SQL);
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
  // The producer centers' cells (migration 0027), from the messages and lom_producer_centers.
  await target.exec('select producer_center_days_rebuild()');
  await target.exec('select producer_center_day_totals_rebuild()');
  await target.exec('select producer_center_subscribers_rebuild()');
  // The standard periods ending on the seed's day, filled from lom_day_stats.
  await target.exec(rollStatement(now));
  await target.exec('select theme_period_stats_reset()');
  // The involvements were loaded without their triggers: a new version (migration 0033).
  await target.exec('select lom_involvements_version_next()');
}
