import type {
  DashboardGraphResponse,
  DashboardLomCount,
  DashboardLomItem,
  DashboardMoodTableResponse,
  DashboardPinnedTheme,
  DashboardThemeChoice,
  ListEnvelope,
  ReportEstimation,
} from '@monitoring/contracts';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loms, personalThemes, userActions } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildRegion, buildRubric, buildTheme } from '../../test/factories-directories.ts';
import { linkLomRubric } from '../../test/factories-lom-relations.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { periodBuckets } from './service.ts';

let t: Kit;
let editor: UserCaller;
let extended: UserCaller;
let viewer: UserCaller;
let service: UserCaller;
const lom: Record<string, number> = {};
const theme: Record<string, number> = {};
let rubric: number;
let emptyRubric: number;
let personal: number;
let personalOther: number;
let foreignPersonal: number;

const V2 = '/api/v2/dashboard';
/** 10…14 March 2025 (Moscow days): whole days, so theme reads take the rollup. */
const PERIOD = 'wrote_at_after=2025-03-10&wrote_at_before=2025-03-14';
const anna = { avatar: 'anna.png' };

async function get<T>(url: string, user: Caller = editor): Promise<T> {
  const res = await user.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  editor = t.as('editor');
  extended = t.as('extendedUser');
  viewer = t.as('user');
  service = t.as('service');

  const region = await buildRegion(db);
  lom.Анна = (await buildLom(db, { name: 'Анна', ...anna, regionId: region.id, regionType: 2 })).id;
  // A federal lom with a region is not regional.
  lom.Борис = (await buildLom(db, { name: 'Борис', regionId: region.id, regionType: 1 })).id;
  lom.Вера = (await buildLom(db, { name: 'Вера' })).id;
  lom.Глеб = (await buildLom(db, { name: 'Глеб' })).id;
  lom.Архив = (await buildLom(db, { name: 'Архивный', archived: true })).id;
  theme.Выборы = (await buildTheme(db, { name: 'Выборы' })).id;
  theme.Спорт = (await buildTheme(db, { name: 'Спорт' })).id;
  theme.Старая = (await buildTheme(db, { name: 'Старая', archived: true })).id;
  rubric = (await buildRubric(db, { name: 'Блогеры' })).id;
  emptyRubric = (await buildRubric(db, { name: 'Пустая' })).id;
  await linkLomRubric(db, lom.Анна, rubric);
  await linkLomRubric(db, lom.Борис, rubric);

  const T = { themeId: theme.Выборы, verified: true };
  const inRubric = { rubricIds: [rubric] };
  await buildMessage(db, {
    ...T,
    ...inRubric,
    lomId: lom.Анна,
    mood: 1,
    si: 10,
    numberViews: 100,
    day: '2025-03-10',
  });
  await buildMessage(db, { ...T, lomId: lom.Анна, mood: 2, si: 5, numberViews: 50, day: '2025-03-12' });
  await buildMessage(db, {
    ...T,
    ...inRubric,
    lomId: lom.Борис,
    mood: 3,
    si: 20,
    numberViews: 200,
    day: '2025-03-12',
  });
  await buildMessage(db, {
    ...T,
    lomId: lom.Борис,
    mood: 4,
    si: 1,
    numberViews: 10,
    verified: false,
    day: '2025-03-13',
  });
  await buildMessage(db, { ...T, lomId: lom.Вера, mood: 6, si: 2, numberViews: 20, day: '2025-03-14' });
  // Outside the period, not live, or another theme: never counted in theme Выборы.
  await buildMessage(db, { ...T, lomId: lom.Анна, mood: 1, si: 99, numberViews: 1, day: '2025-03-20' });
  await buildMessage(db, {
    ...T,
    lomId: lom.Вера,
    mood: 1,
    si: 99,
    numberViews: 1,
    trash: true,
    day: '2025-03-11',
  });
  await buildMessage(db, {
    ...T,
    lomId: lom.Вера,
    mood: 2,
    si: 99,
    numberViews: 1,
    archived: true,
    day: '2025-03-11',
  });
  await buildMessage(db, {
    themeId: theme.Спорт,
    verified: true,
    lomId: lom.Анна,
    mood: 5,
    si: 7,
    day: '2025-03-11',
  });
  await rebuildAggregates(db);
  // The rebuild derives subscribers from lom sources (none here): set them after it.
  for (const [name, subscribers] of [
    ['Анна', 1000],
    ['Борис', 500],
    ['Вера', 300],
    ['Глеб', 10],
  ] as const)
    await db.update(loms).set({ subscribers }).where(eq(loms.id, lom[name]));

  const [p] = await db
    .insert(personalThemes)
    .values({
      userId: editor.user.id,
      name: 'Анна о выборах',
      filters: { lom_in: [lom.Анна], theme_in: [theme.Выборы] },
    })
    .returning();
  personal = p.id;
  const [p2] = await db
    .insert(personalThemes)
    .values({ userId: editor.user.id, name: 'Другая', filters: {} })
    .returning();
  personalOther = p2.id;
  const [p3] = await db
    .insert(personalThemes)
    .values({ userId: extended.user.id, name: 'Чужая', filters: {} })
    .returning();
  foreignPersonal = p3.id;
});

afterAll(async () => {
  await t?.close();
});

describe('periodBuckets', () => {
  it('lists every day, Monday or month start of the period', () => {
    const after = new Date('2025-03-10T00:00:00+03:00');
    const before = new Date('2025-03-15T00:00:00+03:00');
    expect(periodBuckets(after, before, 'day')).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
    ]);
    expect(periodBuckets(after, new Date('2025-03-18T00:00:00+03:00'), 'week')).toEqual([
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(periodBuckets(new Date('2025-01-31T00:00:00+03:00'), before, 'month')).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
  });
});

describe('theme dashboard reads', () => {
  it('mood-table: verified live messages of the theme in the period (rollup)', async () => {
    const body = await get<DashboardMoodTableResponse>(`${V2}/${theme.Выборы}/mood-table/?${PERIOD}`);
    expect(body.mood_table[1]).toEqual({
      message_count: 1,
      lom_count: 1,
      total_si: 10,
      total_views: 100,
      subscribers: 1000,
    });
    expect(body.mood_table[2].message_count).toBe(1);
    expect(body.mood_table[3]).toMatchObject({ message_count: 1, total_si: 20, subscribers: 500 });
    expect(body.mood_table[4].message_count).toBe(0);
    expect(body.mood_table[6]).toMatchObject({ message_count: 1, total_si: 2 });
    expect(body.total).toEqual({
      message_count: 4,
      lom_count: 3,
      total_si: 37,
      total_views: 370,
      subscribers: 1800,
    });
  });

  it('mood-table: a period bound inside a day reads messages and agrees', async () => {
    const body = await get<DashboardMoodTableResponse>(
      `${V2}/${theme.Выборы}/mood-table/?wrote_at_after=2025-03-10&wrote_at_before=2025-03-14T23:59:59.999`,
    );
    expect(body.total).toEqual({
      message_count: 4,
      lom_count: 3,
      total_si: 37,
      total_views: 370,
      subscribers: 1800,
    });
    const cut = await get<DashboardMoodTableResponse>(
      `${V2}/${theme.Выборы}/mood-table/?wrote_at_after=2025-03-10&wrote_at_before=2025-03-12T11:00:00`,
    );
    expect(cut.total.message_count).toBe(1);
  });

  it('mood-table: pool 4 keeps regional loms only', async () => {
    const body = await get<DashboardMoodTableResponse>(`${V2}/${theme.Выборы}/mood-table/?${PERIOD}&pool=4`);
    expect(body.total).toMatchObject({ message_count: 2, lom_count: 1, total_si: 15 });
  });

  it('graph-stats: buckets filled with zeros, by day, week and month', async () => {
    const days = await get<DashboardGraphResponse>(`${V2}/${theme.Выборы}/graph-stats/?${PERIOD}`);
    expect(days.map((d) => d.date)).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
    ]);
    expect(days[1]).toEqual({
      date: '2025-03-11',
      message_count: 0,
      total_si: 0,
      moods: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 },
    });
    expect(days[2]).toEqual({
      date: '2025-03-12',
      message_count: 2,
      total_si: 25,
      moods: { 1: 0, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0 },
    });
    // The unverified message of the 13th is not counted, as in the mood table.
    expect(days[3].message_count).toBe(0);
    const weeks = await get<DashboardGraphResponse>(
      `${V2}/${theme.Выборы}/graph-stats/?${PERIOD}&range_step=week`,
    );
    expect(weeks).toEqual([
      { date: '2025-03-10', message_count: 4, total_si: 37, moods: { 1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 1 } },
    ]);
    const months = await get<DashboardGraphResponse>(
      `${V2}/${theme.Выборы}/graph-stats/?${PERIOD}&range_step=month`,
    );
    expect(months.map((m) => [m.date, m.message_count])).toEqual([['2025-03-01', 4]]);
  });

  it('graph-stats: the default period is the last six months up to today', async () => {
    const body = await get<DashboardGraphResponse>(`${V2}/${theme.Выборы}/graph-stats/?range_step=month`);
    expect(body.length).toBe(7);
    expect(body.every((p) => p.message_count === 0)).toBe(true);
  });

  it('loms/: every lom that wrote in the period, by -total_si, with its list', async () => {
    const body = await get<ListEnvelope<DashboardLomItem>>(`${V2}/${theme.Выборы}/loms/?${PERIOD}`);
    expect(body.results.map((r) => r.name)).toEqual(['Борис', 'Анна', 'Вера']);
    expect(body.elements_count).toBe(3);
    expect(body.results[0]).toEqual({
      id: lom.Борис,
      name: 'Борис',
      avatar: null,
      subscribers: 500,
      message_count: 2,
      total_si: 21,
      total_views: 210,
      moods: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0 },
      dominant_mood: 3,
      tonality: null,
    });
    const page2 = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/${theme.Выборы}/loms/?${PERIOD}&page=2&page_size=2`,
    );
    expect(page2.results.map((r) => r.name)).toEqual(['Вера']);
    expect(page2).toMatchObject({ page: 2, last_page: 2, elements_count: 3 });
    const search = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/${theme.Выборы}/loms/?${PERIOD}&search=анн`,
    );
    expect(search.results.map((r) => r.name)).toEqual(['Анна']);
    const moods = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/${theme.Выборы}/loms/?${PERIOD}&mood_in=3`,
    );
    expect(moods.results.map((r) => [r.name, r.message_count])).toEqual([['Борис', 2]]);
  });

  it('answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      [`${V2}/${theme.Выборы}/mood-table/?pool=2`, 'pool'],
      [`${V2}/${theme.Выборы}/graph-stats/?range_step=year`, 'range_step'],
      [`${V2}/${theme.Выборы}/mood-table/?wrote_at_after=вчера`, 'wrote_at_after'],
      [
        `${V2}/${theme.Выборы}/mood-table/?wrote_at_after=2025-03-10&wrote_at_before=2025-03-01`,
        'wrote_at_after',
      ],
      [`${V2}/${theme.Выборы}/positive/?page_size=1000`, 'page_size'],
      [`${V2}/abc/mood-table/`, 'id'],
    ];
    for (const [url, field] of cases) {
      const res = await editor.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
  });

  it('answers 404, 401 and 403', async () => {
    const missing = await editor.get(`${V2}/999999/mood-table/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тема не найдена');
    expect((await t.anonymous.get(`${V2}/${theme.Выборы}/mood-table/`)).statusCode).toBe(401);
    for (const user of [viewer, service]) {
      const res = await user.get(`${V2}/${theme.Выборы}/graph-stats/`);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('theme dashboard constant loms', () => {
  const add = (loms: number[], tonality: number, id = theme.Выборы, user = editor) =>
    user.post(`${V2}/${id}/add-loms-arr/`, { loms, tonality });

  it('add-loms-arr/ puts loms into lists, moves them, and logs', async () => {
    const res = await add([lom.Анна, lom.Глеб], 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ positive: 2, negative: 0, neutral: 0, total: 2 });
    const moved = await add([lom.Глеб, lom.Борис], 2);
    expect(moved.json()).toEqual({ positive: 1, negative: 2, neutral: 0, total: 3 });
    const log = await t.database.db
      .select()
      .from(userActions)
      .where(like(userActions.action, 'theme_dashboard.%'))
      .orderBy(desc(userActions.id));
    expect(log.slice(0, 2).map((row) => [row.action, row.lomId, row.type, row.themeId])).toEqual(
      expect.arrayContaining([
        ['theme_dashboard.move_lom', lom.Глеб, 4, theme.Выборы],
        ['theme_dashboard.add_lom', lom.Борис, 4, theme.Выборы],
      ]),
    );
    expect(await get<DashboardLomCount>(`${V2}/${theme.Выборы}/constant-lom-count/`)).toEqual({
      positive: 1,
      negative: 2,
      neutral: 0,
      total: 3,
    });
  });

  it('{type}/: the list with its period stats, constant loms without messages included', async () => {
    const positive = await get<ListEnvelope<DashboardLomItem>>(`${V2}/${theme.Выборы}/positive/?${PERIOD}`);
    expect(positive.results).toEqual([
      {
        id: lom.Анна,
        name: 'Анна',
        avatar: 'anna.png',
        subscribers: 1000,
        message_count: 2,
        total_si: 15,
        total_views: 150,
        moods: { 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0 },
        dominant_mood: null,
        tonality: 1,
      },
    ]);
    const negative = await get<ListEnvelope<DashboardLomItem>>(`${V2}/${theme.Выборы}/negative/?${PERIOD}`);
    expect(negative.results.map((r) => [r.name, r.message_count, r.tonality])).toEqual([
      ['Борис', 2, 2],
      ['Глеб', 0, 2],
    ]);
    expect(negative.elements_count).toBe(2);
    const neutral = await get<ListEnvelope<DashboardLomItem>>(`${V2}/${theme.Выборы}/neutral/?${PERIOD}`);
    expect(neutral).toMatchObject({ results: [], elements_count: 0, last_page: 1 });
    const writers = await get<ListEnvelope<DashboardLomItem>>(`${V2}/${theme.Выборы}/loms/?${PERIOD}`);
    expect(writers.results.map((r) => [r.name, r.tonality])).toEqual([
      ['Борис', 2],
      ['Анна', 1],
      ['Вера', null],
    ]);
  });

  it('pool 1 keeps the constant loms only', async () => {
    const table = await get<DashboardMoodTableResponse>(`${V2}/${theme.Выборы}/mood-table/?${PERIOD}&pool=1`);
    expect(table.total).toMatchObject({ message_count: 3, lom_count: 2, total_si: 35 });
    const graph = await get<DashboardGraphResponse>(
      `${V2}/${theme.Выборы}/graph-stats/?${PERIOD}&pool=1&range_step=week`,
    );
    expect(graph[0].message_count).toBe(3);
  });

  it('all-available-loms/: loms not yet constant, not archived, by name', async () => {
    const body = await get<ListEnvelope<{ id: number; name: string }>>(
      `${V2}/${theme.Выборы}/all-available-loms/`,
    );
    expect(body.results.map((r) => r.name)).toEqual(['Вера']);
    const search = await get<ListEnvelope<{ id: number }>>(
      `${V2}/${theme.Спорт}/all-available-loms/?search_lom=бор&page_size=5`,
    );
    expect(search.results).toEqual([{ id: lom.Борис, name: 'Борис', avatar: null }]);
  });

  it('copy-loms/ copies the lists of another theme', async () => {
    const res = await editor.post(`${V2}/${theme.Спорт}/copy-loms/`, { theme: theme.Выборы });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ positive: 1, negative: 2, neutral: 0, total: 3, copied: 3 });
    const again = await editor.post(`${V2}/${theme.Спорт}/copy-loms/`, { theme: theme.Выборы });
    expect(again.json().copied).toBe(0);
  });

  it('remove-loms-arr/ takes loms out (body or query)', async () => {
    const res = await editor.delete(`${V2}/${theme.Спорт}/remove-loms-arr/`, { loms: [lom.Глеб] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ positive: 1, negative: 1, neutral: 0, total: 2 });
    const byQuery = await editor.delete(
      `${V2}/${theme.Спорт}/remove-loms-arr/?loms=${lom.Анна},${lom.Борис}`,
    );
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(byQuery.json()).toEqual({ positive: 0, negative: 0, neutral: 0, total: 0 });
  });

  it('writes answer 400 naming the field, 404, 401, 403', async () => {
    const unknown = await add([lom.Анна, 999999], 1);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'loms' });
    expect(unknown.json().message).toContain('999999');
    expect((await add([lom.Анна], 5)).json().field).toBe('tonality');
    expect((await add([], 1)).json().field).toBe('loms');
    const noLoms = await editor.delete(`${V2}/${theme.Выборы}/remove-loms-arr/`, {});
    expect(noLoms.statusCode).toBe(400);
    expect(noLoms.json().field).toBe('loms');
    const copyUnknown = await editor.post(`${V2}/${theme.Спорт}/copy-loms/`, { theme: 999999 });
    expect(copyUnknown.statusCode).toBe(400);
    expect(copyUnknown.json().field).toBe('theme');
    expect((await add([lom.Анна], 1, 999999)).statusCode).toBe(404);
    const anonymous = await t.anonymous.post(`${V2}/${theme.Выборы}/add-loms-arr/`, {
      loms: [lom.Анна],
      tonality: 1,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await add([lom.Вера], 1, theme.Выборы, extended)).statusCode).toBe(403);
    // Nothing changed by the refused calls.
    expect(await get<DashboardLomCount>(`${V2}/${theme.Выборы}/constant-lom-count/`)).toEqual({
      positive: 1,
      negative: 2,
      neutral: 0,
      total: 3,
    });
  });
});

describe('pinned themes', () => {
  it('pins, lists with period sums, offers in the picker, unpins', async () => {
    const pin = await editor.post(`${V2}/themes/`, { theme: theme.Выборы });
    expect(pin.statusCode, pin.body).toBe(201);
    expect(pin.json()).toEqual({ id: theme.Выборы, name: 'Выборы', position: 0 });
    const again = await editor.post(`${V2}/themes/`, { theme: theme.Выборы });
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('theme');
    expect((await editor.post(`${V2}/themes/`, { theme: 999999 })).json().field).toBe('theme');
    expect((await editor.post(`${V2}/themes/`, { theme: theme.Старая })).statusCode).toBe(400);
    expect((await editor.post(`${V2}/themes/`, { theme: 'x' })).json().field).toBe('theme');
    expect((await extended.post(`${V2}/themes/`, { theme: theme.Спорт })).statusCode).toBe(403);

    const list = await get<DashboardPinnedTheme[]>(`${V2}/themes/?${PERIOD}`, extended);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: theme.Выборы,
      message_count: 4,
      total_si: 37,
      constant_lom_count: 3,
    });
    expect(list[0].mood_table[1]).toEqual({
      message_count: 1,
      lom_count: 1,
      total_si: 10,
      total_views: 100,
      subscribers: 1000,
    });

    const choices = await get<DashboardThemeChoice[]>(`${V2}/themes-dashboards/`);
    expect(choices).toEqual([{ id: theme.Выборы, name: 'Выборы', constant_lom_count: 3, pinned: true }]);

    const unpin = await editor.delete(`${V2}/themes/${theme.Выборы}/`);
    expect(unpin.statusCode).toBe(204);
    const twice = await editor.delete(`${V2}/themes/${theme.Выборы}/`);
    expect(twice.statusCode).toBe(404);
    expect((await t.anonymous.get(`${V2}/themes/`)).statusCode).toBe(401);
    expect((await viewer.get(`${V2}/themes/`)).statusCode).toBe(403);
    expect(await get<DashboardPinnedTheme[]>(`${V2}/themes/`)).toEqual([]);
  });
});

describe('personal theme dashboard', () => {
  it('reads the messages of the saved filters, in the dashboard period', async () => {
    const table = await get<DashboardMoodTableResponse>(`${V2}/personal/${personal}/mood-table/?${PERIOD}`);
    expect(table.total).toMatchObject({ message_count: 2, lom_count: 1, total_si: 15 });
    const graph = await get<DashboardGraphResponse>(`${V2}/personal/${personal}/graph-stats/?${PERIOD}`);
    expect(graph.map((p) => p.message_count)).toEqual([1, 0, 1, 0, 0]);
    const writers = await get<ListEnvelope<DashboardLomItem>>(`${V2}/personal/${personal}/loms/?${PERIOD}`);
    expect(writers.results.map((r) => [r.name, r.message_count])).toEqual([['Анна', 2]]);
  });

  it('has its own constant loms, copied only from the owner’s personal themes', async () => {
    const add = await editor.post(`${V2}/personal/${personal}/add-loms-arr/`, {
      loms: [lom.Анна],
      tonality: 3,
    });
    expect(add.json()).toEqual({ positive: 0, negative: 0, neutral: 1, total: 1 });
    const neutral = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/personal/${personal}/neutral/?${PERIOD}`,
    );
    expect(neutral.results.map((r) => [r.name, r.message_count, r.tonality])).toEqual([['Анна', 2, 3]]);
    const copy = await editor.post(`${V2}/personal/${personalOther}/copy-loms/`, { theme: personal });
    expect(copy.json()).toMatchObject({ neutral: 1, copied: 1 });
    const foreign = await editor.post(`${V2}/personal/${personalOther}/copy-loms/`, {
      theme: foreignPersonal,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('theme');
    const [entry] = await t.database.db
      .select()
      .from(userActions)
      .where(like(userActions.action, 'personal_dashboard.%'))
      .orderBy(desc(userActions.id))
      .limit(1);
    expect(entry).toMatchObject({ type: 10, action: 'personal_dashboard.copy_lom', lomId: lom.Анна });
  });

  it('is its owner’s alone: 404 for others, 401, 403', async () => {
    const other = await extended.get(`${V2}/personal/${personal}/mood-table/`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Личная тема не найдена');
    const otherWrite = await extended.post(`${V2}/personal/${personal}/add-loms-arr/`, {
      loms: [lom.Вера],
      tonality: 1,
    });
    expect(otherWrite.statusCode).toBe(404);
    expect((await t.anonymous.get(`${V2}/personal/${personal}/loms/`)).statusCode).toBe(401);
    const viewerRes = await viewer.get(`${V2}/personal/${personal}/loms/`);
    expect(viewerRes.statusCode).toBe(403);
    const bad = await editor.get(`${V2}/personal/${personal}/graph-stats/?pool=3`);
    expect(bad.json().field).toBe('pool');
  });
});

describe('rubric dashboard', () => {
  it('mood-table and its constant-loms and regional-loms variants', async () => {
    const table = await get<DashboardMoodTableResponse>(
      `${V2}/rubrics/${rubric}/mood-table/?${PERIOD}`,
      viewer,
    );
    expect(table.total).toMatchObject({ message_count: 2, lom_count: 2, total_si: 30 });
    const constant = await get<DashboardMoodTableResponse>(
      `${V2}/rubrics/${rubric}/mood-table-constant-loms/?${PERIOD}`,
      viewer,
    );
    expect(constant.total.message_count).toBe(2);
    const regional = await get<DashboardMoodTableResponse>(
      `${V2}/rubrics/${rubric}/mood-table-regional-loms/?${PERIOD}`,
      viewer,
    );
    expect(regional.total).toMatchObject({ message_count: 1, total_si: 10 });
    const graph = await get<DashboardGraphResponse>(
      `${V2}/rubrics/${rubric}/graph-stats-regional-loms/?${PERIOD}&range_step=week`,
      viewer,
    );
    expect(graph).toEqual([
      { date: '2025-03-10', message_count: 1, total_si: 10, moods: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } },
    ]);
    const constGraph = await get<DashboardGraphResponse>(
      `${V2}/rubrics/${rubric}/graph-stats-constant-loms/?${PERIOD}`,
      viewer,
    );
    expect(constGraph.reduce((sum, p) => sum + p.message_count, 0)).toBe(2);
  });

  it('lists the rubric loms by their dominant mood', async () => {
    const positive = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/rubrics/${rubric}/positive/?${PERIOD}`,
      viewer,
    );
    expect(positive.results.map((r) => [r.name, r.dominant_mood, r.tonality])).toEqual([['Анна', 1, 1]]);
    const neutral = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/rubrics/${rubric}/neutral/?${PERIOD}`,
      viewer,
    );
    expect(neutral.results.map((r) => r.name)).toEqual(['Борис']);
    const onlyNeutralMoods = await get<ListEnvelope<DashboardLomItem>>(
      `${V2}/rubrics/${rubric}/positive/?${PERIOD}&message__moods=3`,
      viewer,
    );
    expect(onlyNeutralMoods.results).toEqual([]);
    expect(
      await get<DashboardLomCount>(`${V2}/rubrics/${rubric}/constant-lom-count/?${PERIOD}`, viewer),
    ).toEqual({
      positive: 1,
      negative: 0,
      neutral: 1,
      total: 2,
    });
    const empty = await get<DashboardLomCount>(`${V2}/rubrics/${emptyRubric}/constant-lom-count/`, viewer);
    expect(empty.total).toBe(0);
  });

  it('answers 404, 401, 403 and has no writes', async () => {
    const missing = await viewer.get(`${V2}/rubrics/999999/mood-table/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Рубрика не найдена');
    expect((await t.anonymous.get(`${V2}/rubrics/${rubric}/mood-table/`)).statusCode).toBe(401);
    const forbidden = await service.get(`${V2}/rubrics/${rubric}/mood-table/`);
    expect(forbidden.statusCode).toBe(403);
    const write = await editor.post(`${V2}/rubrics/${rubric}/add-loms-arr/`, {
      loms: [lom.Анна],
      tonality: 1,
    });
    expect(write.statusCode).toBe(404);
  });
});

describe('report downloads', () => {
  it('estimation counts the live messages of the dashboard in the period', async () => {
    const theme1 = await get<ReportEstimation>(`${V2}/${theme.Выборы}/get-report-estimation/?${PERIOD}`);
    expect(theme1).toMatchObject({
      messages_number: 5,
      included_number: 5,
      format: 'xlsx',
      exceeds_limit: false,
    });
    const rubric1 = await get<ReportEstimation>(
      `${V2}/rubrics/${rubric}/get-report-estimation/?${PERIOD}`,
      viewer,
    );
    expect(rubric1.messages_number).toBe(2);
    const personal1 = await get<ReportEstimation>(
      `${V2}/personal/${personal}/get-report-estimation/?${PERIOD}`,
    );
    expect(personal1.messages_number).toBe(2);
  });

  it('get-report answers an Excel file', async () => {
    const res = await editor.get(`${V2}/${theme.Выборы}/get-report/?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-report-rows']).toBe('5');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers 400, 404, 401, 403', async () => {
    const bad = await editor.get(`${V2}/${theme.Выборы}/get-report/?wrote_at_before=завтра`);
    expect(bad.json().field).toBe('wrote_at_before');
    const missing = await editor.get(`${V2}/999999/get-report/`);
    expect(missing.statusCode).toBe(404);
    expect((await t.anonymous.get(`${V2}/${theme.Выборы}/get-report/`)).statusCode).toBe(401);
    const forbidden = await viewer.get(`${V2}/${theme.Выборы}/get-report-estimation/`);
    expect(forbidden.statusCode).toBe(403);
  });
});
