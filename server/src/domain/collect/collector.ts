import { createHash, randomUUID } from 'node:crypto';
import {
  FEED_LIMITS,
  type FeedCollectResult,
  telegramChannelOf,
  VK_API_VERSION,
  VK_TOKEN_SECRET_KEY,
  vkWallOf,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { type OutboundClient, OutboundError, type OutboundResponse } from '../../http/outbound.ts';
import { ingestValues } from '../ingest/ingest.ts';
import { secretValue } from '../secrets-queries.ts';
import * as q from './collect-queries.ts';
import { FeedParseError, type ParsedFeed, parseFeedBytes } from './feed-parse.ts';
import { type HostGate, HostPausedError, waitText } from './host-gate.ts';
import { parseTelegramPreview, type TelegramPost } from './telegram-preview.ts';
import { parseVkWall } from './vk-wall.ts';

// One fetch of one feed (docs/collectors.md "Collection"): lease, request (conditional for RSS, pages back for a
// Telegram channel's first fetch, the service token for VK), read, ingest through the one write path
// (domain/ingest), then one statement records the run, the feed's state and its next run and lets the lease go.
// Nothing here holds a transaction across the network; a crash leaves a lease that expires, and the next fetch
// stores nothing twice (the ingestion dedupes by source and external id).

/** How long a collection holds its feed: the pages of a Telegram backfill at their deadline, and the ingestion. */
export const FEED_LEASE_MS = 5 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A host that answered 429 without Retry-After is left alone this long. */
const BARE_429_PAUSE_MS = MINUTE_MS;

export const VK_TOKEN_MISSING = 'Не задан сервисный ключ ВКонтакте (Настройки → Сбор)';
export const TELEGRAM_NO_POSTS =
  'На странице канала не найдено публикаций: возможно, изменилась разметка t.me';

export interface CollectDeps {
  outbound: OutboundClient;
  /** https://t.me unless TELEGRAM_WEB_BASE says otherwise. */
  telegramWebBase: string;
  /** https://api.vk.com unless VK_API_BASE says otherwise. */
  vkApiBase: string;
  hostGate: HostGate;
  now?: () => Date;
  /** One request's whole exchange: FEED_LIMITS.timeoutMs by default. */
  timeoutMs?: number;
  /** In [0, 1): the jitter of the next run (Math.random by default). */
  random?: () => number;
}

export interface CollectOptions {
  trigger: 'manual' | 'schedule';
  /** Who asked («Собрать сейчас»), or null for the schedule: the action log's user of the ingested batch. */
  userId: number | null;
  /** 'take' (default): lease the feed here; 'held': the scheduler's claim already holds it for `owner`. */
  lease?: 'take' | 'held';
  owner?: string;
  leaseMs?: number;
  /** The feed as the scheduler's claim read it (saves reading it again). */
  feed?: q.FeedRow;
  /**
   * Where the run goes once fetched and stored: its own statement by default; the scheduler hands runs to a
   * RunRecorder that records several in one statement (the feed's lease holds until then).
   */
  record?: (run: q.FeedRunRecord) => Promise<void>;
  /** Waits for the turn of a batch of this many items before it goes to the ingestion (the scheduler's Pace). */
  pace?: (items: number) => Promise<void>;
}

export class FeedNotFoundError extends Error {
  constructor(id: number) {
    super(`Лента ${id} не найдена`);
    this.name = 'FeedNotFoundError';
  }
}

/** Another collection holds the feed (the API answers 409). */
export class FeedBusyError extends Error {
  constructor() {
    super('Лента сейчас собирается, повторите позже');
    this.name = 'FeedBusyError';
  }
}

/** Why an enabled feed is not polled, or null: a VK wall waits for the service token. */
export function feedPausedReason(kind: string, vkTokenSet: boolean): string | null {
  return kind === 'vk' && !vkTokenSet ? VK_TOKEN_MISSING : null;
}

type MediaType = 'image' | 'video' | 'audio';

/** An item of any kind of feed, before it becomes an ingestion value. */
interface CollectedItem {
  externalId: string;
  url: string | null;
  text: string;
  wroteAt: Date | null;
  author: string | null;
  /** Null where the kind shows no such metric: the stored value is kept. */
  views: number | null;
  reposts: number | null;
  comments: number | null;
  media: { type: MediaType; url: string }[];
  copyOf: string | null;
}

type Fetched =
  | {
      kind: 'items';
      status: number;
      items: CollectedItem[];
      /** Items the reader cut (past its bound). */
      cut: number;
      validators?: { etag: string | null; lastModified: string | null };
      backfilled: boolean;
    }
  | { kind: 'not_modified'; status: number }
  | { kind: 'failed'; status: number | null; error: string; retryAt?: Date }
  | { kind: 'postponed'; until: Date; error: string };

// --- Requests -------------------------------------------------------------------------------------------------

function header(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || null;
}

/** Retry-After in seconds or as an HTTP date, from `now`, bounded to a day; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const text = header(value);
  if (!text) return null;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now.getTime();
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(ms, 0), DAY_MS);
}

class Requester {
  constructor(
    private readonly deps: CollectDeps,
    private readonly now: () => Date,
  ) {}

  /** One GET through the host's gate and the outbound client; a refusal or a failure is a Fetched 'failed'. */
  async get(url: string, headers: Record<string, string> = {}): Promise<OutboundResponse | Fetched> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return { kind: 'failed', status: null, error: `Лента недоступна: неверный адрес ${url.slice(0, 200)}` };
    }
    try {
      return await this.deps.hostGate.run(host, () =>
        this.deps.outbound.fetch(url, {
          headers,
          timeoutMs: this.deps.timeoutMs ?? FEED_LIMITS.timeoutMs,
          maxBytes: FEED_LIMITS.maxBodyBytes,
          maxRedirects: FEED_LIMITS.maxRedirects,
        }),
      );
    } catch (error) {
      if (error instanceof HostPausedError)
        return { kind: 'postponed', until: error.until, error: error.message };
      if (error instanceof OutboundError)
        return { kind: 'failed', status: null, error: `Лента недоступна: ${error.message}` };
      throw error;
    }
  }

  /** A non-2xx answer as a failure; 429 and 503 pause the host (Retry-After, or a minute for a bare 429). */
  refusal(url: string, res: OutboundResponse): Fetched | null {
    if (res.status >= 200 && res.status < 300) return null;
    const now = this.now();
    const wait =
      res.status === 429 || res.status === 503 ? retryAfterMs(res.headers['retry-after'], now) : null;
    const pause = wait ?? (res.status === 429 ? BARE_429_PAUSE_MS : null);
    if (pause !== null && pause > 0)
      this.deps.hostGate.pause(new URL(url).host, new Date(now.getTime() + pause));
    if (wait === null)
      return { kind: 'failed', status: res.status, error: `Лента недоступна: ${res.status}` };
    return {
      kind: 'failed',
      status: res.status,
      error: `Лента недоступна: ${res.status} (сервер просит повторить ${waitText(wait)})`,
      retryAt: new Date(now.getTime() + wait),
    };
  }
}

const isAnswer = (value: OutboundResponse | Fetched): value is OutboundResponse => !('kind' in value);

/** Reads an answer; one that cannot be read is the run's error, with the answer's status. */
function unreadable(status: number, read: () => Fetched): Fetched {
  try {
    return read();
  } catch (error) {
    if (error instanceof FeedParseError) return { kind: 'failed', status, error: error.message };
    throw error;
  }
}

// --- Items of each kind ---------------------------------------------------------------------------------------

const VIDEO_PATH = /\.(mp4|webm|mov|m4v|m3u8|ogv)$/;
const AUDIO_PATH = /\.(mp3|m4a|ogg|oga|opus|wav|aac)$/;
const IMAGE_PATH = /\.(jpe?g|png|gif|webp|avif|bmp|svg)$/;

/**
 * The kind of a media link by its path's extension, or a video page of YouTube, VK or Rutube; null for anything
 * else (a link preview's web page is no attachment).
 */
export function mediaKind(url: string): MediaType | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const path = parsed.pathname.toLowerCase();
  if (VIDEO_PATH.test(path)) return 'video';
  if (AUDIO_PATH.test(path)) return 'audio';
  if (IMAGE_PATH.test(path)) return 'image';
  const host = parsed.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  if ((host === 'youtube.com' && /^\/(watch|v\/|embed\/|shorts\/)/.test(path)) || host === 'youtu.be')
    return 'video';
  if ((host === 'vk.com' || host === 'vkvideo.ru') && path.startsWith('/video')) return 'video';
  if (host === 'rutube.ru' && path.startsWith('/video/')) return 'video';
  return null;
}

const typedMedia = (urls: readonly string[]) =>
  urls.flatMap((url) => {
    const type = mediaKind(url);
    return type ? [{ type, url }] : [];
  });

async function fetchRss(feed: q.FeedRow, request: Requester): Promise<Fetched> {
  const headers: Record<string, string> = {
    accept:
      'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
  const res = await request.get(feed.url, headers);
  if (!isAnswer(res)) return res;
  if (res.status === 304) return { kind: 'not_modified', status: 304 };
  const refused = request.refusal(feed.url, res);
  if (refused) return refused;
  return unreadable(res.status, () => {
    const parsed = parseFeedBytes(res.body, header(res.headers['content-type']) ?? undefined);
    return rssItems(feed, res, parsed);
  });
}

function rssItems(feed: q.FeedRow, res: OutboundResponse, parsed: ParsedFeed): Fetched {
  return {
    kind: 'items',
    status: res.status,
    cut: parsed.skipped,
    validators: { etag: header(res.headers.etag), lastModified: header(res.headers['last-modified']) },
    backfilled: true,
    items: parsed.items.map((item) => ({
      externalId: item.externalId,
      url: item.url,
      text: item.text,
      wroteAt: item.wroteAt,
      author: item.author ?? parsed.title ?? feed.lom_name,
      views: item.views,
      reposts: null,
      comments: null,
      media: typedMedia(item.media),
      copyOf: null,
    })),
  };
}

function telegramItem(post: TelegramPost, author: string | null): CollectedItem {
  return {
    externalId: post.externalId,
    url: post.url,
    text: post.text,
    wroteAt: post.wroteAt,
    author,
    views: post.views,
    reposts: null,
    comments: null,
    media: typedMedia(post.media),
    copyOf: post.forwardedFrom,
  };
}

/**
 * The channel's preview; on the first fetch (not yet backfilled) the pages before it too, up to
 * FEED_LIMITS.telegramBackfillPages, stopping at a page without older posts. A page back that fails leaves the
 * backfill for the next fetch; what was read is kept.
 */
async function fetchTelegram(feed: q.FeedRow, request: Requester, base: string): Promise<Fetched> {
  const channel = telegramChannelOf(feed.url);
  if (!channel) return { kind: 'failed', status: null, error: 'Адрес канала Telegram не распознан' };
  const pageUrl = `${base.replace(/\/+$/, '')}/s/${channel}`;
  const res = await request.get(pageUrl);
  if (!isAnswer(res)) return res;
  const refused = request.refusal(pageUrl, res);
  if (refused) return refused;
  const first = parseTelegramPreview(res.body.toString('utf8'));
  if (first.posts.length === 0) return { kind: 'failed', status: res.status, error: TELEGRAM_NO_POSTS };
  const author = first.title ?? feed.lom_name;
  const items = first.posts.map((post) => telegramItem(post, author));
  let backfilled = feed.backfilled;
  let before = first.oldestId;
  for (let page = 0; !backfilled && before !== null && page < FEED_LIMITS.telegramBackfillPages; page++) {
    const older = await request.get(`${pageUrl}?before=${before}`);
    if (!isAnswer(older) || request.refusal(pageUrl, older)) break;
    const read = parseTelegramPreview(older.body.toString('utf8'));
    const posts = read.posts.filter((p) => p.id < (before as number));
    items.push(...posts.map((post) => telegramItem(post, author)));
    if (posts.length === 0 || read.oldestId === null || read.oldestId <= 1) backfilled = true;
    else before = read.oldestId;
    if (page === FEED_LIMITS.telegramBackfillPages - 1) backfilled = true;
  }
  return { kind: 'items', status: res.status, cut: 0, backfilled, items };
}

async function fetchVk(db: Db, feed: q.FeedRow, request: Requester, base: string): Promise<Fetched> {
  const wall = vkWallOf(feed.url);
  if (!wall) return { kind: 'failed', status: null, error: 'Адрес стены ВКонтакте не распознан' };
  const token = await secretValue(db, VK_TOKEN_SECRET_KEY);
  if (!token) return { kind: 'failed', status: null, error: VK_TOKEN_MISSING };
  const url = `${base.replace(/\/+$/, '')}/method/wall.get?${new URLSearchParams({
    domain: wall,
    count: '100',
    v: VK_API_VERSION,
    access_token: token,
  })}`;
  const res = await request.get(url);
  if (!isAnswer(res)) return res;
  const refused = request.refusal(url, res);
  if (refused) return refused;
  return unreadable(res.status, () => ({
    kind: 'items',
    status: res.status,
    cut: 0,
    backfilled: true,
    items: parseVkWall(res.body.toString('utf8')).map((post) => ({ ...post, author: feed.lom_name })),
  }));
}

async function fetchFeed(db: Db, feed: q.FeedRow, deps: CollectDeps, now: () => Date): Promise<Fetched> {
  const request = new Requester(deps, now);
  if (feed.kind === 'rss') return fetchRss(feed, request);
  if (feed.kind === 'telegram') return fetchTelegram(feed, request, deps.telegramWebBase);
  if (feed.kind === 'vk') return fetchVk(db, feed, request, deps.vkApiBase);
  return { kind: 'failed', status: null, error: `Неизвестный вид ленты: ${feed.kind}` };
}

// --- Items to ingestion values --------------------------------------------------------------------------------

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text as the database may store it: no NUL or other control bytes, no unpaired surrogates, at most `max`. */
function clean(text: string, max: number): string {
  return text.slice(0, max).replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD');
}

const HTTP_URL = /^https?:\/\/\S+$/i;
const validUrl = (url: string | null): string | null =>
  url && url.length <= 2000 && HTTP_URL.test(url) && clean(url, 2000) === url ? url : null;

/** An external id as the ingestion takes it (at most 200 characters): a longer one by its hash. */
function externalIdOf(id: string): string {
  const text = clean(id.trim(), 10_000);
  return text.length <= 200 ? text : `sha1:${createHash('sha1').update(text).digest('hex')}`;
}

const metric = (value: number | null, max: number): number | null =>
  value === null || !Number.isFinite(value) ? null : Math.min(Math.max(Math.round(value), 0), max);

const INT_MAX = 2_147_483_647;

/** The ingestion value of an item (metrics merged with the stored ones by the caller). */
function ingestValue(
  feed: q.FeedRow,
  item: CollectedItem,
  metrics: { views: number; reposts: number; comments: number },
  fetchedAt: Date,
): Record<string, unknown> {
  const media = [
    ...new Map(
      item.media.flatMap((m) => (validUrl(m.url) ? [[m.url, { type: m.type, url: m.url }] as const] : [])),
    ).values(),
  ].slice(0, 50);
  const author = item.author ? clean(item.author, 500).trim() : '';
  const copyOf = item.copyOf ? externalIdOf(item.copyOf) : null;
  const externalId = externalIdOf(item.externalId);
  return {
    source: feed.source_name,
    external_id: externalId,
    url: validUrl(item.url),
    lom_source_url: validUrl(feed.lom_source_url),
    lom_id: feed.lom_id,
    author: author || null,
    text: clean(item.text, 200_000),
    wrote_at: (item.wroteAt ?? fetchedAt).toISOString(),
    views: metrics.views,
    reposts: metrics.reposts,
    comments: metrics.comments,
    media,
    copy_of: copyOf && copyOf !== externalId ? copyOf : null,
  };
}

interface Stored {
  fetched: number;
  created: number;
  updated: number;
  skipped: number;
}

/**
 * The items stored through the one write path: repeated ids kept once, items already stored with the same metrics
 * skipped (one look-up), the rest ingested; what the schema refuses (a date more than a day ahead) is skipped too.
 */
async function store(
  db: Db,
  feed: q.FeedRow,
  fetched: Extract<Fetched, { kind: 'items' }>,
  userId: number | null,
  fetchedAt: Date,
  pace?: (items: number) => Promise<void>,
): Promise<Stored> {
  const unique = new Map<string, CollectedItem>();
  for (const item of fetched.items) {
    const id = externalIdOf(item.externalId);
    if (id && !unique.has(id)) unique.set(id, item);
  }
  const stored = new Map(
    (await q.storedMetrics(db, feed.source_id, [...unique.keys()])).map((m) => [m.external_id, m]),
  );
  const values: { line: number; raw: unknown }[] = [];
  for (const [id, item] of unique) {
    const before = stored.get(id);
    const metrics = {
      views: metric(item.views, Number.MAX_SAFE_INTEGER) ?? before?.views ?? 0,
      reposts: metric(item.reposts, INT_MAX) ?? before?.reposts ?? 0,
      comments: metric(item.comments, INT_MAX) ?? before?.comments ?? 0,
    };
    if (
      before &&
      before.views === metrics.views &&
      before.reposts === metrics.reposts &&
      before.comments === metrics.comments
    )
      continue;
    values.push({ line: values.length + 1, raw: ingestValue(feed, item, metrics, fetchedAt) });
  }
  if (values.length > 0) await pace?.(values.length);
  const result = values.length > 0 ? await ingestValues(db, userId, values) : null;
  const created = result?.created ?? 0;
  const updated = result?.updated ?? 0;
  return {
    fetched: fetched.items.length,
    created,
    updated,
    skipped: fetched.cut + fetched.items.length - created - updated,
  };
}

// --- The run --------------------------------------------------------------------------------------------------

/** The feed's next run: its interval, or after an error the backoff, each with ±10 % jitter, at most a day. */
function nextRun(
  at: Date,
  intervalMinutes: number,
  failures: number,
  random: () => number,
  retryAt?: Date,
): Date {
  if (retryAt) return new Date(Math.max(retryAt.getTime(), at.getTime() + MINUTE_MS));
  const minutes =
    failures === 0
      ? intervalMinutes
      : Math.min(intervalMinutes * 2 ** Math.min(failures - 1, 30), FEED_LIMITS.maxBackoffMinutes);
  const jittered = minutes * MINUTE_MS * (0.9 + 0.2 * random());
  return new Date(at.getTime() + Math.min(jittered, FEED_LIMITS.maxBackoffMinutes * MINUTE_MS));
}

/**
 * Collects one feed now: fetch, read, ingest, record the run and schedule the next. Throws FeedNotFoundError for a
 * missing feed and FeedBusyError when another collection holds it; any failure of the fetch is the run's error
 * (in Russian) in the answer, on the feed and in its log. Works on a disabled feed too.
 */
export async function collectFeed(
  db: Db,
  deps: CollectDeps,
  feedId: number,
  options: CollectOptions,
): Promise<FeedCollectResult> {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const owner = options.owner ?? `manual:${randomUUID()}`;
  const feed = options.feed ?? (await q.loadFeed(db, feedId));
  if (!feed) throw new FeedNotFoundError(feedId);
  if (
    (options.lease ?? 'take') === 'take' &&
    !(await q.takeFeedLease(db, feedId, owner, now(), options.leaseMs ?? FEED_LEASE_MS))
  )
    throw new FeedBusyError();

  const startedAt = now();
  const clock = performance.now();
  let fetched: Fetched;
  try {
    fetched = await fetchFeed(db, feed, deps, now);
  } catch (error) {
    // Not the feed's fault (a bug, the database): recorded as the run's error rather than left to the lease.
    console.error(`Сбор: лента ${feedId} не прочитана:`, error);
    fetched = {
      kind: 'failed',
      status: null,
      error: 'Лента не прочитана: внутренняя ошибка, повторим позже',
    };
  }
  let counts: Stored = { fetched: 0, created: 0, updated: 0, skipped: 0 };
  if (fetched.kind === 'postponed' && options.trigger === 'schedule') {
    // The host asked to be left alone: not a fetch of this feed, nor its failure.
    await q.postponeFeed(db, feedId, owner, new Date(fetched.until.getTime() + random() * 10_000));
    return { ...counts, error: null };
  }
  if (fetched.kind === 'items') {
    try {
      counts = await store(db, feed, fetched, options.userId, startedAt, options.pace);
    } catch (error) {
      console.error(`Сбор: лента ${feedId} прочитана, но не сохранена, повторим:`, error);
      const status = fetched.status;
      counts = { fetched: fetched.items.length, created: 0, updated: 0, skipped: 0 };
      fetched = {
        kind: 'failed',
        status,
        error: 'Не удалось сохранить сообщения: повторим при следующем сборе',
      };
    }
  }

  const error = fetched.kind === 'failed' || fetched.kind === 'postponed' ? fetched.error : null;
  // A postponed manual run is no failure of the feed: the count stays.
  const failures = error === null ? 0 : fetched.kind === 'postponed' ? feed.failures : feed.failures + 1;
  const finishedAt = now();
  const retryAt =
    fetched.kind === 'failed' ? fetched.retryAt : fetched.kind === 'postponed' ? fetched.until : undefined;
  const record = options.record ?? ((run: q.FeedRunRecord) => q.recordFeedRuns(db, [run]));
  await record({
    feedId,
    owner,
    startedAt,
    finishedAt,
    trigger: options.trigger,
    httpStatus: fetched.kind === 'postponed' ? null : fetched.status,
    fetched: counts.fetched,
    created: counts.created,
    updated: counts.updated,
    skipped: counts.skipped,
    durationMs: Math.round(performance.now() - clock),
    error,
    failures,
    validators: fetched.kind === 'items' ? fetched.validators : undefined,
    backfilled: fetched.kind === 'items' && fetched.backfilled,
    nextRunAt: nextRun(finishedAt, feed.interval_minutes, failures, random, retryAt),
  });
  return { ...counts, error };
}
