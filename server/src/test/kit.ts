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
 * makes one with other permissions, `kit.withToken` one with a token got elsewhere (the login endpoint), and
 * `kit.anonymous` sends no token.
 *
 *   const kit = await createKit();
 *   const res = await kit.as('editor').post(THEME_LIST_PATHS.list, { name: 'Тема' });
 *   expect((await kit.as('user').post(…)).statusCode).toBe(403);
 *
 * A body is sent as JSON (null included; undefined sends none). What the short forms can't say goes through
 * `caller.inject` (extra headers, a raw payload such as malformed JSON, cookies, the client's address) and
 * `caller.form` (a multipart form with fields and files).
 */

export type DemoLogin = (typeof DEMO_USERS)[number]['login'];
type Query = Record<string, string | number | boolean>;
type User = Awaited<ReturnType<typeof buildUserWithToken>>['user'];
type Response = LightMyRequestResponse;

export interface CallOptions {
  method?: string;
  url: string;
  query?: Query;
  /** Sent as JSON, as by the short forms. */
  body?: unknown;
  /** Sent as it is, instead of a body: malformed JSON, bytes; give its `content-type` in `headers`. */
  payload?: string | Buffer;
  /** Over the caller's own headers (its token). */
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The client's socket address (the login throttle counts per address); 127.0.0.1 unless given. */
  remoteAddress?: string;
}

/** A file of a multipart form. */
export interface FormFile {
  filename: string;
  content: Buffer | string;
  /** application/octet-stream unless given. */
  type?: string;
}

/** Fields in order, a name as often as the form repeats it, as a browser's FormData sends them. */
export type FormFields = ReadonlyArray<readonly [string, string | FormFile]>;

export interface Caller {
  /** The user behind the token; null for the anonymous caller and a token caller. */
  user: User | null;
  headers: Record<string, string>;
  get(url: string, query?: Query): Promise<Response>;
  delete(url: string, body?: unknown): Promise<Response>;
  post(url: string, body?: unknown): Promise<Response>;
  patch(url: string, body?: unknown): Promise<Response>;
  put(url: string, body?: unknown): Promise<Response>;
  request(method: string, url: string, body?: unknown): Promise<Response>;
  /** Any request the short forms can't express. */
  inject(options: CallOptions): Promise<Response>;
  /** A multipart/form-data request. */
  form(method: string, url: string, fields: FormFields): Promise<Response>;
}

/** A caller with a user of its own. */
export interface UserCaller extends Caller {
  user: User;
  token: string;
}

export interface Kit extends TestApp {
  db: Db;
  /** The caller of a demo login (admin, superEditor, editor, user, extendedUser, lomSelection, role0, service). */
  as(login: DemoLogin): UserCaller;
  anonymous: Caller;
  /** A new user with a token, as `buildUserWithToken` takes it. */
  caller(overrides?: UserOverrides): Promise<UserCaller>;
  /** A caller that sends `Authorization: Token <token>`, for a token the test got through the API. */
  withToken(token: string): Caller;
}

const BOUNDARY = '----monitoring-test-form-boundary';

/** The body and content type of a multipart/form-data request of `fields`. */
export function multipartBody(fields: FormFields): { payload: Buffer; contentType: string } {
  const parts = fields.flatMap(([name, value]) => {
    if (typeof value === 'string') {
      return [
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ];
    }
    const head =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
      `Content-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`;
    return [Buffer.from(head), Buffer.from(value.content), Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

function callerOf(t: TestApp, user: User | null, headers: Record<string, string>): Caller {
  const inject = (options: CallOptions) => {
    const { method = 'GET', url, query, body, payload, cookies, remoteAddress } = options;
    const json = body !== undefined && payload === undefined;
    return t.app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(json ? { payload: JSON.stringify(body) } : payload === undefined ? {} : { payload }),
      ...(cookies ? { cookies } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  };
  const send = (method: string, url: string, body: unknown) => inject({ method, url, body });
  return {
    user,
    headers,
    get: (url, query) => inject({ url, query }),
    delete: (url, body) => send('DELETE', url, body),
    post: (url, body) => send('POST', url, body),
    patch: (url, body) => send('PATCH', url, body),
    put: (url, body) => send('PUT', url, body),
    request: send,
    inject,
    form: (method, url, fields) => {
      const { payload, contentType } = multipartBody(fields);
      return inject({ method, url, payload, headers: { 'content-type': contentType } });
    },
  };
}

function userCallerOf(t: TestApp, signed: Awaited<ReturnType<typeof buildUserWithToken>>): UserCaller {
  return { ...callerOf(t, signed.user, signed.headers), user: signed.user, token: signed.token };
}

export interface KitOptions {
  /** Load the demo data first (a small volume: a few hundred messages), for tests that need a full world. */
  demo?: Omit<SeedOptions, 'reset' | 'onProgress'>;
}

export async function createKit(overrides: Partial<Config> = {}, options: KitOptions = {}): Promise<Kit> {
  const t = await createTestApp(overrides);
  const db = t.database.db;
  if (options.demo) await seedDemo(t.database, options.demo);
  const demo = new Map<string, UserCaller>();
  for (const account of DEMO_USERS) {
    const signed = await buildUserWithToken(db, {
      username: `kit-${account.login}`,
      role: account.role,
      uiPermissions: [...account.uiPermissions],
    });
    demo.set(account.login, userCallerOf(t, signed));
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
      return userCallerOf(t, await buildUserWithToken(db, userOverrides));
    },
    withToken: (token) => callerOf(t, null, { authorization: `Token ${token}` }),
  };
}
