import { FEED_LIMITS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';

// The collectors' statements (docs/collectors.md "Collection"): feeds are leased in one statement each (a claim of
// due feeds FOR UPDATE SKIP LOCKED, or one feed for «Собрать сейчас»), fetched outside any transaction, and a
// fetch is recorded in one statement (its run, the feed's state and schedule, the lease let go, old runs pruned).

/** What a fetch needs of a feed. */
export interface FeedRow {
  id: number;
  kind: string;
  url: string;
  source_id: number;
  /** The platform's name in the sources directory: the `source` of the ingested items. */
  source_name: string;
  lom_id: number | null;
  lom_name: string | null;
  /** The address of the feed's lom source, when it belongs to one. */
  lom_source_url: string | null;
  enabled: boolean;
  interval_minutes: number;
  etag: string | null;
  last_modified: string | null;
  failures: number;
  backfilled: boolean;
}

/** The columns of FeedRow, of `f` (feeds) joined to its platform, lom and lom source. */
const FEED_COLUMNS = sql`f.id, f.kind, f.url, f.source_id, s.name as source_name, f.lom_id, l.name as lom_name,
    ls.url as lom_source_url, f.enabled, f.interval_minutes, f.etag, f.last_modified, f.failures, f.backfilled`;
const FEED_JOINS = sql`join sources s on s.id = f.source_id
    left join loms l on l.id = f.lom_id
    left join lom_sources ls on ls.id = f.lom_source_id`;

export async function loadFeed(db: Db, id: number): Promise<FeedRow | undefined> {
  const [row] = await queryRows<FeedRow>(
    db,
    sql`select ${FEED_COLUMNS} from feeds f ${FEED_JOINS} where f.id = ${id}`,
  );
  return row;
}

/** Leases one feed unless another holder's lease is still running; answers whether it was taken. */
export async function takeFeedLease(
  db: Db,
  id: number,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update feeds set lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000}), lease_owner = ${owner}
         where id = ${id} and (lease_until is null or lease_until < ${at}::timestamptz)
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` due feeds (enabled, next_run_at passed, no running lease) for `owner`, oldest due first, in
 * one statement that commits on its own; VK walls only when the service token is set (`withVk`). Answers the
 * claimed feeds as a fetch needs them.
 */
export async function claimDueFeeds(
  db: Db,
  owner: string,
  now: Date,
  leaseMs: number,
  limit: number,
  withVk: boolean,
): Promise<FeedRow[]> {
  const at = now.toISOString();
  return queryRows<FeedRow>(
    db,
    sql`with f as (
          update feeds set lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000}), lease_owner = ${owner}
           where id in (
             select id from feeds
              where enabled and next_run_at <= ${at}::timestamptz
                and (lease_until is null or lease_until < ${at}::timestamptz)
                ${withVk ? sql`` : sql`and kind <> 'vk'`}
              order by next_run_at, id
              limit ${limit}
              for update skip locked)
          returning *)
        select ${FEED_COLUMNS} from f ${FEED_JOINS} order by f.id`,
  );
}

/** A stored message's metrics, by its external id. */
export interface StoredMetrics {
  external_id: string;
  views: number;
  reposts: number;
  comments: number;
}

/** The metrics of the messages already stored under these external ids of one platform (one probe per id). */
export async function storedMetrics(
  db: Db,
  sourceId: number,
  externalIds: readonly string[],
): Promise<StoredMetrics[]> {
  if (externalIds.length === 0) return [];
  const rows = await queryRows<StoredMetrics>(
    db,
    sql`select m.external_id, m.number_views as views, m.repost_count as reposts, m.comments_count as comments
          from jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb) as k(e)
          cross join lateral (
            select external_id, number_views, repost_count, comments_count from messages
             where source_id = ${sourceId} and external_id = k.e limit 1
          ) m`,
  );
  return rows.map((r) => ({
    external_id: r.external_id,
    views: Number(r.views),
    reposts: Number(r.reposts),
    comments: Number(r.comments),
  }));
}

/** A fetch as recorded: the run's row and the feed's new state. */
export interface FeedRunRecord {
  feedId: number;
  owner: string;
  startedAt: Date;
  finishedAt: Date;
  trigger: 'manual' | 'schedule';
  httpStatus: number | null;
  fetched: number;
  created: number;
  updated: number;
  skipped: number;
  durationMs: number;
  /** Null on success. */
  error: string | null;
  /** Errors in a row after this fetch. */
  failures: number;
  /** The validators of a 200 that was read whole (undefined: keep the stored ones). */
  validators?: { etag: string | null; lastModified: string | null };
  /** The first fetch's pages back are done. */
  backfilled: boolean;
  nextRunAt: Date;
}

/**
 * One statement for any number of fetches (of distinct feeds), so all or nothing: each run's row (unless its feed
 * was deleted meanwhile), each feed's state and next run, its lease let go when this owner still holds it, and its
 * runs beyond FEED_LIMITS.runsKeptPerFeed deleted. The statement's CTEs see the table as it was before it, so the
 * prune keeps runsKeptPerFeed − 1 old runs beside the new one.
 */
export async function recordFeedRuns(db: Db, runs: readonly FeedRunRecord[]): Promise<void> {
  if (runs.length === 0) return;
  const rows = runs.map((run) => ({
    feed_id: run.feedId,
    owner: run.owner,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt.toISOString(),
    trigger: run.trigger,
    http_status: run.httpStatus,
    fetched: run.fetched,
    created: run.created,
    updated: run.updated,
    skipped: run.skipped,
    duration_ms: run.durationMs,
    error: run.error,
    failures: run.failures,
    set_validators: run.validators !== undefined,
    etag: run.validators?.etag ?? null,
    last_modified: run.validators?.lastModified ?? null,
    backfilled: run.backfilled,
    next_run_at: run.nextRunAt.toISOString(),
  }));
  await db.execute(
    sql`with r as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            feed_id int, owner text, started_at timestamptz, finished_at timestamptz, trigger text,
            http_status smallint, fetched int, created int, updated int, skipped int, duration_ms int, error text,
            failures int, set_validators boolean, etag text, last_modified text, backfilled boolean,
            next_run_at timestamptz)
        ), run as (
          insert into feed_runs (feed_id, started_at, trigger, http_status, fetched, created, updated, skipped,
                                 duration_ms, error)
          select r.feed_id, r.started_at, r.trigger, r.http_status, r.fetched, r.created, r.updated, r.skipped,
                 r.duration_ms, r.error
            from r where exists (select 1 from feeds f where f.id = r.feed_id)
        ), feed as (
          update feeds f set
            last_fetch_at = r.started_at,
            last_success_at = case when r.error is null then r.finished_at else f.last_success_at end,
            last_status = r.http_status,
            last_error = r.error,
            failures = r.failures,
            etag = case when r.set_validators then r.etag else f.etag end,
            last_modified = case when r.set_validators then r.last_modified else f.last_modified end,
            backfilled = f.backfilled or r.backfilled,
            next_run_at = r.next_run_at,
            lease_until = case when f.lease_owner = r.owner then null else f.lease_until end,
            lease_owner = case when f.lease_owner = r.owner then null else f.lease_owner end
            from r where f.id = r.feed_id
        )
        delete from feed_runs where id in (
          select id from (
            select id, row_number() over (partition by feed_id order by started_at desc, id desc) as n
              from feed_runs where feed_id in (select feed_id from r)) old
           where old.n >= ${FEED_LIMITS.runsKeptPerFeed})`,
  );
}

/** Lets leased feeds go untouched (claimed ahead but not fetched: the collector stops, or held them too long). */
export async function releaseFeedLeases(db: Db, ids: readonly number[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update feeds set lease_until = null, lease_owner = null
         where id = any(${pgArray(ids)}::int[]) and lease_owner = ${owner}`,
  );
}

/** Lets a feed go without a fetch (its host asked to wait): next run at `nextRunAt`, the lease released. */
export async function postponeFeed(db: Db, id: number, owner: string, nextRunAt: Date): Promise<void> {
  await db.execute(
    sql`update feeds set next_run_at = ${nextRunAt.toISOString()}::timestamptz, lease_until = null, lease_owner = null
         where id = ${id} and lease_owner = ${owner}`,
  );
}
