import type { AddressInfo } from 'node:net';
import { ACTIONS_COUNT_COOKIE, ACTIONS_COUNT_PATHS, THEME_LIST_PATHS } from '@monitoring/contracts';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { listenNotifications, type Notifications } from './db/notifications.ts';
import { connectSse, type SseClient } from './features/actions-count/sse-client.ts';
import { createMailer } from './mail.ts';
import { createKit, type Kit } from './test/kit.ts';

/**
 * Two server instances on one PostgreSQL database (the proof of LISTEN/NOTIFY): an action through one
 * moves the counter of a client connected to the other. PGlite admits one process, so this runs on PostgreSQL only
 * (TEST_DATABASE_URL, server/scripts/test.mjs).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the counter across two server instances', () => {
  let t: Kit;
  let second: { app: FastifyInstance; database: Database; notifications: Notifications };
  let client: SseClient | undefined;

  beforeAll(async () => {
    t = await createKit();
    const url = t.database.pool?.options.connectionString;
    if (!url) throw new Error('the kit is not on PostgreSQL');
    const database = openDatabase({ url });
    const notifications = listenNotifications(database, ['user_actions']);
    const app = await buildApp({
      config: t.ctx.config,
      db: database.db,
      mailer: createMailer(database.db, pino({ level: 'silent' })),
      notifications,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    second = { app, database, notifications };
  });
  afterAll(async () => {
    client?.close();
    await second?.app.close();
    await second?.notifications.close();
    await second?.database.close();
    await t?.close();
  });

  it('an action through instance A reaches a stream of instance B within a second', async () => {
    const editor = t.as('editor');
    const port = (second.app.server.address() as AddressInfo).port;
    client = await connectSse(
      `http://127.0.0.1:${port}${ACTIONS_COUNT_PATHS.stream}`,
      `${ACTIONS_COUNT_COOKIE.name}=${editor.token}`,
    );
    expect(client.status).toBe(200);
    const first = await client.next();
    // Through the kit's app (instance A), which shares nothing with B but the database.
    const started = Date.now();
    const res = await editor.post(THEME_LIST_PATHS.list, { name: 'Тема с другого сервера' });
    expect(res.statusCode).toBeLessThan(300);
    const moved = await client.next((e) => e.count > first.count, 1000);
    expect(moved.count).toBe(first.count + 1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
