import { RESET_LINK_INVALID_TEXT, WRONG_CREDENTIALS_TEXT } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { buildUser } from '../../test/factories.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { ADDRESS_FAILURE_MEMORY_MS, LOGIN_FAILURE_WINDOW_MS, LoginThrottle } from './login-throttle.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit({ loginRateLimit: 5 });
  await buildUser(t.database.db, {
    username: 'Analyst',
    password: 'correct-horse',
    email: 'analyst@example.test',
  });
});
afterAll(() => t.close());

/** A login from a client at `ip` (the socket's address: no proxy is trusted by default). */
const LOGIN = '/api/v1/auth/login/';
const ME = '/api/v1/users/me/';
const login = (username: string, password: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
  t.anonymous.inject({
    method: 'POST',
    url: LOGIN,
    body: { username, password },
    remoteAddress: ip,
    headers,
  });

describe('POST /api/v1/auth/login/', () => {
  it('answers a token that opens /users/me/, whatever the case of the login', async () => {
    const res = await login('analyst', 'correct-horse');
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const me = await t.withToken(token).get(ME);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('Analyst');
  });

  it('answers 400 in Russian for a wrong password and for an unknown login alike', async () => {
    for (const [u, p] of [
      ['analyst', 'wrong'],
      ['nobody', 'correct-horse'],
    ]) {
      const res = await login(u, p, '10.0.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: WRONG_CREDENTIALS_TEXT,
        field: 'password',
      });
    }
  });

  it('answers 400 naming the missing field', async () => {
    const res = await t.anonymous.inject({
      method: 'POST',
      url: LOGIN,
      body: { username: 'analyst' },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().message).toContain('password');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.anonymous.inject({
      method: 'POST',
      url: LOGIN,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.0.4',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Тело запроса не является корректным JSON');
  });

  it('limits attempts per client address with 429 and a Russian message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login('analyst', 'wrong', '10.9.9.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
    const res = await login('analyst', 'correct-horse', '10.9.9.9');
    expect(res.json().message).toMatch(/Слишком много попыток/);
    expect((await login('analyst', 'correct-horse', '10.9.9.8')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a client: a spoofed header gets no fresh allowance', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await login('nobody', 'wrong', '10.7.7.7', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode,
      );
    }
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const proxied = await createKit({ loginRateLimit: 2, trustProxy: '10.0.0.254' });
    try {
      const via = (client: string, socket: string) =>
        proxied.anonymous.inject({
          method: 'POST',
          url: LOGIN,
          body: { username: 'nobody', password: 'wrong' },
          remoteAddress: socket,
          headers: { 'x-forwarded-for': client },
        });
      // Behind the proxy, each real client has its own allowance.
      expect((await via('198.51.100.1', '10.0.0.254')).statusCode).toBe(400);
      expect((await via('198.51.100.1', '10.0.0.254')).statusCode).toBe(400);
      expect((await via('198.51.100.1', '10.0.0.254')).statusCode).toBe(429);
      expect((await via('198.51.100.2', '10.0.0.254')).statusCode).toBe(400);
      // A client that is not the proxy can't pick its address.
      expect((await via('198.51.100.3', '10.0.0.9')).statusCode).toBe(400);
      expect((await via('198.51.100.4', '10.0.0.9')).statusCode).toBe(400);
      expect((await via('198.51.100.5', '10.0.0.9')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('failed logins per login name and address', () => {
  let guarded: Kit;
  beforeAll(async () => {
    guarded = await createKit({ loginRateLimit: 1000, loginFailuresPerAccount: 3 });
    await buildUser(guarded.db, { username: 'bystander', password: 'right-password' });
  });
  afterAll(() => guarded.close());

  const send = (username: string, password: string, ip: string) =>
    guarded.anonymous.inject({ method: 'POST', url: LOGIN, body: { username, password }, remoteAddress: ip });
  const attempt = async (username: string, password: string, ip: string) =>
    (await send(username, password, ip)).statusCode;
  /** A fresh account, so that each test starts with no failures on its name. */
  const target = async (username: string) => {
    await buildUser(guarded.db, { username, password: 'right-password' });
    return username;
  };

  it('lets the right password in from an address that has not failed, however many others failed', async () => {
    const name = await target('Target1');
    for (let i = 1; i <= 5; i++) expect(await attempt('target1', 'guess', `203.0.113.${i}`)).toBe(400);
    // The owner, from an address of their own: no lockout anyone else could cause.
    expect(await attempt(name.toUpperCase(), 'right-password', '198.51.100.7')).toBe(200);
  });

  it('refuses, once the name has had its failures, every address that failed on it, whatever the password', async () => {
    const name = await target('Target2');
    for (let i = 1; i <= 3; i++) expect(await attempt('target2', 'guess', `203.0.113.${i}`)).toBe(400);
    const refused = await send(name, 'right-password', '203.0.113.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Слишком много неудачных попыток входа для этого логина/);
    // A new address gets one guess; having failed, it is refused too.
    expect(await attempt(name, 'guess', '203.0.113.9')).toBe(400);
    expect(await attempt(name, 'guess', '203.0.113.9')).toBe(429);
    // Another name is not affected, from the same address either.
    expect(await attempt('bystander', 'right-password', '203.0.113.1')).toBe(200);
  });

  it('refuses one address past the allowance, alone on the name', async () => {
    const name = await target('Target3');
    for (let i = 1; i <= 3; i++) expect(await attempt(name, 'guess', '203.0.113.1')).toBe(400);
    expect(await attempt(name, 'right-password', '203.0.113.1')).toBe(429);
    expect(await attempt(name, 'right-password', '203.0.113.2')).toBe(200);
  });

  it('forgets an address on its success, and everything when the window ends', () => {
    let now = 0;
    const throttle = new LoginThrottle(2, () => now);
    throttle.fail('a', 'x');
    throttle.succeed('A', 'x');
    throttle.fail('a', 'y');
    // One failure on the name so far counts, but x has no failure of its own left.
    throttle.fail('a', 'y');
    expect(throttle.retryAfter('a', 'y')).toBe(LOGIN_FAILURE_WINDOW_MS);
    expect(throttle.retryAfter('a', 'x')).toBe(0);
    expect(throttle.retryAfter('a', 'z')).toBe(0);
    now = 60_000;
    throttle.fail('a', 'z');
    expect(throttle.retryAfter('a', 'z')).toBe(LOGIN_FAILURE_WINDOW_MS - 60_000);
    // The name's window ends: its count starts again, while y and z are remembered for the hour.
    now = LOGIN_FAILURE_WINDOW_MS;
    expect(throttle.retryAfter('a', 'y')).toBe(0);
    expect(throttle.retryAfter('a', 'z')).toBe(0);
    throttle.fail('a', 'x');
    throttle.fail('a', 'x');
    expect(throttle.retryAfter('a', 'y')).toBe(LOGIN_FAILURE_WINDOW_MS);
    expect(throttle.retryAfter('a', 'w')).toBe(0);
    now = ADDRESS_FAILURE_MEMORY_MS + 60_000;
    throttle.fail('a', 'w');
    throttle.fail('a', 'w');
    expect(throttle.retryAfter('a', 'y')).toBe(0);
    expect(throttle.retryAfter('a', 'w')).toBeGreaterThan(0);
  });
});

describe('tokens', () => {
  it('are taken from the Authorization header only, not from a token cookie', async () => {
    const { token } = (await login('analyst', 'correct-horse', '10.3.0.1')).json();
    const byCookie = await t.anonymous.inject({ url: ME, cookies: { token } });
    expect(byCookie.statusCode).toBe(401);
    const byHeader = await t.withToken(token).get(ME);
    expect(byHeader.statusCode).toBe(200);
  });
});

describe('password change and reset', () => {
  it('changes the password only with the current one and matching repeats', async () => {
    await buildUser(t.database.db, { username: 'changer', password: 'old-password' });
    const { token } = (await login('changer', 'old-password', '10.1.0.1')).json();
    const { token: other } = (await login('changer', 'old-password', '10.1.0.9')).json();
    const changer = t.withToken(token);
    const url = '/api/v1/users/change_password/';
    const mismatch = await changer.patch(url, {
      old_password: 'old-password',
      password: 'new-password',
      password2: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('password2');
    const wrongOld = await changer.patch(url, {
      old_password: 'nope',
      password: 'new-password',
      password2: 'new-password',
    });
    expect(wrongOld.json()).toMatchObject({ statusCode: 400, field: 'old_password' });
    const ok = await changer.patch(url, {
      old_password: 'old-password',
      password: 'new-password',
      password2: 'new-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login('changer', 'new-password', '10.1.0.2')).statusCode).toBe(200);
    // The session that changed the password stays; the others (and the old password) are gone.
    const me = (key: string) => t.withToken(key).get(ME);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login('changer', 'old-password', '10.1.0.2')).statusCode).toBe(400);
    const anonymous = await t.anonymous.patch(url, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails a one-time link that sets a new password', async () => {
    const before = t.sent.length;
    const unknown = await t.anonymous.post('/api/v1/password-reset/', { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(t.sent.length).toBe(before);

    const res = await t.anonymous.post('/api/v1/password-reset/', { email: 'ANALYST@example.test' });
    expect(res.statusCode).toBe(200);
    const mail = t.sent.at(-1);
    expect(mail?.to).toBe('analyst@example.test');
    const match = /id=(\d+)&token=([0-9a-f]+)/.exec(mail?.body ?? '');
    expect(match).not.toBeNull();
    const [, id, token] = match as RegExpExecArray;
    const confirm = (password: string) =>
      t.anonymous.post(`/api/v1/confirm-password/${id}/${token}/`, { password });
    const openSession = (await login('analyst', 'correct-horse', '10.1.0.4')).json().token;
    expect(openSession).toMatch(/^[0-9a-f]{40}$/);
    expect((await confirm('short')).json().field).toBe('password');
    expect((await confirm('brand-new-password')).statusCode).toBe(200);
    expect((await confirm('another-password')).json().field).toBe('token');
    expect((await login('analyst', 'brand-new-password', '10.1.0.3')).statusCode).toBe(200);
    // A reset revokes every token the user had.
    const stale = await t.withToken(openSession).get(ME);
    expect(stale.statusCode).toBe(401);

    // A used, tampered or expired link: one message.
    const used = (await confirm('another-password')).json().message;
    expect(used).toBe(RESET_LINK_INVALID_TEXT);
    const tampered = await t.anonymous.post(`/api/v1/confirm-password/${id}/abc/`, {
      password: 'brand-new-2',
    });
    expect(tampered.json()).toMatchObject({ statusCode: 400, message: RESET_LINK_INVALID_TEXT });
    await t.anonymous.post('/api/v1/password-reset/', { email: 'analyst@example.test' });
    const [, , fresh] = /id=(\d+)&token=([0-9a-f]+)/.exec(t.sent.at(-1)?.body ?? '') as RegExpExecArray;
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.anonymous.post(`/api/v1/confirm-password/${id}/${fresh}/`, {
      password: 'brand-new-3',
    });
    expect(expired.json()).toMatchObject({ statusCode: 400, message: RESET_LINK_INVALID_TEXT });

    const bad = await t.anonymous.post('/api/v1/password-reset/', { email: 'x' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });
});
