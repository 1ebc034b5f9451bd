import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { SYSTEM_PATHS } from '@monitoring/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLifecycle, drain, type Lifecycle, registerLifecycle } from '../../http/drain.ts';
import { registerErrorHandling } from '../../http/errors.ts';
import { registerValidation } from '../../http/validation.ts';
import { systemRoutes } from './routes.ts';

/**
 * The drain over real sockets: a Fastify app with the lifecycle hook, the system routes (readiness does not touch
 * the database) and two test routes, one that waits for the test to release it and one that never answers.
 */

interface Gate {
  entered: Promise<void>;
  release(): void;
}

function gate(): Gate & { enter(): void; released: Promise<void> } {
  let enter = () => {};
  let release = () => {};
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { entered, enter, release, released };
}

let app: FastifyInstance | undefined;

afterEach(async () => {
  if (app?.server.listening) {
    app.server.closeAllConnections();
    await app.close();
  }
  app = undefined;
});

async function startApp(lifecycle: Lifecycle = createLifecycle('serving')) {
  const slow = gate();
  const hung = gate();
  const ctx = { config: loadConfig({}), db: {} as Db, mailer: async () => {} } satisfies AppContext;
  const instance = Fastify({ return503OnClosing: false });
  registerValidation(instance);
  registerErrorHandling(instance);
  registerLifecycle(instance, lifecycle);
  await instance.register(systemRoutes(ctx));
  instance.get('/test/slow', async () => {
    slow.enter();
    await slow.released;
    return { done: true };
  });
  instance.get('/test/hang', async () => {
    hung.enter();
    await new Promise(() => {});
  });
  await instance.listen({ port: 0, host: '127.0.0.1' });
  app = instance;
  const port = (instance.server.address() as AddressInfo).port;
  return { app: instance, port, slow, hung };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(raw: string): RawResponse | null {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4) };
}

/**
 * A keep-alive HTTP/1.1 request on a socket of its own, read until the server closes the socket (every response
 * during a drain says `Connection: close`). With `partial`, only part of the head is sent: the request is in
 * transit, and `finish()` sends the rest, as a request that reaches the server after the drain began.
 */
async function rawGet(port: number, path: string, partial = false) {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  let data = '';
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  const closed = once(socket, 'close').then(() => parse(data));
  await once(socket, 'connect');
  const head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n`;
  socket.write(partial ? head : `${head}\r\n`);
  // Let the server read what was sent before the test goes on.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    response: closed,
    finish() {
      socket.write('\r\n');
      return closed;
    },
  };
}

describe('drain on shutdown', () => {
  it('lets a request in flight finish, turns readiness 503 meanwhile, and drains clean', async () => {
    const { app, port, slow } = await startApp();
    const inFlight = await rawGet(port, '/test/slow');
    const probe = await rawGet(port, SYSTEM_PATHS.ready, true);
    await slow.entered;

    const drained = drain(app, { timeoutMs: 5000 });
    expect(app.lifecycle.state).toBe('draining');
    const ready = await probe.finish();
    expect(ready?.status).toBe(503);
    expect(JSON.parse(ready?.body ?? '')).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Сервер перезапускается, повторите запрос',
    });

    slow.release();
    const response = await inFlight.response;
    expect(response?.status).toBe(200);
    expect(JSON.parse(response?.body ?? '')).toEqual({ done: true });
    expect(response?.headers.connection).toBe('close');
    expect(await drained).toBe('drained');
  });

  it('refuses a new request during the drain with a clean 503 and Connection: close', async () => {
    const { app, port, slow } = await startApp();
    const inFlight = await rawGet(port, '/test/slow');
    const arriving = await rawGet(port, SYSTEM_PATHS.environment, true);
    await slow.entered;

    const drained = drain(app, { timeoutMs: 5000 });
    const refused = await arriving.finish();
    expect(refused?.status).toBe(503);
    expect(refused?.headers.connection).toBe('close');
    expect(refused?.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused?.body ?? '')).toMatchObject({ statusCode: 503, message: expect.any(String) });

    // The listener is closed: a new connection is refused at once, as a proxy expects of a stopped instance.
    const fresh = connect(port, '127.0.0.1');
    const [error] = (await once(fresh, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');

    slow.release();
    expect((await inFlight.response)?.status).toBe(200);
    expect(await drained).toBe('drained');
  });

  it('with a notice window, keeps listening and refuses new connections with the 503 before closing', async () => {
    const { app, port } = await startApp();
    const drained = drain(app, { timeoutMs: 5000, noticeMs: 400 });
    const during = await rawGet(port, SYSTEM_PATHS.ready);
    const answer = await during.response;
    expect(answer?.status).toBe(503);
    expect(answer?.headers.connection).toBe('close');
    expect(await drained).toBe('drained');
    expect(app.server.listening).toBe(false);
  });

  it('cuts a hung request at the deadline and reports the drain forced', async () => {
    const { app, port, hung } = await startApp();
    const inFlight = await rawGet(port, '/test/hang');
    await hung.entered;

    const started = Date.now();
    const outcome = await drain(app, { timeoutMs: 300, graceMs: 500 });
    expect(outcome).toBe('forced');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await inFlight.response).toBeNull(); // the socket closed without an answer
    expect(app.server.listening).toBe(false);
  });

  it('answers 503 while starting and serves once marked serving', async () => {
    const lifecycle = createLifecycle('starting');
    const { app } = await startApp(lifecycle);
    const starting = await app.inject({ url: SYSTEM_PATHS.environment });
    expect(starting.statusCode).toBe(503);
    expect(starting.headers.connection).not.toBe('close');
    expect(starting.json().message).toBe('Сервер запускается, повторите запрос через несколько секунд');
    expect((await app.inject({ url: SYSTEM_PATHS.ready })).statusCode).toBe(503);
    // A browser opening a page meanwhile gets a page in Russian that reloads itself.
    const page = await app.inject({ url: '/messages', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Сервер запускается');
    expect(page.body).toContain('http-equiv="refresh"');
    // So does `curl -H 'Accept: text/html'` of the app's root: never the API's JSON.
    const root = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(503);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.body).toContain('Страница обновится сама');

    lifecycle.markServing();
    expect((await app.inject({ url: SYSTEM_PATHS.ready })).json()).toEqual({ status: 'ready' });
    expect((await app.inject({ url: SYSTEM_PATHS.environment })).json()).toEqual({ env: 'local' });
  });
});
