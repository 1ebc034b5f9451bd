import { SYSTEM_PATHS } from '@monitoring/contracts';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * Where an instance is in its life: `starting` while it listens but migrates (or seeds) the database, `serving`,
 * and `draining` once a shutdown began. Readiness (`SYSTEM_PATHS.ready`) answers 200 only while serving; in the
 * two other states every request except the probes is refused with a clean 503 that a proxy may retry elsewhere,
 * because the request was not handled at all.
 */
export type ServingState = 'starting' | 'serving' | 'draining';

export interface Lifecycle {
  readonly state: ServingState;
  /** Migrations and the first seed are done: readiness answers 200 and requests are served. */
  markServing(): void;
  /** Readiness answers 503 and new requests are refused; the requests in flight go on. */
  markDraining(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function createLifecycle(initial: ServingState = 'serving'): Lifecycle {
  let state = initial;
  return {
    get state() {
      return state;
    },
    markServing() {
      if (state === 'starting') state = 'serving';
    },
    markDraining() {
      state = 'draining';
    },
  };
}

/** The Russian text of a refusal (and of readiness's 503) in a state that does not serve. */
export function notServingMessage(state: ServingState): string {
  return state === 'starting'
    ? 'Сервер запускается, повторите запрос через несколько секунд'
    : 'Сервер перезапускается, повторите запрос';
}

/** The page a browser gets while the app is not serving: the message, and a reload every 3 s. */
function waitingPage(message: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Monitoring</title></head><body style="font-family:sans-serif;margin:4em;color:#333">
<h1 style="font-weight:500">Monitoring</h1><p>${message}. Страница обновится сама.</p></body></html>`;
}

/** Answered in every state: liveness, and readiness (which says 503 itself). */
const PROBES: ReadonlySet<string> = new Set([SYSTEM_PATHS.health, SYSTEM_PATHS.ready]);

/**
 * Decorates the app with its lifecycle and refuses requests while it is not serving: 503 in the API's error body,
 * `Retry-After: 1`, and `Connection: close` while draining, so that a keep-alive client opens its next connection
 * to another instance. Responses of the requests in flight during a drain carry `Connection: close` too.
 * Register before every other `onRequest` hook, so that a refused request costs no database round trip.
 */
export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.decorate('lifecycle', lifecycle);
  app.addHook('onRequest', async (request, reply) => {
    const state = lifecycle.state;
    if (state === 'serving' || PROBES.has(request.routeOptions.url ?? '')) return;
    reply.header('retry-after', '1');
    const message = notServingMessage(state);
    if (!request.url.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
      // A person opening the app while it starts: a page that says so and tries again by itself.
      return reply.code(503).type('text/html; charset=utf-8').send(waitingPage(message));
    }
    return reply.code(503).send(errorBody(503, message));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.state === 'draining') reply.header('connection', 'close');
  });
}

export type DrainOutcome = 'drained' | 'forced';

export interface DrainOptions {
  /** How long the requests in flight may take; then their connections are cut. */
  timeoutMs: number;
  /**
   * How long to keep the listener open first, answering every new request with the 503 refusal, so that a load
   * balancer's readiness probe and keep-alive clients learn of the drain from an answer rather than from a closed
   * connection (part of `timeoutMs`).
   */
  noticeMs?: number;
  /** After the deadline, how long to wait for the server to report itself closed. */
  graceMs?: number;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Drains the app for a shutdown: readiness turns 503 (and new requests are refused), after `noticeMs` the listener
 * stops accepting connections, idle keep-alive
 * connections close, new requests on open connections are refused (503, `Connection: close`), and the requests in
 * flight finish. If they have not after `timeoutMs`, every remaining connection is destroyed: `forced`.
 * The database is not touched; close it after this resolves.
 */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<DrainOutcome> {
  const started = Date.now();
  app.lifecycle.markDraining();
  const noticeMs = Math.min(options.noticeMs ?? 0, options.timeoutMs);
  if (noticeMs > 0) await new Promise((resolve) => setTimeout(resolve, noticeMs));
  const closed = app.close().then(() => 'drained' as const);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), Math.max(0, options.timeoutMs - (Date.now() - started)));
  });
  const outcome = await Promise.race([closed, deadline]);
  clearTimeout(timer);
  if (outcome === 'drained') return outcome;
  app.log.warn(
    { timeoutMs: options.timeoutMs },
    'shutdown deadline passed: closing the remaining connections',
  );
  app.server.closeAllConnections();
  // A hung handler goes on running, but with its socket gone the server closes; do not wait for it forever.
  await Promise.race([closed, sleep(options.graceMs ?? 1000)]);
  return 'forced';
}
