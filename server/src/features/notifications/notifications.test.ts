import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_PATHS, NOTIFICATION_PATHS, NOTIFICATIONS_COOKIE } from '@monitoring/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { UnreadCounter } from './stream-service.ts';

let t: Kit;
let base: string;
const open: (() => void)[] = [];

beforeAll(async () => {
  t = await createKit();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const close of open) close();
  await t.close();
});

let sequence = 0;
async function notify(userId: number, values: Partial<typeof notifications.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, title: `Оповещение ${sequence}`, body: 'Новые сообщения', ...values })
    .returning();
  return row;
}

const unreadInDb = async (userId: number) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  ).length;

/** A test client of the bell's stream: its `{unread}` events as they arrive. */
interface Bell {
  status: number;
  response: IncomingMessage;
  events: { unread: number }[];
  next(match: (event: { unread: number }) => boolean, timeoutMs?: number): Promise<{ unread: number }>;
}

function connect(cookie?: string): Promise<Bell> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${NOTIFICATION_PATHS.stream}`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      const events: { unread: number }[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          for (const line of buffer.slice(0, end).split('\n'))
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      });
      response.on('error', () => {});
      open.push(() => {
        req.destroy();
        response.destroy();
      });
      let seen = 0;
      resolve({
        status: response.statusCode ?? 0,
        response,
        events,
        next: (match, timeoutMs = 3000) =>
          new Promise((done, fail) => {
            const check = () => {
              while (seen < events.length) {
                const event = events[seen++];
                if (match(event)) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  done(event);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      });
    });
    req.end();
  });
}

const cookieOf = (caller: UserCaller) => `${NOTIFICATIONS_COOKIE.name}=${caller.token}`;

describe('GET notifications/', () => {
  it("lists the caller's own, newest first, with the unread count; `unread` narrows", async () => {
    const me = await t.caller({ role: 3 });
    const other = await t.caller({ role: 3 });
    const a = await notify(me.user.id, {
      messages: [{ id: 5, text: 'Первые слова' }, { broken: true }],
      more: 3,
    });
    const b = await notify(me.user.id, { readAt: new Date('2026-01-01T00:00:00Z') });
    const c = await notify(me.user.id);
    await notify(other.user.id);

    const res = await me.get(NOTIFICATION_PATHS.list);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.results.map((n: { id: number }) => n.id)).toEqual([c.id, b.id, a.id]);
    expect(page).toMatchObject({ elements_count: 3, unread: 2 });
    expect(page.results[2]).toEqual({
      id: a.id,
      alert_id: null,
      event_id: null,
      title: a.title,
      body: 'Новые сообщения',
      messages: [{ id: 5, text: 'Первые слова' }],
      more: 3,
      created_at: a.createdAt.toISOString(),
      read_at: null,
    });
    expect(page.results[1].read_at).toBe('2026-01-01T00:00:00.000Z');

    const unread = (await me.get(NOTIFICATION_PATHS.list, { unread: 'true' })).json();
    expect(unread.results.map((n: { id: number }) => n.id)).toEqual([c.id, a.id]);
    expect(unread).toMatchObject({ elements_count: 2, unread: 2 });
    const paged = (await me.get(NOTIFICATION_PATHS.list, { page_size: 1, page: 2 })).json();
    expect(paged.results.map((n: { id: number }) => n.id)).toEqual([b.id]);
  });

  it('is open to every signed-in user (role 0 too), not to the anonymous', async () => {
    expect((await t.as('role0').get(NOTIFICATION_PATHS.list)).statusCode).toBe(200);
    expect((await t.anonymous.get(NOTIFICATION_PATHS.list)).statusCode).toBe(401);
  });
});

describe('POST notifications/read/', () => {
  it("marks the caller's ids read (not another user's) and answers the unread count", async () => {
    const me = await t.caller({ role: 3 });
    const other = await t.caller({ role: 3 });
    const mine = [await notify(me.user.id), await notify(me.user.id), await notify(me.user.id)];
    const theirs = await notify(other.user.id);

    const res = await me.post(NOTIFICATION_PATHS.read, { ids: [mine[0].id, theirs.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 2 });
    expect(await unreadInDb(other.user.id)).toBe(1);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, mine[0].id));
    expect(row.readAt).not.toBeNull();

    expect((await me.post(NOTIFICATION_PATHS.read, { all: true })).json()).toEqual({ unread: 0 });
    expect(await unreadInDb(me.user.id)).toBe(0);
    expect(await unreadInDb(other.user.id)).toBe(1);
  });

  it('refuses a body that is neither {ids} nor {all: true}', async () => {
    const me = await t.caller({ role: 3 });
    for (const body of [{}, { all: false }, { ids: [] }, { ids: [1], all: true }]) {
      const res = await me.post(NOTIFICATION_PATHS.read, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET notifications/stream/ (Server-Sent Events)', () => {
  it('answers the count once as JSON without Accept: text/event-stream; 401 without a token', async () => {
    const me = await t.caller({ role: 0 });
    await notify(me.user.id);
    const res = await me.get(NOTIFICATION_PATHS.stream);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 1 });
    expect((await t.anonymous.get(NOTIFICATION_PATHS.stream)).statusCode).toBe(401);
    // The cookie opens the stream alone: the list with the cookie and no header is 401.
    const list = await t.anonymous.inject({ url: NOTIFICATION_PATHS.list, cookies: { token: me.token } });
    expect(list.statusCode).toBe(401);
  });

  it('login sets the token cookie under the stream path too, and logout clears it', async () => {
    await t.caller({ username: 'bell-user', password: 'secret12345' });
    const res = await t.anonymous.post(AUTH_PATHS.login, { username: 'bell-user', password: 'secret12345' });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const bell = cookies.find((c) => c.includes(`Path=${NOTIFICATIONS_COOKIE.path}`));
    expect(bell).toContain(`token=${res.json().token}`);
    expect(bell).toMatch(/HttpOnly/);
    expect(bell).toMatch(/SameSite=Strict/);
    const out = await t.withToken(res.json().token).post(AUTH_PATHS.logout);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.find((c) => c.includes(`Path=${NOTIFICATIONS_COOKIE.path}`))).toMatch(
      /^token=;.*Max-Age=0/,
    );
  });

  it('sends the unread count at once, then live after an insert and after reading', async () => {
    const me = await t.caller({ role: 3 });
    await notify(me.user.id);
    const bell = await connect(cookieOf(me));
    expect(bell.status).toBe(200);
    expect(bell.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await bell.next(() => true)).toEqual({ unread: 1 });

    await notify(me.user.id);
    expect(await bell.next((e) => e.unread !== 1)).toEqual({ unread: 2 });
    await me.post(NOTIFICATION_PATHS.read, { all: true });
    expect(await bell.next((e) => e.unread !== 2)).toEqual({ unread: 0 });
  });

  it("recounts only the notified user's streams", async () => {
    const me = await t.caller({ role: 3 });
    const other = await t.caller({ role: 3 });
    const mine = await connect(cookieOf(me));
    const theirs = await connect(cookieOf(other));
    await mine.next(() => true);
    await theirs.next(() => true);

    await notify(other.user.id);
    expect(await theirs.next(() => true)).toEqual({ unread: 1 });
    await notify(me.user.id);
    await notify(me.user.id);
    // My stream moves from 0 to my own count, never to the other user's.
    const last = await mine.next((e) => e.unread === 2);
    expect(last).toEqual({ unread: 2 });
    expect(mine.events.every((e) => e.unread <= 2)).toBe(true);
    expect(theirs.events).toEqual([{ unread: 0 }, { unread: 1 }]);
  });

  it('refuses a stream without a cookie', async () => {
    const bell = await connect();
    expect(bell.status).toBe(401);
  });
});

describe('the unread counter and the notifications channel', () => {
  it("the trigger's NOTIFY carries the user's id to the process's listeners", async () => {
    const me = await t.caller({ role: 3 });
    const payloads: (string | undefined)[] = [];
    const stop = t.ctx.notifications?.on('notifications', (payload) => payloads.push(payload));
    try {
      await notify(me.user.id);
      await expect.poll(() => payloads, { timeout: 2000 }).toContain(String(me.user.id));
    } finally {
      stop?.();
    }
  });

  it("a user's id recounts that user's streams only; no id (a reconnection) recounts everyone's", async () => {
    const a = await t.caller({ role: 3 });
    const b = await t.caller({ role: 3 });
    await notify(a.user.id);
    const counter = new UnreadCounter(t.db, undefined);
    const got: [string, number][] = [];
    counter.subscribe(
      a.user.id,
      (e) => got.push(['a', e.unread]),
      () => {},
    );
    counter.subscribe(
      a.user.id,
      (e) => got.push(['a2', e.unread]),
      () => {},
    );
    counter.subscribe(
      b.user.id,
      (e) => got.push(['b', e.unread]),
      () => {},
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    counter.changed(String(a.user.id));
    await settle();
    expect(got.sort()).toEqual([
      ['a', 1],
      ['a2', 1],
    ]);
    got.length = 0;
    counter.changed('999999');
    counter.changed('не число');
    await settle();
    expect(got).toEqual([]);
    counter.changed(undefined);
    await settle();
    expect(got.sort()).toEqual([
      ['a', 1],
      ['a2', 1],
      ['b', 0],
    ]);
    const failed: string[] = [];
    counter.subscribe(
      b.user.id,
      () => {},
      (error) => failed.push(error.message),
    );
    counter.close();
    expect(failed).toEqual(['server closing']);
  });
});
