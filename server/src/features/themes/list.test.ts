import { THEME_LIST_PATHS, type ThemeListItem } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteThemes, loms, rubricThemes } from '../../db/schema/index.ts';
import { themeListPeriod } from '../../domain/theme-period.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildRubric, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let viewer: UserCaller;
let admin: UserCaller;
let outsider: UserCaller;
const ids = {} as Record<'alpha' | 'beta' | 'gamma' | 'archived' | 'ai' | 'recent', number> & {
  lomA: number;
  lomB: number;
  lomC: number;
  rubric: number;
};

const MARCH = 'wrote_at_after=2025-03-01&wrote_at_before=2025-03-31';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  // The admin themes list: a user with only view_theme_admin among the theme permissions.
  admin = await kit.caller({ role: 102, extraPermissions: ['view_theme_admin'] });
  outsider = await kit.caller({ role: 102 });

  const lomA = await buildLom(db, { name: 'ЛОМ Анна', subscribers: 1000 });
  const lomB = await buildLom(db, { name: 'ЛОМ Борис', subscribers: 500 });
  const lomC = await buildLom(db, { name: 'ЛОМ Вера', subscribers: 70 });
  Object.assign(ids, { lomA: lomA.id, lomB: lomB.id, lomC: lomC.id });

  const alpha = await buildTheme(db, {
    name: 'Тема список Альфа',
    createdAt: new Date('2024-01-01T00:00:00Z'),
  });
  const beta = await buildTheme(db, {
    name: 'Тема список Бета',
    createdAt: new Date('2024-02-01T00:00:00Z'),
  });
  const gamma = await buildTheme(db, {
    name: 'Тема список Гамма',
    createdAt: new Date('2024-03-01T00:00:00Z'),
  });
  const archived = await buildTheme(db, { name: 'Тема список Архив', archived: true });
  const ai = await buildTheme(db, { name: 'Тема список ИИ', createdByAi: true, draft: true });
  const recent = await buildTheme(db, { name: 'Тема период' });
  Object.assign(ids, {
    alpha: alpha.id,
    beta: beta.id,
    gamma: gamma.id,
    archived: archived.id,
    ai: ai.id,
    recent: recent.id,
  });
  await buildInfoReason(db, { themeId: alpha.id });

  const march = (day: number) => new Date(`2025-03-${String(day).padStart(2, '0')}T09:00:00Z`);
  const m = (overrides: Parameters<typeof buildMessage>[1]) => buildMessage(db, overrides);
  // Alpha in March: three live (two verified), one trash, one archived; one older message.
  await m({
    themeId: alpha.id,
    lomId: lomA.id,
    wroteAt: march(2),
    si: 10,
    numberViews: 100,
    mood: 1,
    verified: true,
  });
  await m({ themeId: alpha.id, lomId: lomA.id, wroteAt: march(3), si: 20, numberViews: 200, mood: 2 });
  await m({
    themeId: alpha.id,
    lomId: lomB.id,
    wroteAt: march(4),
    si: 30,
    numberViews: 300,
    mood: 1,
    verified: true,
  });
  await m({
    themeId: alpha.id,
    lomId: lomC.id,
    wroteAt: march(5),
    si: 5,
    numberViews: 50,
    mood: 1,
    verified: true,
    trash: true,
  });
  await m({ themeId: alpha.id, lomId: lomB.id, wroteAt: march(6), si: 40, numberViews: 400, archived: true });
  await m({ themeId: alpha.id, lomId: lomC.id, wroteAt: new Date('2024-06-01T09:00:00Z'), si: 1 });
  // Outside the period by a day at each end (Moscow days).
  await m({ themeId: alpha.id, lomId: lomA.id, wroteAt: new Date('2025-02-28T20:30:00Z'), si: 1000 });
  await m({ themeId: alpha.id, lomId: lomA.id, wroteAt: new Date('2025-03-31T21:30:00Z'), si: 1000 });
  // Beta: one verified live message of Si 100.
  await m({
    themeId: beta.id,
    lomId: lomA.id,
    wroteAt: march(10),
    si: 100,
    numberViews: 7,
    mood: 3,
    verified: true,
  });
  // Archived and AI themes have a message each, so their rows are not empty.
  await m({ themeId: archived.id, lomId: lomA.id, wroteAt: march(10), si: 3 });
  await m({ themeId: ai.id, lomId: lomB.id, wroteAt: march(10), si: 4 });
  // The default period: two days ago counts, forty days ago does not.
  const now = Date.now();
  await m({ themeId: recent.id, lomId: lomA.id, wroteAt: new Date(now - 2 * DAY_MS), si: 7 });
  await m({ themeId: recent.id, lomId: lomA.id, wroteAt: new Date(now - 40 * DAY_MS), si: 9 });
  await rebuildAggregates(db);
  // The rebuild takes subscribers from the lom's accounts; these loms have none: set them after.
  for (const [id, subscribers] of [
    [lomA.id, 1000],
    [lomB.id, 500],
    [lomC.id, 70],
  ]) {
    await db.update(loms).set({ subscribers }).where(eq(loms.id, id));
  }

  await db.insert(favouriteThemes).values({ userId: viewer.user.id, themeId: gamma.id });
  const rubric = await buildRubric(db, { name: 'Рубрика списка тем' });
  ids.rubric = rubric.id;
  await db.insert(rubricThemes).values({ rubricId: rubric.id, themeId: beta.id });
});

afterAll(async () => {
  await kit.close();
});

async function list(query: string, user: Caller = viewer) {
  const res = await user.get(`${THEME_LIST_PATHS.list}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    results: ThemeListItem[];
    page: number;
    last_page: number;
    elements_count: number;
    next_pages_available: number;
  };
}

const names = (rows: ThemeListItem[]) => rows.map((row) => row.name);
const SPISOK = `search=${encodeURIComponent('Тема список')}`;

describe('GET themes/ (the themes table)', () => {
  it('sums the period from the rollup, counts medians and shares from messages, names the first lom', async () => {
    const body = await list(`${SPISOK}&${MARCH}`);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3, next_pages_available: 0 });
    // Default ordering -total_si,-is_favorite: Beta (100), Alpha (60), Gamma (0).
    expect(names(body.results)).toEqual(['Тема список Бета', 'Тема список Альфа', 'Тема список Гамма']);
    const alpha = body.results[1];
    expect(alpha).toMatchObject({
      id: ids.alpha,
      created_at: '2024-01-01T00:00:00.000Z',
      archived: false,
      created_by_ai: false,
      is_favorite: false,
      has_info_reasons: true,
      message_number: 3,
      approved_message_number: 2,
      total_si: 60,
      total_views: 600,
      lom_count: 2,
      subscribers: 1500,
      initial_lom: { id: ids.lomC, name: 'ЛОМ Вера' },
      // Five messages in the period: one trash (Si 5), three live with a mood, four not trash.
      trash: { median: 5, percentage: 20 },
      moods: { median: 20, percentage: 60 },
      not_trash: { median: 25, percentage: 80 },
    });
    expect(alpha.mood_table[1]).toEqual({
      message_count: 2,
      total_si: 40,
      total_views: 400,
      lom_count: 2,
      subscribers: 1500,
    });
    // The mood-2 message is not verified: the mood table counts verified live messages only.
    expect(alpha.mood_table[2].message_count).toBe(0);

    const gamma = body.results[2];
    expect(gamma).toMatchObject({
      is_favorite: true,
      has_info_reasons: false,
      message_number: 0,
      total_si: 0,
      lom_count: 0,
      subscribers: 0,
      initial_lom: null,
      trash: { median: null, percentage: 0 },
      moods: { median: null, percentage: 0 },
      not_trash: { median: null, percentage: 0 },
    });
    expect(gamma.mood_table[3]).toEqual({
      message_count: 0,
      total_si: 0,
      total_views: 0,
      lom_count: 0,
      subscribers: 0,
    });
  });

  it('sorts by any listed column, ties by id', async () => {
    const byFavourite = await list(`${SPISOK}&${MARCH}&ordering=-is_favorite,name`);
    expect(names(byFavourite.results)).toEqual([
      'Тема список Гамма',
      'Тема список Альфа',
      'Тема список Бета',
    ]);
    const byMessages = await list(`${SPISOK}&${MARCH}&ordering=message_number`);
    expect(byMessages.results.map((r) => r.id)).toEqual([ids.gamma, ids.beta, ids.alpha]);
    const bySubscribers = await list(`${SPISOK}&${MARCH}&ordering=-subscribers`);
    expect(bySubscribers.results.map((r) => r.id)).toEqual([ids.alpha, ids.beta, ids.gamma]);
    const byCreated = await list(`${SPISOK}&${MARCH}&ordering=-created_at`);
    expect(byCreated.results.map((r) => r.id)).toEqual([ids.gamma, ids.beta, ids.alpha]);
    const byName = await list(`${SPISOK}&${MARCH}&ordering=-name`);
    expect(names(byName.results)).toEqual(['Тема список Гамма', 'Тема список Бета', 'Тема список Альфа']);
  });

  it('filters the archived tab, the AI list, favourites, ids and rubrics', async () => {
    expect((await list(`${SPISOK}&${MARCH}&archived=true`)).results.map((r) => r.id)).toEqual([ids.archived]);
    const aiRows = (await list(`${SPISOK}&${MARCH}&ai=true`)).results;
    expect(aiRows.map((r) => r.id)).toEqual([ids.ai]);
    expect(aiRows[0]).toMatchObject({ created_by_ai: true, draft: true, message_number: 1, total_si: 4 });
    expect((await list(`${SPISOK}&is_favorite=true`)).results.map((r) => r.id)).toEqual([ids.gamma]);
    expect((await list(`${SPISOK}&is_favorite=false&ordering=id`)).results.map((r) => r.id)).toEqual([
      ids.alpha,
      ids.beta,
    ]);
    expect((await list(`id_in=${ids.beta},${ids.recent}&ordering=id`)).results.map((r) => r.id)).toEqual([
      ids.beta,
      ids.recent,
    ]);
    expect((await list(`rubric_in=${ids.rubric}`)).results.map((r) => r.id)).toEqual([ids.beta]);
    // The favourite flag is the caller's own.
    const asAdmin = await list(`id_in=${ids.gamma}`, admin);
    expect(asAdmin.results[0].is_favorite).toBe(false);
  });

  it('pages with the total, and answers an empty page past the end with the same total', async () => {
    const second = await list(`${SPISOK}&${MARCH}&page=2&page_size=2`);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 3, next_pages_available: 0 });
    expect(names(second.results)).toEqual(['Тема список Гамма']);
    const past = await list(`${SPISOK}&page=5&page_size=2`);
    expect(past).toMatchObject({ results: [], page: 5, last_page: 2, elements_count: 3 });
  });

  it('sums the last 30 days ending now when no period is sent', async () => {
    const [row] = (await list(`id_in=${ids.recent}`)).results;
    expect(row).toMatchObject({ message_number: 1, total_si: 7, lom_count: 1, subscribers: 1000 });
    expect(row.not_trash).toEqual({ median: 7, percentage: 100 });
    // The first lom is all time, not the period's.
    expect(row.initial_lom).toEqual({ id: ids.lomA, name: 'ЛОМ Анна' });
    const [whole] = (await list(`id_in=${ids.recent}&wrote_at_after=2020-01-01`)).results;
    expect(whole).toMatchObject({ message_number: 2, total_si: 16 });
  });

  it('refuses bad input naming the field', async () => {
    for (const [query, field] of [
      ['ordering=-si', 'ordering'],
      ['page_size=500', 'page_size'],
      ['page=0', 'page'],
      ['wrote_at_after=вчера', 'wrote_at_after'],
      ['archived=maybe', 'archived'],
      ['id_in=abc', 'id_in'],
    ] as const) {
      const res = await viewer.get(`${THEME_LIST_PATHS.list}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('needs a token and the themes or admin themes permission', async () => {
    expect((await kit.anonymous.get(THEME_LIST_PATHS.list)).statusCode).toBe(401);
    expect((await outsider.get(THEME_LIST_PATHS.list)).statusCode).toBe(403);
    expect((await admin.get(THEME_LIST_PATHS.list)).statusCode).toBe(200);
  });
});

describe('GET themes/pagination_count/', () => {
  it('counts the filtered themes and the last page for the page size', async () => {
    const res = await viewer.get(`${THEME_LIST_PATHS.count}?${SPISOK}&page_size=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ elements_count: 3, last_page: 2 });
    const archived = await admin.get(`${THEME_LIST_PATHS.count}?${SPISOK}&archived=true`);
    expect(archived.json()).toEqual({ elements_count: 1, last_page: 1 });
    const none = await viewer.get(`${THEME_LIST_PATHS.count}?search=${encodeURIComponent('нет такой')}`);
    expect(none.json()).toEqual({ elements_count: 0, last_page: 1 });
  });

  it('refuses bad input naming the field, and guards like the table', async () => {
    const bad = await viewer.get(`${THEME_LIST_PATHS.count}?page_size=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('page_size');
    expect((await kit.anonymous.get(THEME_LIST_PATHS.count)).statusCode).toBe(401);
    expect((await outsider.get(THEME_LIST_PATHS.count)).statusCode).toBe(403);
  });
});

describe('themeListPeriod', () => {
  it('takes the 30 Moscow days ending today by default and widens times to whole days', () => {
    const now = new Date('2026-11-23T22:30:00Z'); // 24 November in Moscow
    expect(themeListPeriod(undefined, undefined, now)).toEqual({ from: '2026-10-26', to: '2026-11-25' });
    expect(themeListPeriod(new Date('2026-11-01T10:00:00Z'), new Date('2026-11-02T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-03',
    });
    expect(themeListPeriod(new Date('2026-10-31T21:00:00Z'))).toEqual({ from: '2026-11-01', to: undefined });
  });
});
