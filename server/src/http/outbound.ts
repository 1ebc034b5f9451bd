import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { AllowList, addressRefusal, normalizeAddress } from './outbound-address.ts';

export { AllowList, parseAllowList } from './outbound-address.ts';

// The product's one outbound HTTP client (docs/outbound.md): webhooks, Telegram and the collectors call the
// outside world only through it. http(s) only; no internal address, checked on the literal host and on every
// address DNS gives at connect time (so a name that resolves to a public address when the webhook is saved and to
// 127.0.0.1 when it fires still fails); redirects followed by hand and checked again; one deadline for the whole
// exchange; a cap on the decoded answer.

export type OutboundErrorCode =
  | 'scheme'
  | 'refused_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'network'
  | 'bad_url';

/** Why an outbound request failed; `message` is Russian, fit for a user or the action log. */
export class OutboundError extends Error {
  readonly code: OutboundErrorCode;

  constructor(code: OutboundErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundError';
    this.code = code;
  }
}

/** A DNS answer: every address of a name (tests pass a fake one to play DNS rebinding). */
export type OutboundLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Sent as the body with `content-type: application/json`. */
  json?: unknown;
  /** The whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** The decoded body. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Addresses and CIDR ranges exempt from refusal: OUTBOUND_ALLOW_HOSTS (config.outboundAllowHosts). */
  allow?: readonly string[] | AllowList;
  lookup?: OutboundLookup;
}

export interface OutboundResponse {
  status: number;
  /** As the server sent them; the body is already decoded whatever `content-encoding` says. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  finalUrl: string;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the caller's credentials: not sent on to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** How long a save-time check waits for DNS before it lets the URL through to the connect-time check. */
const CHECK_LOOKUP_MS = 3000;

const systemLookup: OutboundLookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

function toAllowList(allow: OutboundRequest['allow']): AllowList {
  return allow instanceof AllowList ? allow : new AllowList(allow ?? []);
}

function formatSeconds(ms: number): string {
  return `${String(Math.round(ms / 100) / 10).replace('.', ',')} с`;
}

function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${String(Math.round((bytes / MB) * 10) / 10).replace('.', ',')} МБ`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${bytes} байт`;
}

/** The URL parsed and its scheme checked. */
function parseUrl(text: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError('bad_url', `Неверный адрес: ${String(text).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('scheme', `Разрешены только адреса http и https, а не ${url.protocol}`);
  }
  if (url.hostname === '') throw new OutboundError('bad_url', 'В адресе нет сервера');
  return url;
}

/** The host as an address when it is one (IPv6 without brackets), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return normalizeAddress(host) ? host : null;
}

function refusedError(reason: string): OutboundError {
  return new OutboundError('refused_address', reason);
}

/**
 * Node's `lookup` option for the socket: the socket connects to the address this answers, so every address of
 * the name is checked here, at the moment of connecting; one refused address fails the name.
 */
function guardedLookup(lookup: OutboundLookup, allow: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        if (addresses.length === 0) {
          callback(new OutboundError('network', `Сервер ${hostname} не найден`), '', 0);
          return;
        }
        for (const { address } of addresses) {
          const reason = addressRefusal(address, allow, hostname);
          if (reason) {
            callback(refusedError(reason), '', 0);
            return;
          }
        }
        const first = addresses[0]!;
        if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) =>
        callback(new OutboundError('network', `Сервер ${hostname} не найден`, { cause: err }), '', 0),
    );
  };
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
}

/** One request of the exchange: resolves with the answer's head, its body not yet read. */
function send(hop: Hop, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = hop.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      hop.url,
      { method: hop.method, headers: hop.headers, lookup, agent: false, signal },
      resolve,
    );
    req.on('error', (err) => reject(err));
    req.end(hop.body);
  });
}

function decoder(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return res;
  const decode =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decode) {
    res.destroy();
    throw new OutboundError('network', `Ответ сжат неизвестным способом: ${encoding}`);
  }
  res.on('error', (err) => decode.destroy(err));
  return res.pipe(decode);
}

/** The decoded body, failing once it passes maxBytes (so a zip bomb stops at the limit) or at the deadline. */
function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let stream: Readable;
    try {
      stream = decoder(res);
    } catch (err) {
      reject(err);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    const fail = (err: unknown) => {
      signal.removeEventListener('abort', onAbort);
      stream.destroy();
      res.destroy();
      reject(err);
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        fail(new OutboundError('too_large', `Ответ больше ${formatBytes(maxBytes)}`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', (err) =>
      fail(new OutboundError('network', 'Ответ оборван или повреждён', { cause: err })),
    );
    stream.on('close', () => {
      if (!ended) fail(new OutboundError('network', 'Ответ оборван'));
    });
    stream.on('end', () => {
      ended = true;
      signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
  });
}

/** The next hop of a redirect, or null when the answer is not one. */
function redirect(hop: Hop, res: IncomingMessage): Hop | null {
  const location = res.headers.location;
  if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return null;
  const url = parseUrl(location, hop.url);
  const headers = { ...hop.headers };
  if (url.origin !== hop.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  const toGet =
    (res.statusCode === 303 && hop.method !== 'HEAD') ||
    ((res.statusCode === 301 || res.statusCode === 302) && hop.method === 'POST');
  if (!toGet) return { url, method: hop.method, headers, body: hop.body };
  delete headers['content-type'];
  delete headers['content-length'];
  return { url, method: 'GET', headers, body: undefined };
}

function firstHop(url: URL, options: OutboundRequest): Hop {
  const headers: Record<string, string> = {
    'user-agent': 'Monitoring',
    'accept-encoding': 'gzip, deflate, br',
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  let body: Uint8Array | undefined;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  }
  if (body) headers['content-length'] = String(body.length);
  const method = (options.method ?? (body ? 'POST' : 'GET')).toUpperCase();
  return { url, method, headers, body };
}

async function exchange(
  first: Hop,
  allow: AllowList,
  options: OutboundRequest,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  const lookup = guardedLookup(options.lookup ?? systemLookup, allow);
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  let hop = first;
  for (let redirects = 0; ; redirects++) {
    const literal = literalAddress(hop.url);
    const reason = literal === null ? null : addressRefusal(literal, allow);
    if (reason) throw refusedError(reason);
    const res = await send(hop, lookup, signal);
    const next = redirect(hop, res);
    if (next) {
      res.destroy();
      if (redirects >= maxRedirects) {
        throw new OutboundError('too_many_redirects', `Больше ${maxRedirects} перенаправлений`);
      }
      hop = next;
      continue;
    }
    const length = Number(res.headers['content-length']);
    // A compressed answer that already passes the limit would decode to more still.
    if (Number.isFinite(length) && length > maxBytes) {
      res.destroy();
      throw new OutboundError('too_large', `Ответ больше ${formatBytes(maxBytes)}`);
    }
    const body = await readBody(res, maxBytes, signal);
    return { status: res.statusCode ?? 0, headers: res.headers, body, finalUrl: hop.url.href };
  }
}

/**
 * Sends one request to the outside world and reads the whole answer. Any status is an answer (a 500 too); a
 * refusal, a broken connection, the deadline or the size limit throws an OutboundError.
 */
export async function outboundFetch(
  url: string | URL,
  options: OutboundRequest = {},
): Promise<OutboundResponse> {
  const first = firstHop(parseUrl(url), options);
  const allow = toAllowList(options.allow);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const timeout = new OutboundError('timeout', `Превышено время ожидания (${formatSeconds(timeoutMs)})`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  try {
    return await exchange(first, allow, options, controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw timeout;
    if (err instanceof OutboundError) throw err;
    const cause = err as NodeJS.ErrnoException;
    // Node wraps the lookup's error on some paths; the refusal inside is the answer.
    if (cause?.cause instanceof OutboundError) throw cause.cause;
    throw new OutboundError(
      'network',
      `Сервер не отвечает: ${cause?.code ?? cause?.message ?? 'ошибка сети'}`,
      {
        cause: err,
      },
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The check of a URL when it is saved (a webhook of an alert): the scheme, and the host if it is an address or
 * resolves to one that is refused. Returns the Russian reason for a 400 naming the field, or null. A name DNS
 * can't resolve now passes: the connect-time check of `outboundFetch` still guards every request.
 */
export async function outboundUrlRefusal(
  url: string,
  options: Pick<OutboundRequest, 'allow' | 'lookup'> = {},
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = parseUrl(url);
  } catch (err) {
    return (err as OutboundError).message;
  }
  const allow = toAllowList(options.allow);
  const literal = literalAddress(parsed);
  if (literal !== null) return addressRefusal(literal, allow);
  const lookup = options.lookup ?? systemLookup;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    lookup(parsed.hostname).catch(() => []),
    new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), CHECK_LOOKUP_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const { address } of addresses) {
    const reason = addressRefusal(address, allow, parsed.hostname);
    if (reason) return reason;
  }
  return null;
}

/** The client bound to the settings (OUTBOUND_ALLOW_HOSTS), for a service to call without passing them. */
export function createOutboundClient(settings: { allow?: readonly string[]; lookup?: OutboundLookup } = {}) {
  const allow = new AllowList(settings.allow ?? []);
  return {
    fetch: (url: string | URL, options: Omit<OutboundRequest, 'allow' | 'lookup'> = {}) =>
      outboundFetch(url, { ...options, allow, lookup: settings.lookup }),
    urlRefusal: (url: string) => outboundUrlRefusal(url, { allow, lookup: settings.lookup }),
  };
}

export type OutboundClient = ReturnType<typeof createOutboundClient>;
