import { apiPath, THEME_RELATION_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loms } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
let admin: Caller;
let outsider: Caller;
const ids = {} as Record<'alpha' | 'beta' | 'lomA' | 'lomB' | 'lomC' | 'vk' | 'tg', number>;

const MARCH = 'wrote_at_after=2025-03-01&wrote_at_before=2025-03-31';
const MISSING = 999_999;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  admin = await kit.caller({ role: 102, extraPermissions: ['view_theme_admin'] });
  outsider = await kit.caller({ role: 102 });

  const lomA = await buildLom(db, { name: 'ЛОМ Анна' });
  const lomB = await buildLom(db, { name: 'ЛОМ Борис' });
  const lomC = await buildLom(db, { name: 'ЛОМ Вера' });
  const vk = await buildSource(db, { name: 'ВКонтакте', icon: 'vk.svg' });
  const tg = await buildSource(db, { name: 'Телеграм', icon: 'tg.svg' });
  const alpha = await buildTheme(db, { name: 'Связь Альфа' });
  const beta = await buildTheme(db, { name: 'Связь Бета' });
  Object.assign(ids, {
    alpha: alpha.id,
    beta: beta.id,
    lomA: lomA.id,
    lomB: lomB.id,
    lomC: lomC.id,
    vk: vk.id,
    tg: tg.id,
  });

  const at = (day: string) => new Date(`2025-${day}T09:00:00Z`);
  const m = (overrides: Parameters<typeof buildMessage>[1]) => buildMessage(db, overrides);
  const a = { themeId: alpha.id };
  await m({
    ...a,
    lomId: lomA.id,
    sourceId: vk.id,
    wroteAt: at('03-02'),
    si: 10,
    numberViews: 100,
    mood: 1,
    verified: true,
  });
  await m({
    ...a,
    lomId: lomA.id,
    sourceId: tg.id,
    wroteAt: at('03-02'),
    si: 20,
    numberViews: 200,
    mood: 2,
    verified: true,
  });
  await m({
    ...a,
    lomId: lomB.id,
    sourceId: vk.id,
    wroteAt: at('03-05'),
    si: 30,
    numberViews: 300,
    mood: 1,
    verified: true,
  });
  await m({ ...a, lomId: lomC.id, sourceId: vk.id, wroteAt: at('03-05'), si: 5, numberViews: 100, mood: 1 });
  // Not live, and outside the period: never counted.
  await m({
    ...a,
    lomId: lomB.id,
    sourceId: tg.id,
    wroteAt: at('03-06'),
    si: 99,
    mood: 1,
    verified: true,
    trash: true,
  });
  await m({ ...a, lomId: lomA.id, sourceId: vk.id, wroteAt: at('04-10'), si: 500 });
  const b = { themeId: beta.id, lomId: lomC.id, sourceId: vk.id };
  await m({ ...b, wroteAt: at('03-03'), si: 1 });
  await m({ ...b, wroteAt: at('03-04'), si: 2, mood: 5, verified: true });
  await rebuildAggregates(db);
  // The rebuild takes subscribers from the lom's accounts; these loms have none: set them after.
  for (const [id, subscribers] of [
    [lomA.id, 1000],
    [lomB.id, 500],
    [lomC.id, 70],
  ]) {
    await db.update(loms).set({ subscribers }).where(eq(loms.id, id));
  }
});

afterAll(async () => {
  await kit.close();
});

async function ok(url: string, caller: Caller = viewer) {
  const res = await caller.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET theme-relation/', () => {
  it('lists the themes the loms wrote about in the period, by -message_count', async () => {
    const all = await ok(`${THEME_RELATION_PATHS.list}?${MARCH}`);
    expect(all).toMatchObject({ page: 1, last_page: 1, elements_count: 2, next_pages_available: 0 });
    expect(all.results).toEqual([
      { id: ids.alpha, name: 'Связь Альфа', message_count: 4, total_si: 65, lom_count: 3 },
      { id: ids.beta, name: 'Связь Бета', message_count: 2, total_si: 3, lom_count: 1 },
    ]);
    const ofVera = await ok(`${THEME_RELATION_PATHS.list}?${MARCH}&lom_in=${ids.lomC}`);
    expect(ofVera.results.map((r: { id: number; message_count: number }) => [r.id, r.message_count])).toEqual(
      [
        [ids.beta, 2],
        [ids.alpha, 1],
      ],
    );
    const ofBoris = await ok(`${THEME_RELATION_PATHS.list}?${MARCH}&lom_in=${ids.lomB}`);
    expect(ofBoris.results).toEqual([
      { id: ids.alpha, name: 'Связь Альфа', message_count: 1, total_si: 30, lom_count: 1 },
    ]);
  });

  it('pages, answers a page past the end with the total, and nothing outside the period', async () => {
    const second = await ok(`${THEME_RELATION_PATHS.list}?${MARCH}&page=2&page_size=1`);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 2 });
    expect(second.results.map((r: { id: number }) => r.id)).toEqual([ids.beta]);
    const past = await ok(`${THEME_RELATION_PATHS.list}?${MARCH}&page=4&page_size=1`);
    expect(past).toMatchObject({ results: [], elements_count: 2, last_page: 2 });
    const april = await ok(
      `${THEME_RELATION_PATHS.list}?wrote_at_after=2025-04-01&wrote_at_before=2025-04-30`,
    );
    expect(april.results).toEqual([
      { id: ids.alpha, name: 'Связь Альфа', message_count: 1, total_si: 500, lom_count: 1 },
    ]);
    // Without a period: the last 30 days, when nothing was written.
    expect((await ok(THEME_RELATION_PATHS.list)).elements_count).toBe(0);
  });

  it('refuses bad input naming the field and guards like the themes table', async () => {
    for (const [query, field] of [
      ['lom_in=abc', 'lom_in'],
      ['page_size=0', 'page_size'],
      ['wrote_at_after=31.03.2025', 'wrote_at_after'],
    ]) {
      const res = await viewer.get(`${THEME_RELATION_PATHS.list}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await kit.anonymous.get(THEME_RELATION_PATHS.list)).statusCode).toBe(401);
    expect((await outsider.get(THEME_RELATION_PATHS.list)).statusCode).toBe(403);
    expect((await admin.get(THEME_RELATION_PATHS.list)).statusCode).toBe(200);
  });
});

describe('GET theme-relation/{id}/', () => {
  it('answers the theme with its sums for the loms and its top loms', async () => {
    const alpha = apiPath(THEME_RELATION_PATHS.detail, { id: ids.alpha });
    expect(await ok(`${alpha}?${MARCH}`)).toEqual({
      id: ids.alpha,
      name: 'Связь Альфа',
      message_count: 4,
      total_si: 65,
      total_views: 700,
      lom_count: 3,
      loms: [
        { id: ids.lomA, name: 'ЛОМ Анна', message_count: 2, total_si: 30 },
        { id: ids.lomB, name: 'ЛОМ Борис', message_count: 1, total_si: 30 },
        { id: ids.lomC, name: 'ЛОМ Вера', message_count: 1, total_si: 5 },
      ],
    });
    const two = await ok(`${alpha}?${MARCH}&lom_in=${ids.lomB},${ids.lomC}`);
    expect(two).toMatchObject({ message_count: 2, total_si: 35, total_views: 400, lom_count: 2 });
    expect(two.loms.map((l: { id: number }) => l.id)).toEqual([ids.lomB, ids.lomC]);
    const none = await ok(
      `${apiPath(THEME_RELATION_PATHS.detail, { id: ids.beta })}?${MARCH}&lom_in=${ids.lomA}`,
    );
    expect(none).toEqual({
      id: ids.beta,
      name: 'Связь Бета',
      message_count: 0,
      total_si: 0,
      total_views: 0,
      lom_count: 0,
      loms: [],
    });
  });

  it('answers 404 for an unknown theme, 400 for a bad id, 401 and 403', async () => {
    const url = apiPath(THEME_RELATION_PATHS.detail, { id: ids.alpha });
    const missing = await viewer.get(apiPath(THEME_RELATION_PATHS.detail, { id: MISSING }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тема не найдена');
    const bad = await viewer.get('/api/v2/theme-relation/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    expect((await kit.anonymous.get(url)).statusCode).toBe(401);
    expect((await outsider.get(url)).statusCode).toBe(403);
  });
});

describe('GET theme-relation/{id}/mood-table/', () => {
  it('counts the verified live messages by mood with distinct loms and their subscribers', async () => {
    const url = apiPath(THEME_RELATION_PATHS.moodTable, { id: ids.alpha });
    const table = await ok(`${url}?${MARCH}`);
    expect(table[1]).toEqual({
      message_count: 2,
      total_si: 40,
      total_views: 400,
      lom_count: 2,
      subscribers: 1500,
    });
    expect(table[2]).toEqual({
      message_count: 1,
      total_si: 20,
      total_views: 200,
      lom_count: 1,
      subscribers: 1000,
    });
    expect(table[5]).toEqual({ message_count: 0, total_si: 0, total_views: 0, lom_count: 0, subscribers: 0 });
    const ofBoris = await ok(`${url}?${MARCH}&lom_in=${ids.lomB}`);
    expect(ofBoris[1]).toMatchObject({ message_count: 1, lom_count: 1, subscribers: 500 });
    expect(ofBoris[2].message_count).toBe(0);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const url = apiPath(THEME_RELATION_PATHS.moodTable, { id: ids.alpha });
    expect((await viewer.get(apiPath(THEME_RELATION_PATHS.moodTable, { id: MISSING }))).statusCode).toBe(404);
    const bad = await viewer.get(`${url}?lom_in=1,x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('lom_in');
    expect((await kit.anonymous.get(url)).statusCode).toBe(401);
    expect((await outsider.get(url)).statusCode).toBe(403);
  });
});

describe('GET theme-relation/{id}/source-stats/', () => {
  it('sums the live messages per source, by -message_count', async () => {
    const url = apiPath(THEME_RELATION_PATHS.sourceStats, { id: ids.alpha });
    expect(await ok(`${url}?${MARCH}`)).toEqual([
      { id: ids.vk, name: 'ВКонтакте', icon: 'vk.svg', message_count: 3, total_si: 45, total_views: 500 },
      { id: ids.tg, name: 'Телеграм', icon: 'tg.svg', message_count: 1, total_si: 20, total_views: 200 },
    ]);
    expect(await ok(`${url}?${MARCH}&lom_in=${ids.lomC}`)).toEqual([
      { id: ids.vk, name: 'ВКонтакте', icon: 'vk.svg', message_count: 1, total_si: 5, total_views: 100 },
    ]);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const url = apiPath(THEME_RELATION_PATHS.sourceStats, { id: ids.alpha });
    expect((await viewer.get(apiPath(THEME_RELATION_PATHS.sourceStats, { id: MISSING }))).statusCode).toBe(
      404,
    );
    const bad = await viewer.get(`${url}?wrote_at_before=завтра`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('wrote_at_before');
    expect((await kit.anonymous.get(url)).statusCode).toBe(401);
    expect((await outsider.get(url)).statusCode).toBe(403);
  });
});

describe('GET theme-relation/{id}/graph/', () => {
  const week = 'wrote_at_after=2025-03-01&wrote_at_before=2025-03-05';
  const zero = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };

  it('answers every day of the period, zeros filled', async () => {
    const url = apiPath(THEME_RELATION_PATHS.graph, { id: ids.alpha });
    expect(await ok(`${url}?${week}`)).toEqual([
      { day: '2025-03-01', message_count: 0, total_si: 0, moods: zero },
      { day: '2025-03-02', message_count: 2, total_si: 30, moods: { ...zero, 1: 1, 2: 1 } },
      { day: '2025-03-03', message_count: 0, total_si: 0, moods: zero },
      { day: '2025-03-04', message_count: 0, total_si: 0, moods: zero },
      { day: '2025-03-05', message_count: 2, total_si: 35, moods: { ...zero, 1: 2 } },
    ]);
    const ofBoris = await ok(`${url}?${week}&lom_in=${ids.lomB}`);
    expect(ofBoris.map((p: { message_count: number }) => p.message_count)).toEqual([0, 0, 0, 0, 1]);
  });

  it('needs both ends of a period of at most a year, in order', async () => {
    const url = apiPath(THEME_RELATION_PATHS.graph, { id: ids.alpha });
    for (const [query, field] of [
      ['wrote_at_after=2025-03-01', 'wrote_at_before'],
      ['wrote_at_before=2025-03-01', 'wrote_at_after'],
      ['wrote_at_after=2025-03-05&wrote_at_before=2025-03-01', 'wrote_at_before'],
      ['wrote_at_after=2023-03-01&wrote_at_before=2025-03-01', 'wrote_at_before'],
    ]) {
      const res = await viewer.get(`${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('answers 404, 401 and 403', async () => {
    const url = `${apiPath(THEME_RELATION_PATHS.graph, { id: ids.alpha })}?${week}`;
    expect(
      (await viewer.get(`${apiPath(THEME_RELATION_PATHS.graph, { id: MISSING })}?${week}`)).statusCode,
    ).toBe(404);
    expect((await kit.anonymous.get(url)).statusCode).toBe(401);
    expect((await outsider.get(url)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes the theme relation calls and the themes table', async () => {
    const res = await kit.anonymous.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v2/theme-relation/',
      '/api/v2/theme-relation/{id}/',
      '/api/v2/theme-relation/{id}/mood-table/',
      '/api/v2/theme-relation/{id}/source-stats/',
      '/api/v2/theme-relation/{id}/graph/',
      '/api/v2/themes/pagination_count/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
