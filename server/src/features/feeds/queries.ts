import type { FeedKind, FeedListQuery } from '@monitoring/contracts';
import { and, desc, eq, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedRuns, feeds, lomSources, loms, sources } from '../../db/schema/index.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the feeds API (issue 31, docs/collectors.md): the feeds with the names of their lom, lom source and
// platform, their fetch log, the platform a new feed is stored under, and the feeds of the lom sources.

export type FeedValues = Omit<typeof feeds.$inferInsert, 'id' | 'createdAt'>;
/** A column's new value, or an SQL expression of the row (next_run_at moved relative to itself). */
export type FeedChanges = { [K in keyof FeedValues]?: FeedValues[K] | SQL };
export type FeedRunRow = typeof feedRuns.$inferSelect;

/** A feed with the names the answer shows. */
export interface FeedRow {
  feed: typeof feeds.$inferSelect;
  lomName: string | null;
  lomSourceUrl: string | null;
  sourceName: string | null;
}

const feedColumns = {
  feed: feeds,
  lomName: loms.name,
  lomSourceUrl: lomSources.url,
  sourceName: sources.name,
};

function listWhere(query: FeedListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.kind) where.push(eq(feeds.kind, query.kind));
  if (query.state === 'enabled') where.push(eq(feeds.enabled, true));
  if (query.state === 'disabled') where.push(eq(feeds.enabled, false));
  if (query.state === 'failing') where.push(gt(feeds.failures, 0));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(feeds.url, pattern), ilike(loms.name, pattern)));
  }
  return and(...where);
}

/** One page of the feeds the filters keep, newest first, with the total. */
export function feedPage(db: Db, query: FeedListQuery): Promise<(FeedRow & { total: number })[]> {
  return db
    .select({ ...feedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(feeds)
    .leftJoin(loms, eq(loms.id, feeds.lomId))
    .leftJoin(lomSources, eq(lomSources.id, feeds.lomSourceId))
    .leftJoin(sources, eq(sources.id, feeds.sourceId))
    .where(listWhere(query))
    .orderBy(desc(feeds.id))
    .limit(query.page_size)
    .offset(offsetOf(query.page, query.page_size));
}

/** How many feeds the filters keep (a page past the end still says the total). */
export async function countFeeds(db: Db, query: FeedListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(feeds)
    .leftJoin(loms, eq(loms.id, feeds.lomId))
    .where(listWhere(query));
  return row?.n ?? 0;
}

export async function feedRow(db: Db, id: number): Promise<FeedRow | undefined> {
  const [row] = await db
    .select(feedColumns)
    .from(feeds)
    .leftJoin(loms, eq(loms.id, feeds.lomId))
    .leftJoin(lomSources, eq(lomSources.id, feeds.lomSourceId))
    .leftJoin(sources, eq(sources.id, feeds.sourceId))
    .where(eq(feeds.id, id));
  return row;
}

/** The feed's own row, locked for an update in the transaction. */
export async function lockFeed(db: Db, id: number): Promise<typeof feeds.$inferSelect | undefined> {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id)).for('update');
  return row;
}

/** Messages created by each of these feeds' runs in the last 24 hours (feeds without runs are missing). */
export async function createdLastDay(db: Db, feedIds: readonly number[]): Promise<Map<number, number>> {
  if (feedIds.length === 0) return new Map();
  const rows = await db
    .select({
      feedId: feedRuns.feedId,
      created: sql<number>`coalesce(sum(${feedRuns.created}), 0)`.mapWith(Number),
    })
    .from(feedRuns)
    .where(
      and(inArray(feedRuns.feedId, [...feedIds]), sql`${feedRuns.startedAt} > now() - interval '24 hours'`),
    )
    .groupBy(feedRuns.feedId);
  return new Map(rows.map((row) => [row.feedId, row.created]));
}

/** The lom, kept from being deleted until the transaction ends; undefined when there is none. */
export async function lockLom(db: Db, id: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: loms.id }).from(loms).where(eq(loms.id, id)).for('key share');
  return row;
}

export interface LomSourceRef {
  id: number;
  lomId: number | null;
  sourceId: number;
  url: string;
}

/** The lom source, kept from being deleted until the transaction ends; undefined when there is none. */
export async function lockLomSource(db: Db, id: number): Promise<LomSourceRef | undefined> {
  const [row] = await db
    .select({
      id: lomSources.id,
      lomId: lomSources.lomId,
      sourceId: lomSources.sourceId,
      url: lomSources.url,
    })
    .from(lomSources)
    .where(eq(lomSources.id, id))
    .for('key share');
  return row;
}

/** The feed of this kind and address other than `exceptId`, if there is one. */
export async function feedWithAddress(
  db: Db,
  kind: FeedKind,
  url: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: feeds.id })
    .from(feeds)
    .where(
      and(
        eq(feeds.kind, kind),
        eq(feeds.url, url),
        exceptId === undefined ? undefined : ne(feeds.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

export interface PlatformSpec {
  /** Lower case, without www. */
  host: string;
  /** The name and icon of the row created when no platform has the host. */
  name: string;
  icon: string;
}

/**
 * The platform (sources row) of a host, created when none has it. Saves of feeds on one new host wait on each other
 * (an advisory lock of the transaction), so two saves at once create one row, not two.
 */
export async function platformOfHost(db: Db, spec: PlatformSpec): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`feeds.platform:${spec.host}`}))`);
  const [found] = await db
    .select({ id: sources.id })
    .from(sources)
    .where(sql`regexp_replace(lower(${sources.host}), '^www\\.', '') = ${spec.host}`)
    .orderBy(sources.id)
    .limit(1);
  if (found) return found.id;
  const [made] = await db
    .insert(sources)
    .values({ name: spec.name, host: spec.host, icon: spec.icon })
    .returning({ id: sources.id });
  return made.id;
}

export async function insertFeed(db: Db, values: FeedValues): Promise<number> {
  const [row] = await db.insert(feeds).values(values).returning({ id: feeds.id });
  return row.id;
}

export async function updateFeedRow(db: Db, id: number, changes: FeedChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(feeds).set(changes).where(eq(feeds.id, id));
}

/** Deletes the feed (its runs go with it; its messages stay); the row it was, or undefined. */
export async function deleteFeedRow(db: Db, id: number): Promise<typeof feeds.$inferSelect | undefined> {
  const [row] = await db.delete(feeds).where(eq(feeds.id, id)).returning();
  return row;
}

/** One page of the feed's fetch log, newest first, with the total. */
export function runPage(
  db: Db,
  feedId: number,
  page: number,
  pageSize: number,
): Promise<(FeedRunRow & { total: number })[]> {
  return db
    .select({
      id: feedRuns.id,
      feedId: feedRuns.feedId,
      startedAt: feedRuns.startedAt,
      trigger: feedRuns.trigger,
      httpStatus: feedRuns.httpStatus,
      fetched: feedRuns.fetched,
      created: feedRuns.created,
      updated: feedRuns.updated,
      skipped: feedRuns.skipped,
      durationMs: feedRuns.durationMs,
      error: feedRuns.error,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(feedRuns)
    .where(eq(feedRuns.feedId, feedId))
    .orderBy(desc(feedRuns.startedAt), desc(feedRuns.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countRuns(db: Db, feedId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(feedRuns)
    .where(eq(feedRuns.feedId, feedId));
  return row?.n ?? 0;
}

/**
 * The active lom sources whose address may name a Telegram channel, a VK wall or a YouTube channel, oldest first
 * (contracts' feedForSourceUrl decides; this only narrows the read to those hosts).
 */
export function lomSourcesOnFeedHosts(db: Db): Promise<LomSourceRef[]> {
  return db
    .select({
      id: lomSources.id,
      lomId: lomSources.lomId,
      sourceId: lomSources.sourceId,
      url: lomSources.url,
    })
    .from(lomSources)
    .where(
      and(
        eq(lomSources.isActive, true),
        sql`${lomSources.url} ~* '^\\s*https?://([a-z0-9-]+\\.)*(t\\.me|telegram\\.me|vk\\.com|vk\\.ru|vkontakte\\.ru|youtube\\.com)([/:?#]|\\s*$)'`,
      ),
    )
    .orderBy(lomSources.id)
    .for('key share');
}

/** Adds the feeds whose (kind, url) is not taken yet; the ids of those added. */
export async function insertNewFeeds(db: Db, rows: readonly FeedValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const added = await db
      .insert(feeds)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing({ target: [feeds.kind, feeds.url] })
      .returning({ id: feeds.id });
    ids.push(...added.map((row) => row.id));
  }
  return ids;
}

/** Rows per insert: well under PostgreSQL's 65,535 bind values. */
const INSERT_CHUNK = 1000;
