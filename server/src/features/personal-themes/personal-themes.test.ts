import { apiPath, PERSONAL_THEME_PATHS, PROFILE_LIST_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  favouriteInfoReasons,
  favouriteThemes,
  personalThemeLoms,
  personalThemes,
  userActions,
} from '../../db/schema/index.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let viewer: UserCaller;
let other: UserCaller;
let nobody: UserCaller;
let lomSelection: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 4 });
  nobody = await kit.caller({ role: 0 });
  lomSelection = await kit.caller({ role: 102 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

function expectBad(
  res: { statusCode: number; body: string; json: () => { field?: string; message: string } },
  field: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
}

let day = 0;
/** A personal theme saved on its own day, so "newest first" is certain. */
async function savedTheme(userId: number, name: string, values: { type?: number; filters?: object } = {}) {
  day += 1;
  const [row] = await db()
    .insert(personalThemes)
    .values({
      userId,
      name,
      type: values.type ?? 1,
      filters: values.filters ?? {},
      createdAt: new Date(Date.UTC(2025, 0, day)),
      updatedAt: new Date(Date.UTC(2025, 0, day)),
    })
    .returning();
  return row;
}

async function themeRow(id: number) {
  const [row] = await db().select().from(personalThemes).where(eq(personalThemes.id, id));
  return row;
}

async function actionsOf(action: string) {
  return db().select().from(userActions).where(eq(userActions.action, action)).orderBy(userActions.id);
}

const idsOf = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

describe('GET personal-themes/', () => {
  it("lists the caller's own themes with their filters, newest first, narrowed by type_in", async () => {
    const a = await savedTheme(viewer.user.id, 'Список А', { filters: { mood_in: '1,2', search: 'школа' } });
    const b = await savedTheme(viewer.user.id, 'Список Б', { type: 2 });
    await savedTheme(other.user.id, 'Чужая тема');
    const res = await viewer.get(PERSONAL_THEME_PATHS.list);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          id: b.id,
          name: 'Список Б',
          type: 2,
          filters: {},
          created_at: b.createdAt.toISOString(),
          updated_at: b.updatedAt.toISOString(),
        },
        {
          id: a.id,
          name: 'Список А',
          type: 1,
          filters: { mood_in: '1,2', search: 'школа' },
          created_at: a.createdAt.toISOString(),
          updated_at: a.updatedAt.toISOString(),
        },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    expect(idsOf((await viewer.get(`${PERSONAL_THEME_PATHS.list}?type_in=1`)).json())).toEqual([a.id]);
    expect(
      idsOf((await viewer.get(`${PERSONAL_THEME_PATHS.list}?type_in=1,2&page_size=1&page=2`)).json()),
    ).toEqual([a.id]);
    // The other user sees only his.
    const theirs = (await other.get(PERSONAL_THEME_PATHS.list)).json();
    expect(theirs.results.map((item: { name: string }) => item.name)).toEqual(['Чужая тема']);
  });

  it('shows a theme saved by messages/save_personal_theme/, named "без имени" when the name is blank', async () => {
    const saved = await other.post(PERSONAL_THEME_PATHS.create, {
      name: '  ',
      filter: { lom_in: '5' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const list = (await other.get(PERSONAL_THEME_PATHS.list)).json();
    expect(list.results[0]).toMatchObject({
      id: saved.json().id,
      name: 'без имени',
      type: 1,
      filters: { lom_in: '5' },
    });
  });

  it('answers 400 naming the field, 401 without a token, 403 without the permissions', async () => {
    expectBad(await viewer.get(`${PERSONAL_THEME_PATHS.list}?type_in=x`), 'type_in');
    expectBad(await viewer.get(`${PERSONAL_THEME_PATHS.list}?page=0`), 'page');
    expect((await kit.anonymous.get(PERSONAL_THEME_PATHS.list)).statusCode).toBe(401);
    expect((await nobody.get(PERSONAL_THEME_PATHS.list)).statusCode).toBe(403);
    expect((await lomSelection.get(PERSONAL_THEME_PATHS.list)).statusCode).toBe(403);
  });
});

describe('PATCH personal-themes/{id}/', () => {
  it('changes name and filters as sent, stamps updated_at and logs old and new', async () => {
    const theme = await savedTheme(viewer.user.id, 'До правки', { filters: { mood_in: '1' } });
    const url = apiPath(PERSONAL_THEME_PATHS.detail, { id: theme.id });
    const res = await viewer.patch(url, {
      name: '  После правки ',
      filters: { mood_in: [2, 3], archived: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await themeRow(theme.id);
    expect(row).toMatchObject({
      name: 'После правки',
      type: 1,
      filters: { mood_in: [2, 3], archived: false },
    });
    expect(row.updatedAt.getTime()).toBeGreaterThan(theme.updatedAt.getTime());
    expect(res.json()).toEqual({
      id: theme.id,
      name: 'После правки',
      type: 1,
      filters: { mood_in: [2, 3], archived: false },
      created_at: theme.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    });
    const [log] = await actionsOf('personal_theme.update');
    expect(log).toMatchObject({
      userId: viewer.user.id,
      type: 4,
      oldValue: { name: 'До правки', filters: { mood_in: '1' } },
      newValue: { name: 'После правки', filters: { mood_in: [2, 3], archived: false } },
    });

    // Only the name: the filters stay; an empty name reads "без имени".
    const renamed = await viewer.patch(url, { name: ' ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await themeRow(theme.id)).toMatchObject({
      name: 'без имени',
      filters: { mood_in: [2, 3], archived: false },
    });
    // `filter` is taken as `filters`, `type` changes too.
    await viewer.patch(url, { filter: { lom_in: '7' }, type: 2 });
    expect(await themeRow(theme.id)).toMatchObject({ name: 'без имени', type: 2, filters: { lom_in: '7' } });
  });

  it('answers 400 naming the field for filters that are not an object and for bad input', async () => {
    const theme = await savedTheme(viewer.user.id, 'Неизменная', { filters: { mood_in: '1' } });
    const url = apiPath(PERSONAL_THEME_PATHS.detail, { id: theme.id });
    expectBad(await viewer.patch(url, { filters: [1, 2] }), 'filters');
    expectBad(await viewer.patch(url, { filters: 'mood_in=1' }), 'filters');
    expectBad(await viewer.patch(url, { filters: null }), 'filters');
    expectBad(await viewer.patch(url, { name: 5 }), 'name');
    expectBad(await viewer.patch(url, { name: 'x'.repeat(201) }), 'name');
    expectBad(await viewer.patch(url, { type: 0 }), 'type');
    expectBad(await viewer.patch(url, { colour: 'red' }), 'colour');
    expect((await viewer.patch(url, {})).statusCode).toBe(400);
    expectBad(await viewer.patch('/api/v1/personal-themes/abc/', { name: 'x' }), 'id');
    expect(await themeRow(theme.id)).toMatchObject({ name: 'Неизменная', filters: { mood_in: '1' } });
  });

  it("answers 404 for another user's theme and an unknown one, 401 and 403", async () => {
    const theirs = await savedTheme(other.user.id, 'Чужая неизменная');
    const url = apiPath(PERSONAL_THEME_PATHS.detail, { id: theirs.id });
    const res = await viewer.patch(url, { name: 'Захват' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/не найдена/);
    expect(
      (await viewer.patch(apiPath(PERSONAL_THEME_PATHS.detail, { id: 999_999 }), { name: 'Нет' })).statusCode,
    ).toBe(404);
    expect((await kit.anonymous.patch(url, { name: 'Гость' })).statusCode).toBe(401);
    expect((await lomSelection.patch(url, { name: 'Подбор' })).statusCode).toBe(403);
    expect((await themeRow(theirs.id)).name).toBe('Чужая неизменная');
  });
});

describe('DELETE personal-themes/{id}/', () => {
  it("deletes one's own theme with its dashboard loms; another user's answers 404", async () => {
    const mine = await savedTheme(viewer.user.id, 'Удаляемая');
    const theirs = await savedTheme(other.user.id, 'Чужая удаляемая');
    const lom = await buildLom(db());
    await db().insert(personalThemeLoms).values({ personalThemeId: mine.id, lomId: lom.id, tonality: 1 });

    const url = apiPath(PERSONAL_THEME_PATHS.detail, { id: mine.id });

    expect((await viewer.delete(apiPath(PERSONAL_THEME_PATHS.detail, { id: theirs.id }))).statusCode).toBe(
      404,
    );
    expect((await kit.anonymous.delete(url)).statusCode).toBe(401);
    expect((await nobody.delete(url)).statusCode).toBe(403);
    expectBad(await viewer.delete('/api/v1/personal-themes/0/'), 'id');

    const res = await viewer.delete(url);
    expect(res.statusCode, res.body).toBe(204);
    expect(await themeRow(mine.id)).toBeUndefined();
    expect(
      await db().select().from(personalThemeLoms).where(eq(personalThemeLoms.personalThemeId, mine.id)),
    ).toHaveLength(0);
    expect((await themeRow(theirs.id)).name).toBe('Чужая удаляемая');
    const [log] = await actionsOf('personal_theme.delete');
    expect(log).toMatchObject({
      userId: viewer.user.id,
      type: 4,
      oldValue: { id: mine.id, name: 'Удаляемая' },
    });
    expect((await viewer.delete(url)).statusCode).toBe(404);
  });
});

describe('GET profile/ lists', () => {
  it("lists the caller's personal themes as cards: id, name, type", async () => {
    const user = await kit.caller({ role: 3 });
    const a = await savedTheme(user.user.id, 'Карточка А', { filters: { mood_in: '1' } });
    const b = await savedTheme(user.user.id, 'Карточка Б', { type: 3 });
    await savedTheme(other.user.id, 'Чужая карточка');
    const res = await user.get(PROFILE_LIST_PATHS.personalThemes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: b.id, name: 'Карточка Б', type: 3, created_at: b.createdAt.toISOString() },
        { id: a.id, name: 'Карточка А', type: 1, created_at: a.createdAt.toISOString() },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    const paged = (await user.get(`${PROFILE_LIST_PATHS.personalThemes}?page_size=1`)).json();
    expect(paged).toMatchObject({ last_page: 2, elements_count: 2, next_pages_available: 1 });
    expect(idsOf(paged)).toEqual([b.id]);
  });

  it('lists the themes the caller starred, last starred first', async () => {
    const user = await kit.caller({ role: 3 });
    const t1 = await buildTheme(db(), { name: 'Избранная первая' });
    const t2 = await buildTheme(db(), { name: 'Избранная вторая', archived: true });
    const t3 = await buildTheme(db(), { name: 'Чужая избранная' });
    await db()
      .insert(favouriteThemes)
      .values([
        { userId: user.user.id, themeId: t1.id, createdAt: new Date('2025-02-01T00:00:00Z') },
        { userId: user.user.id, themeId: t2.id, createdAt: new Date('2025-02-02T00:00:00Z') },
        { userId: other.user.id, themeId: t3.id },
      ]);
    const res = await user.get(PROFILE_LIST_PATHS.favouriteThemes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: t2.id, name: 'Избранная вторая', active: true, archived: true },
        { id: t1.id, name: 'Избранная первая', active: true, archived: false },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    const found = (
      await user.get(`${PROFILE_LIST_PATHS.favouriteThemes}?search=${encodeURIComponent('ПЕРВАЯ')}`)
    ).json();
    expect(idsOf(found)).toEqual([t1.id]);
  });

  it('lists the info reasons the caller starred with their theme', async () => {
    const user = await kit.caller({ role: 3 });
    const theme = await buildTheme(db(), { name: 'Тема инфоповода' });
    const r1 = await buildInfoReason(db(), { name: 'Инфоповод с темой', themeId: theme.id });
    const r2 = await buildInfoReason(db(), { name: 'Инфоповод без темы' });
    const r3 = await buildInfoReason(db(), { name: 'Чужой инфоповод' });
    await db()
      .insert(favouriteInfoReasons)
      .values([
        { userId: user.user.id, infoReasonId: r1.id, createdAt: new Date('2025-02-01T00:00:00Z') },
        { userId: user.user.id, infoReasonId: r2.id, createdAt: new Date('2025-02-02T00:00:00Z') },
        { userId: other.user.id, infoReasonId: r3.id },
      ]);
    const res = await user.get(PROFILE_LIST_PATHS.favouriteInfoReasons);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: r2.id, name: 'Инфоповод без темы', theme: null },
        { id: r1.id, name: 'Инфоповод с темой', theme: { id: theme.id, name: 'Тема инфоповода' } },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
  });

  it('answers 400 naming the field, 401 without a token, 403 without PROFILE', async () => {
    for (const url of Object.values(PROFILE_LIST_PATHS)) {
      expectBad(await viewer.get(`${url}?page_size=0`), 'page_size');
      expect((await kit.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await nobody.get(url)).statusCode, url).toBe(403);
      expect((await lomSelection.get(url)).statusCode, url).toBe(403);
    }
    expectBad(await viewer.get(`${PROFILE_LIST_PATHS.personalThemes}?type_in=a`), 'type_in');
  });
});
