import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { idField, pageParam, pageSizeParam, strictBody } from './input.ts';

// Collectors (issue 31, docs/collectors.md): the feeds the product polls by itself, their runs, and the VK service
// token an administrator sets. Every call needs `view_lomsource_admin`.

export const FEED_KINDS = ['rss', 'telegram', 'vk'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const feedKindSchema = z.enum(FEED_KINDS, { error: 'вид ленты: rss, telegram или vk' });

export const FEED_KIND_LABELS: Readonly<Record<FeedKind, string>> = {
  rss: 'RSS / Atom',
  telegram: 'Telegram',
  vk: 'ВКонтакте',
};

export const FEED_LIMITS = {
  /** The poll interval a feed gets when none is given. */
  defaultIntervalMinutes: 15,
  minIntervalMinutes: 1,
  /** A day: a feed polled more rarely is better turned off. */
  maxIntervalMinutes: 1440,
  urlLength: 2000,
  /** The largest answer a collector reads (decoded). */
  maxBodyBytes: 10 * 1024 * 1024,
  /** One request's whole exchange. */
  timeoutMs: 20_000,
  maxRedirects: 5,
  /** The first fetch of a Telegram channel pages back with ?before=<id> at most this many pages. */
  telegramBackfillPages: 5,
  /** Errors back off exponentially from the interval up to this. */
  maxBackoffMinutes: 1440,
  /** Fetch log rows kept per feed; older ones are pruned. */
  runsKeptPerFeed: 200,
} as const;

export const FEED_PATHS = {
  /** GET the feeds (paged, filterable); POST adds one. */
  list: '/api/v2/feeds/',
  /** GET, PATCH, DELETE one feed. */
  detail: '/api/v2/feeds/:id/',
  /** POST: fetch it now (on or off) and answer the run's result. */
  collect: '/api/v2/feeds/:id/collect/',
  /** GET the feed's fetch log, newest first (paged). */
  runs: '/api/v2/feeds/:id/runs/',
  /** POST: creates the feeds of the lom sources whose address has one (t.me, vk.com, YouTube) and none yet. */
  fromSources: '/api/v2/feeds/from-sources/',
} as const;

export const VK_SETTINGS_PATHS = {
  /** GET whether the VK service token is set (never the token); PUT sets or clears it. */
  vk: '/api/v2/settings/vk/',
} as const;

/** The 400 on `url` for a feed whose kind and address another feed has; the web shows it as information. */
export const FEED_DUPLICATE_MESSAGE = 'Такая лента уже есть';

/** The app_secrets key of the VK service token. */
export const VK_TOKEN_SECRET_KEY = 'vk_service_token';

/** The VK API version the collector asks for. */
export const VK_API_VERSION = '5.199';

const feedUrl = z
  .string({ error: 'ожидается адрес' })
  .trim()
  .min(1, 'нужен адрес')
  .max(FEED_LIMITS.urlLength, `не длиннее ${FEED_LIMITS.urlLength} символов`)
  .refine((text) => /^https?:\/\/[^/\s]+\S*$/i.test(text), 'ожидается адрес http(s)');

const intervalMinutes = z
  .number({ error: 'ожидается число минут' })
  .int('ожидается целое число минут')
  .min(FEED_LIMITS.minIntervalMinutes, 'не меньше 1 минуты')
  .max(FEED_LIMITS.maxIntervalMinutes, 'не больше 24 часов (1440 минут)');

const feedFields = {
  kind: feedKindSchema,
  url: feedUrl,
  lom_id: idField.nullable().optional(),
  lom_source_id: idField.nullable().optional(),
  interval_minutes: intervalMinutes.optional(),
  enabled: z.boolean({ error: 'ожидается true или false' }).optional(),
};

/**
 * What a feed's address must look like for its kind, or null: a Telegram feed names a channel on t.me, a VK feed a
 * wall on vk.com; an RSS feed is any http(s) address.
 */
export function feedUrlProblem(kind: FeedKind, url: string): string | null {
  if (kind === 'telegram' && telegramChannelOf(url) === null)
    return 'адрес канала Telegram: https://t.me/имя_канала';
  if (kind === 'vk' && vkWallOf(url) === null)
    return 'адрес стены ВКонтакте: https://vk.com/имя или /club123';
  return null;
}

export const feedCreateBody = strictBody(feedFields).superRefine((body, ctx) => {
  const problem = feedUrlProblem(body.kind, body.url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['url'] });
});
export type FeedCreateBody = z.output<typeof feedCreateBody>;

/** PATCH: any field; a new kind or url is checked against the stored other half on the server. */
export const feedPatchBody = strictBody({
  kind: feedFields.kind.optional(),
  url: feedFields.url.optional(),
  lom_id: feedFields.lom_id,
  lom_source_id: feedFields.lom_source_id,
  interval_minutes: feedFields.interval_minutes,
  enabled: feedFields.enabled,
});
export type FeedPatchBody = z.output<typeof feedPatchBody>;

export const FEED_STATES = ['all', 'enabled', 'disabled', 'failing'] as const;
export type FeedState = (typeof FEED_STATES)[number];

export const feedListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(50, 200),
  kind: feedKindSchema.optional(),
  state: z.enum(FEED_STATES, { error: 'состояние: all, enabled, disabled или failing' }).optional(),
  /** Part of the address or of the lom's name. */
  search: z.string().trim().max(200, 'не длиннее 200 символов').optional(),
});
export type FeedListQuery = z.output<typeof feedListQuery>;

export const feedRunsQuery = z.object({ page: pageParam, page_size: pageSizeParam(20, 100) });

const named = z.object({ id: z.number().int(), name: z.string() });

export const feed = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  url: z.string(),
  lom: named.nullable(),
  lom_source: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  /** The platform its messages are stored under (sources directory). */
  source: named.nullable(),
  enabled: z.boolean(),
  interval_minutes: z.number().int(),
  last_fetch_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  /** HTTP status of the last fetch (null: no answer). */
  last_status: z.number().int().nullable(),
  /** Russian, as the user reads it: «Лента недоступна: 503». Null after a success. */
  last_error: z.string().nullable(),
  /** Errors in a row (the backoff grows with them). */
  failures: z.number().int(),
  /** Messages the feed created in the last 24 hours. */
  items_last_day: z.number().int(),
  /** When the poller takes it next; null while it is off or paused. */
  next_run_at: z.string().nullable(),
  /** Why an enabled feed is not polled (a VK feed without the service token). */
  paused_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Feed = z.infer<typeof feed>;
export const feedList = listEnvelope(feed);
export type FeedList = z.infer<typeof feedList>;

/** What «Собрать сейчас» answers: the run's counts, and its error in Russian (null on success). */
export const feedCollectResult = z.object({
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
});
export type FeedCollectResult = z.infer<typeof feedCollectResult>;

export const FEED_RUN_TRIGGERS = ['schedule', 'manual'] as const;

/** One fetch of the log. */
export const feedRun = z.object({
  id: z.number().int(),
  started_at: z.string(),
  trigger: z.enum(FEED_RUN_TRIGGERS),
  http_status: z.number().int().nullable(),
  /** Items the answer held (after the feed's own cut). */
  fetched: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type FeedRun = z.infer<typeof feedRun>;
export const feedRunList = listEnvelope(feedRun);
export type FeedRunList = z.infer<typeof feedRunList>;

export const feedsFromSourcesResult = z.object({
  /** Lom sources with an address that has a feed. */
  checked: z.number().int(),
  created: z.number().int(),
});
export type FeedsFromSourcesResult = z.infer<typeof feedsFromSourcesResult>;

export const vkSettings = z.object({
  configured: z.boolean(),
  /** The token's last four characters, to tell tokens apart. */
  label: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type VkSettings = z.infer<typeof vkSettings>;
export const vkSettingsBody = strictBody({
  /** A VK app's service token; null clears it. */
  service_token: z
    .string({ error: 'ожидается сервисный ключ' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{20,300}$/, 'сервисный ключ: латинские буквы и цифры, от 20 символов')
    .nullable(),
});
export type VkSettingsBody = z.output<typeof vkSettingsBody>;

// --- The feed an account's address has ----------------------------------------------------------------------------

function parsedUrl(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

const host = (url: URL) => url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');

/** The channel of a t.me address (t.me/name, t.me/s/name, telegram.me/name), or null. */
export function telegramChannelOf(url: string): string | null {
  const parsed = parsedUrl(url);
  if (!parsed || !['t.me', 'telegram.me'].includes(host(parsed))) return null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  const name = parts[0] === 's' ? parts[1] : parts[0];
  return name && /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? name : null;
}

/** The wall of a vk.com address, as wall.get's `domain` (a screen name, club123 or id123), or null. */
export function vkWallOf(url: string): string | null {
  const parsed = parsedUrl(url);
  if (!parsed || !['vk.com', 'vk.ru', 'vkontakte.ru'].includes(host(parsed))) return null;
  const name = parsed.pathname.split('/').filter(Boolean)[0];
  return name && /^[A-Za-z0-9_.]{2,64}$/.test(name) ? name : null;
}

/** The channel id of a YouTube address that names it (youtube.com/channel/UC…), or null (an @handle has none). */
export function youtubeChannelOf(url: string): string | null {
  const parsed = parsedUrl(url);
  if (!parsed || host(parsed) !== 'youtube.com') return null;
  const fromFeed = parsed.pathname === '/feeds/videos.xml' ? parsed.searchParams.get('channel_id') : null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  const id = fromFeed ?? (parts[0] === 'channel' ? parts[1] : null);
  return id && /^UC[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}

/**
 * The feed an account's address offers (adding a lom source, «Создать ленты для источников»): a Telegram channel,
 * a VK wall, or a YouTube channel's feed; null for any other address.
 */
export function feedForSourceUrl(url: string): { kind: FeedKind; url: string } | null {
  const channel = telegramChannelOf(url);
  if (channel) return { kind: 'telegram', url: `https://t.me/${channel}` };
  const wall = vkWallOf(url);
  if (wall) return { kind: 'vk', url: `https://vk.com/${wall}` };
  const youtube = youtubeChannelOf(url);
  if (youtube) return { kind: 'rss', url: `https://www.youtube.com/feeds/videos.xml?channel_id=${youtube}` };
  return null;
}
