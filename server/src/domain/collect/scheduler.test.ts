import type { ServerResponse } from 'node:http';
import { VK_TOKEN_SECRET_KEY } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { answer, buildFeed, collectDeps, type FeedServer, startFeedServer } from '../../test/collect-kit.ts';
import { openTestDatabase } from '../../test/database.ts';
import { testClock } from '../../test/factories-alerts.ts';
import { buildIngestSources, buildSource } from '../../test/factories-directories.ts';
import { deleteSecret, saveSecret } from '../secrets-queries.ts';
import { claimDueFeeds } from './collect-queries.ts';
import { CLAIM_AHEAD, Collector, startCollector } from './scheduler.ts';

// Exactly one poller per feed across instances (docs/collectors.md "Leases"): claims are disjoint, each due feed is
// collected once by two collectors on one database, and a fetch abandoned mid-way (a crash) is taken again once
// its lease expires, without duplicates.

let database: Database;
let server: FeedServer;
let platformId: number;
const VK = 2;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await buildIngestSources(database.db);
  platformId = (await buildSource(database.db, { name: 'lease.example', host: 'lease.example' })).id;
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const rss = (prefix: string, count: number) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Лента ${prefix}</title>${Array.from(
    { length: count },
    (_, i) =>
      `<item><guid>${prefix}-${i}</guid><title>${prefix}: новость ${i} о жизни района</title><pubDate>${new Date(
        Date.UTC(2026, 10, 20, 8, i),
      ).toUTCString()}</pubDate></item>`,
  ).join('')}</channel></rss>`;

/** Disables every feed so far, so each test claims only its own. */
const quiet = () => database.db.execute(sql`update feeds set enabled = false`);

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(database.db, query))[0].n);

/** `count` RSS feeds served at /<name>/<i>.xml, `items` items each (ids `<name><i>-<n>`); answers their paths. */
async function servedFeeds(name: string, count: number, items: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const path = `/${name}/${i}.xml`;
    server.on(path, answer(rss(`${name}${i}`, items), { 'content-type': 'application/rss+xml' }));
    paths.push(path);
    await buildFeed(database.db, { kind: 'rss', url: `${server.url}${path}`, sourceId: platformId });
  }
  return paths;
}

describe('leases between instances', () => {
  it('two claims at the same moment take disjoint feeds, oldest due first', async () => {
    await quiet();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const feed = await buildFeed(database.db, {
        kind: 'rss',
        url: `${server.url}/claim/${i}.xml`,
        sourceId: platformId,
        nextRunAt: new Date(Date.now() - (10 - i) * MINUTE),
      });
      ids.push(feed.id);
    }
    const now = new Date();
    const claim = async (owner: string, at: Date, limit: number) =>
      (await claimDueFeeds(database.db, owner, at, MINUTE, limit, true)).map((f) => f.id);
    const [a, b] = await Promise.all([claim('сервер-а', now, 4), claim('сервер-б', now, 4)]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    // Leased: nobody claims them again until the lease runs out.
    expect(await claim('сервер-в', now, 10)).toEqual([]);
    const later = new Date(now.getTime() + 2 * MINUTE);
    expect(await claim('сервер-в', later, 10)).toEqual(ids);
  });

  it('two collectors on one database collect each due feed once', async () => {
    await quiet();
    const paths = await servedFeeds('pair', 10, 3);
    const errors: unknown[] = [];
    const options = { db: database.db, concurrency: 2, pollMs: 50, onError: (e: unknown) => errors.push(e) };
    const a = startCollector({ ...options, deps: collectDeps(server), instanceId: 'сервер-а' });
    const b = startCollector({ ...options, deps: collectDeps(server), instanceId: 'сервер-б' });
    const runs = sql`select count(*)::int as n from feed_runs r join feeds f on f.id = r.feed_id where f.url like '%/pair/%'`;
    for (let i = 0; i < 400 && (await count(runs)) < 10; i++) await new Promise((r) => setTimeout(r, 25));
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
    expect(await count(runs)).toBe(10);
    expect(paths.map((path) => server.hits(path).length)).toEqual(paths.map(() => 1));
    expect(await count(sql`select count(*)::int as n from messages where external_id like 'pair%'`)).toBe(30);
    expect(
      await count(
        sql`select count(*)::int as n from feeds where url like '%/pair/%' and lease_owner is not null`,
      ),
    ).toBe(0);
  });

  it('a fetch abandoned mid-way (a crash) is collected by another instance once the lease expires, once', async () => {
    await quiet();
    const held: ServerResponse[] = [];
    const body = rss('crash', 4);
    let hang = true;
    server.on('/crash.xml', (_request, res) => {
      if (hang) held.push(res);
      else answer(body)(_request, res);
    });
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/crash.xml`,
      sourceId: platformId,
    });
    const clock = testClock(new Date());
    const lease = 5 * MINUTE;
    // Instance A claims the feed and hangs in its fetch: as far as the database knows, it died there.
    const a = new Collector({
      db: database.db,
      deps: collectDeps(server, { now: clock.now, timeoutMs: 60_000 }),
      instanceId: 'сервер-а',
      leaseMs: lease,
    });
    const abandoned = a.runOnce();
    for (let i = 0; i < 200 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(held).toHaveLength(1);
    const [leased] = await queryRows<{ lease_owner: string }>(
      database.db,
      sql`select lease_owner from feeds where id = ${feed.id}`,
    );
    expect(leased.lease_owner).toBe('сервер-а');

    // Instance B finds nothing while the lease runs…
    hang = false;
    const b = new Collector({
      db: database.db,
      deps: collectDeps(server, { now: clock.now }),
      instanceId: 'сервер-б',
      leaseMs: lease,
    });
    expect(await b.runOnce()).toBe(0);
    // …and takes the feed once it has expired.
    clock.advance(lease + MINUTE);
    expect(await b.runOnce()).toBe(1);
    const messages = sql`select count(*)::int as n from messages where external_id like 'crash-%'`;
    expect(await count(messages)).toBe(4);

    // Were A not dead after all, its late answer stores nothing twice.
    for (const res of held) answer(body)({ method: 'GET', url: '/crash.xml', headers: {} }, res);
    expect(await abandoned).toBe(1);
    expect(await count(messages)).toBe(4);
    const runs = await queryRows<{ created: number; skipped: number }>(
      database.db,
      sql`select created, skipped from feed_runs where feed_id = ${feed.id} order by id`,
    );
    expect(runs).toEqual([
      { created: 4, skipped: 0 },
      { created: 0, skipped: 4 },
    ]);
  });

  it('claims VK walls only while the service token is set', async () => {
    await quiet();
    server.on('/method/wall.get', answer(JSON.stringify({ response: { count: 0, items: [] } })));
    const feed = await buildFeed(database.db, {
      kind: 'vk',
      url: 'https://vk.com/paused_wall',
      sourceId: VK,
    });
    // pollMs 0: the token is read again at every claim.
    const collector = new Collector({
      db: database.db,
      deps: collectDeps(server),
      instanceId: 'сервер-в',
      pollMs: 0,
    });
    await deleteSecret(database.db, VK_TOKEN_SECRET_KEY);
    expect(await collector.runOnce()).toBe(0);
    expect(await count(sql`select count(*)::int as n from feed_runs where feed_id = ${feed.id}`)).toBe(0);
    await saveSecret(database.db, VK_TOKEN_SECRET_KEY, 'vk1.a.token-for-the-scheduler-test', 'test');
    expect(await collector.runOnce()).toBe(1);
    expect(await count(sql`select count(*)::int as n from feed_runs where feed_id = ${feed.id}`)).toBe(1);
  });

  it('stop() waits for the fetches in progress and claims nothing after', async () => {
    await quiet();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on('/slow.xml', (request, res) => {
      void gate.then(() => answer(rss('slow', 2))(request, res));
    });
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/slow.xml`,
      sourceId: platformId,
    });
    const collector = startCollector({
      db: database.db,
      deps: collectDeps(server),
      instanceId: 'сервер-г',
      pollMs: 20,
    });
    for (let i = 0; i < 200 && server.hits('/slow.xml').length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    let stopped = false;
    const stopping = collector.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await count(sql`select count(*)::int as n from feed_runs where feed_id = ${feed.id}`)).toBe(1);
    await database.db.execute(
      sql`update feeds set next_run_at = now() - interval '1 minute' where id = ${feed.id}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(server.hits('/slow.xml')).toHaveLength(1);
  });

  it('claims ahead of its free places, starts one feed per place, and lets the queued ones go on stop()', async () => {
    await quiet();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const path = `/ahead/${i}.xml`;
      server.on(path, (request, res) => {
        void gate.then(() => answer(rss(`ahead${i}`, 1))(request, res));
      });
      ids.push(
        (await buildFeed(database.db, { kind: 'rss', url: `${server.url}${path}`, sourceId: platformId })).id,
      );
    }
    const hits = () => ids.reduce((n, _, i) => n + server.hits(`/ahead/${i}.xml`).length, 0);
    const leased = sql`select count(*)::int as n from feeds where url like '%/ahead/%' and lease_owner = 'сервер-д'`;
    const collector = startCollector({
      db: database.db,
      deps: collectDeps(server),
      instanceId: 'сервер-д',
      concurrency: 1,
      pollMs: 20,
    });
    for (let i = 0; i < 200 && hits() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    // One claim took CLAIM_AHEAD feeds for the one place: one fetching, three queued, all leased to this process.
    expect(hits()).toBe(1);
    expect(await count(leased)).toBe(CLAIM_AHEAD);
    const stopping = collector.stop();
    release();
    await stopping;
    // The fetch in progress is recorded; the queued feeds are let go unfetched, due as before, for anyone to take.
    const runs = sql`select count(*)::int as n from feed_runs r join feeds f on f.id = r.feed_id where f.url like '%/ahead/%'`;
    expect(await count(runs)).toBe(1);
    expect(await count(leased)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from feeds where url like '%/ahead/%' and next_run_at <= now()`,
      ),
    ).toBe(5);
    expect(hits()).toBe(1);
  });

  it('runOnce() collects every feed its claim took, and records their runs in one batch', async () => {
    await quiet();
    await servedFeeds('batch', 5, 2);
    const collector = new Collector({
      db: database.db,
      deps: collectDeps(server),
      instanceId: 'сервер-е',
      concurrency: 2,
    });
    expect(await collector.runOnce()).toBe(5);
    const rows = await queryRows<{ created: number; lease_owner: string | null; last_status: number }>(
      database.db,
      sql`select r.created, f.lease_owner, f.last_status from feed_runs r join feeds f on f.id = r.feed_id
           where f.url like '%/batch/%' order by f.id`,
    );
    expect(rows).toEqual(
      Array.from({ length: 5 }, () => ({ created: 2, lease_owner: null, last_status: 200 })),
    );
  });

  it('paces the ingestion at itemsPerSecond: the second feed of 10 items waits for the first one’s half second', async () => {
    await quiet();
    await servedFeeds('paced', 2, 10);
    const collector = new Collector({
      db: database.db,
      deps: collectDeps(server),
      instanceId: 'сервер-ж',
      concurrency: 2,
      itemsPerSecond: 20,
    });
    expect(await collector.runOnce()).toBe(2);
    const [{ gap_ms }] = await queryRows<{ gap_ms: number }>(
      database.db,
      sql`select (extract(epoch from max(created_at) - min(created_at)) * 1000)::float8 as gap_ms
            from messages where external_id like 'paced%'`,
    );
    // 20 items a second: a batch of 10 takes half a second of the pace, so the second batch starts 500 ms later.
    expect(Number(gap_ms)).toBeGreaterThanOrEqual(450);
  });
});
