import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../test/factories.ts';
import { createKit, type Kit } from '../../test/kit.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

const ME = '/api/v1/users/me/';

describe('GET /api/v1/users/me/', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    expect((await t.anonymous.get(ME)).statusCode).toBe(401);
    expect((await t.withToken('0000000000000000000000000000000000000000').get(ME)).statusCode).toBe(401);
    const malformed = await t.anonymous.inject({ url: ME, headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers the user with role, organisation and the scope of the role preset', async () => {
    const org = await buildOrganization(t.database.db, { name: 'Региональный центр', kind: 2 });
    const editor = await t.caller({ role: 2, organizationId: org.id });
    const res = await editor.get(ME);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role).toBe(2);
    expect(body.role_name).toBe('Редактор');
    expect(body.organization).toEqual({ id: org.id, name: 'Региональный центр', kind: 2 });
    expect(body.scope).toContain('EDIT_MESSAGE_ATTRIBUTES');
    // The named counterpart passes through the old-style permission of the role.
    expect(body.scope).toContain('edit_messages');
    expect(body.scope).not.toContain('LOGS');
    expect(body.is_admin).toBe(false);
  });

  it('gives role 0 and 101 nothing, role 102 the lom list only', async () => {
    for (const login of ['role0', 'service'] as const) {
      expect((await t.as(login).get(ME)).json().scope).toEqual([]);
    }
    expect((await t.as('lomSelection').get(ME)).json().scope.sort()).toEqual(['LOMS', 'view_loms']);
  });

  it('adds named permissions held by the user, and admin views make an administrator', async () => {
    const granted = await t.caller({ role: 3, uiPermissions: ['view_logs', 'view_theme_admin'] });
    const body = (await granted.get(ME)).json();
    expect(body.scope).toEqual(
      expect.arrayContaining(['view_logs', 'LOGS', 'view_theme_admin', 'ADMIN_PANEL']),
    );
    expect(body.user_ui_permissions).toEqual(['view_logs', 'view_theme_admin']);
    expect(body.is_admin).toBe(true);
  });

  it('refuses a deactivated user', async () => {
    const inactive = await t.caller({ isActive: false });
    expect((await inactive.get(ME)).statusCode).toBe(401);
  });
});

describe('HTTP plumbing', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.anonymous.get('/api/v1/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('serves the OpenAPI description of every route', async () => {
    const res = await t.anonymous.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/auth/login/', '/api/v1/users/me/']));
  });

  it('sends security headers', async () => {
    const res = await t.anonymous.get('/api/v1/environment/');
    expect(res.json()).toEqual({ env: 'local' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
