import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TELEGRAM_SETTINGS_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../../db/schema/index.ts';
import { createKit, type Kit } from '../../test/kit.ts';

/** A fake Telegram Bot API on this machine: getMe knows one token; another answers as Telegram does. */
const GOOD = `123456789:${'A'.repeat(35)}`;
const OTHER_GOOD = `987654321:${'B'.repeat(35)}`;
const UNKNOWN = `111111111:${'C'.repeat(35)}`;
const GARBLED = `222222222:${'D'.repeat(35)}`;

let fake: Server;
const asked: string[] = [];
let t: Kit;

beforeAll(async () => {
  fake = createServer((req, res) => {
    asked.push(req.url ?? '');
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (req.url === `/bot${GOOD}/getMe`)
      return send(
        200,
        JSON.stringify({ ok: true, result: { id: 123456789, is_bot: true, username: 'monitoring_bot' } }),
      );
    if (req.url === `/bot${OTHER_GOOD}/getMe`)
      return send(
        200,
        JSON.stringify({ ok: true, result: { id: 987654321, is_bot: true, username: 'second_bot' } }),
      );
    if (req.url === `/bot${GARBLED}/getMe`) return send(502, '<html>Bad gateway</html>');
    return send(401, JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await createKit({ outboundAllowHosts: ['127.0.0.1'], telegramApiBase: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const secret = async () =>
  (await t.db.select().from(appSecrets).where(eq(appSecrets.key, 'telegram_bot_token')))[0];

describe('settings/telegram/', () => {
  it('GET tells readers whether a bot is set; PUT is for administrators only', async () => {
    expect((await t.as('user').get(TELEGRAM_SETTINGS_PATHS.telegram)).json()).toEqual({
      configured: false,
      bot_username: null,
      updated_at: null,
    });
    expect((await t.as('role0').get(TELEGRAM_SETTINGS_PATHS.telegram)).statusCode).toBe(403);
    const count = asked.length;
    expect(
      (await t.as('superEditor').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: GOOD })).statusCode,
    ).toBe(403);
    expect((await t.as('editor').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: null })).statusCode).toBe(
      403,
    );
    expect(asked.length).toBe(count);
    expect(await secret()).toBeUndefined();
  });

  it('keeps a token getMe accepts, labelled with the bot, and never answers it', async () => {
    const res = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: ` ${GOOD} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(GOOD);
    const answer = res.json();
    expect(answer).toMatchObject({ configured: true, bot_username: '@monitoring_bot' });
    expect(Date.parse(answer.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(asked.at(-1)).toBe(`/bot${GOOD}/getMe`);
    expect(await secret()).toMatchObject({ value: GOOD, label: '@monitoring_bot' });

    const read = await t.as('user').get(TELEGRAM_SETTINGS_PATHS.telegram);
    expect(read.json()).toEqual(answer);
    expect(read.body).not.toContain(GOOD);

    // Another bot replaces it.
    const second = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: OTHER_GOOD });
    expect(second.json()).toMatchObject({ configured: true, bot_username: '@second_bot' });
    expect(await secret()).toMatchObject({ value: OTHER_GOOD, label: '@second_bot' });
  });

  it('refuses a token Telegram refuses, or an answer that is not Telegram’s, with 400 naming bot_token', async () => {
    const before = await secret();
    const refused = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: UNKNOWN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'bot_token' });
    expect(refused.json().message).toContain('Telegram не принял токен: Unauthorized');
    const garbled = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: GARBLED });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({ field: 'bot_token' });
    expect(garbled.json().message).toContain('HTTP 502');
    const malformed = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: 'not-a-token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('bot_token');
    expect(await secret()).toEqual(before);
  });

  it('refuses when the outbound client refuses the API’s address (not allowed)', async () => {
    const saved = t.ctx.config.outboundAllowHosts;
    t.ctx.config.outboundAllowHosts = [];
    try {
      const res = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: GOOD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'bot_token' });
      expect(res.json().message).toContain('127.0.0.1');
    } finally {
      t.ctx.config.outboundAllowHosts = saved;
    }
  });

  it('null clears the token', async () => {
    const res = await t.as('admin').put(TELEGRAM_SETTINGS_PATHS.telegram, { bot_token: null });
    expect(res.json()).toEqual({ configured: false, bot_username: null, updated_at: null });
    expect(await secret()).toBeUndefined();
  });
});
