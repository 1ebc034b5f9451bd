import { VK_SETTINGS_PATHS, VK_TOKEN_SECRET_KEY } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../../db/schema/index.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// The VK service token of the collectors (issue 31): set and cleared by an administrator, never answered.

const TOKEN = `vk1.a.${'Qw3rTy'.repeat(12)}_Zx9`;
let t: Kit;
/** Holds view_lomsource_admin alone: reads whether the token is set (the «Сбор» view), may set it (ADMIN_PANEL). */
let sourcesAdmin: UserCaller;

beforeAll(async () => {
  t = await createKit();
  sourcesAdmin = await t.caller({ role: 3, uiPermissions: ['view_lomsource_admin'] });
});
afterAll(() => t.close());

const stored = async () =>
  (await t.db.select().from(appSecrets).where(eq(appSecrets.key, VK_TOKEN_SECRET_KEY)))[0];

describe('settings/vk/', () => {
  it('is not set at first; readers without an admin view are refused, callers without a token too', async () => {
    expect((await t.as('admin').get(VK_SETTINGS_PATHS.vk)).json()).toEqual({
      configured: false,
      label: null,
      updated_at: null,
    });
    expect((await sourcesAdmin.get(VK_SETTINGS_PATHS.vk)).statusCode).toBe(200);
    for (const login of ['user', 'editor', 'superEditor', 'role0'] as const) {
      expect((await t.as(login).get(VK_SETTINGS_PATHS.vk)).statusCode, login).toBe(403);
      expect((await t.as(login).put(VK_SETTINGS_PATHS.vk, { service_token: TOKEN })).statusCode, login).toBe(
        403,
      );
    }
    expect((await t.anonymous.get(VK_SETTINGS_PATHS.vk)).statusCode).toBe(401);
    expect((await t.anonymous.put(VK_SETTINGS_PATHS.vk, { service_token: TOKEN })).statusCode).toBe(401);
    expect(await stored()).toBeUndefined();
  });

  it('keeps the token, answers only its last four characters, replaces it and clears it', async () => {
    const res = await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: ` ${TOKEN} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    const answer = res.json();
    expect(answer).toMatchObject({ configured: true, label: '_Zx9' });
    expect(Number.isNaN(Date.parse(answer.updated_at))).toBe(false);
    expect(await stored()).toMatchObject({ value: TOKEN, label: '_Zx9' });
    expect((await sourcesAdmin.get(VK_SETTINGS_PATHS.vk)).json()).toEqual(answer);

    const next = `${'b'.repeat(30)}NEW1`;
    expect((await sourcesAdmin.put(VK_SETTINGS_PATHS.vk, { service_token: next })).json()).toMatchObject({
      configured: true,
      label: 'NEW1',
    });
    expect((await stored())?.value).toBe(next);

    const cleared = await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: null });
    expect(cleared.json()).toEqual({ configured: false, label: null, updated_at: null });
    expect(await stored()).toBeUndefined();
    // Clearing what is not set is no error.
    expect((await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: null })).statusCode).toBe(200);
  });

  it('refuses what is not a token, naming the field, and keeps the one it has', async () => {
    await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: TOKEN });
    const bad: unknown[] = [
      'short',
      'a'.repeat(301),
      'a'.repeat(1_000_000),
      `${'a'.repeat(30)}\u0000`,
      `${'a'.repeat(30)}\ud800`,
      `${'a'.repeat(20)} ${'b'.repeat(20)}`,
      '',
      12345,
      true,
      { token: TOKEN },
    ];
    for (const value of bad) {
      const res = await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: value });
      expect(res.statusCode, String(value).slice(0, 40)).toBe(400);
      expect(res.json().field).toBe('service_token');
    }
    const missing = await t.as('admin').put(VK_SETTINGS_PATHS.vk, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('service_token');
    const extra = await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: TOKEN, owner_id: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().field).toBe('owner_id');
    expect((await stored())?.value).toBe(TOKEN);
  });
});
