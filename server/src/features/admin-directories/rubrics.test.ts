import { ADMIN_RUBRIC_PATHS, apiPath } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { buildRubric } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let admin: UserCaller;
let editor: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  admin = await kit.caller({ role: 1, uiPermissions: ['view_rubric_admin'] });
  editor = await kit.caller({ role: 2 });
});
afterAll(async () => {
  await kit.close();
});

describe('admin rubric loms', () => {
  it('adds, lists and removes the loms of a rubric, logging each change', async () => {
    const rubric = await buildRubric(kit.db);
    const a = await buildLom(kit.db, { name: 'Анна Петрова' });
    const b = await buildLom(kit.db, { name: 'Борис Иванов' });
    const add = apiPath(ADMIN_RUBRIC_PATHS.addLoms, { id: rubric.id });
    expect((await admin.post(add, { loms: [a.id, b.id] })).json()).toEqual({ updated: 2 });
    expect((await admin.post(add, { loms: [a.id] })).json()).toEqual({ updated: 0 });
    const list = apiPath(ADMIN_RUBRIC_PATHS.loms, { id: rubric.id });
    const res = await admin.get(list);
    expect(res.json()).toMatchObject({ elements_count: 2, results: [{ id: a.id }, { id: b.id }] });
    expect(
      (await admin.get(list, { search: 'борис' })).json().results.map((r: { id: number }) => r.id),
    ).toEqual([b.id]);
    const remove = apiPath(ADMIN_RUBRIC_PATHS.removeLoms, { id: rubric.id });
    expect((await admin.post(remove, { loms: [a.id] })).json()).toEqual({ updated: 1 });
    expect((await admin.get(list)).json().results.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const logs = await kit.db.select().from(userActions).where(eq(userActions.userId, admin.user.id));
    expect(logs.map((l) => l.action).sort()).toEqual(['rubric.loms_add', 'rubric.loms_remove']);
  });

  it('answers 400 naming loms, 404, 403 and 401', async () => {
    const rubric = await buildRubric(kit.db);
    const add = apiPath(ADMIN_RUBRIC_PATHS.addLoms, { id: rubric.id });
    for (const body of [{ loms: [2_000_000_000] }, { loms: [] }, { loms: [true] }, {}]) {
      const res = await admin.post(add, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(/^loms/);
    }
    expect((await admin.get(apiPath(ADMIN_RUBRIC_PATHS.loms, { id: 2_000_000_000 }))).statusCode).toBe(404);
    expect(
      (await admin.post(apiPath(ADMIN_RUBRIC_PATHS.removeLoms, { id: 2_000_000_000 }), { loms: [1] }))
        .statusCode,
    ).toBe(404);
    expect((await editor.post(add, { loms: [1] })).statusCode).toBe(403);
    expect((await editor.get(apiPath(ADMIN_RUBRIC_PATHS.loms, { id: rubric.id }))).statusCode).toBe(403);
    expect((await kit.anonymous.get(apiPath(ADMIN_RUBRIC_PATHS.loms, { id: rubric.id }))).statusCode).toBe(
      401,
    );
    expect((await kit.anonymous.post(add, { loms: [1] })).statusCode).toBe(401);
  });
});
