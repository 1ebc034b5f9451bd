import { SETTINGS_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
