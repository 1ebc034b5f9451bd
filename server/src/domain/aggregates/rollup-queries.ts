import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';

/**
 * Keeps the aggregates of messages that are not rollup cells current inside the transaction
 * of a write: the metric columns of loms and news_statistics. The definitions are those of
 * demo/finalize.ts (lomMetricsSql, NEWS_STATISTICS_SQL), narrowed to the loms and stories a
 * change touched, so an edit costs one lom's row, not the whole table.
 *
 * The rollup cells (message_daily_stats, message_day_counts, message_mood_days, lom_day_stats,
 * lom_week_stats, theme_day_stats) are not kept here: the statement triggers of messages add
 * each write's difference to them (migration 0009, docs/aggregates.md), whatever the writer.
 *
 * Concurrent writers to the same lom or story are serialised by a transaction-level advisory
 * lock per key, taken before it is recomputed, so the later writer reads the earlier one's
 * result.
 */

/** A message counted by lists and reports: not trash, archived or delayed. */
const LIVE = sql.raw('not m.trash and not m.archived and not m.delayed');
/** Namespaces of pg_advisory_xact_lock(int, int). */
const LOCK_LOM = 73_001;
const LOCK_NEWS = 73_002;
/**
 * The regional lock of theme_regional_days (migrations 0010, 0026): the triggers of messages take
 * it shared, a change of a lom's region exclusively, and every transaction takes it before it
 * locks a lom's row.
 */
const LOCK_ROLLUPS = 73_003;
const LOCK_ROLLUPS_REGIONAL = 1;

export interface AggregateKeys {
  lomIds: number[];
  newsIds: number[];
}

/** The aggregate keys the given messages count in now. */
export async function aggregateKeysOf(db: Db, messageIds: readonly number[]): Promise<AggregateKeys> {
  if (messageIds.length === 0) return { lomIds: [], newsIds: [] };
  const rows = await queryRows<{ lom_id: number | null; news_id: number | null }>(
    db,
    sql`select distinct lom_id, news_id from messages where id = any(${pgArray(messageIds)}::int[])`,
  );
  return {
    lomIds: [...new Set(rows.flatMap((r) => (r.lom_id === null ? [] : [r.lom_id])))],
    newsIds: [...new Set(rows.flatMap((r) => (r.news_id === null ? [] : [r.news_id])))],
  };
}

function mergeKeys(sets: readonly AggregateKeys[]): AggregateKeys {
  return {
    lomIds: [...new Set(sets.flatMap((s) => s.lomIds))].sort((a, b) => a - b),
    newsIds: [...new Set(sets.flatMap((s) => s.newsIds))].sort((a, b) => a - b),
  };
}

/** Recomputes every aggregate of the given key sets (pass the keys from before and after a change). */
export async function refreshAggregates(db: Db, ...sets: AggregateKeys[]): Promise<void> {
  const keys = mergeKeys(sets);
  await lockKeys(db, keys);
  await refreshLomMetrics(db, keys.lomIds);
  await refreshNewsStatistics(db, keys.newsIds);
}

/** The usual case: the change kept lom and news of the messages, so one set of keys does. */
export async function refreshMessageAggregates(db: Db, messageIds: readonly number[]): Promise<void> {
  await refreshAggregates(db, await aggregateKeysOf(db, messageIds));
}

/**
 * Takes the aggregate locks of the loms (ascending) before anything else of a write that moves
 * messages between loms (the lom merge), so it queues behind message writers in the same order
 * as they take them: the regional lock first (shared, as the triggers of messages take it), then
 * the loms' own locks; the caller locks the loms' rows after both.
 */
export async function lockLomAggregates(db: Db, lomIds: readonly number[]): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_ROLLUPS}, ${LOCK_ROLLUPS_REGIONAL})`);
  await lockKeys(db, { lomIds: [...new Set(lomIds)].sort((a, b) => a - b), newsIds: [] });
}

async function lockKeys(db: Db, keys: AggregateKeys): Promise<void> {
  const loms = keys.lomIds;
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
