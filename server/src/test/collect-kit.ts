import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Db } from '../db/client.ts';
import { feeds } from '../db/schema/index.ts';
import type { CollectDeps } from '../domain/collect/collector.ts';
import { HostGate } from '../domain/collect/host-gate.ts';
import { createOutboundClient } from '../http/outbound.ts';

// What the collectors' tests share (docs/collectors.md): a local HTTP server that serves feeds by path, the
// fixtures of server/src/domain/collect/fixtures/, a feed factory and the collectors' deps aimed at the server.

export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
}

export type Route = (request: SeenRequest, res: ServerResponse) => void;

export interface FeedServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: SeenRequest[];
  /** Answers a path (with its query, or the path alone for any query) through `route`. */
  on(path: string, route: Route): void;
  /** Requests to a path (query ignored). */
  hits(path: string): SeenRequest[];
  close(): Promise<void>;
}

/** A local server on 127.0.0.1 (port 0) whose paths answer as the test says; unknown paths answer 404. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    requests.push(seen);
    req.resume();
    const route = routes.get(seen.url) ?? routes.get(seen.url.split('?')[0]);
    if (route) route(seen, res);
    else {
      res.statusCode = 404;
      res.end('Not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path, route) => {
      routes.set(path, route);
    },
    hits: (path) => requests.filter((r) => r.url.split('?')[0] === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A route answering `body` with status 200 and the headers given. */
export function answer(body: string | Buffer, headers: Record<string, string> = {}, status = 200): Route {
  return (_request, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

/** A fixture file's bytes (server/src/domain/collect/fixtures/). */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(`../domain/collect/fixtures/${name}`, import.meta.url));
}

/** The collectors' deps aimed at the server: 127.0.0.1 allowed, no delay between requests unless a gate is given. */
export function collectDeps(server: FeedServer, extra: Partial<CollectDeps> = {}): CollectDeps {
  return {
    outbound: createOutboundClient({ allow: ['127.0.0.1'] }),
    telegramWebBase: server.url,
    vkApiBase: server.url,
    hostGate: new HostGate({ delayMs: 0 }),
    ...extra,
  };
}

type FeedInsert = typeof feeds.$inferInsert;

/** A feed, enabled and due now unless told otherwise. */
export async function buildFeed(
  db: Db,
  values: Pick<FeedInsert, 'kind' | 'url' | 'sourceId'> & Partial<FeedInsert>,
) {
  // Due a second ago by this process's clock: the column's default is the database's now(), in microseconds, which a
  // claim at `new Date()` (milliseconds) taken in the same millisecond would not yet see as due.
  const [row] = await db
    .insert(feeds)
    .values({ nextRunAt: new Date(Date.now() - 1000), ...values })
    .returning();
  return row;
}
