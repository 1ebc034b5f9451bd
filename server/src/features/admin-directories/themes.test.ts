import { ADMIN_THEME_PATHS, apiPath } from '@monitoring/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  favouriteThemes,
  infoReasons,
  messageMarkups,
  messages,
  themes,
  userActions,
} from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMarkup, buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { mergeHooks } from './merge-hooks.ts';

let kit: Kit;
let admin: UserCaller;
let editor: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  admin = await kit.caller({ role: 1, uiPermissions: ['view_theme_admin'] });
  editor = await kit.caller({ role: 2 });
});
afterAll(async () => {
  await kit.close();
});
afterEach(() => {
  mergeHooks.afterEach = () => {};
});

const db = () => kit.db;
const merge = (id: number, body: unknown) => admin.post(apiPath(ADMIN_THEME_PATHS.merge, { id }), body);

async function world() {
  const lom = await buildLom(db());
  const target = await buildTheme(db(), { name: 'Транспорт Москвы' });
  const a = await buildTheme(db(), { name: 'Транспорт  Москвы' });
  const b = await buildTheme(db(), { name: 'транспорт москвы' });
  const ir = await buildInfoReason(db(), { themeId: a.id });
  const m1 = await buildMessage(db(), { lomId: lom.id, themeId: a.id, infoReasonId: ir.id, mood: 1 });
  const m2 = await buildMessage(db(), { lomId: lom.id, themeId: b.id, mood: 2, day: '2025-03-12' });
  const m3 = await buildMessage(db(), { lomId: lom.id, themeId: target.id, mood: 3 });
  const markup = await buildMarkup(db(), m3.id, { themeId: a.id, mood: 2 });
  await db().insert(favouriteThemes).values({ userId: editor.user.id, themeId: a.id });
  await rebuildAggregates(db());
  return { lom, target, a, b, ir, m1, m2, m3, markup };
}

async function themeDayCount(themeId: number) {
  const [row] = await queryRows<{ n: number | null }>(
    db(),
    sql`select sum(message_count)::int as n from theme_day_stats where theme_id = ${themeId}`,
  );
  return Number(row.n ?? 0);
}

describe('GET admin/themes/', () => {
  it('lists people-made themes by name with counts from the rollups; filters by search, ai, archived, is_active', async () => {
    const w = await world();
    const ai = await buildTheme(db(), { name: 'Транспорт Москвы (ИИ)', createdByAi: true });
    const res = await admin.get(ADMIN_THEME_PATHS.list, { search: 'транспорт', page_size: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(w.target.id);
    expect(ids).not.toContain(ai.id);
    const row = body.results.find((r: { id: number }) => r.id === w.a.id);
    expect(row).toMatchObject({ message_count: 1, info_reason_count: 1, active: true, ai: false });
    const aiRes = await admin.get(ADMIN_THEME_PATHS.list, { filter: 'транспорт', ai: 'true' });
    expect(aiRes.json().results.map((r: { id: number }) => r.id)).toEqual([ai.id]);
    await db().update(themes).set({ active: false }).where(eq(themes.id, w.b.id));
    const inactive = await admin.get(ADMIN_THEME_PATHS.list, { search: 'транспорт', is_active: 'false' });
    expect(inactive.json().results.map((r: { id: number }) => r.id)).toEqual([w.b.id]);
    const past = await admin.get(ADMIN_THEME_PATHS.list, { search: 'транспорт', page: 50 });
    expect(past.json()).toMatchObject({ results: [], elements_count: 3 });
  });

  it('answers 401, 403 and 400 naming the field', async () => {
    expect((await kit.anonymous.get(ADMIN_THEME_PATHS.list)).statusCode).toBe(401);
    expect((await editor.get(ADMIN_THEME_PATHS.list)).statusCode).toBe(403);
    const bad = await admin.get(ADMIN_THEME_PATHS.list, { ai: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('ai');
  });
});

describe('POST admin/themes/{id}/merge/', () => {
  it('moves messages, markups, info reasons, favourites and rollups into the target; the merged stay inactive', async () => {
    const w = await world();
    const res = await merge(w.target.id, { queryset: [w.a.id, w.b.id] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.merged.map((t: { id: number }) => t.id)).toEqual([w.a.id, w.b.id]);
    expect(body.moved).toMatchObject({ messages: 2, info_reasons: 1, favourites: 1 });
    expect(body.theme).toMatchObject({ id: w.target.id, message_count: 3, info_reason_count: 1 });

    const themed = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.themeId, w.target.id));
    expect(themed.map((m) => m.id).sort()).toEqual([w.m1.id, w.m2.id, w.m3.id].sort());
    // The markup of a on m3 now repeats m3's primary theme and is dropped.
    expect(await db().select().from(messageMarkups).where(eq(messageMarkups.id, w.markup.id))).toEqual([]);
    expect((await db().select().from(infoReasons).where(eq(infoReasons.id, w.ir.id)))[0].themeId).toBe(
      w.target.id,
    );
    const favs = await db().select().from(favouriteThemes).where(eq(favouriteThemes.userId, editor.user.id));
    expect(favs.map((f) => f.themeId).filter((id) => [w.a.id, w.target.id].includes(id))).toEqual([
      w.target.id,
    ]);
    const merged = await db().select().from(themes).where(eq(themes.id, w.a.id));
    expect(merged[0].active).toBe(false);

    expect(await themeDayCount(w.target.id)).toBe(3);
    expect(await themeDayCount(w.a.id)).toBe(0);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);

    const logs = await db()
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'theme.merge'), eq(userActions.userId, admin.user.id)));
    expect(logs.length).toBeGreaterThanOrEqual(4);

    // Already merged: 400 naming queryset.
    const again = await merge(w.target.id, { queryset: [w.a.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('queryset');
  });

  it('refuses a merge into itself, unknown ids and bad bodies, naming the field', async () => {
    const w = await world();
    const self = await merge(w.target.id, { queryset: [w.target.id] });
    expect([self.statusCode, self.json().field]).toEqual([400, 'queryset']);
    const unknown = await merge(w.target.id, { queryset: [2_000_000_000] });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'queryset']);
    for (const body of [{ queryset: [] }, { queryset: [true] }, { queryset: 'x' }, {}, { queryset: [-1] }]) {
      const res = await merge(w.target.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(/^queryset/);
    }
    expect((await merge(2_000_000_000, { queryset: [w.a.id] })).statusCode).toBe(404);
    expect(
      (await editor.post(apiPath(ADMIN_THEME_PATHS.merge, { id: w.target.id }), { queryset: [w.a.id] }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await kit.anonymous.post(apiPath(ADMIN_THEME_PATHS.merge, { id: w.target.id }), {
          queryset: [w.a.id],
        })
      ).statusCode,
    ).toBe(401);
  });

  it('killed mid-way (a throw inside the transaction) leaves nothing changed', async () => {
    const w = await world();
    const before = await queryRows(db(), sql`select id, theme_id, info_reason_id from messages order by id`);
    const themesBefore = await db().select().from(themes).orderBy(themes.id);
    const markupsBefore = await db().select().from(messageMarkups).orderBy(messageMarkups.id);
    const logsBefore = await db().select().from(userActions);
    const daysBefore = await queryRows(db(), sql`select * from theme_day_stats order by theme_id, day`);
    let calls = 0;
    mergeHooks.afterEach = () => {
      calls += 1;
      if (calls === 2) throw new Error('killed');
    };
    const res = await merge(w.target.id, { queryset: [w.a.id, w.b.id] });
    expect(res.statusCode).toBe(500);
    expect(await queryRows(db(), sql`select id, theme_id, info_reason_id from messages order by id`)).toEqual(
      before,
    );
    expect(await db().select().from(themes).orderBy(themes.id)).toEqual(themesBefore);
    expect(await db().select().from(messageMarkups).orderBy(messageMarkups.id)).toEqual(markupsBefore);
    expect(await db().select().from(userActions)).toEqual(logsBefore);
    expect(await queryRows(db(), sql`select * from theme_day_stats order by theme_id, day`)).toEqual(
      daysBefore,
    );
  });
});

describe('archive and deactivate', () => {
  it('archives, deactivates and brings back, logging each change', async () => {
    const theme = await buildTheme(db());
    const archived = await admin.post(apiPath(ADMIN_THEME_PATHS.archive, { id: theme.id }), {
      archive: true,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: theme.id, archived: true });
    const off = await admin.patch(apiPath(ADMIN_THEME_PATHS.deactivate, { id: theme.id }));
    expect(off.json()).toMatchObject({ active: false });
    const on = await admin.patch(apiPath(ADMIN_THEME_PATHS.deactivate, { id: theme.id }), { active: true });
    expect(on.json()).toMatchObject({ active: true });
    const logs = await db().select().from(userActions).where(eq(userActions.themeId, theme.id));
    expect(logs.map((l) => l.action).sort()).toEqual([
      'theme.archive',
      'theme.deactivate',
      'theme.deactivate',
    ]);
  });

  it('answers 400 naming archive, 403, 401 and 404', async () => {
    const theme = await buildTheme(db());
    const url = apiPath(ADMIN_THEME_PATHS.archive, { id: theme.id });
    for (const body of [{ archive: 'true' }, { archive: 1 }, {}, { archive: null }]) {
      const res = await admin.post(url, body);
      expect([res.statusCode, res.json().field]).toEqual([400, 'archive']);
    }
    expect((await editor.post(url, { archive: true })).statusCode).toBe(403);
    expect((await kit.anonymous.post(url, { archive: true })).statusCode).toBe(401);
    const deactivate = apiPath(ADMIN_THEME_PATHS.deactivate, { id: theme.id });
    const bad = await admin.patch(deactivate, { active: 'no' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'active']);
    expect((await editor.patch(deactivate)).statusCode).toBe(403);
    expect((await kit.anonymous.patch(deactivate)).statusCode).toBe(401);
    expect((await admin.patch(apiPath(ADMIN_THEME_PATHS.deactivate, { id: 2_000_000_000 }))).statusCode).toBe(
      404,
    );
  });
});
