import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type SeedOptions, seedDemo } from '../demo/seed.ts';
import { DEMO_USERS } from '../demo/users.ts';
import { createTestApp, type TestApp } from './app.ts';
import { buildUserWithToken, type UserOverrides } from './factories.ts';

/**
 * The server test kit: an app on its own database, and callers in the style of `kit.as('editor').get(path)`.
 * Each demo login of the README is a caller with exactly that account's role and named permissions; `kit.caller`
 * makes one with other permissions, and `kit.anonymous` sends no token.
 *
 *   const kit = await createKit();
 *   const res = await kit.as('editor').post(THEME_WRITE_PATHS.create, { name: 'Тема' });
 *   expect((await kit.as('user').post(…)).statusCode).toBe(403);
 */

export type DemoLogin = (typeof DEMO_USERS)[number]['login'];
type Query = Record<string, string | number | boolean>;
type User = Awaited<ReturnType<typeof buildUserWithToken>>['user'];

export interface Caller {
  /** The user behind the token; null for the anonymous caller. */
  user: User | null;
  headers: Record<string, string>;
  get(url: string, query?: Query): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  request(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export interface Kit extends TestApp {
  db: Db;
  /** The caller of a demo login (admin, superEditor, editor, user, extendedUser, lomSelection, role0, service). */
  as(login: DemoLogin): Caller;
  anonymous: Caller;
  /** A new user with a token, as `buildUserWithToken` takes it. */
  caller(overrides?: UserOverrides): Promise<Caller>;
}

function callerOf(t: TestApp, user: User | null, headers: Record<string, string>): Caller {
  const send = (method: InjectOptions['method'], url: string, body: unknown, query?: Query) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    user,
    headers,
    get: (url, query) => send('GET', url, undefined, query),
    delete: (url, body) => send('DELETE', url, body),
    post: (url, body) => send('POST', url, body),
    patch: (url, body) => send('PATCH', url, body),
    put: (url, body) => send('PUT', url, body),
    request: (method, url, body) => send(method as InjectOptions['method'], url, body),
  };
}

export interface KitOptions {
  /** Load the demo data first (a small volume: a few hundred messages), for tests that need a full world. */
  demo?: Omit<SeedOptions, 'reset' | 'onProgress'>;
}

export async function createKit(overrides: Partial<Config> = {}, options: KitOptions = {}): Promise<Kit> {
  const t = await createTestApp(overrides);
  const db = t.database.db;
  if (options.demo) await seedDemo(t.database, options.demo);
  const demo = new Map<string, Caller>();
  for (const account of DEMO_USERS) {
    const { user, headers } = await buildUserWithToken(db, {
      username: `kit-${account.login}`,
      role: account.role,
      uiPermissions: [...account.uiPermissions],
    });
    demo.set(account.login, callerOf(t, user, headers));
  }
  return {
    ...t,
    db,
    as(login) {
      const found = demo.get(login);
      if (!found) throw new Error(`No demo login ${login}`);
      return found;
    },
    anonymous: callerOf(t, null, {}),
    async caller(userOverrides = {}) {
      const { user, headers } = await buildUserWithToken(db, userOverrides);
      return callerOf(t, user, headers);
    },
  };
}
