import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentRoute, type DbSide, runOn } from '../db/read-routing.ts';

/**
 * Which side of the database a request reads (DATABASE_READ_URL; docs/operations.md "Read replica").
 *
 * - GET and HEAD read the replica; every other method uses the primary for all its statements.
 * - Read-your-writes: after a successful write (a non-GET answered below 400) the writer's reads go to the
 *   primary for `windowMs`. Two records of that, because a user may be served by several instances:
 *   - the answer sets the cookie `rw_until=<epoch ms>`; a browser sends it back to whichever instance serves the
 *     next read, so the window holds across instances behind a proxy. It is not signed: all it can obtain is
 *     reads from the primary, which is no privilege, and a value further ahead than `windowMs` is ignored;
 *   - a per-process map by user id covers clients that keep no cookies (scripts, the bench) when the same
 *     instance serves their next read.
 * - Code that must write while answering a GET runs in `onPrimary` (db/read-routing.ts).
 *
 * Register before authentication so that the token lookup runs in the request's store (on the replica, falling
 * back to the primary for a token it does not know yet: http/auth.ts).
 */

export const READ_YOUR_WRITES_COOKIE = 'rw_until';

export interface ReadRoutingOptions {
  windowMs: number;
  /** The clock; tests move it. */
  now?: () => number;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The end of the read-your-writes window the request's cookie carries, if it is open and believable. */
function cookieWindowOpen(request: FastifyRequest, now: number, windowMs: number): boolean {
  const cookie = request.headers.cookie;
  const match = cookie ? new RegExp(`(?:^|;\\s*)${READ_YOUR_WRITES_COOKIE}=(\\d{1,16})`).exec(cookie) : null;
  if (!match) return false;
  const until = Number(match[1]);
  return until > now && until <= now + windowMs;
}

export function registerReadRouting(app: FastifyInstance, options: ReadRoutingOptions): void {
  const now = options.now ?? Date.now;
  const { windowMs } = options;
  /** User id → end of that user's read-your-writes window, in this process. */
  const recentWriters = new Map<number, number>();

  app.addHook('onRequest', (request, _reply, done) => {
    const side: DbSide =
      isRead(request.method) && !cookieWindowOpen(request, now(), windowMs) ? 'replica' : 'primary';
    // The rest of the request's hooks and its handler run inside this store.
    runOn(side, done);
  });

  // After authentication (every onRequest hook): the user is known, so their own window can be checked.
  app.addHook('preHandler', async (request) => {
    const route = currentRoute();
    if (route?.side !== 'replica' || !request.user) return;
    const until = recentWriters.get(request.user.id);
    if (until !== undefined && until > now()) route.side = 'primary';
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isRead(request.method) || request.method === 'OPTIONS' || reply.statusCode >= 400) return payload;
    const until = now() + windowMs;
    if (request.user) {
      recentWriters.set(request.user.id, until);
      if (recentWriters.size > 10_000) {
        for (const [id, end] of recentWriters) if (end <= now()) recentWriters.delete(id);
      }
    }
    const cookie = `${READ_YOUR_WRITES_COOKIE}=${until}; Max-Age=${Math.ceil(windowMs / 1000)}; Path=/; HttpOnly; SameSite=Lax`;
    const existing = reply.getHeader('set-cookie');
    reply.header('set-cookie', existing === undefined ? cookie : [existing, cookie].flat().map(String));
    return payload;
  });
}
