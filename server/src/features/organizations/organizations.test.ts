import { apiPath, ORGANIZATION_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { buildOrganization, buildUser } from '../../test/factories.ts';
import { createKit, type Kit } from '../../test/kit.ts';

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

const detail = (id: number) => apiPath(ORGANIZATION_PATHS.detail, { id });

describe('api/v2/organization/', () => {
  it('lists, creates, reads, edits and deletes organisations', async () => {
    const admin = t.as('admin');
    const created = await admin.post(ORGANIZATION_PATHS.list, { name: 'Центр Поволжья', kind: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Центр Поволжья',
      kind: 2,
      kind_name: 'Региональная',
      users_count: 0,
    });
    const id = created.json().id;
    const list = (await admin.get(ORGANIZATION_PATHS.list, { search: 'поволж' })).json();
    expect(list.results.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(
      (await admin.get(ORGANIZATION_PATHS.list, { kind: 2, search: 'поволж' })).json().elements_count,
    ).toBe(1);
    expect(
      (await admin.get(ORGANIZATION_PATHS.list, { kind: 1, search: 'поволж' })).json().elements_count,
    ).toBe(0);
    expect((await admin.get(detail(id))).json().name).toBe('Центр Поволжья');
    const edited = await admin.patch(detail(id), { name: 'Центр Поволжья и Урала', kind: 1 });
    expect(edited.json()).toMatchObject({
      name: 'Центр Поволжья и Урала',
      kind: 1,
      kind_name: 'Федеральная',
    });
    expect((await admin.delete(detail(id))).statusCode).toBe(204);
    expect((await admin.get(detail(id))).statusCode).toBe(404);
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, admin.user.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['organization.create', 'organization.update', 'organization.delete']),
    );
  });

  it('refuses to delete an organisation that has users', async () => {
    const org = await buildOrganization(t.db, { name: 'С людьми' });
    await buildUser(t.db, { organizationId: org.id });
    const res = await t.as('admin').delete(detail(org.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/пользовател/);
    expect((await t.as('admin').get(detail(org.id))).statusCode).toBe(200);
  });

  it('answers 400 naming the field', async () => {
    const admin = t.as('admin');
    expect((await admin.post(ORGANIZATION_PATHS.list, { name: '', kind: 1 })).json().field).toBe('name');
    expect((await admin.post(ORGANIZATION_PATHS.list, { name: 'X', kind: 3 })).json().field).toBe('kind');
    expect((await admin.get(ORGANIZATION_PATHS.list, { kind: 9 })).json().field).toBe('kind');
    expect((await admin.patch(detail(1), { kind: 'x' })).json().field).toBe('kind');
  });

  it('is guarded: reads for admins and settings, writes for admins', async () => {
    const org = await buildOrganization(t.db, {});
    expect((await t.anonymous.get(ORGANIZATION_PATHS.list)).statusCode).toBe(401);
    expect((await t.as('editor').get(ORGANIZATION_PATHS.list)).statusCode).toBe(403);
    expect((await t.as('superEditor').get(detail(org.id))).statusCode).toBe(200);
    expect((await t.as('superEditor').post(ORGANIZATION_PATHS.list, { name: 'X', kind: 1 })).statusCode).toBe(
      403,
    );
    expect((await t.as('superEditor').patch(detail(org.id), { name: 'X' })).statusCode).toBe(403);
    expect((await t.as('superEditor').delete(detail(org.id))).statusCode).toBe(403);
    expect((await t.anonymous.post(ORGANIZATION_PATHS.list, { name: 'X', kind: 1 })).statusCode).toBe(401);
  });
});
