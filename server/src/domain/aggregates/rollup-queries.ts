import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { ROLLUP_TIME_ZONE } from '../../db/schema/rollups.ts';
import { pgArray } from '../pg-array.ts';

/**
 * Keeps the aggregates derived from messages current inside the transaction of a
 * write: the rollup message_daily_stats, the metric columns of loms and
 * news_statistics. The definitions are those of demo/finalize.ts (ROLLUP_SQL,
 * lomMetricsSql, NEWS_STATISTICS_SQL), narrowed to what a change touched so an
 * edit costs one lom-day, not the whole table.
 *
 * Rollup rows are recomputed, not adjusted by deltas: every row of an affected
 * (Moscow day, lom) is deleted and rebuilt from messages, so sums never drift and
 * a key a message left disappears. Concurrent writers to the same lom are
 * serialised by a transaction-level advisory lock per lom, taken before any
 * aggregate is read, so the later writer rebuilds from the earlier one's result.
 */

/** A message counted by lists and reports: not trash, archived or delayed. */
const LIVE = sql.raw('not m.trash and not m.archived and not m.delayed');
const TZ = sql.raw(`'${ROLLUP_TIME_ZONE}'`);
/** Namespaces of pg_advisory_xact_lock(int, int). */
const LOCK_LOM = 73_001;
const LOCK_NEWS = 73_002;

export interface AggregateKeys {
  /** (Moscow day YYYY-MM-DD, lom id or null) pairs whose rollup rows change. */
  days: { day: string; lomId: number | null }[];
  lomIds: number[];
  newsIds: number[];
}

/** The aggregate keys the given messages count in now. */
export async function aggregateKeysOf(db: Db, messageIds: readonly number[]): Promise<AggregateKeys> {
  if (messageIds.length === 0) return { days: [], lomIds: [], newsIds: [] };
  const rows = await queryRows<{ day: string; lom_id: number | null; news_id: number | null }>(
    db,
    sql`select distinct to_char((wrote_at at time zone ${TZ})::date, 'YYYY-MM-DD') as day, lom_id, news_id
          from messages where id = any(${pgArray(messageIds)}::int[])`,
  );
  return {
    days: rows.map((r) => ({ day: r.day, lomId: r.lom_id })),
    lomIds: [...new Set(rows.flatMap((r) => (r.lom_id === null ? [] : [r.lom_id])))],
    newsIds: [...new Set(rows.flatMap((r) => (r.news_id === null ? [] : [r.news_id])))],
  };
}

function mergeKeys(sets: readonly AggregateKeys[]): AggregateKeys {
  const days = new Map<string, { day: string; lomId: number | null }>();
  for (const set of sets) for (const d of set.days) days.set(`${d.day}:${d.lomId}`, d);
  return {
    days: [...days.values()],
    lomIds: [...new Set(sets.flatMap((s) => s.lomIds))].sort((a, b) => a - b),
    newsIds: [...new Set(sets.flatMap((s) => s.newsIds))].sort((a, b) => a - b),
  };
}

/** Rebuilds every aggregate of the given key sets (pass the keys from before and after a change). */
export async function refreshAggregates(db: Db, ...sets: AggregateKeys[]): Promise<void> {
  const keys = mergeKeys(sets);
  await lockKeys(db, keys);
  await refreshRollupDays(db, keys.days);
  await refreshLomMetrics(db, keys.lomIds);
  await refreshNewsStatistics(db, keys.newsIds);
}

/** The usual case: the change kept lom, day and news of the messages, so one set of keys does. */
export async function refreshMessageAggregates(db: Db, messageIds: readonly number[]): Promise<void> {
  await refreshAggregates(db, await aggregateKeysOf(db, messageIds));
}

async function lockKeys(db: Db, keys: AggregateKeys): Promise<void> {
  const loms = [...new Set(keys.days.map((d) => d.lomId ?? 0).concat(keys.lomIds))].sort((a, b) => a - b);
  if (loms.length > 0) {
    await db.execute(
      sql`select pg_advisory_xact_lock(${LOCK_LOM}, k) from unnest(${pgArray(loms)}::int[]) as k order by k`,
    );
  }
  if (keys.newsIds.length > 0) {
    await db.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NEWS}, k) from unnest(${pgArray(keys.newsIds)}::int[]) as k order by k`,
    );
  }
}

async function refreshRollupDays(db: Db, days: AggregateKeys['days']): Promise<void> {
  if (days.length === 0) return;
  const dayList = pgArray(days.map((d) => d.day));
  const lomList = pgArray(days.map((d) => d.lomId));
  const keys = sql`(select distinct day, lom_id from unnest(${dayList}::date[], ${lomList}::int[]) as k(day, lom_id))`;
  await db.execute(
    sql`delete from message_daily_stats s using ${keys} k
         where s.day = k.day and s.lom_id is not distinct from k.lom_id`,
  );
  // The lom test is split so that a known lom uses (lom_id, wrote_at) and nulls still match.
  const inDay = sql`m.wrote_at >= k.day::timestamp at time zone ${TZ}
                and m.wrote_at < (k.day + 1)::timestamp at time zone ${TZ}`;
  await db.execute(sql`
    insert into message_daily_stats (
      day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified,
      message_count, si_sum, views_sum, reposts_sum, comments_sum)
    select (m.wrote_at at time zone ${TZ})::date, m.lom_id, m.source_id, m.theme_id, m.info_reason_id,
           m.mood, ${LIVE}, m.verified,
           count(*), sum(m.si), sum(m.number_views), sum(m.repost_count), sum(m.comments_count)
      from (
        select m.* from ${keys} k join messages m on m.lom_id = k.lom_id and ${inDay}
        union all
        select m.* from ${keys} k join messages m on k.lom_id is null and m.lom_id is null and ${inDay}
      ) m
     group by 1, 2, 3, 4, 5, 6, 7, 8`);
}

/** The metric columns of loms that depend on messages and quotes (lomMetricsSql, per lom). */
export async function refreshLomMetrics(db: Db, lomIds: readonly number[]): Promise<void> {
  if (lomIds.length === 0) return;
  const ids = sql`${pgArray(lomIds)}::int[]`;
  await db.execute(sql`
    update loms l set
      total_si = coalesce(a.total_si, 0),
      total_views = coalesce(a.total_views, 0),
      message_number = coalesce(a.message_number, 0),
      messages_count = coalesce(a.messages_count, 0),
      verified_count = coalesce(a.verified_count, 0),
      average_si = coalesce(a.total_si / nullif(a.message_number, 0), 0),
      last_message_at = a.last_message_at,
      quotes_count = coalesce(q.quotes_count, 0)
    from unnest(${ids}) as k(id)
    left join (
      select m.lom_id,
             sum(m.si) filter (where ${LIVE}) as total_si,
             sum(m.number_views) filter (where ${LIVE}) as total_views,
             count(*) filter (where ${LIVE}) as message_number,
             count(*) filter (where not m.trash) as messages_count,
             count(*) filter (where not m.trash and m.verified) as verified_count,
             max(m.wrote_at) filter (where not m.trash) as last_message_at
        from messages m where m.lom_id = any(${ids}) group by m.lom_id
    ) a on a.lom_id = k.id
    left join (
      select lom_id, count(*) as quotes_count from quotes where lom_id = any(${ids}) group by lom_id
    ) q on q.lom_id = k.id
    where l.id = k.id`);
}

/** news_statistics of the given news stories from their live messages (NEWS_STATISTICS_SQL, per story). */
export async function refreshNewsStatistics(db: Db, newsIds: readonly number[]): Promise<void> {
  if (newsIds.length === 0) return;
  const moods = sql.raw(
    [1, 2, 3, 4, 5, 6].map((mood) => `'${mood}', count(m.id) filter (where m.mood = ${mood})`).join(', '),
  );
  await db.execute(sql`
    insert into news_statistics (news_id, total_si, total_views, message_count, mood_table, updated_at)
    select n.id, coalesce(sum(m.si), 0), coalesce(sum(m.number_views), 0), count(m.id), jsonb_build_object(${moods}), now()
      from news n
      left join messages m on m.news_id = n.id and ${LIVE}
     where n.id = any(${pgArray(newsIds)}::int[])
     group by n.id
    on conflict (news_id) do update set
      total_si = excluded.total_si, total_views = excluded.total_views,
      message_count = excluded.message_count, mood_table = excluded.mood_table, updated_at = now()`);
}
