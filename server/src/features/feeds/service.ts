import { domainToUnicode } from 'node:url';
import {
  ACTION_TYPE,
  FEED_DUPLICATE_MESSAGE,
  FEED_KIND_LABELS,
  FEED_LIMITS,
  type Feed,
  type FeedCollectResult,
  type FeedCreateBody,
  type FeedKind,
  type FeedList,
  type FeedListQuery,
  type FeedPatchBody,
  type FeedRunList,
  type FeedsFromSourcesResult,
  feedForSourceUrl,
  feedUrlProblem,
  pageInfo,
  VK_TOKEN_SECRET_KEY,
  youtubeChannelOf,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { feeds } from '../../db/schema/index.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import {
  type CollectDeps,
  collectFeed,
  FeedBusyError,
  FeedNotFoundError,
  feedPausedReason,
} from '../../domain/collect/collector.ts';
import { HostGate } from '../../domain/collect/host-gate.ts';
import { secretInfo } from '../../domain/secrets-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { createOutboundClient } from '../../http/outbound.ts';
import { feedKindOf, presentFeed, presentRun } from './presenter.ts';
import * as q from './queries.ts';

// The feeds API (issue 31, docs/collectors.md "Feeds and the API"): what the collectors poll, each under the
// platform its messages are stored with. Saving checks what the schema cannot (the address against the outbound
// client's refusals, the kind's address form after a merge, duplicates, the lom and lom source) and writes the
// action log in the transaction of the change. Every call needs `view_lomsource_admin` (routes.ts).

type Context = Pick<AppContext, 'db' | 'config'>;

const BUSY = 'Лента сейчас собирается, повторите позже';
const feedNotFound = (id: number) => notFound(`Лента ${id} не найдена`);

/**
 * What «Собрать сейчас» and the scheduler fetch with: the outbound client with OUTBOUND_ALLOW_HOSTS, the bases of
 * Telegram previews and the VK API, and one host gate per database, so that manual and scheduled fetches of one
 * process queue on the same hosts (main.ts takes it from here for the scheduler).
 */
export function collectDepsOf(ctx: Context): CollectDeps {
  const known = depsByDb.get(ctx.db);
  if (known) return known;
  const deps: CollectDeps = {
    outbound: createOutboundClient({ allow: ctx.config.outboundAllowHosts }),
    telegramWebBase: ctx.config.telegramWebBase,
    vkApiBase: ctx.config.vkApiBase,
    hostGate: new HostGate(),
  };
  depsByDb.set(ctx.db, deps);
  return deps;
}
const depsByDb = new WeakMap<Db, CollectDeps>();

async function vkTokenSet(db: Db): Promise<boolean> {
  return Boolean(await secretInfo(db, VK_TOKEN_SECRET_KEY));
}

/** GET feeds/: a page of the feeds the filters keep, newest first. */
export async function listFeeds(db: Db, query: FeedListQuery): Promise<FeedList> {
  const rows = await q.feedPage(db, query);
  const total = rows.length > 0 ? rows[0].total : query.page > 1 ? await q.countFeeds(db, query) : 0;
  const [created, tokenSet] = await Promise.all([
    q.createdLastDay(
      db,
      rows.map((row) => row.feed.id),
    ),
    vkTokenSet(db),
  ]);
  return {
    results: rows.map((row) =>
      presentFeed(row, created.get(row.feed.id) ?? 0, feedPausedReason(feedKindOf(row.feed.kind), tokenSet)),
    ),
    ...pageInfo(query.page, query.page_size, total),
  };
}

/** GET feeds/{id}/. */
export async function getFeed(db: Db, id: number): Promise<Feed> {
  const row = await q.feedRow(db, id);
  if (!row) throw feedNotFound(id);
  const [created, tokenSet] = await Promise.all([q.createdLastDay(db, [id]), vkTokenSet(db)]);
  return presentFeed(row, created.get(id) ?? 0, feedPausedReason(feedKindOf(row.feed.kind), tokenSet));
}

/**
 * The address a feed is stored with: a Telegram channel as https://t.me/<channel>, a VK wall as
 * https://vk.com/<wall>, a YouTube channel page as its feed; any other address as given. So one channel written two
 * ways is one feed, and «Создать ленты для источников» finds the feeds added by hand.
 */
function storedUrl(kind: FeedKind, url: string): string {
  const offered = feedForSourceUrl(url);
  return offered && offered.kind === kind ? offered.url : url.trim();
}

/** The outbound client's refusal of the address (not http(s), an internal address) as a 400 naming `url`. */
async function checkAddress(ctx: Context, url: string): Promise<void> {
  const refusal = await createOutboundClient({ allow: ctx.config.outboundAllowHosts }).urlRefusal(url);
  if (refusal) throw badRequest(`Адрес ленты не принят: ${refusal}`, 'url');
}

/**
 * The platform (sources row) a feed's messages are stored under: the lom source's; else Telegram (t.me) or
 * ВКонтакте (vk.com) by kind; an RSS feed the platform of its host (YouTube for its channel feeds), a new one named
 * after the host when there is none (product.md §3: «{host}»).
 */
async function platformOf(db: Db, kind: FeedKind, url: string, lomSource?: q.LomSourceRef): Promise<number> {
  if (lomSource) return lomSource.sourceId;
  if (kind === 'telegram') return q.platformOfHost(db, { host: 't.me', name: 'Telegram', icon: 'telegram' });
  if (kind === 'vk') return q.platformOfHost(db, { host: 'vk.com', name: 'ВКонтакте', icon: 'vk' });
  if (youtubeChannelOf(url))
    return q.platformOfHost(db, { host: 'youtube.com', name: 'YouTube', icon: 'youtube' });
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    throw badRequest('Неверный адрес ленты', 'url');
  }
  return q.platformOfHost(db, { host, name: domainToUnicode(host) || host, icon: 'web' });
}

async function requireLomSource(db: Db, id: number): Promise<q.LomSourceRef> {
  const source = await q.lockLomSource(db, id);
  if (!source) throw badRequest(`Аккаунт ЛОМ ${id} не найден`, 'lom_source_id');
  return source;
}

async function requireLom(db: Db, id: number): Promise<void> {
  if (!(await q.lockLom(db, id))) throw badRequest(`ЛОМ ${id} не найден`, 'lom_id');
}

async function requireFreeAddress(db: Db, kind: FeedKind, url: string, exceptId?: number): Promise<void> {
  if ((await q.feedWithAddress(db, kind, url, exceptId)) !== undefined)
    throw badRequest(FEED_DUPLICATE_MESSAGE, 'url');
}

/** A unique index refused the row: PostgreSQL's 23505, possibly wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A save that lost the race for its (kind, url) to another one is the same 400 as a duplicate seen before. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(FEED_DUPLICATE_MESSAGE, 'url');
    throw error;
  }
}

/** The fields of a feed the action log keeps. */
function logged(feed: {
  kind: string;
  url: string;
  lomId: number | null;
  lomSourceId: number | null;
  enabled: boolean;
  intervalMinutes: number;
}) {
  return {
    feed_kind: FEED_KIND_LABELS[feedKindOf(feed.kind)],
    url: feed.url,
    lom_id: feed.lomId,
    lom_source_id: feed.lomSourceId,
    enabled: feed.enabled,
    interval_minutes: feed.intervalMinutes,
  };
}

/** POST feeds/: a new feed, of a lom source or standing alone. */
export async function createFeed(ctx: Context, user: AuthUser, body: FeedCreateBody): Promise<Feed> {
  const { db } = ctx;
  const url = storedUrl(body.kind, body.url);
  await checkAddress(ctx, url);
  const id = await saving(() =>
    db.transaction(async (tx) => {
      const lomSource =
        body.lom_source_id == null ? undefined : await requireLomSource(tx, body.lom_source_id);
      // A feed of a lom source belongs to the source's lom unless the body names another (or none: null).
      const lomId = body.lom_id === undefined ? (lomSource?.lomId ?? null) : body.lom_id;
      if (lomId !== null) await requireLom(tx, lomId);
      await requireFreeAddress(tx, body.kind, url);
      const values = {
        kind: body.kind,
        url,
        sourceId: await platformOf(tx, body.kind, url, lomSource),
        lomId,
        lomSourceId: lomSource?.id ?? null,
        enabled: body.enabled ?? true,
        intervalMinutes: body.interval_minutes ?? FEED_LIMITS.defaultIntervalMinutes,
        createdBy: user.id,
      };
      const feedId = await q.insertFeed(tx, values);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'feed.create',
        lomId,
        newValue: { id: feedId, ...logged(values) },
      });
      return feedId;
    }),
  );
  return getFeed(db, id);
}

/**
 * PATCH feeds/{id}/: the stored feed merged with the body. A new kind or address is checked against the other half;
 * a new address or lom source moves the feed to its platform and starts it afresh (no validators, the first fetch
 * again). Turning it on makes it due now if its time has passed; a new interval counts from the last fetch.
 */
export async function updateFeed(
  ctx: Context,
  user: AuthUser,
  id: number,
  body: FeedPatchBody,
): Promise<Feed> {
  const { db } = ctx;
  const before = await q.feedRow(db, id);
  if (!before) throw feedNotFound(id);
  const kind = body.kind ?? feedKindOf(before.feed.kind);
  const givenUrl = body.url ?? before.feed.url;
  if (body.kind !== undefined || body.url !== undefined) {
    const problem = feedUrlProblem(kind, givenUrl);
    if (problem) throw badRequest(problem, body.url === undefined ? 'kind' : 'url');
  }
  const url = storedUrl(kind, givenUrl);
  if (url !== before.feed.url) await checkAddress(ctx, url);

  await saving(() =>
    db.transaction(async (tx) => {
      const stored = await q.lockFeed(tx, id);
      if (!stored) throw feedNotFound(id);
      const changes: q.FeedChanges = {};
      const lomSourceId = body.lom_source_id === undefined ? stored.lomSourceId : body.lom_source_id;
      const newLomSource =
        body.lom_source_id == null || body.lom_source_id === stored.lomSourceId
          ? undefined
          : await requireLomSource(tx, body.lom_source_id);
      const lomId = body.lom_id !== undefined ? body.lom_id : (newLomSource?.lomId ?? stored.lomId);
      if (lomId !== null && lomId !== stored.lomId) await requireLom(tx, lomId);

      const addressChanged = kind !== stored.kind || url !== stored.url;
      if (addressChanged) await requireFreeAddress(tx, kind, url, id);
      if (addressChanged || lomSourceId !== stored.lomSourceId) {
        const lomSource =
          newLomSource ?? (lomSourceId === null ? undefined : await requireLomSource(tx, lomSourceId));
        Object.assign(changes, {
          kind,
          url,
          lomSourceId,
          sourceId: await platformOf(tx, kind, url, lomSource),
          etag: null,
          lastModified: null,
          backfilled: false,
        });
      }
      if (lomId !== stored.lomId) changes.lomId = lomId;

      let nextRunAt: SQL | undefined;
      if (addressChanged) nextRunAt = sql`now()`;
      const interval = body.interval_minutes;
      if (interval !== undefined && interval !== stored.intervalMinutes) {
        changes.intervalMinutes = interval;
        nextRunAt ??= sql`greatest(${feeds.lastFetchAt} + ${`${interval} minutes`}::interval, now())`;
      }
      if (body.enabled !== undefined && body.enabled !== stored.enabled) {
        changes.enabled = body.enabled;
        if (body.enabled) nextRunAt = sql`greatest(${nextRunAt ?? feeds.nextRunAt}, now())`;
      }
      if (nextRunAt) changes.nextRunAt = nextRunAt;
      if (Object.keys(changes).length === 0) return;

      await q.updateFeedRow(tx, id, changes);
      const old = logged(stored);
      const now = logged({
        kind,
        url,
        lomId,
        lomSourceId,
        enabled: body.enabled ?? stored.enabled,
        intervalMinutes: interval ?? stored.intervalMinutes,
      });
      const keys = (Object.keys(now) as (keyof typeof now)[]).filter((key) => old[key] !== now[key]);
      if (keys.length === 0) return;
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'feed.update',
        lomId,
        oldValue: { id, ...Object.fromEntries(keys.map((key) => [key, old[key]])) },
        newValue: { id, ...Object.fromEntries(keys.map((key) => [key, now[key]])) },
      });
    }),
  );
  return getFeed(db, id);
}

/** DELETE feeds/{id}/: the feed and its fetch log; the messages it collected stay. */
export async function deleteFeed(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await q.deleteFeedRow(tx, id);
    if (!gone) throw feedNotFound(id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'feed.delete',
      lomId: gone.lomId,
      oldValue: { id, ...logged(gone) },
    });
  });
}

/** POST feeds/{id}/collect/: one fetch now, on or off, under the feed's lease; its counts and error. */
export async function collectNow(ctx: Context, user: AuthUser, id: number): Promise<FeedCollectResult> {
  const row = await q.feedRow(ctx.db, id);
  if (!row) throw feedNotFound(id);
  let result: FeedCollectResult;
  try {
    result = await collectFeed(ctx.db, collectDepsOf(ctx), id, {
      trigger: 'manual',
      userId: user.id,
      lease: 'take',
    });
  } catch (error) {
    if (error instanceof FeedBusyError) throw new HttpError(409, BUSY);
    if (error instanceof FeedNotFoundError) throw feedNotFound(id);
    throw error;
  }
  await logAction(ctx.db, {
    userId: user.id,
    type: ACTION_TYPE.lom,
    action: 'feed.collect',
    lomId: row.feed.lomId,
    newValue: { id, url: row.feed.url, ...result },
  });
  return result;
}

/** GET feeds/{id}/runs/: the fetch log, newest first. */
export async function listRuns(db: Db, id: number, page: number, pageSize: number): Promise<FeedRunList> {
  if (!(await q.feedRow(db, id))) throw feedNotFound(id);
  const rows = await q.runPage(db, id, page, pageSize);
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await q.countRuns(db, id) : 0;
  return { results: rows.map(presentRun), ...pageInfo(page, pageSize, total) };
}

/**
 * POST feeds/from-sources/: a feed, on and with the default interval, for every active lom source whose address
 * names a Telegram channel, a VK wall or a YouTube channel and has none yet. Idempotent: a second call creates
 * nothing. Two accounts with one address give one feed, of the older account.
 */
export async function feedsFromSources(db: Db, user: AuthUser): Promise<FeedsFromSourcesResult> {
  return db.transaction(async (tx) => {
    const candidates = await q.lomSourcesOnFeedHosts(tx);
    const rows = new Map<string, q.FeedValues>();
    let checked = 0;
    for (const source of candidates) {
      const offered = feedForSourceUrl(source.url);
      if (!offered) continue;
      checked++;
      const key = `${offered.kind} ${offered.url}`;
      if (rows.has(key)) continue;
      rows.set(key, {
        kind: offered.kind,
        url: offered.url,
        sourceId: source.sourceId,
        lomId: source.lomId,
        lomSourceId: source.id,
        enabled: true,
        intervalMinutes: FEED_LIMITS.defaultIntervalMinutes,
        createdBy: user.id,
      });
    }
    const created = (await q.insertNewFeeds(tx, [...rows.values()])).length;
    if (created > 0)
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'feed.from_sources',
        newValue: { checked, created },
      });
    return { checked, created };
  });
}
