import {
  ALL_PERMISSIONS,
  apiPath,
  LOM_CONTENT_PATHS,
  NAMED_PERMISSIONS,
  TAG_PATHS,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type Database, openDatabase, queryRows } from './db/client.ts';
import { createKit, type Kit, type UserCaller } from './test/kit.ts';

/**
 * Every GET route of the app, with DATABASE_READ_URL pointing at a "replica" that refuses writes: the test
 * database itself, opened with `default_transaction_read_only=on`, as a hot standby would be. A GET that writes
 * without `onPrimary` is refused there (and reported by the routing pool), or fails inside a transaction; either
 * fails this test. Needs PostgreSQL (PGlite has one session, so no second, read-only one): runs with
 * TEST_DATABASE_URL, as CI does. The routing decision itself is read-routing.test.ts, which runs everywhere.
 */

const testUrl = process.env.TEST_DATABASE_URL;

/** A path whose ids name rows of the demo world (id 1 exists in every table of it). */
const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'token' ? 'a'.repeat(40) : '1'));

/** GETs that write only when asked to by their query, beside the walk's calls without one. */
const WRITING_VARIANTS = [`${apiPath(LOM_CONTENT_PATHS.searchResults, { id: 1 })}?refresh=true`];

describe.skipIf(!testUrl)('every GET route with a read-only replica', () => {
  let kit: Kit;
  let routed: Database;
  let app: FastifyInstance;
  let everything: UserCaller;
  const writes: string[] = [];

  beforeAll(async () => {
    kit = await createKit({}, { demo: { messages: 200, loms: 30, themes: 10, seed: 5 } });
    everything = await kit.caller({
      role: 1,
      uiPermissions: [...NAMED_PERMISSIONS],
      extraPermissions: [...ALL_PERMISSIONS],
    });
    const [{ name }] = await queryRows<{ name: string }>(kit.db, sql`select current_database() as name`);
    const primaryUrl = new URL(testUrl as string);
    primaryUrl.pathname = `/${name}`;
    const readUrl = new URL(primaryUrl);
    readUrl.searchParams.set('options', '-c default_transaction_read_only=on');
    routed = openDatabase({
      url: primaryUrl.toString(),
      readUrl: readUrl.toString(),
      routingEvents: { onWriteOnReplica: (statement) => writes.push(statement) },
    });
    app = await buildApp({
      config: { ...kit.ctx.config, databaseReadUrl: readUrl.toString() },
      db: routed.db,
      mailer: kit.ctx.mailer,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await routed?.close();
    await kit?.close();
  });

  it('answers every GET without a 500 and without a write on the replica', async () => {
    const problems: string[] = [];
    const routes = app.apiRoutes.filter((route) => route.method === 'GET');
    const answered: number[] = [];
    for (const url of [...routes.map((route) => fill(route.url)), ...WRITING_VARIANTS]) {
      const before = writes.length;
      const res = await app.inject({ method: 'GET', url, headers: everything.headers });
      answered.push(res.statusCode);
      if (res.statusCode >= 500) problems.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      for (const statement of writes.slice(before))
        problems.push(`${url} wrote on the replica: ${statement}`);
    }
    // Most calls must reach their handler for the walk to mean anything.
    expect(answered.filter((status) => status === 200).length).toBeGreaterThan(routes.length * 0.7);
    expect(problems).toEqual([]);
    expect(routed.routing?.counts.replica).toBeGreaterThan(routes.length);
  });

  it("a user's PATCH is read back at once by the same user (read-your-writes)", async () => {
    const url = apiPath(TAG_PATHS.detail, { id: 1 });
    const renamed = await app.inject({
      method: 'PATCH',
      url,
      headers: { ...everything.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Тег после правки' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = { ...(routed.routing?.counts ?? { primary: 0, replica: 0 }) };
    const read = await app.inject({ method: 'GET', url, headers: everything.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: 1, name: 'Тег после правки' });
    // The token lookup reads the replica; the tag itself, inside the writer's window, the primary.
    expect(routed.routing?.counts.replica).toBe(before.replica + 1);
    expect(routed.routing?.counts.primary).toBeGreaterThan(before.primary);
  });
});
