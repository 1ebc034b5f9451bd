import { SETTINGS_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { createKit, type Kit } from '../../test/kit.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit({ smtpUrl: 'smtp://mailer:secret-password@mail.example:25' });
});
afterAll(() => t.close());

describe('GET settings/environment/', () => {
  it('answers the non-secret configuration', async () => {
    const res = await t.as('admin').get(SETTINGS_PATHS.environment);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      database: 'PGlite',
      read_replica: false,
      smtp_configured: true,
      time_zone: expect.stringContaining('Moscow'),
      password_min_length: 8,
    });
    expect(res.body).not.toContain('secret-password');
    expect(res.body).not.toContain('mail.example');
  });

  it('needs view_settings', async () => {
    expect((await t.as('editor').get(SETTINGS_PATHS.environment)).statusCode).toBe(403);
    expect((await t.anonymous.get(SETTINGS_PATHS.environment)).statusCode).toBe(401);
  });
});

describe('GET settings/outbox/', () => {
  it('lists the kept mail newest first, paged', async () => {
    await t.database.db.insert(mailOutbox).values([
      { to: 'first@example.test', subject: 'Первое', body: 'Текст 1' },
      { to: 'second@example.test', subject: 'Второе', body: 'Текст 2' },
    ]);
    const res = await t.as('admin').get(`${SETTINGS_PATHS.outbox}?page_size=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([
      expect.objectContaining({ to: 'second@example.test', subject: 'Второе', body: 'Текст 2' }),
    ]);
    expect(body.elements_count).toBe(2);
    expect(body.last_page).toBe(2);
  });

  it('is for administrators only, and names a bad page', async () => {
    expect((await t.as('editor').get(SETTINGS_PATHS.outbox)).statusCode).toBe(403);
    expect((await t.anonymous.get(SETTINGS_PATHS.outbox)).statusCode).toBe(401);
    const bad = await t.as('admin').get(`${SETTINGS_PATHS.outbox}?page=true`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('page');
  });
});
