import { apiPath, INFO_REASON_PATHS } from '@monitoring/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteInfoReasons, infoReasons, themes, userActions } from '../../db/schema/index.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

interface Item {
  id: number;
  name: string;
  theme: { id: number; name: string; approved: boolean } | null;
  is_favorite: boolean;
  message_count: number;
  actual_mood: number | null;
  complete: boolean | null;
  [field: string]: unknown;
}
interface Page {
  results: Item[];
  page: number;
  last_page: number;
  elements_count: number;
  next_pages_available: number;
}

let kit: Kit;
let viewer: UserCaller;
let editor: UserCaller;
let chief: UserCaller;
let lomSelection: UserCaller;
let infoReasonAdmin: UserCaller;
let swapOnly: UserCaller;
let unboundOnly: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  editor = await kit.caller({ role: 2 });
  chief = await kit.caller({ role: 1 });
  lomSelection = await kit.caller({ role: 102 });
  infoReasonAdmin = await kit.caller({ role: 0, uiPermissions: ['view_inforeason_admin'] });
  swapOnly = await kit.caller({ role: 0, extraPermissions: ['SWAP_INFO_REASON_TO_THEME'] });
  unboundOnly = await kit.caller({ role: 0, extraPermissions: ['UNBOUND_INFO_REASON'] });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

async function ok<T>(res: { statusCode: number; body: string; json: () => T }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const page = async (url: string, user: Caller = viewer) => ok<Page>(await user.get(url));
const ids = (p: Page) => p.results.map((item) => item.id);
const search = (text: string) => `search=${encodeURIComponent(text)}`;

function expectBad(
  res: { statusCode: number; body: string; json: () => { field?: string; message: string } },
  field: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
}

function expectStatus(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
}

async function row(id: number) {
  const [found] = await db().select().from(infoReasons).where(eq(infoReasons.id, id));
  return found;
}

async function actionsOf(infoReasonId: number, action: string) {
  return db()
    .select()
    .from(userActions)
    .where(and(eq(userActions.infoReasonId, infoReasonId), eq(userActions.action, action)))
    .orderBy(userActions.id);
}

/** The verified live messages with these moods, and noise that must not count. */
async function messagesWithMoods(infoReasonId: number, moods: number[]) {
  for (const mood of moods) await buildMessage(db(), { infoReasonId, mood, verified: true });
}

describe('GET info-reasons/, pagination_count/ and {id}/', () => {
  it('lists info reasons with their theme, state, favourite, counts and completeness as stored', async () => {
    const theme = await buildTheme(db(), { name: 'Тема списка ИП', approved: true });
    const a = await buildInfoReason(db(), {
      name: 'Список ИП А',
      themeId: theme.id,
      targetTonality: 1,
      createdAt: new Date('2025-01-02T00:00:00Z'),
    });
    const b = await buildInfoReason(db(), {
      name: 'Список ИП Б',
      archived: true,
      active: false,
      targetTonality: 2,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    // a: verified live 6, 6, 1 → actual 6, meets target 1. Unverified, archived and trash do not count.
    await messagesWithMoods(a.id, [6, 6, 1]);
    await buildMessage(db(), { infoReasonId: a.id, mood: 2, verified: false });
    await buildMessage(db(), { infoReasonId: a.id, mood: 2, verified: true, archived: true });
    await buildMessage(db(), { infoReasonId: a.id, mood: 2, verified: true, trash: true });
    // b: actual 1 against target 2.
    await messagesWithMoods(b.id, [1]);
    await db().insert(favouriteInfoReasons).values({ userId: viewer.user.id, infoReasonId: a.id });
    await db().insert(favouriteInfoReasons).values({ userId: editor.user.id, infoReasonId: b.id });

    const list = await page(`${INFO_REASON_PATHS.list}?${search('список ип')}`);
    expect(list).toEqual({
      results: [
        {
          id: a.id,
          name: 'Список ИП А',
          theme: { id: theme.id, name: 'Тема списка ИП', approved: true },
          created_at: '2025-01-02T00:00:00.000Z',
          active: true,
          archived: false,
          is_favorite: true,
          target_tonality: 1,
          ai: false,
          message_count: 5,
          actual_mood: 6,
          complete: true,
        },
        {
          id: b.id,
          name: 'Список ИП Б',
          theme: null,
          created_at: '2025-01-01T00:00:00.000Z',
          active: false,
          archived: true,
          is_favorite: false,
          target_tonality: 2,
          ai: false,
          message_count: 1,
          actual_mood: 1,
          complete: false,
        },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    // The favourite is the caller's.
    const forEditor = await page(`${INFO_REASON_PATHS.list}?${search('список ип')}`, editor);
    expect(forEditor.results.map((item) => item.is_favorite)).toEqual([false, true]);
    expect(await ok(await viewer.get(apiPath(INFO_REASON_PATHS.detail, { id: a.id })))).toEqual(
      list.results[0],
    );
  });

  it('leaves AI-made info reasons out unless ai or id_in is sent', async () => {
    const manual = await buildInfoReason(db(), { name: 'ИИ ИП ручной' });
    const ai = await buildInfoReason(db(), { name: 'ИИ ИП машинный', ai: true });
    const q = search('ии ип');
    expect(ids(await page(`${INFO_REASON_PATHS.list}?${q}`))).toEqual([manual.id]);
    expect(ids(await page(`${INFO_REASON_PATHS.list}?${q}&ai=true`))).toEqual([ai.id]);
    expect(ids(await page(`${INFO_REASON_PATHS.list}?id_in=${ai.id},${manual.id}&ordering=id`))).toEqual([
      manual.id,
      ai.id,
    ]);
    expect(await ok(await viewer.get(`${INFO_REASON_PATHS.count}?${q}`))).toEqual({
      elements_count: 1,
      last_page: 1,
    });
  });

  it('filters by theme, missing theme, state and orders as asked', async () => {
    const t1 = await buildTheme(db(), { name: 'Фильтр тема 1' });
    const t2 = await buildTheme(db(), { name: 'Фильтр тема 2' });
    const at = (day: number) => new Date(`2025-02-0${day}T00:00:00Z`);
    const a = await buildInfoReason(db(), { name: 'Фильтр ИП в', themeId: t1.id, createdAt: at(1) });
    const b = await buildInfoReason(db(), {
      name: 'Фильтр ИП а',
      themeId: t2.id,
      active: false,
      createdAt: at(2),
    });
    const c = await buildInfoReason(db(), { name: 'Фильтр ИП б', archived: true, createdAt: at(3) });
    const q = `${INFO_REASON_PATHS.list}?${search('фильтр ип')}`;
    expect(ids(await page(`${q}&theme_in=${t1.id},${t2.id}&ordering=name`))).toEqual([b.id, a.id]);
    expect(ids(await page(`${q}&theme_isnull=true`))).toEqual([c.id]);
    expect(ids(await page(`${q}&theme_isnull=false&ordering=-name`))).toEqual([a.id, b.id]);
    expect(ids(await page(`${q}&active=false`))).toEqual([b.id]);
    expect(ids(await page(`${q}&archived=true`))).toEqual([c.id]);
    // Newest first by default.
    expect(ids(await page(q))).toEqual([c.id, b.id, a.id]);
    const second = await page(`${q}&ordering=id&page=2&page_size=2`);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 3, next_pages_available: 0 });
    expect(ids(second)).toEqual([c.id]);
    expect(
      await ok(await viewer.get(`${INFO_REASON_PATHS.count}?${search('фильтр ип')}&page_size=2`)),
    ).toEqual({
      elements_count: 3,
      last_page: 2,
    });
  });

  it('answers 400 naming the field, 404 for an unknown id, 401 and 403', async () => {
    expectBad(await viewer.get(`${INFO_REASON_PATHS.list}?page_size=0`), 'page_size');
    expectBad(await viewer.get(`${INFO_REASON_PATHS.list}?ordering=size`), 'ordering');
    expectBad(await viewer.get(`${INFO_REASON_PATHS.list}?theme_in=x`), 'theme_in');
    expectBad(await viewer.get(`${INFO_REASON_PATHS.count}?active=maybe`), 'active');
    expectBad(await viewer.get(`${INFO_REASON_PATHS.list}abc/`), 'id');
    const missing = await viewer.get(apiPath(INFO_REASON_PATHS.detail, { id: 999_999 }));
    expectStatus(missing, 404);
    expect(missing.json().message).toContain('не найден');
    for (const url of [
      INFO_REASON_PATHS.list,
      INFO_REASON_PATHS.count,
      apiPath(INFO_REASON_PATHS.detail, { id: 1 }),
    ]) {
      expectStatus(await kit.anonymous.get(url), 401);
      expectStatus(await lomSelection.get(url), 403);
    }
    // The admin page's permission alone reads them.
    expectStatus(await infoReasonAdmin.get(INFO_REASON_PATHS.list), 200);
  });
});

describe('POST info-reasons/ and DELETE {id}/', () => {
  it('creates an info reason by hand and logs it', async () => {
    const theme = await buildTheme(db(), { name: 'Тема создания ИП' });
    const created = await ok<Item>(
      await editor.post(INFO_REASON_PATHS.list, { name: '  Новый ИП  ', theme: theme.id }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Новый ИП',
      theme: { id: theme.id, name: 'Тема создания ИП', approved: false },
      active: true,
      archived: false,
      ai: false,
      target_tonality: null,
      message_count: 0,
      complete: null,
      is_favorite: false,
    });
    const stored = await row(created.id);
    expect(stored).toMatchObject({
      name: 'Новый ИП',
      themeId: theme.id,
      createdBy: editor.user.id,
      ai: false,
    });
    const [log] = await actionsOf(created.id, 'info_reason.create');
    expect(log).toMatchObject({
      type: 5,
      userId: editor.user.id,
      themeId: theme.id,
      newValue: { name: 'Новый ИП', theme_id: theme.id },
    });
  });

  it("names it 'без имени' when the name is empty and leaves the theme out when not sent", async () => {
    const created = await ok<Item>(await editor.post(INFO_REASON_PATHS.list, { name: ' ' }), 201);
    expect(created).toMatchObject({ name: 'без имени', theme: null });
    expect((await row(created.id)).name).toBe('без имени');
  });

  it('refuses bad input, unknown themes, strangers and readers', async () => {
    expectBad(await editor.post(INFO_REASON_PATHS.list, { name: 'x', theme: 999_999 }), 'theme');
    expectBad(await editor.post(INFO_REASON_PATHS.list, { name: 'x'.repeat(501) }), 'name');
    expectBad(await editor.post(INFO_REASON_PATHS.list, { name: 'x', color: 'red' }), 'color');
    expectBad(await editor.post(INFO_REASON_PATHS.list, { name: 'x', theme: 'одна' }), 'theme');
    expectStatus(await kit.anonymous.post(INFO_REASON_PATHS.list, { name: 'x' }), 401);
    expectStatus(await viewer.post(INFO_REASON_PATHS.list, { name: 'x' }), 403);
  });

  it('deletes an info reason (the happy path with its carriers is in merge.test.ts)', async () => {
    const reason = await buildInfoReason(db(), { name: 'Удаляемый ИП' });
    expectStatus(await viewer.delete(apiPath(INFO_REASON_PATHS.detail, { id: reason.id })), 403);
    expectStatus(await kit.anonymous.delete(apiPath(INFO_REASON_PATHS.detail, { id: reason.id })), 401);
    expectStatus(await editor.delete(apiPath(INFO_REASON_PATHS.detail, { id: reason.id })), 204);
    expect(await row(reason.id)).toBeUndefined();
    expectStatus(await editor.delete(apiPath(INFO_REASON_PATHS.detail, { id: reason.id })), 404);
    expectBad(await editor.delete(`${INFO_REASON_PATHS.list}0/`), 'id');
  });
});

describe('moving info reasons between themes', () => {
  it('theme-mass-update/ puts them into a theme and takes them out, logging each change', async () => {
    const from = await buildTheme(db(), { name: 'Массовая тема из' });
    const to = await buildTheme(db(), { name: 'Массовая тема в' });
    const a = await buildInfoReason(db(), { name: 'Массовый ИП 1', themeId: from.id });
    const b = await buildInfoReason(db(), { name: 'Массовый ИП 2', themeId: to.id });
    const res = await editor.patch(INFO_REASON_PATHS.themeMassUpdate, {
      ids: [a.id, b.id],
      theme: to.id,
    });
    expect(await ok(res)).toEqual({ updated: 1 });
    expect((await row(a.id)).themeId).toBe(to.id);
    expect((await row(b.id)).themeId).toBe(to.id);
    const [log] = await actionsOf(a.id, 'info_reason.theme');
    expect(log).toMatchObject({
      type: 5,
      themeId: to.id,
      oldValue: { theme_id: from.id },
      newValue: { theme_id: to.id },
    });
    expect(await actionsOf(b.id, 'info_reason.theme')).toHaveLength(0);

    const cleared = await unboundOnly.patch(INFO_REASON_PATHS.themeMassUpdate, {
      ids: [a.id, b.id],
      theme: null,
    });
    expect(await ok(cleared)).toEqual({ updated: 2 });
    expect((await row(a.id)).themeId).toBeNull();
    expect((await row(b.id)).themeId).toBeNull();
  });

  it('theme-mass-update/ is all or none and checks the permission the value needs', async () => {
    const theme = await buildTheme(db(), { name: 'Массовая тема проверок' });
    const a = await buildInfoReason(db(), { name: 'Массовый ИП проверка' });
    const url = INFO_REASON_PATHS.themeMassUpdate;
    const missing = await editor.patch(url, { ids: [a.id, 999_998, 999_999], theme: theme.id });
    expectBad(missing, 'ids');
    expect(missing.json().message).toContain('999998, 999999');
    expect((await row(a.id)).themeId).toBeNull();
    expectBad(await editor.patch(url, { ids: [a.id], theme: 999_999 }), 'theme');
    expectBad(await editor.patch(url, { ids: [], theme: theme.id }), 'ids');
    expectBad(await editor.patch(url, { ids: [a.id] }), 'theme');
    const clearBySwapper = await swapOnly.patch(url, { ids: [a.id], theme: null });
    expectStatus(clearBySwapper, 403);
    expect(clearBySwapper.json().field).toBe('theme');
    expectStatus(await unboundOnly.patch(url, { ids: [a.id], theme: theme.id }), 403);
    expectStatus(await viewer.patch(url, { ids: [a.id], theme: theme.id }), 403);
    expectStatus(await kit.anonymous.patch(url, { ids: [a.id], theme: theme.id }), 401);
    expect(await ok(await swapOnly.patch(url, { ids: [a.id], theme: theme.id }))).toEqual({
      updated: 1,
    });
  });

  it('theme-mass-add/ finds the theme by name in any case, or makes it', async () => {
    const existing = await buildTheme(db(), { name: 'Экономика добавления' });
    const a = await buildInfoReason(db(), { name: 'Добавляемый ИП 1' });
    const b = await buildInfoReason(db(), { name: 'Добавляемый ИП 2' });
    const found = await ok(
      await editor.patch(INFO_REASON_PATHS.themeMassAdd, {
        ids: [a.id, b.id],
        theme_name: '  экономика ДОБАВЛЕНИЯ ',
      }),
    );
    expect(found).toEqual({
      updated: 2,
      theme: { id: existing.id, name: 'Экономика добавления', approved: false },
      theme_created: false,
    });
    expect((await row(a.id)).themeId).toBe(existing.id);

    const made = await ok<{ theme: { id: number }; theme_created: boolean }>(
      await editor.patch(INFO_REASON_PATHS.themeMassAdd, {
        ids: [a.id],
        theme_name: 'Новая тема добавления',
      }),
    );
    expect(made.theme_created).toBe(true);
    const [theme] = await db().select().from(themes).where(eq(themes.id, made.theme.id));
    expect(theme).toMatchObject({ name: 'Новая тема добавления', createdBy: editor.user.id });
    expect((await row(a.id)).themeId).toBe(theme.id);
    const themeLog = await db()
      .select()
      .from(userActions)
      .where(and(eq(userActions.themeId, theme.id), eq(userActions.action, 'theme.create')));
    expect(themeLog).toHaveLength(1);
    expect(themeLog[0].type).toBe(4);
  });

  it("theme-mass-add/ uses 'без имени' for an empty name and refuses bad calls", async () => {
    const a = await buildInfoReason(db(), { name: 'Добавляемый без имени' });
    const res = await ok<{ theme: { id: number; name: string } }>(
      await editor.patch(INFO_REASON_PATHS.themeMassAdd, { ids: [a.id], theme_name: '' }),
    );
    expect(res.theme.name).toBe('без имени');
    expect((await row(a.id)).themeId).toBe(res.theme.id);
    const url = INFO_REASON_PATHS.themeMassAdd;
    expectBad(await editor.patch(url, { theme_name: 'x' }), 'ids');
    expectBad(await editor.patch(url, { ids: [a.id] }), 'theme_name');
    expectBad(await editor.patch(url, { ids: [999_999], theme_name: 'x' }), 'ids');
    expectStatus(await unboundOnly.patch(url, { ids: [a.id], theme_name: 'x' }), 403);
    expectStatus(await kit.anonymous.patch(url, { ids: [a.id], theme_name: 'x' }), 401);
  });

  it('{id}/update-theme/ moves one info reason and answers it', async () => {
    const theme = await buildTheme(db(), { name: 'Тема одного переноса' });
    const a = await buildInfoReason(db(), { name: 'Переносимый ИП' });
    const moved = await ok<Item>(
      await editor.patch(apiPath(INFO_REASON_PATHS.updateTheme, { id: a.id }), { theme: theme.id }),
    );
    expect(moved.theme).toEqual({ id: theme.id, name: 'Тема одного переноса', approved: false });
    expect((await row(a.id)).themeId).toBe(theme.id);
    const cleared = await ok<Item>(
      await editor.patch(apiPath(INFO_REASON_PATHS.updateTheme, { id: a.id }), { theme: null }),
    );
    expect(cleared.theme).toBeNull();
    expect((await row(a.id)).themeId).toBeNull();
    expect(await actionsOf(a.id, 'info_reason.theme')).toHaveLength(2);

    const url = apiPath(INFO_REASON_PATHS.updateTheme, { id: a.id });
    expectBad(await editor.patch(url, { theme: 999_999 }), 'theme');
    expectBad(await editor.patch(url, { theme: 'x' }), 'theme');
    expectStatus(
      await editor.patch(apiPath(INFO_REASON_PATHS.updateTheme, { id: 999_999 }), { theme: null }),
      404,
    );
    const denied = await unboundOnly.patch(url, { theme: theme.id });
    expectStatus(denied, 403);
    expect(denied.json().field).toBe('theme');
    expectStatus(await viewer.patch(url, { theme: null }), 403);
    expectStatus(await kit.anonymous.patch(url, { theme: null }), 401);
  });
});

describe('archiving', () => {
  it('mass-archive/ archives by default and brings back with archive=false', async () => {
    const a = await buildInfoReason(db(), { name: 'Архив ИП 1' });
    const b = await buildInfoReason(db(), { name: 'Архив ИП 2', archived: true });
    expect(await ok(await chief.patch(INFO_REASON_PATHS.massArchive, { ids: [a.id, b.id] }))).toEqual({
      updated: 1,
    });
    expect((await row(a.id)).archived).toBe(true);
    expect((await row(b.id)).archived).toBe(true);
    const [log] = await actionsOf(a.id, 'info_reason.archive');
    expect(log).toMatchObject({
      type: 5,
      userId: chief.user.id,
      oldValue: { archived: false },
      newValue: { archived: true },
    });
    expect(
      await ok(await chief.patch(INFO_REASON_PATHS.massArchive, { ids: [a.id, b.id], archive: false })),
    ).toEqual({ updated: 2 });
    const rows = await db()
      .select()
      .from(infoReasons)
      .where(inArray(infoReasons.id, [a.id, b.id]));
    expect(rows.map((r) => r.archived)).toEqual([false, false]);
  });

  it('mass-archive/ refuses bad input, unknown ids, editors and strangers', async () => {
    const a = await buildInfoReason(db(), { name: 'Архив ИП проверка' });
    const url = INFO_REASON_PATHS.massArchive;
    expectBad(await chief.patch(url, { ids: [a.id], archive: 'да' }), 'archive');
    expectBad(await chief.patch(url, { ids: 'все' }), 'ids');
    expectBad(await chief.patch(url, { ids: [a.id, 999_999] }), 'ids');
    expect((await row(a.id)).archived).toBe(false);
    expectStatus(await editor.patch(url, { ids: [a.id] }), 403);
    expectStatus(await kit.anonymous.patch(url, { ids: [a.id] }), 401);
  });

  it('{id}/archive/ toggles archived', async () => {
    const a = await buildInfoReason(db(), { name: 'Архив ИП переключатель' });
    expect(await ok(await chief.patch(apiPath(INFO_REASON_PATHS.archive, { id: a.id })))).toEqual({
      archived: true,
    });
    expect((await row(a.id)).archived).toBe(true);
    expect(await ok(await chief.patch(apiPath(INFO_REASON_PATHS.archive, { id: a.id })))).toEqual({
      archived: false,
    });
    expect((await row(a.id)).archived).toBe(false);
    expect(await actionsOf(a.id, 'info_reason.archive')).toHaveLength(2);
    expectStatus(await chief.patch(apiPath(INFO_REASON_PATHS.archive, { id: 999_999 })), 404);
    expectBad(await chief.patch(`${INFO_REASON_PATHS.list}x/archive/`), 'id');
    expectStatus(await editor.patch(apiPath(INFO_REASON_PATHS.archive, { id: a.id })), 403);
    expectStatus(await kit.anonymous.patch(apiPath(INFO_REASON_PATHS.archive, { id: a.id })), 401);
  });
});

describe('{id}/switch_favorite/', () => {
  it("flips the caller's favourite only", async () => {
    const a = await buildInfoReason(db(), { name: 'Избранный ИП' });
    expect(await ok(await editor.patch(apiPath(INFO_REASON_PATHS.switchFavorite, { id: a.id })))).toEqual({
      is_favorite: true,
    });
    const favourites = () =>
      db().select().from(favouriteInfoReasons).where(eq(favouriteInfoReasons.infoReasonId, a.id));
    expect((await favourites()).map((f) => f.userId)).toEqual([editor.user.id]);
    expect(
      (await ok<Item>(await editor.get(apiPath(INFO_REASON_PATHS.detail, { id: a.id })))).is_favorite,
    ).toBe(true);
    expect(
      (await ok<Item>(await viewer.get(apiPath(INFO_REASON_PATHS.detail, { id: a.id })))).is_favorite,
    ).toBe(false);
    expect(await ok(await editor.patch(apiPath(INFO_REASON_PATHS.switchFavorite, { id: a.id })))).toEqual({
      is_favorite: false,
    });
    expect(await favourites()).toHaveLength(0);
    const logs = await actionsOf(a.id, 'info_reason.favorite');
    expect(logs.map((l) => l.newValue)).toEqual([{ is_favorite: true }, { is_favorite: false }]);
    expectStatus(await editor.patch(apiPath(INFO_REASON_PATHS.switchFavorite, { id: 999_999 })), 404);
    expectStatus(await viewer.patch(apiPath(INFO_REASON_PATHS.switchFavorite, { id: a.id })), 403);
    expectStatus(await kit.anonymous.patch(apiPath(INFO_REASON_PATHS.switchFavorite, { id: a.id })), 401);
  });
});

describe('{id}/name/', () => {
  it("renames, with 'без имени' for an empty name, and logs old and new", async () => {
    const a = await buildInfoReason(db(), { name: 'Старое имя ИП' });
    const renamed = await ok<Item>(
      await editor.patch(apiPath(INFO_REASON_PATHS.rename, { id: a.id }), { name: ' Новое имя ИП ' }),
    );
    expect(renamed.name).toBe('Новое имя ИП');
    expect((await row(a.id)).name).toBe('Новое имя ИП');
    const emptied = await ok<Item>(
      await editor.patch(apiPath(INFO_REASON_PATHS.rename, { id: a.id }), { name: '' }),
    );
    expect(emptied.name).toBe('без имени');
    expect((await row(a.id)).name).toBe('без имени');
    const logs = await actionsOf(a.id, 'info_reason.rename');
    expect(logs.map((l) => [l.oldValue, l.newValue])).toEqual([
      [{ name: 'Старое имя ИП' }, { name: 'Новое имя ИП' }],
      [{ name: 'Новое имя ИП' }, { name: 'без имени' }],
    ]);
    // The same name again changes nothing and logs nothing.
    await ok(await editor.patch(apiPath(INFO_REASON_PATHS.rename, { id: a.id }), { name: 'без имени' }));
    expect(await actionsOf(a.id, 'info_reason.rename')).toHaveLength(2);
  });

  it('refuses bad names, unknown ids, readers and strangers', async () => {
    const a = await buildInfoReason(db(), { name: 'Имя ИП проверка' });
    const url = apiPath(INFO_REASON_PATHS.rename, { id: a.id });
    expectBad(await editor.patch(url, { name: 5 }), 'name');
    expectBad(await editor.patch(url, {}), 'name');
    expectStatus(await editor.patch(apiPath(INFO_REASON_PATHS.rename, { id: 999_999 }), { name: 'x' }), 404);
    expectStatus(await viewer.patch(url, { name: 'x' }), 403);
    expectStatus(await kit.anonymous.patch(url, { name: 'x' }), 401);
    expect((await row(a.id)).name).toBe('Имя ИП проверка');
  });
});

describe('{id}/update-tonality/', () => {
  it('sets the target and answers the item with the completeness it gives', async () => {
    const a = await buildInfoReason(db(), { name: 'Тональность ИП' });
    await messagesWithMoods(a.id, [5, 2, 5, 1]);
    const url = apiPath(INFO_REASON_PATHS.updateTonality, { id: a.id });
    const negative = await ok<Item>(await editor.patch(url, { target_tonality: 2 }));
    expect(negative).toMatchObject({ target_tonality: 2, actual_mood: 5, complete: true });
    expect((await row(a.id)).targetTonality).toBe(2);
    expect(await ok<Item>(await editor.patch(url, { target_tonality: 6 }))).toMatchObject({
      target_tonality: 6,
      complete: false,
    });
    expect(await ok<Item>(await editor.patch(url, { target_tonality: 4 }))).toMatchObject({
      target_tonality: 4,
      complete: null,
    });
    expect(await ok<Item>(await editor.patch(url, { target_tonality: null }))).toMatchObject({
      target_tonality: null,
      complete: null,
    });
    expect((await row(a.id)).targetTonality).toBeNull();
    const logs = await actionsOf(a.id, 'info_reason.target_tonality');
    expect(logs.map((l) => l.newValue)).toEqual([
      { target_tonality: 2 },
      { target_tonality: 6 },
      { target_tonality: 4 },
      { target_tonality: null },
    ]);
  });

  it('is incomplete without verified messages and neutral when neutral outweighs both sides', async () => {
    const empty = await buildInfoReason(db(), { name: 'Тональность пустой ИП', targetTonality: 3 });
    expect(
      (await ok<Item>(await viewer.get(apiPath(INFO_REASON_PATHS.detail, { id: empty.id })))).complete,
    ).toBe(false);
    const neutral = await buildInfoReason(db(), { name: 'Тональность нейтральный ИП', targetTonality: 3 });
    await messagesWithMoods(neutral.id, [3, 4, 1]);
    expect(
      await ok<Item>(await viewer.get(apiPath(INFO_REASON_PATHS.detail, { id: neutral.id }))),
    ).toMatchObject({
      actual_mood: 3,
      complete: true,
    });
  });

  it('answers 400 naming target_tonality for a value that is no mood', async () => {
    const a = await buildInfoReason(db(), { name: 'Тональность ИП проверка', targetTonality: 1 });
    const url = apiPath(INFO_REASON_PATHS.updateTonality, { id: a.id });
    for (const value of [0, 7, 2.5, 'позитив']) {
      expectBad(await editor.patch(url, { target_tonality: value }), 'target_tonality');
    }
    expectBad(await editor.patch(url, {}), 'target_tonality');
    expect((await row(a.id)).targetTonality).toBe(1);
    expectStatus(
      await editor.patch(apiPath(INFO_REASON_PATHS.updateTonality, { id: 999_999 }), { target_tonality: 1 }),
      404,
    );
    expectStatus(await viewer.patch(url, { target_tonality: 1 }), 403);
    expectStatus(await kit.anonymous.patch(url, { target_tonality: 1 }), 401);
  });
});
