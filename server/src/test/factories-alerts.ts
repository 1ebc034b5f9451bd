import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { alertChannels, alerts, digests } from '../db/schema/index.ts';
import type { AlertEngineOptions } from '../domain/alerts/engine.ts';
import type { Mail, Mailer } from '../mail.ts';
import { buildUser } from './factories.ts';

// Factories and local fakes of the alert engine's tests (docs/alerts.md "Engine"): alerts with channels, digests,
// an owner with view_messages, a collecting mailer, an HTTP receiver on 127.0.0.1 and a clock the test moves.

type AlertInsert = typeof alerts.$inferInsert;

export interface ChannelSpec {
  type: 'app' | 'email' | 'webhook' | 'telegram';
  config?: Record<string, unknown>;
}

/** A user who may own alerts: no role preset, view_messages alone (plus `permissions`). */
export function buildOwner(db: Db, permissions: string[] = []) {
  return buildUser(db, { role: 0, uiPermissions: ['view_messages', ...permissions] });
}

/** An alert of `userId` (a `new` alert on «школа» with the app channel unless told) with its channels. */
export async function buildAlert(
  db: Db,
  userId: number,
  overrides: Partial<AlertInsert> = {},
  channels: ChannelSpec[] = [{ type: 'app' }],
) {
  const [alert] = await db
    .insert(alerts)
    .values({ name: 'Оповещение', kind: 'new', query: 'школа', intervalMinutes: 15, ...overrides, userId })
    .returning();
  const rows = channels.length
    ? await db
        .insert(alertChannels)
        .values(
          channels.map((c, position) => ({
            alertId: alert.id,
            position,
            type: c.type,
            config: c.config ?? {},
          })),
        )
        .returning()
    : [];
  return { alert, channels: rows };
}

/** A digest of `userId` (daily at 09:00, Excel, on «школа», to one address unless told). */
export async function buildDigest(
  db: Db,
  userId: number,
  overrides: Partial<typeof digests.$inferInsert> = {},
) {
  const [digest] = await db
    .insert(digests)
    .values({
      name: 'Дайджест',
      period: 'daily',
      time: '09:00',
      format: 'xlsx',
      query: 'школа',
      recipients: ['reader@example.test'],
      ...overrides,
      userId,
    })
    .returning();
  return digest;
}

/** A mailer that keeps what it sends; `fail` makes it throw. */
export function collectingMailer() {
  const sent: Mail[] = [];
  const state = { fail: null as string | null };
  const mailer: Mailer = async (mail) => {
    if (state.fail) throw new Error(state.fail);
    sent.push(mail);
  };
  return { sent, mailer, state };
}

/** A clock the test moves. */
export function testClock(start: Date) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set: (to: Date) => {
      at = to.getTime();
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP server on 127.0.0.1 that records each request and answers through `handle` (204 by default). */
export async function startReceiver(
  handle: (request: ReceivedRequest, res: ServerResponse) => void = (_, res) => {
    res.statusCode = 204;
    res.end();
  },
) {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      handle(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The engine's options for a test: a local public URL, 127.0.0.1 allowed, errors thrown into the test. */
export function engineOptions(
  db: Db,
  mailer: Mailer,
  now: () => Date,
  extra: Partial<AlertEngineOptions> & { telegramApiBase?: string } = {},
): AlertEngineOptions {
  const { telegramApiBase, ...rest } = extra;
  const config = loadConfig({});
  return {
    db,
    mailer,
    now,
    config: {
      publicUrl: 'https://monitoring.example.test',
      telegramApiBase: telegramApiBase ?? config.telegramApiBase,
      outboundAllowHosts: ['127.0.0.1'],
    },
    sendTimeoutMs: 2000,
    onError: (error) => {
      throw error;
    },
    ...rest,
  };
}
