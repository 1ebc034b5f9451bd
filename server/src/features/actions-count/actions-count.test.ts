import type { AddressInfo } from 'node:net';
import {
  ACTIONS_COUNT_COOKIE,
  ACTIONS_COUNT_PATHS,
  AUTH_PATHS,
  THEME_LIST_PATHS,
} from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { connectSse, type SseClient } from './sse-client.ts';

let t: Kit;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createKit();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

const stream = async (cookie?: string) => {
  const client = await connectSse(`${base}${ACTIONS_COUNT_PATHS.stream}`, cookie);
  open.push(client);
  return client;
};
const cookieOf = (token: string) => `${ACTIONS_COUNT_COOKIE.name}=${token}`;

describe('login and logout cookies', () => {
  it('login sets the token cookie HttpOnly, SameSite=Strict, under the counter path', async () => {
    await t.caller({ username: 'cookie-user', password: 'secret12345' });
    const res = await t.anonymous.post(AUTH_PATHS.login, {
      username: 'cookie-user',
      password: 'secret12345',
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toContain(`token=${res.json().token}`);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toContain(`Path=${ACTIONS_COUNT_COOKIE.path}`);
    expect(header).not.toMatch(/Secure/);
  });

  it('logout revokes the token and clears the cookie', async () => {
    const caller = await t.caller({ role: 2 });
    const res = await caller.post(AUTH_PATHS.logout);
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^token=;/);
    expect(header).toContain('Max-Age=0');
    expect(header).toContain(`Path=${ACTIONS_COUNT_COOKIE.path}`);
    expect((await caller.get(AUTH_PATHS.me)).statusCode).toBe(401);
    // Without a token it still clears the cookie.
    const anonymous = await t.anonymous.post(AUTH_PATHS.logout);
    expect(anonymous.statusCode).toBe(200);
    expect(String(anonymous.headers['set-cookie'])).toContain('Max-Age=0');
  });
});

describe('GET actions-count/ (Server-Sent Events)', () => {
  it('answers 401 without a cookie or with an unknown one, and 403 without editor_actions_counter', async () => {
    expect((await t.anonymous.get(ACTIONS_COUNT_PATHS.stream)).statusCode).toBe(401);
    const bad = await t.anonymous.inject({
      url: ACTIONS_COUNT_PATHS.stream,
      cookies: { token: 'f'.repeat(40) },
    });
    expect(bad.statusCode).toBe(401);
    const viewer = t.as('user');
    const forbidden = await t.anonymous.inject({
      url: ACTIONS_COUNT_PATHS.stream,
      cookies: { token: viewer.token },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ statusCode: 403 });
  });

  it('the cookie works only on the stream: another call with it alone is 401', async () => {
    const res = await t.anonymous.inject({ url: AUTH_PATHS.me, cookies: { token: t.as('editor').token } });
    expect(res.statusCode).toBe(401);
  });

  it("sends today's count first, and a new count after an editor acts", async () => {
    const editor = t.as('editor');
    const client = await stream(cookieOf(editor.token));
    expect(client.status).toBe(200);
    expect(client.response.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = await client.next();
    expect(first.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const res = await editor.post(THEME_LIST_PATHS.list, { name: 'Тема для счётчика' });
    expect(res.statusCode).toBeLessThan(300);
    const moved = await client.next((e) => e.count > first.count, 2000);
    expect(moved.count).toBe(first.count + 1);
  });

  it('does not count actions of non-editors, and counts rows of the editor roles only', async () => {
    const editor = t.as('editor');
    const client = await stream(cookieOf(editor.token));
    const first = await client.next();
    const viewer = t.as('user');
    await t.db.insert(userActions).values({ userId: viewer.user.id, type: 4, action: 'theme.rename' });
    await t.db
      .insert(userActions)
      .values({ userId: t.as('superEditor').user.id, type: 4, action: 'theme.rename' });
    const moved = await client.next((e) => e.count !== first.count, 2000);
    expect(moved.count).toBe(first.count + 1);
  });

  it('shares one count among many streams and frees a closed stream at once', async () => {
    const editor = t.as('editor');
    const clients = await Promise.all(Array.from({ length: 5 }, () => stream(cookieOf(editor.token))));
    const firsts = await Promise.all(clients.map((c) => c.next()));
    for (const client of clients.slice(1)) client.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.db.insert(userActions).values({ userId: editor.user.id, type: 1, action: 'message.verify' });
    const moved = await clients[0].next((e) => e.count > firsts[0].count, 2000);
    expect(moved.count).toBe(firsts[0].count + 1);
    // Only the still open client gets it.
    expect(clients[1].events).toHaveLength(1);
  });
});
