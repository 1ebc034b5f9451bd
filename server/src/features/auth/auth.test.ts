import { WRONG_CREDENTIALS_TEXT } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 5 });
  await buildUser(t.database.db, {
    username: 'Analyst',
    password: 'correct-horse',
    email: 'analyst@example.test',
  });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('POST /api/v1/auth/login/', () => {
  it('answers a token that opens /users/me/, whatever the case of the login', async () => {
    const res = await login('analyst', 'correct-horse');
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const me = await t.app.inject({ url: '/api/v1/users/me/', headers: { authorization: `Token ${token}` } });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username: 'analyst' },
      headers: { 'x-forwarded-for': '10.0.0.3' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().message).toContain('password');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: '{not json',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.4' },
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
});

describe('password change and reset', () => {
  it('changes the password only with the current one and matching repeats', async () => {
    await buildUser(t.database.db, { username: 'changer', password: 'old-password' });
    const { token } = (await login('changer', 'old-password', '10.1.0.1')).json();
    const headers = { authorization: `Token ${token}` };
    const url = '/api/v1/users/change_password/';
    const mismatch = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { old_password: 'old-password', password: 'new-password', password2: 'other' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('password2');
    const wrongOld = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { old_password: 'nope', password: 'new-password', password2: 'new-password' },
    });
    expect(wrongOld.json()).toMatchObject({ statusCode: 400, field: 'old_password' });
    const ok = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { old_password: 'old-password', password: 'new-password', password2: 'new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login('changer', 'new-password', '10.1.0.2')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'PATCH', url, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails a one-time link that sets a new password', async () => {
    const before = t.sent.length;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset/',
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(t.sent.length).toBe(before);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset/',
      payload: { email: 'ANALYST@example.test' },
    });
    expect(res.statusCode).toBe(200);
    const mail = t.sent.at(-1);
    expect(mail?.to).toBe('analyst@example.test');
    const match = /id=(\d+)&token=([0-9a-f]+)/.exec(mail?.body ?? '');
    expect(match).not.toBeNull();
    const [, id, token] = match as RegExpExecArray;
    const confirm = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/confirm-password/${id}/${token}/`,
        payload: { password },
      });
    expect((await confirm('short')).json().field).toBe('password');
    expect((await confirm('brand-new-password')).statusCode).toBe(200);
    expect((await confirm('another-password')).json().field).toBe('token');
    expect((await login('analyst', 'brand-new-password', '10.1.0.3')).statusCode).toBe(200);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset/',
      payload: { email: 'x' },
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'email' });
  });
});
