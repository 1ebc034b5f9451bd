import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { listenNotifications } from '../db/notifications.ts';
import { createMailer, type Mail } from '../mail.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  ctx: AppContext;
  /** Mail the app sent during the test. */
  sent: Mail[];
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // Collection stays off unless a test turns it on (it starts no collector itself: main.ts does).
  const config = {
    ...loadConfig({}),
    webDist: '/nonexistent',
    loginRateLimit: 1000,
    collect: false,
    ...overrides,
  };
  const sent: Mail[] = [];
  const outbox = createMailer(database.db, pino({ level: 'silent' }));
  const notifications = listenNotifications(database, ['user_actions', 'notifications']);
  const ctx: AppContext = {
    config,
    db: database.db,
    notifications,
    mailer: async (mail) => {
      sent.push(mail);
      await outbox(mail);
    },
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    database,
    ctx,
    sent,
    close: async () => {
      await app.close();
      await notifications.close();
      await database.close();
    },
  };
}
