import { AUTH_PATHS, apiPath, USER_ADMIN_PATHS } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, permissionGroups, userActions } from '../../db/schema/index.ts';
import { buildOrganization, buildUser } from '../../test/factories.ts';
import { createKit, type Kit } from '../../test/kit.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

const P = USER_ADMIN_PATHS;
const edit = (id: number) => apiPath(P.edit, { id });
const login = (username: string, password: string, address: string) =>
  t.anonymous.inject({
    method: 'POST',
    url: AUTH_PATHS.login,
    body: { username, password },
    remoteAddress: address,
  });

async function tokensOf(userId: number) {
  return t.db.select().from(authTokens).where(eq(authTokens.userId, userId));
}
async function logged(action: string) {
  return t.db.select().from(userActions).where(eq(userActions.action, action));
}

describe('GET users/all/', () => {
  it('pages users with search and the role, organisation and active filters', async () => {
    const org = await buildOrganization(t.db, { name: 'Отдел поиска', kind: 2 });
    await buildUser(t.db, { username: 'findme.one', role: 4, organizationId: org.id });
    await buildUser(t.db, { username: 'findme.two', role: 4, organizationId: org.id, isActive: false });
    const admin = t.as('admin');
    const all = (await admin.get(P.list, { search: 'findme' })).json();
    expect(all.results.map((u: { username: string }) => u.username)).toEqual(['findme.one', 'findme.two']);
    expect(all.elements_count).toBe(2);
    expect(all.results[0]).toMatchObject({ role: 4, organization: { id: org.id, kind: 2 }, is_active: true });
    const active = (await admin.get(P.list, { filter: 'findme', is_active: 'false' })).json();
    expect(active.results.map((u: { username: string }) => u.username)).toEqual(['findme.two']);
    const byOrg = (await admin.get(P.list, { organization: org.id, role: 4, page_size: 1 })).json();
    expect(byOrg).toMatchObject({ elements_count: 2, last_page: 2 });
  });

  it('is for administrators only, and refuses a bad filter', async () => {
    expect((await t.anonymous.get(P.list)).statusCode).toBe(401);
    expect((await t.as('superEditor').get(P.list)).statusCode).toBe(403);
    const bad = await t.as('admin').get(P.list, { role: 7 });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'role' });
  });
});

describe('POST users/create_user/', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    username: 'new.analyst',
    password: 'long-enough-1',
    email: 'new.analyst@example.test',
    first_name: 'Анна',
    last_name: 'Новикова',
    role: 3,
    user_ui_permissions: ['view_logs'],
    ...overrides,
  });

  it('creates a user who can log in, with the action logged without the password', async () => {
    const res = await t.as('admin').post(P.create, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'new.analyst',
      role: 3,
      user_ui_permissions: ['view_logs'],
    });
    expect((await login('new.analyst', 'long-enough-1', '10.9.0.1')).statusCode).toBe(200);
    const [entry] = await logged('user.create');
    expect(entry.newValue).toMatchObject({ username: 'new.analyst' });
    expect(JSON.stringify(entry.newValue)).not.toContain('long-enough-1');
  });

  it('answers 400 naming the field: taken login (any case), bad email, unknown role, short password', async () => {
    const admin = t.as('admin');
    await buildUser(t.db, { username: 'taken.login' });
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'TAKEN.login' }, 'username'],
      [{ username: 'bad.email', email: 'not-an-email' }, 'email'],
      [{ username: 'bad.role', role: 5 }, 'role'],
      [{ username: 'short.pw', password: 'short' }, 'password'],
      [{ username: 'bad.perm', user_ui_permissions: ['view_everything'] }, 'user_ui_permissions'],
      [{ username: 'bad.org', organization: 999_999 }, 'organization'],
      [{ username: 'bad.group', groups: [999_999] }, 'groups'],
    ];
    for (const [overrides, field] of cases) {
      const res = await admin.post(P.create, body(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field.split('.')[0]).toBe(field);
    }
  });

  it('refuses to grant what the administrator does not hold (403)', async () => {
    const narrowAdmin = await t.caller({ role: 3, uiPermissions: ['view_lom_admin'] });
    const res = await narrowAdmin.post(P.create, body({ username: 'escalated', role: 1 }));
    expect(res.json()).toMatchObject({ statusCode: 403, field: 'role' });
    const named = await narrowAdmin.post(
      P.create,
      body({ username: 'escalated2', user_ui_permissions: ['view_settings'] }),
    );
    expect(named.json()).toMatchObject({ statusCode: 403, field: 'user_ui_permissions' });
    const ok = await narrowAdmin.post(
      P.create,
      body({ username: 'allowed', user_ui_permissions: ['view_loms'] }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('is refused to non-administrators and anonymous callers', async () => {
    expect((await t.as('editor').post(P.create, body({ username: 'x1' }))).statusCode).toBe(403);
    expect((await t.anonymous.post(P.create, body({ username: 'x2' }))).statusCode).toBe(401);
  });
});

describe('PATCH users/{id}/edit/', () => {
  it('edits fields and groups, and the group permissions count in the scope', async () => {
    const user = await buildUser(t.db, { username: 'grouped', password: 'grouped-pass-1' });
    const [group] = await t.db
      .insert(permissionGroups)
      .values({ name: 'Логи для теста', uiPermissions: ['view_logs'] })
      .returning();
    const res = await t.as('admin').patch(edit(user.id), { groups: [group.id], first_name: 'Гриша' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Гриша',
      groups: [{ id: group.id, name: 'Логи для теста' }],
    });
    const { token } = (await login('grouped', 'grouped-pass-1', '10.9.0.2')).json();
    const me = (await t.withToken(token).get(AUTH_PATHS.me)).json();
    expect(me.scope).toEqual(expect.arrayContaining(['view_logs', 'LOGS']));
  });

  it('deactivating a user revokes all their tokens at once', async () => {
    const victim = await t.caller({ role: 2 });
    expect((await victim.get(AUTH_PATHS.me)).statusCode).toBe(200);
    const res = await t.as('admin').patch(edit(victim.user.id), { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(false);
    expect(await tokensOf(victim.user.id)).toHaveLength(0);
    expect((await victim.get(AUTH_PATHS.me)).statusCode).toBe(401);
    const [entry] = (await logged('user.update')).filter(
      (e) => (e.newValue as { id: number }).id === victim.user.id,
    );
    expect(entry).toMatchObject({ oldValue: { is_active: true }, newValue: { is_active: false } });
  });

  it('a password set by an administrator ends the user’s sessions, and is never logged', async () => {
    const user = await t.caller({ role: 3 });
    const res = await t.as('admin').patch(edit(user.user.id), { password: 'set-by-admin-1' });
    expect(res.statusCode).toBe(200);
    expect((await user.get(AUTH_PATHS.me)).statusCode).toBe(401);
    const entries = await logged('user.update');
    expect(JSON.stringify(entries)).not.toContain('set-by-admin-1');
  });

  it('an administrator cannot deactivate themselves nor drop their last admin view', async () => {
    const self = await t.caller({
      role: 1,
      uiPermissions: ['view_lom_admin', 'view_theme_admin', 'view_logs'],
    });
    const url = edit(self.user.id);
    const deactivate = await self.patch(url, { is_active: false });
    expect(deactivate.json()).toMatchObject({ statusCode: 400, field: 'is_active' });
    expect(deactivate.json().message).toMatch(/Нельзя/);
    const drop = await self.patch(url, { user_ui_permissions: ['view_logs'] });
    expect(drop.json().message).toMatch(/последнее право администратора/);
    expect(drop.json()).toMatchObject({ statusCode: 400, field: 'user_ui_permissions' });
    expect(await tokensOf(self.user.id)).toHaveLength(1);
    // Keeping one admin view is fine.
    const swap = await self.patch(url, { user_ui_permissions: ['view_theme_admin'] });
    expect(swap.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user, 400 for a taken login, 403/401 to others', async () => {
    const admin = t.as('admin');
    expect((await admin.patch(edit(999_999), { first_name: 'x' })).statusCode).toBe(404);
    const a = await buildUser(t.db, { username: 'first.one' });
    await buildUser(t.db, { username: 'second.one' });
    expect((await admin.patch(edit(a.id), { username: 'SECOND.one' })).json().field).toBe('username');
    expect((await admin.patch(edit(a.id), { email: 'nope' })).json().field).toBe('email');
    expect((await t.as('user').patch(edit(a.id), { first_name: 'x' })).statusCode).toBe(403);
    expect((await t.anonymous.patch(edit(a.id), { first_name: 'x' })).statusCode).toBe(401);
  });
});

describe('permissions of one user', () => {
  it('set-permissions replaces named and old-style permissions', async () => {
    const user = await buildUser(t.db, { uiPermissions: ['view_logs'] });
    const url = apiPath(P.setPermissions, { id: user.id });
    const res = await t.as('admin').patch(url, { permissions: ['view_rubrics', 'GET_EDITORS_MESSAGES'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_ui_permissions: ['view_rubrics'],
      permissions: ['GET_EDITORS_MESSAGES'],
    });
    expect((await t.as('admin').patch(url, { permissions: ['NOPE'] })).json()).toMatchObject({
      statusCode: 400,
      field: 'permissions.0',
    });
    expect((await t.as('editor').patch(url, { permissions: [] })).statusCode).toBe(403);
    expect((await t.anonymous.patch(url, { permissions: [] })).statusCode).toBe(401);
  });

  it('add-permission and delete-permission give and take one', async () => {
    const user = await buildUser(t.db, {});
    const add = apiPath(P.addPermission, { id: user.id });
    const del = apiPath(P.deletePermission, { id: user.id });
    const admin = t.as('admin');
    expect((await admin.post(add, { permission: 'view_logs' })).json().user_ui_permissions).toEqual([
      'view_logs',
    ]);
    expect((await admin.post(add, { permission: 'LOGS' })).json().permissions).toEqual(['LOGS']);
    expect((await admin.post(add, { permission: 'nothing' })).json()).toMatchObject({
      statusCode: 400,
      field: 'permission',
    });
    const removed = await admin.inject({ method: 'DELETE', url: del, query: { permission: 'view_logs' } });
    expect(removed.json().user_ui_permissions).toEqual([]);
    const notHeld = await admin.inject({ method: 'DELETE', url: del, query: { permission: 'view_logs' } });
    expect(notHeld.json()).toMatchObject({ statusCode: 400, field: 'permission' });
    expect((await t.as('editor').post(add, { permission: 'view_logs' })).statusCode).toBe(403);
    expect(
      (await t.anonymous.inject({ method: 'DELETE', url: del, query: { permission: 'LOGS' } })).statusCode,
    ).toBe(401);
    expect(await logged('user.add_permission')).toHaveLength(2);
  });

  it('ui-perms-tree saves the checked tree, refusing an unknown permission', async () => {
    const user = await buildUser(t.db, {});
    const url = apiPath(P.userPermsTree, { id: user.id });
    const res = await t.as('admin').patch(url, { ui_permissions: ['view_loms', 'view_themes'] });
    expect(res.json().user_ui_permissions).toEqual(['view_loms', 'view_themes']);
    expect((await t.as('admin').patch(url, { ui_permissions: ['x'] })).statusCode).toBe(400);
    expect((await t.as('superEditor').patch(url, { ui_permissions: [] })).statusCode).toBe(403);
    expect((await t.anonymous.patch(url, { ui_permissions: [] })).statusCode).toBe(401);
  });
});

describe('GET users/editors/', () => {
  it('lists active editors as the shared pick list', async () => {
    const editor = await buildUser(t.db, { username: 'pick.editor', role: 2 });
    await buildUser(t.db, { username: 'pick.reader', role: 3 });
    await buildUser(t.db, { username: 'pick.gone', role: 2, isActive: false });
    const res = await t.as('editor').get(P.editors, { search: 'pick.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ elements_count: 1, last_page: 1 });
    expect(res.json().results).toEqual([{ id: editor.id, name: expect.stringContaining('pick.editor') }]);
    const byId = (await t.as('admin').get(P.editors, { id_in: String(editor.id) })).json();
    expect(byId.results).toHaveLength(1);
    expect((await t.as('user').get(P.editors)).statusCode).toBe(403);
    expect((await t.anonymous.get(P.editors)).statusCode).toBe(401);
    expect((await t.as('editor').get(P.editors, { id_in: 'x' })).json().field).toBe('id_in');
  });
});

describe('permission groups', () => {
  it('creates, edits and deletes a group, with the tree and its labels', async () => {
    const admin = t.as('admin');
    const created = await admin.post(P.groups, { name: 'Группа тестов', ui_permissions: ['view_loms'] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await admin.post(P.groups, { name: 'группа ТЕСТОВ' })).json().field).toBe('name');
    expect((await admin.post(P.groups, { name: 'Плохая', ui_permissions: ['x'] })).statusCode).toBe(400);
    const url = apiPath(P.group, { id });
    const edited = await admin.patch(url, {
      name: 'Группа тестов 2',
      ui_permissions: ['view_loms', 'view_logs'],
    });
    expect(edited.json()).toMatchObject({
      name: 'Группа тестов 2',
      ui_permissions: ['view_loms', 'view_logs'],
    });
    const tree = (await admin.get(P.permsTree)).json();
    expect(tree.labels.view_logs).toBe('Логи');
    expect(tree.tree[0].children.length).toBeGreaterThan(0);
    expect(tree.groups.some((g: { id: number }) => g.id === id)).toBe(true);
    expect((await admin.get(P.groups)).json().results.some((g: { id: number }) => g.id === id)).toBe(true);
    expect((await admin.delete(url)).statusCode).toBe(204);
    expect((await admin.delete(url)).statusCode).toBe(404);
    expect(await logged('permission_group.update')).toHaveLength(1);
  });

  it('is guarded: settings for writes, settings or admin panel for reads', async () => {
    expect((await t.as('editor').post(P.groups, { name: 'x' })).statusCode).toBe(403);
    expect((await t.anonymous.post(P.groups, { name: 'x' })).statusCode).toBe(401);
    expect((await t.as('editor').get(P.groups)).statusCode).toBe(403);
    expect((await t.as('superEditor').get(P.permsTree)).statusCode).toBe(200);
    expect((await t.anonymous.get(P.permsTree)).statusCode).toBe(401);
  });

  it('refuses a group with a permission its editor lacks, and an admin emptying their own group', async () => {
    // A super editor holds SETTINGS (view_settings) but no admin view.
    const res = await t
      .as('superEditor')
      .post(P.groups, { name: 'Админы', ui_permissions: ['view_lom_admin'] });
    expect(res.json()).toMatchObject({ statusCode: 403, field: 'ui_permissions' });
    const [group] = await t.db
      .insert(permissionGroups)
      .values({ name: 'Моя админская', uiPermissions: ['view_rubric_admin'] })
      .returning();
    const self = await t.caller({ role: 1 });
    await t.as('admin').patch(edit(self.user.id), { groups: [group.id] });
    const url = apiPath(P.group, { id: group.id });
    expect((await self.patch(url, { ui_permissions: [] })).json()).toMatchObject({
      statusCode: 400,
      field: 'ui_permissions',
    });
    expect((await self.delete(url)).statusCode).toBe(400);
    const still = await t.db
      .select()
      .from(permissionGroups)
      .where(and(eq(permissionGroups.id, group.id)));
    expect(still[0].uiPermissions).toEqual(['view_rubric_admin']);
  });
});
