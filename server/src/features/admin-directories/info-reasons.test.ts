import { ADMIN_INFO_REASON_PATHS, apiPath } from '@monitoring/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  favouriteInfoReasons,
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
  admin = await kit.caller({ role: 1, uiPermissions: ['view_inforeason_admin'] });
  editor = await kit.caller({ role: 2 });
});
afterAll(async () => {
  await kit.close();
});
afterEach(() => {
  mergeHooks.afterEach = () => {};
});

const db = () => kit.db;
const P = ADMIN_INFO_REASON_PATHS;

async function world() {
  const lom = await buildLom(db());
  const theme = await buildTheme(db(), { name: 'Благоустройство' });
  const target = await buildInfoReason(db(), { name: 'Ремонт парка Горького', themeId: theme.id });
  const dup = await buildInfoReason(db(), { name: 'Ремонт парка им. Горького', themeId: theme.id });
  const m1 = await buildMessage(db(), { lomId: lom.id, themeId: theme.id, infoReasonId: dup.id, mood: 1 });
  const m2 = await buildMessage(db(), { lomId: lom.id, themeId: theme.id, infoReasonId: target.id, mood: 2 });
  const markup = await buildMarkup(db(), m2.id, { themeId: theme.id, infoReasonId: dup.id, mood: 2 });
  await db().insert(favouriteInfoReasons).values({ userId: editor.user.id, infoReasonId: dup.id });
  await rebuildAggregates(db());
  return { lom, theme, target, dup, m1, m2, markup };
}

async function reasonCount(id: number) {
  const [row] = await queryRows<{ n: number | null }>(
    db(),
    sql`select sum(message_count)::int as n from info_reason_day_stats where info_reason_id = ${id}`,
  );
  return Number(row.n ?? 0);
}

describe('GET admin/info-reasons/', () => {
  it('lists by name with counts from the rollups, ai=false by default, filtered by theme and flags', async () => {
    const w = await world();
    const ai = await buildInfoReason(db(), { name: 'Ремонт парка (ИИ)', ai: true, themeId: w.theme.id });
    const res = await admin.get(P.list, { theme: w.theme.id });
    expect(res.statusCode).toBe(200);
    const rows = res.json().results;
    expect(rows.map((r: { id: number }) => r.id)).toEqual([w.target.id, w.dup.id]);
    expect(rows[0]).toMatchObject({ message_count: 1, theme: { id: w.theme.id, name: 'Благоустройство' } });
    const aiRes = await admin.get(P.list, { theme: w.theme.id, ai: 'true' });
    expect(aiRes.json().results.map((r: { id: number }) => r.id)).toEqual([ai.id]);
    const search = await admin.get(P.list, { filter: 'им. горького' });
    expect(search.json().results.map((r: { id: number }) => r.id)).toContain(w.dup.id);
  });

  it('answers 401, 403 and 400 naming the field', async () => {
    expect((await kit.anonymous.get(P.list)).statusCode).toBe(401);
    expect((await editor.get(P.list)).statusCode).toBe(403);
    const bad = await admin.get(P.list, { theme: 'abc' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'theme']);
  });
});

describe('POST admin/info-reasons/{id}/merge/', () => {
  it('moves messages, markups, favourites and rollups; the merged one stays inactive', async () => {
    const w = await world();
    const res = await admin.post(apiPath(P.merge, { id: w.target.id }), { queryset: [w.dup.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      info_reason: { id: w.target.id, message_count: 2 },
      merged: [{ id: w.dup.id }],
      moved: { messages: 1, markups_dropped: 1, favourites: 1 },
    });
    const [m1] = await db().select().from(messages).where(eq(messages.id, w.m1.id));
    expect(m1.infoReasonId).toBe(w.target.id);
    // The markup of dup on m2 repeated m2's primary classification once moved.
    expect(await db().select().from(messageMarkups).where(eq(messageMarkups.id, w.markup.id))).toEqual([]);
    const [dup] = await db().select().from(infoReasons).where(eq(infoReasons.id, w.dup.id));
    expect(dup.active).toBe(false);
    const favs = await db()
      .select()
      .from(favouriteInfoReasons)
      .where(eq(favouriteInfoReasons.userId, editor.user.id));
    expect(favs.map((f) => f.infoReasonId).filter((id) => [w.dup.id, w.target.id].includes(id))).toEqual([
      w.target.id,
    ]);
    expect(await reasonCount(w.target.id)).toBe(2);
    expect(await reasonCount(w.dup.id)).toBe(0);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);

    const again = await admin.post(apiPath(P.merge, { id: w.target.id }), { queryset: [w.dup.id] });
    expect([again.statusCode, again.json().field]).toEqual([400, 'queryset']);
  });

  it('refuses itself, unknown ids, bad bodies; 403, 401, 404', async () => {
    const w = await world();
    const url = apiPath(P.merge, { id: w.target.id });
    expect((await admin.post(url, { queryset: [w.target.id] })).json().field).toBe('queryset');
    expect((await admin.post(url, { queryset: [2_000_000_000] })).json().field).toBe('queryset');
    for (const body of [{}, null, { queryset: [] }, { queryset: [1.5] }, { queryset: [w.dup.id], x: 1 }]) {
      const res = await admin.post(url, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await editor.post(url, { queryset: [w.dup.id] })).statusCode).toBe(403);
    expect((await kit.anonymous.post(url, { queryset: [w.dup.id] })).statusCode).toBe(401);
    expect(
      (await admin.post(apiPath(P.merge, { id: 2_000_000_000 }), { queryset: [w.dup.id] })).statusCode,
    ).toBe(404);
  });

  it('killed mid-way leaves nothing changed', async () => {
    const w = await world();
    const other = await buildInfoReason(db(), { themeId: w.theme.id });
    await buildMessage(db(), { themeId: w.theme.id, infoReasonId: other.id });
    await rebuildAggregates(db());
    const read = async () => ({
      messages: await queryRows(db(), sql`select id, info_reason_id from messages order by id`),
      reasons: await db().select().from(infoReasons).orderBy(infoReasons.id),
      markups: await db().select().from(messageMarkups).orderBy(messageMarkups.id),
      favs: await db().select().from(favouriteInfoReasons),
      logs: await db().select().from(userActions),
      days: await queryRows(db(), sql`select * from info_reason_day_stats order by day, info_reason_id`),
    });
    const before = await read();
    let calls = 0;
    mergeHooks.afterEach = () => {
      calls += 1;
      if (calls === 2) throw new Error('killed');
    };
    const res = await admin.post(apiPath(P.merge, { id: w.target.id }), { queryset: [w.dup.id, other.id] });
    expect(res.statusCode).toBe(500);
    expect(await read()).toEqual(before);
  });
});

describe('archive, deactivate, clear theme, set theme', () => {
  it('works and logs; answers 400 naming the field, 403, 401', async () => {
    const w = await world();
    const archive = apiPath(P.archive, { id: w.dup.id });
    expect((await admin.patch(archive, { archive: true })).json()).toMatchObject({ archived: true });
    expect((await admin.patch(archive, { archive: 'yes' })).json().field).toBe('archive');
    expect((await editor.patch(archive, { archive: true })).statusCode).toBe(403);
    expect((await kit.anonymous.patch(archive, { archive: true })).statusCode).toBe(401);

    const deactivate = apiPath(P.deactivate, { id: w.dup.id });
    expect((await admin.patch(deactivate)).json()).toMatchObject({ active: false });
    expect((await admin.patch(deactivate, { active: true })).json()).toMatchObject({ active: true });
    expect((await admin.patch(deactivate, { active: 1 })).json().field).toBe('active');
    expect((await editor.patch(deactivate)).statusCode).toBe(403);
    expect((await kit.anonymous.patch(deactivate)).statusCode).toBe(401);

    const cleared = await admin.post(P.clearTheme, { queryset: [w.dup.id, w.target.id] });
    expect(cleared.json()).toEqual({ updated: 2 });
    const [m1] = await db().select().from(messages).where(eq(messages.id, w.m1.id));
    expect(m1.themeId).toBe(w.theme.id); // messages keep their theme
    const unknown = await admin.post(P.clearTheme, { queryset: [w.dup.id, 2_000_000_000] });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'queryset']);
    expect((await editor.post(P.clearTheme, { queryset: [w.dup.id] })).statusCode).toBe(403);
    expect((await kit.anonymous.post(P.clearTheme, { queryset: [w.dup.id] })).statusCode).toBe(401);

    const setTheme = apiPath(P.setTheme, { id: w.dup.id });
    const other = await buildTheme(db());
    expect((await admin.post(setTheme, { theme: other.id })).json()).toMatchObject({
      theme: { id: other.id },
    });
    expect((await admin.post(setTheme, { theme: 2_000_000_000 })).json().field).toBe('theme');
    expect((await admin.post(setTheme, { theme: true })).json().field).toBe('theme');
    await db().update(themes).set({ active: false }).where(eq(themes.id, other.id));
    expect((await admin.post(setTheme, { theme: other.id })).json().field).toBe('theme');
    expect((await editor.post(setTheme, { theme: other.id })).statusCode).toBe(403);
    expect((await kit.anonymous.post(setTheme, { theme: other.id })).statusCode).toBe(401);

    const logs = await db().select().from(userActions).where(eq(userActions.infoReasonId, w.dup.id));
    expect(logs.map((l) => l.action).sort()).toEqual([
      'info_reason.archive',
      'info_reason.deactivate',
      'info_reason.deactivate',
      'info_reason.theme',
      'info_reason.theme',
    ]);
  });
});

describe('PATCH admin/info-reasons/convert_to_theme/', () => {
  it('makes a theme of each name; with include_markups its messages get markups of it; the info reason is deactivated', async () => {
    const w = await world();
    const res = await admin.patch(P.convertToTheme, { ids: [w.dup.id], include_markups: true });
    expect(res.statusCode).toBe(200);
    const [converted] = res.json().converted;
    expect(converted).toMatchObject({
      info_reason: { id: w.dup.id },
      theme: { name: 'Ремонт парка им. Горького' },
      markups: 2,
    });
    const made = await db()
      .select()
      .from(messageMarkups)
      .where(eq(messageMarkups.themeId, converted.theme.id));
    expect(made.map((m) => m.messageId).sort()).toEqual([w.m1.id, w.m2.id].sort());
    expect(made.find((m) => m.messageId === w.m1.id)?.mood).toBe(1);
    const [dup] = await db().select().from(infoReasons).where(eq(infoReasons.id, w.dup.id));
    expect(dup.active).toBe(false);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);

    const plain = await admin.patch(P.convertToTheme, { ids: [w.target.id] });
    expect(plain.json().converted[0].markups).toBe(0);
    const again = await admin.patch(P.convertToTheme, { ids: [w.dup.id] });
    expect([again.statusCode, again.json().field]).toEqual([400, 'ids']);
  });

  it('answers 400 naming the field, 403, 401', async () => {
    const w = await world();
    expect((await admin.patch(P.convertToTheme, { ids: [2_000_000_000] })).json().field).toBe('ids');
    expect(
      (await admin.patch(P.convertToTheme, { ids: [w.dup.id], include_markups: 'да' })).json().field,
    ).toBe('include_markups');
    expect((await admin.patch(P.convertToTheme, {})).json().field).toBe('ids');
    expect((await editor.patch(P.convertToTheme, { ids: [w.dup.id] })).statusCode).toBe(403);
    expect((await kit.anonymous.patch(P.convertToTheme, { ids: [w.dup.id] })).statusCode).toBe(401);
  });
});
