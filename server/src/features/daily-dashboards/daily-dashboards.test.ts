import { apiPath, DAILY_DASHBOARD_CODENAMES, DAILY_DASHBOARD_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardConfigurations, userActions } from '../../db/schema/index.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let owner: UserCaller;
let publisher: UserCaller;
let other: UserCaller;
let nobody: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  owner = await kit.caller({ role: 3 });
  publisher = await kit.caller({ role: 3, dailyDashboardPermissions: [DAILY_DASHBOARD_CODENAMES.public] });
  other = await kit.caller({ role: 3 });
  nobody = await kit.caller({ role: 0 });
});

afterAll(async () => {
  await kit?.close();
});

const list = DAILY_DASHBOARD_PATHS.list;
const detail = (id: number | string) => apiPath(DAILY_DASHBOARD_PATHS.detail, { id });
const toggle = (id: number) => apiPath(DAILY_DASHBOARD_PATHS.private, { id });

function expectBad(res: { statusCode: number; body: string; json: () => { field?: string } }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().field).toBe(field);
}

async function create(caller: UserCaller, body: Record<string, unknown> = {}) {
  const res = await caller.post(list, { name: 'Картина дня', shortName: 'День', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    position: number;
    is_private: boolean;
    filters: Record<string, unknown>;
  };
}

async function positions(userId: number): Promise<number[]> {
  const rows = await kit.db
    .select({ position: dashboardConfigurations.position })
    .from(dashboardConfigurations)
    .where(eq(dashboardConfigurations.userId, userId));
  return rows.map((row) => row.position).sort((a, b) => a - b);
}

describe('dashboard-configurations/', () => {
  it('needs a login and the picture of the day', async () => {
    expect((await kit.anonymous.get(list)).statusCode).toBe(401);
    expect((await nobody.get(list)).statusCode).toBe(403);
    expect((await nobody.post(list, { name: 'a', shortName: 'a' })).statusCode).toBe(403);
    expect((await kit.as('lomSelection').get(list)).statusCode).toBe(403);
  });

  it('creates a private dashboard last, stores theme_or_rubrics_in stringified, and logs it', async () => {
    const first = await create(owner, {
      filters: { theme_or_rubrics_in: [3, 1], mood_in: '1,2' },
      types: [2, 1],
    });
    const second = await create(owner, { name: 'Экономика', shortName: 'Эк' });
    expect(first.is_private).toBe(true);
    expect(first.filters).toEqual({ theme_or_rubrics_in: '3,1', mood_in: [1, 2] });
    expect(second.position).toBe(first.position + 1);
    const logged = await kit.db.select().from(userActions).where(eq(userActions.userId, owner.user.id));
    expect(logged.map((row) => row.action)).toContain('daily_dashboard.create');
  });

  it('shows own and public dashboards, never another user’s private one (404)', async () => {
    const mine = await create(other, { name: 'Личный' });
    const shared = await create(publisher, { name: 'Общий', is_private: false });
    const seen = (await owner.get(list)).json() as Array<{ id: number; is_own: boolean }>;
    expect(seen.map((d) => d.id)).toContain(shared.id);
    expect(seen.map((d) => d.id)).not.toContain(mine.id);
    expect(seen.find((d) => d.id === shared.id)?.is_own).toBe(false);
    expect((await owner.put(detail(mine.id), { name: 'Чужой' })).statusCode).toBe(404);
    expect((await owner.delete(detail(mine.id))).statusCode).toBe(404);
    expect((await owner.post(toggle(mine.id))).statusCode).toBe(404);
    // Public but not one's own: still not editable.
    expect((await owner.put(detail(shared.id), { name: 'Чужой' })).statusCode).toBe(404);
    expect((await owner.delete(detail(shared.id))).statusCode).toBe(404);
  });

  it('toggles is_private only with the flag for the new value', async () => {
    const mine = await create(owner);
    const refused = await owner.post(toggle(mine.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('is_private');
    expect((await owner.post(list, { name: 'a', shortName: 'a', is_private: false })).statusCode).toBe(403);

    const published = await create(publisher);
    const on = await publisher.post(toggle(published.id));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ is_private: false });
    expect((await other.get(list)).json().map((d: { id: number }) => d.id)).toContain(published.id);
    expect((await publisher.post(toggle(published.id))).json()).toEqual({ is_private: true });
    expect((await other.get(list)).json().map((d: { id: number }) => d.id)).not.toContain(published.id);
    // A super editor holds api_edit_public.
    const superEditor = kit.as('superEditor');
    const theirs = await create(superEditor);
    expect((await superEditor.post(toggle(theirs.id))).json()).toEqual({ is_private: false });
  });

  it('updates what is sent and deletes, keeping positions 1…n', async () => {
    const caller = await kit.caller({ role: 3 });
    const a = await create(caller, { name: 'A' });
    const b = await create(caller, { name: 'B' });
    const c = await create(caller, { name: 'C' });
    const moved = await caller.put(detail(c.id), { position: 1, shortName: 'Ц' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ position: 1, shortName: 'Ц', name: 'C' });
    const order = (await caller.get(list)).json().filter((d: { is_own: boolean }) => d.is_own);
    expect(order.map((d: { id: number }) => d.id)).toEqual([c.id, a.id, b.id]);
    expect((await caller.delete(detail(a.id))).statusCode).toBe(204);
    expect(await positions(caller.user.id)).toEqual([1, 2]);
  });

  it('keeps positions a permutation under concurrent reorders', async () => {
    const caller = await kit.caller({ role: 3 });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(caller, { name: `Д${i}` })).id);
    const orders = Array.from({ length: 8 }, (_, k) =>
      [...ids].sort((x, y) => ((x * (k + 3)) % 7) - ((y * (k + 3)) % 7)),
    );
    const results = await Promise.all(
      orders.map((order) => caller.post(DAILY_DASHBOARD_PATHS.reorder, { ids: order })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await positions(caller.user.id)).toEqual([1, 2, 3, 4, 5]);
    // Concurrent creates and a delete too.
    await Promise.all([create(caller), create(caller), caller.delete(detail(ids[0]))]);
    expect(await positions(caller.user.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('numbers concurrent creates from nothing 1…n (TEST_DATABASE_URL runs it on PostgreSQL)', async () => {
    const caller = await kit.caller({ role: 3 });
    await Promise.all(Array.from({ length: 6 }, (_, i) => create(caller, { name: `Новый ${i}` })));
    expect(await positions(caller.user.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const ids = (await caller.get(list))
      .json()
      .filter((d: { is_own: boolean }) => d.is_own)
      .map((d: { id: number }) => d.id);
    await Promise.all([
      caller.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [...ids].reverse() }),
      create(caller, { position: 1 }),
      caller.put(detail(ids[2]), { position: 6 }),
      caller.delete(detail(ids[4])),
    ]);
    expect(await positions(caller.user.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a reorder that is not exactly one’s own dashboards', async () => {
    const caller = await kit.caller({ role: 3 });
    const a = await create(caller);
    const foreign = await create(other);
    expectBad(await caller.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [a.id, foreign.id] }), 'ids');
    expectBad(await caller.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [a.id, a.id] }), 'ids');
    expectBad(await caller.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [] }), 'ids');
  });

  it('answers hostile input with 400 naming the field', async () => {
    const mine = await create(owner);
    expectBad(await owner.post(list, { name: 'a\u0000b', shortName: 'a' }), 'name');
    expectBad(await owner.post(list, { name: 'x'.repeat(100_000), shortName: 'a' }), 'name');
    expectBad(await owner.post(list, { name: '   ', shortName: 'a' }), 'name');
    expectBad(await owner.post(list, { name: 'a' }), 'shortName');
    expectBad(await owner.post(list, { name: 'a', shortName: 'a', types: [7] }), 'types.0');
    expectBad(await owner.post(list, { name: 'a', shortName: 'a', position: -1 }), 'position');
    expectBad(await owner.post(list, { name: 'a', shortName: 'a', position: true }), 'position');
    expectBad(
      await owner.post(list, { name: 'a', shortName: 'a', filters: { colour: 'red' } }),
      'filters.colour',
    );
    expectBad(
      await owner.post(list, { name: 'a', shortName: 'a', filters: { mood_in: '9' } }),
      'filters.mood_in',
    );
    expectBad(await owner.post(list, { name: 'a', shortName: 'a', extra: 1 }), 'extra');
    expect((await owner.post(list, null)).statusCode).toBe(400);
    expect((await owner.post(list)).statusCode).toBe(400);
    expect((await owner.put(detail(mine.id), {})).statusCode).toBe(400);
    expect((await owner.put(detail(mine.id), null)).statusCode).toBe(400);
    for (const id of ['true', '-1', '0', '9223372036854775808', '1.5', 'abc'])
      expectBad(await owner.put(detail(id), { name: 'a' }), 'id');
    expectBad(await owner.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [true] }), 'ids.0');
    expectBad(await owner.post(DAILY_DASHBOARD_PATHS.reorder, { ids: [2 ** 63] }), 'ids.0');
  });
});
