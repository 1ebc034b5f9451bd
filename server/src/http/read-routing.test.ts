import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { onPrimary, type PoolLike, REPLICA_RETRY_MS, RoutingPool, runOn } from '../db/read-routing.ts';
import type { AuthUser } from './auth.ts';
import { READ_YOUR_WRITES_COOKIE, registerReadRouting } from './read-routing.ts';

/**
 * The routing decision of DATABASE_READ_URL with two fake pools that record what each receives: GET vs write,
 * the read-your-writes window (per process and by cookie, across two instances), writes during a GET, and
 * drizzle's transactions. read-replica-walk.test.ts walks the real routes against a read-only replica.
 */

interface FakePool extends PoolLike {
  statements: string[];
}

const result = { rows: [], fields: [], rowCount: 0, command: 'SELECT' };

/** A pool that records every statement; `refuseWrites` answers 25006 to anything but a select, as a replica does. */
function fakePool(refuseWrites = false): FakePool {
  const statements: string[] = [];
  const run = async (query: unknown) => {
    const text = typeof query === 'string' ? query : (query as { text: string }).text;
    statements.push(text);
    if (refuseWrites && !/^\s*(select|begin|commit|rollback)/i.test(text)) {
      throw Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' });
    }
    return result;
  };
  return {
    statements,
    query: run,
    connect: async () => ({ query: run, release: () => {} }),
    end: async () => {},
  };
}

const WINDOW_MS = 5000;

interface Instance {
  app: FastifyInstance;
  primary: FakePool;
  replica: FakePool;
  routing: RoutingPool;
  reported: string[];
}

let clock = 1_000_000;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * One server instance: routing registered before a stand-in for authentication (the `x-user` header names the
 * user), a read, a write, a read that fills a cache on the primary, and a read that runs a transaction.
 */
async function instance(): Promise<Instance> {
  const primary = fakePool();
  const replica = fakePool(true);
  const reported: string[] = [];
  const routing = new RoutingPool(primary, replica, {
    onWriteOnReplica: (statement) => reported.push(statement),
  });
  const db = drizzle({ client: routing as unknown as pg.Pool });
  const app = Fastify();
  apps.push(app);
  registerReadRouting(app, { windowMs: WINDOW_MS, now: () => clock });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // Authentication reads too: it must already run in the request's store.
    await routing.query('select auth');
    const id = request.headers['x-user'];
    if (id) request.user = { id: Number(id) } as AuthUser;
  });
  app.get('/read', async () => {
    await routing.query('select read');
    return { ok: true };
  });
  app.get('/read-and-cache', async () => {
    await routing.query('select page');
    await onPrimary(() => routing.query('insert cache'));
    await routing.query('select after cache');
    return { ok: true };
  });
  app.get('/read-unmarked-write', async () => {
    await routing.query('update forgotten');
    return { ok: true };
  });
  app.get('/transaction', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select in_transaction`);
    });
    return { ok: true };
  });
  app.post('/write', async () => {
    await routing.query('insert write');
    return { ok: true };
  });
  app.post('/refused', async (_request, reply) => reply.code(400).send({ error: 'bad' }));
  await app.ready();
  return { app, primary, replica, routing, reported };
}

const get = (t: Instance, url: string, user?: number, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(user ? { 'x-user': String(user) } : {}), ...(cookie ? { cookie } : {}) },
  });
const post = (t: Instance, url: string, user?: number) =>
  t.app.inject({ method: 'POST', url, headers: user ? { 'x-user': String(user) } : {} });

/** The `rw_until=…` pair of an answer's Set-Cookie. */
function rwCookie(setCookie: string | string[] | undefined): string | undefined {
  const text = [setCookie ?? []].flat().find((c) => c.startsWith(`${READ_YOUR_WRITES_COOKIE}=`));
  return text?.split(';')[0];
}

describe('RoutingPool', () => {
  it('sends everything to the primary outside a request, and inside onPrimary', async () => {
    const primary = fakePool();
    const replica = fakePool(true);
    const routing = new RoutingPool(primary, replica);
    await routing.query('select outside');
    await runOn('replica', async () => {
      await routing.query('select inside');
      await onPrimary(() => routing.query('insert inside'));
    });
    expect(primary.statements).toEqual(['select outside', 'insert inside']);
    expect(replica.statements).toEqual(['select inside']);
    expect(routing.counts).toEqual({ primary: 2, replica: 1 });
  });

  it('passes over a replica that cannot answer for the primary, and reports it', async () => {
    const primary = fakePool();
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5434'), { code: 'ECONNREFUSED' });
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), {
      code: '40001',
    });
    const failing = (error: Error): PoolLike => ({
      query: async () => Promise.reject(error),
      connect: async () => Promise.reject(error),
      end: async () => {},
    });
    const unavailable: string[] = [];
    for (const error of [down, conflict]) {
      const routing = new RoutingPool(primary, failing(error), {
        onReplicaUnavailable: (e) => unavailable.push(e.message),
      });
      await runOn('replica', () => routing.query('select while down'));
    }
    const routing = new RoutingPool(primary, failing(down), {
      onReplicaUnavailable: (e) => unavailable.push(e.message),
    });
    await runOn('replica', () => routing.connect());
    expect(primary.statements).toEqual(['select while down', 'select while down']);
    expect(unavailable).toEqual([down.message, conflict.message, down.message]);
  });

  it('passes over a replica found down for REPLICA_RETRY_MS, then tries it again', async () => {
    let now = 0;
    let up = false;
    const primary = fakePool();
    const replica = fakePool();
    const flaky: PoolLike = {
      query: async (...args) => {
        if (!up) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return replica.query(...args);
      },
      connect: async () => replica.connect(),
      end: async () => {},
    };
    const routing = new RoutingPool(primary, flaky, { now: () => now });
    await runOn('replica', () => routing.query('select 1'));
    up = true;
    await runOn('replica', () => routing.query('select 2'));
    expect(replica.statements).toEqual([]);
    expect(primary.statements).toEqual(['select 1', 'select 2']);
    now += REPLICA_RETRY_MS;
    await runOn('replica', () => routing.query('select 3'));
    expect(replica.statements).toEqual(['select 3']);
  });

  it('does not retry an error of the statement itself', async () => {
    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    const primary = fakePool();
    const routing = new RoutingPool(primary, {
      query: async () => Promise.reject(syntax),
      connect: async () => Promise.reject(syntax),
      end: async () => {},
    });
    await expect(runOn('replica', () => routing.query('select nonsense'))).rejects.toThrow('syntax error');
    expect(primary.statements).toEqual([]);
  });
});

describe('read routing of requests', () => {
  it('reads of a GET (authentication included) go to the replica, a POST uses only the primary', async () => {
    const t = await instance();
    expect((await get(t, '/read', 1)).statusCode).toBe(200);
    expect(t.replica.statements).toEqual(['select auth', 'select read']);
    expect(t.primary.statements).toEqual([]);
    expect((await post(t, '/write', 1)).statusCode).toBe(200);
    expect(t.primary.statements).toEqual(['select auth', 'insert write']);
    expect(t.replica.statements).toHaveLength(2);
  });

  it('a writer reads the primary for the window after a successful write; other users still read the replica', async () => {
    const t = await instance();
    await post(t, '/write', 1);
    t.primary.statements.length = 0;
    await get(t, '/read', 1);
    // The token lookup ran before the user was known; the handler's reads follow the window.
    expect(t.replica.statements).toEqual(['select auth']);
    expect(t.primary.statements).toEqual(['select read']);
    await get(t, '/read', 2);
    expect(t.replica.statements).toEqual(['select auth', 'select auth', 'select read']);

    clock += WINDOW_MS + 1;
    t.primary.statements.length = 0;
    await get(t, '/read', 1);
    expect(t.primary.statements).toEqual([]);
  });

  it('a refused write opens no window', async () => {
    const t = await instance();
    const res = await post(t, '/refused', 1);
    expect(res.statusCode).toBe(400);
    expect(rwCookie(res.headers['set-cookie'])).toBeUndefined();
    await get(t, '/read', 1);
    expect(t.replica.statements).toContain('select read');
  });

  it('the rw_until cookie carries the window to another instance, and a forged far one is ignored', async () => {
    const a = await instance();
    const b = await instance();
    const res = await post(a, '/write', 1);
    const cookie = rwCookie(res.headers['set-cookie']);
    expect(cookie).toBe(`${READ_YOUR_WRITES_COOKIE}=${clock + WINDOW_MS}`);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=5');

    // Instance B never saw the write: only the cookie tells it.
    await get(b, '/read', 1, cookie);
    expect(b.replica.statements).toEqual([]);
    expect(b.primary.statements).toEqual(['select auth', 'select read']);

    await get(b, '/read', 1, `${READ_YOUR_WRITES_COOKIE}=${clock + 60 * WINDOW_MS}`);
    expect(b.replica.statements).toEqual(['select auth', 'select read']);

    clock += WINDOW_MS;
    await get(b, '/read', 1, cookie);
    expect(b.replica.statements).toHaveLength(4);
  });

  it('a write during a GET in onPrimary goes to the primary, and the reads around it stay on the replica', async () => {
    const t = await instance();
    expect((await get(t, '/read-and-cache', 1)).statusCode).toBe(200);
    expect(t.replica.statements).toEqual(['select auth', 'select page', 'select after cache']);
    expect(t.primary.statements).toEqual(['insert cache']);
    expect(t.reported).toEqual([]);
  });

  it('a write during a GET that is not marked is run on the primary after the replica refuses it, and reported', async () => {
    const t = await instance();
    expect((await get(t, '/read-unmarked-write', 1)).statusCode).toBe(200);
    expect(t.replica.statements).toEqual(['select auth', 'update forgotten']);
    expect(t.primary.statements).toEqual(['update forgotten']);
    expect(t.reported).toEqual(['update forgotten']);
  });

  it("drizzle's transaction in a GET takes its connection from the replica", async () => {
    const t = await instance();
    expect((await get(t, '/transaction', 1)).statusCode).toBe(200);
    expect(t.replica.statements).toEqual(['select auth', 'begin', 'select in_transaction', 'commit']);
    expect(t.primary.statements).toEqual([]);
  });
});
