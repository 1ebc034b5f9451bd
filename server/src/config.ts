import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ENVS, type AppEnv } from '@monitoring/contracts';
import { READ_URL_NEEDS_POSTGRES } from './db/client.ts';
import { parseAllowList } from './http/outbound-address.ts';

/** Feeds one instance fetches at the same time unless COLLECT_CONCURRENCY says otherwise (docs/collectors.md). */
export const COLLECT_CONCURRENCY = 4;
/** Items one instance sends to the ingestion per second at most, unless COLLECT_ITEMS_PER_SECOND says otherwise. */
export const COLLECT_ITEMS_PER_SECOND = 100;

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * For how long after a user's successful write their reads go to the primary instead of the replica, so that
 * they see what they wrote. A replica on the same network replays within milliseconds; the window covers a slow
 * replay with room to spare, and costs only that one user's reads on the primary.
 */
export const READ_YOUR_WRITES_MS = 5000;

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  /**
   * A streaming replica of DATABASE_URL: GET and HEAD requests read there, except a user's reads within
   * READ_YOUR_WRITES_MS of their last write (docs/operations.md "Read replica"). PostgreSQL only.
   */
  databaseReadUrl?: string;
  dataDir: string;
  appEnv: AppEnv;
  smtpUrl?: string;
  /** Where the built web app lives; served with history fallback. */
  webDist: string;
  /** Login attempts per minute per client address. */
  loginRateLimit: number;
  /** Failed logins per login name within 15 minutes before addresses that failed on it answer 429 (login-throttle.ts). */
  loginFailuresPerAccount: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (default) believes none, so the
   * client address is the socket's; a hop count, or a comma list of addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string;
  /**
   * Addresses and CIDR ranges (IPv4, IPv6) the outbound HTTP client may reach although they are internal
   * (OUTBOUND_ALLOW_HOSTS; docs/outbound.md): e.g. a webhook receiver on the company network.
   */
  outboundAllowHosts: string[];
  /** Messages loaded by the first start into an empty database. */
  demoMessages: number;
  /**
   * The address users open the product at (PUBLIC_URL), for the links in alert mails, webhooks, Telegram and
   * digests, which are sent without a request to take it from. Default: http://localhost:<PORT>.
   */
  publicUrl: string;
  /** The Telegram Bot API's base address (TELEGRAM_API_BASE): tests point it at a fake on this machine. */
  telegramApiBase: string;
  /**
   * Whether this instance runs the alert engine (ALERTS=off turns it off, e.g. for an API-only instance). Several
   * instances may run it on one database: jobs are taken with FOR UPDATE SKIP LOCKED (docs/alerts.md).
   */
  alertsEngine: boolean;
  /**
   * Whether this instance polls the feeds (COLLECT=off turns it off; tests and the e2e server run with it off).
   * Several instances may collect on one database: each feed is leased to one of them (docs/collectors.md).
   */
  collect: boolean;
  /** The base address of Telegram channels' web previews (TELEGRAM_WEB_BASE): `<base>/s/<channel>`. */
  telegramWebBase: string;
  /** The VK API's base address (VK_API_BASE): `<base>/method/wall.get`. Tests point both at a local server. */
  vkApiBase: string;
  /** Feeds one instance fetches at the same time (COLLECT_CONCURRENCY, at least 1). */
  collectConcurrency: number;
  /**
   * The items one instance sends to the ingestion per second at most (COLLECT_ITEMS_PER_SECOND; 0: unpaced), so
   * that a large first collection does not take the readers' CPU (docs/collectors.md "Pace").
   */
  collectItemsPerSecond: number;
  /**
   * On SIGTERM or SIGINT, how long the requests in flight may take to finish before their connections are cut
   * and the process exits 1 (http/drain.ts).
   */
  shutdownTimeoutMs: number;
  /**
   * The first part of that time during which the listener stays open and answers every new request with a 503
   * refusal, so that a load balancer sees the drain in readiness before connections close (0: close at once).
   */
  shutdownNoticeMs: number;
}

function readAppEnv(value: string | undefined): AppEnv {
  if (!value) return 'local';
  if ((APP_ENVS as readonly string[]).includes(value)) return value as AppEnv;
  throw new Error(`APP_ENV must be one of ${APP_ENVS.join(', ')}; got "${value}"`);
}

function readInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer; got "${value}"`);
  return n;
}

function readPositiveInt(name: string, value: string | undefined, fallback: number): number {
  const n = readInt(name, value, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1; got "${value}"`);
  return n;
}

function readTrustProxy(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any client; name the proxies (addresses or CIDR) or a hop count',
    );
  }
  return text;
}

function readOutboundAllowHosts(value: string | undefined): string[] {
  try {
    return parseAllowList(value);
  } catch (err) {
    throw new Error(
      `OUTBOUND_ALLOW_HOSTS: ${(err as Error).message}; give addresses or CIDR ranges, comma separated`,
    );
  }
}

function readBaseUrl(name: string, value: string | undefined, fallback: string): string {
  const text = (value?.trim() || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(text))
    throw new Error(`${name} must be an http(s):// address; got "${value}"`);
  return text;
}

function readSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return fallback;
  if (['on', 'true', '1'].includes(text)) return true;
  if (['off', 'false', '0'].includes(text)) return false;
  throw new Error(`${name} must be on or off; got "${value}"`);
}

function readReplicaUrl(primary: string | undefined, replica: string | undefined): string | undefined {
  if (!replica) return undefined;
  if (!primary) {
    throw new Error(READ_URL_NEEDS_POSTGRES);
  }
  if (!/^postgres(ql)?:\/\//.test(replica)) {
    throw new Error(`DATABASE_READ_URL must be a postgres:// URL of a replica; got "${replica}"`);
  }
  return replica;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: readInt('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: readReplicaUrl(env.DATABASE_URL, env.DATABASE_READ_URL),
    dataDir: resolve(REPO_ROOT, env.DATA_DIR || 'data/pgdata'),
    appEnv: readAppEnv(env.APP_ENV),
    smtpUrl: env.SMTP_URL || undefined,
    webDist: resolve(REPO_ROOT, env.WEB_DIST || 'web/dist'),
    loginRateLimit: readInt('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 10),
    loginFailuresPerAccount: readInt('LOGIN_FAILURES_PER_ACCOUNT', env.LOGIN_FAILURES_PER_ACCOUNT, 10),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    outboundAllowHosts: readOutboundAllowHosts(env.OUTBOUND_ALLOW_HOSTS),
    demoMessages: readInt('DEMO_MESSAGES', env.DEMO_MESSAGES, 100_000),
    publicUrl: readBaseUrl(
      'PUBLIC_URL',
      env.PUBLIC_URL,
      `http://localhost:${readInt('PORT', env.PORT, 8080)}`,
    ),
    telegramApiBase: readBaseUrl('TELEGRAM_API_BASE', env.TELEGRAM_API_BASE, 'https://api.telegram.org'),
    alertsEngine: readSwitch('ALERTS', env.ALERTS, true),
    collect: readSwitch('COLLECT', env.COLLECT, true),
    telegramWebBase: readBaseUrl('TELEGRAM_WEB_BASE', env.TELEGRAM_WEB_BASE, 'https://t.me'),
    vkApiBase: readBaseUrl('VK_API_BASE', env.VK_API_BASE, 'https://api.vk.com'),
    collectConcurrency: readPositiveInt('COLLECT_CONCURRENCY', env.COLLECT_CONCURRENCY, COLLECT_CONCURRENCY),
    collectItemsPerSecond: readInt(
      'COLLECT_ITEMS_PER_SECOND',
      env.COLLECT_ITEMS_PER_SECOND,
      COLLECT_ITEMS_PER_SECOND,
    ),
    shutdownTimeoutMs: readInt('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    shutdownNoticeMs: readInt('SHUTDOWN_NOTICE_MS', env.SHUTDOWN_NOTICE_MS, 0),
  };
}
