import { INFO_REASON_PATHS } from '@monitoring/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteInfoReasons, infoReasons, themes, userActions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUserWithToken } from '../../test/factories.ts';
import { dirInfoReason, dirTheme } from '../../test/factories-directories.ts';
import { makeMessage } from '../../test/factories-messages.ts';

type User = Awaited<ReturnType<typeof buildUserWithToken>>;
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

let t: TestApp;
let viewer: User;
let editor: User;
let chief: User;
let lomSelection: User;
let infoReasonAdmin: User;
let swapOnly: User;
let unboundOnly: User;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  viewer = await buildUserWithToken(db, { role: 3 });
  editor = await buildUserWithToken(db, { role: 2 });
  chief = await buildUserWithToken(db, { role: 1 });
  lomSelection = await buildUserWithToken(db, { role: 102 });
  infoReasonAdmin = await buildUserWithToken(db, { role: 0, uiPermissions: ['view_inforeason_admin'] });
  swapOnly = await buildUserWithToken(db, { role: 0, extraPermissions: ['SWAP_INFO_REASON_TO_THEME'] });
  unboundOnly = await buildUserWithToken(db, { role: 0, extraPermissions: ['UNBOUND_INFO_REASON'] });
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: User | null = viewer,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(res: { statusCode: number; body: string; json: () => T }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const page = async (url: string, user: User = viewer) => ok<Page>(await call('GET', url, user));
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
  for (const mood of moods) await makeMessage(db(), { infoReasonId, mood, verified: true });
}

describe('GET info-reasons/, pagination_count/ and {id}/', () => {
  it('lists info reasons with their theme, state, favourite, counts and completeness as stored', async () => {
    const theme = await dirTheme(db(), 'Тема списка ИП', { approved: true });
    const a = await dirInfoReason(db(), 'Список ИП А', {
      themeId: theme.id,
      targetTonality: 1,
      createdAt: new Date('2025-01-02T00:00:00Z'),
    });
    const b = await dirInfoReason(db(), 'Список ИП Б', {
      archived: true,
      active: false,
      targetTonality: 2,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    // a: verified live 6, 6, 1 → actual 6, meets target 1. Unverified, archived and trash do not count.
    await messagesWithMoods(a.id, [6, 6, 1]);
    await makeMessage(db(), { infoReasonId: a.id, mood: 2, verified: false });
    await makeMessage(db(), { infoReasonId: a.id, mood: 2, verified: true, archived: true });
    await makeMessage(db(), { infoReasonId: a.id, mood: 2, verified: true, trash: true });
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
    expect(await ok(await call('GET', INFO_REASON_PATHS.detail(a.id)))).toEqual(list.results[0]);
  });

  it('leaves AI-made info reasons out unless ai or id_in is sent', async () => {
    const manual = await dirInfoReason(db(), 'ИИ ИП ручной');
    const ai = await dirInfoReason(db(), 'ИИ ИП машинный', { ai: true });
    const q = search('ии ип');
    expect(ids(await page(`${INFO_REASON_PATHS.list}?${q}`))).toEqual([manual.id]);
    expect(ids(await page(`${INFO_REASON_PATHS.list}?${q}&ai=true`))).toEqual([ai.id]);
    expect(ids(await page(`${INFO_REASON_PATHS.list}?id_in=${ai.id},${manual.id}&ordering=id`))).toEqual([
      manual.id,
      ai.id,
    ]);
    expect(await ok(await call('GET', `${INFO_REASON_PATHS.count}?${q}`))).toEqual({
      elements_count: 1,
      last_page: 1,
    });
  });

  it('filters by theme, missing theme, state and orders as asked', async () => {
    const t1 = await dirTheme(db(), 'Фильтр тема 1');
    const t2 = await dirTheme(db(), 'Фильтр тема 2');
    const at = (day: number) => new Date(`2025-02-0${day}T00:00:00Z`);
    const a = await dirInfoReason(db(), 'Фильтр ИП в', { themeId: t1.id, createdAt: at(1) });
    const b = await dirInfoReason(db(), 'Фильтр ИП а', { themeId: t2.id, active: false, createdAt: at(2) });
    const c = await dirInfoReason(db(), 'Фильтр ИП б', { archived: true, createdAt: at(3) });
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
      await ok(await call('GET', `${INFO_REASON_PATHS.count}?${search('фильтр ип')}&page_size=2`)),
    ).toEqual({
      elements_count: 3,
      last_page: 2,
    });
  });

  it('answers 400 naming the field, 404 for an unknown id, 401 and 403', async () => {
    expectBad(await call('GET', `${INFO_REASON_PATHS.list}?page_size=0`), 'page_size');
    expectBad(await call('GET', `${INFO_REASON_PATHS.list}?ordering=size`), 'ordering');
    expectBad(await call('GET', `${INFO_REASON_PATHS.list}?theme_in=x`), 'theme_in');
    expectBad(await call('GET', `${INFO_REASON_PATHS.count}?active=maybe`), 'active');
    expectBad(await call('GET', `${INFO_REASON_PATHS.list}abc/`), 'id');
    const missing = await call('GET', INFO_REASON_PATHS.detail(999_999));
    expectStatus(missing, 404);
    expect(missing.json().message).toContain('не найден');
    for (const url of [INFO_REASON_PATHS.list, INFO_REASON_PATHS.count, INFO_REASON_PATHS.detail(1)]) {
      expectStatus(await call('GET', url, null), 401);
      expectStatus(await call('GET', url, lomSelection), 403);
    }
    // The admin page's permission alone reads them.
    expectStatus(await call('GET', INFO_REASON_PATHS.list, infoReasonAdmin), 200);
  });
});

describe('POST info-reasons/ and DELETE {id}/', () => {
  it('creates an info reason by hand and logs it', async () => {
    const theme = await dirTheme(db(), 'Тема создания ИП');
    const created = await ok<Item>(
      await call('POST', INFO_REASON_PATHS.list, editor, { name: '  Новый ИП  ', theme: theme.id }),
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
    const created = await ok<Item>(await call('POST', INFO_REASON_PATHS.list, editor, { name: ' ' }), 201);
    expect(created).toMatchObject({ name: 'без имени', theme: null });
    expect((await row(created.id)).name).toBe('без имени');
  });

  it('refuses bad input, unknown themes, strangers and readers', async () => {
    expectBad(await call('POST', INFO_REASON_PATHS.list, editor, { name: 'x', theme: 999_999 }), 'theme');
    expectBad(await call('POST', INFO_REASON_PATHS.list, editor, { name: 'x'.repeat(501) }), 'name');
    expectBad(await call('POST', INFO_REASON_PATHS.list, editor, { name: 'x', color: 'red' }), 'color');
    expectBad(await call('POST', INFO_REASON_PATHS.list, editor, { name: 'x', theme: 'одна' }), 'theme');
    expectStatus(await call('POST', INFO_REASON_PATHS.list, null, { name: 'x' }), 401);
    expectStatus(await call('POST', INFO_REASON_PATHS.list, viewer, { name: 'x' }), 403);
  });

  it('deletes an info reason (the happy path with its carriers is in merge.test.ts)', async () => {
    const reason = await dirInfoReason(db(), 'Удаляемый ИП');
    expectStatus(await call('DELETE', INFO_REASON_PATHS.detail(reason.id), viewer), 403);
    expectStatus(await call('DELETE', INFO_REASON_PATHS.detail(reason.id), null), 401);
    expectStatus(await call('DELETE', INFO_REASON_PATHS.detail(reason.id), editor), 204);
    expect(await row(reason.id)).toBeUndefined();
    expectStatus(await call('DELETE', INFO_REASON_PATHS.detail(reason.id), editor), 404);
    expectBad(await call('DELETE', `${INFO_REASON_PATHS.list}0/`, editor), 'id');
  });
});

describe('moving info reasons between themes', () => {
  it('theme-mass-update/ puts them into a theme and takes them out, logging each change', async () => {
    const from = await dirTheme(db(), 'Массовая тема из');
    const to = await dirTheme(db(), 'Массовая тема в');
    const a = await dirInfoReason(db(), 'Массовый ИП 1', { themeId: from.id });
    const b = await dirInfoReason(db(), 'Массовый ИП 2', { themeId: to.id });
    const res = await call('PATCH', INFO_REASON_PATHS.themeMassUpdate, editor, {
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

    const cleared = await call('PATCH', INFO_REASON_PATHS.themeMassUpdate, unboundOnly, {
      ids: [a.id, b.id],
      theme: null,
    });
    expect(await ok(cleared)).toEqual({ updated: 2 });
    expect((await row(a.id)).themeId).toBeNull();
    expect((await row(b.id)).themeId).toBeNull();
  });

  it('theme-mass-update/ is all or none and checks the permission the value needs', async () => {
    const theme = await dirTheme(db(), 'Массовая тема проверок');
    const a = await dirInfoReason(db(), 'Массовый ИП проверка');
    const url = INFO_REASON_PATHS.themeMassUpdate;
    const missing = await call('PATCH', url, editor, { ids: [a.id, 999_998, 999_999], theme: theme.id });
    expectBad(missing, 'ids');
    expect(missing.json().message).toContain('999998, 999999');
    expect((await row(a.id)).themeId).toBeNull();
    expectBad(await call('PATCH', url, editor, { ids: [a.id], theme: 999_999 }), 'theme');
    expectBad(await call('PATCH', url, editor, { ids: [], theme: theme.id }), 'ids');
    expectBad(await call('PATCH', url, editor, { ids: [a.id] }), 'theme');
    const clearBySwapper = await call('PATCH', url, swapOnly, { ids: [a.id], theme: null });
    expectStatus(clearBySwapper, 403);
    expect(clearBySwapper.json().field).toBe('theme');
    expectStatus(await call('PATCH', url, unboundOnly, { ids: [a.id], theme: theme.id }), 403);
    expectStatus(await call('PATCH', url, viewer, { ids: [a.id], theme: theme.id }), 403);
    expectStatus(await call('PATCH', url, null, { ids: [a.id], theme: theme.id }), 401);
    expect(await ok(await call('PATCH', url, swapOnly, { ids: [a.id], theme: theme.id }))).toEqual({
      updated: 1,
    });
  });

  it('theme-mass-add/ finds the theme by name in any case, or makes it', async () => {
    const existing = await dirTheme(db(), 'Экономика добавления');
    const a = await dirInfoReason(db(), 'Добавляемый ИП 1');
    const b = await dirInfoReason(db(), 'Добавляемый ИП 2');
    const found = await ok(
      await call('PATCH', INFO_REASON_PATHS.themeMassAdd, editor, {
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
      await call('PATCH', INFO_REASON_PATHS.themeMassAdd, editor, {
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
    const a = await dirInfoReason(db(), 'Добавляемый без имени');
    const res = await ok<{ theme: { id: number; name: string } }>(
      await call('PATCH', INFO_REASON_PATHS.themeMassAdd, editor, { ids: [a.id], theme_name: '' }),
    );
    expect(res.theme.name).toBe('без имени');
    expect((await row(a.id)).themeId).toBe(res.theme.id);
    const url = INFO_REASON_PATHS.themeMassAdd;
    expectBad(await call('PATCH', url, editor, { theme_name: 'x' }), 'ids');
    expectBad(await call('PATCH', url, editor, { ids: [a.id] }), 'theme_name');
    expectBad(await call('PATCH', url, editor, { ids: [999_999], theme_name: 'x' }), 'ids');
    expectStatus(await call('PATCH', url, unboundOnly, { ids: [a.id], theme_name: 'x' }), 403);
    expectStatus(await call('PATCH', url, null, { ids: [a.id], theme_name: 'x' }), 401);
  });

  it('{id}/update-theme/ moves one info reason and answers it', async () => {
    const theme = await dirTheme(db(), 'Тема одного переноса');
    const a = await dirInfoReason(db(), 'Переносимый ИП');
    const moved = await ok<Item>(
      await call('PATCH', INFO_REASON_PATHS.updateTheme(a.id), editor, { theme: theme.id }),
    );
    expect(moved.theme).toEqual({ id: theme.id, name: 'Тема одного переноса', approved: false });
    expect((await row(a.id)).themeId).toBe(theme.id);
    const cleared = await ok<Item>(
      await call('PATCH', INFO_REASON_PATHS.updateTheme(a.id), editor, { theme: null }),
    );
    expect(cleared.theme).toBeNull();
    expect((await row(a.id)).themeId).toBeNull();
    expect(await actionsOf(a.id, 'info_reason.theme')).toHaveLength(2);

    const url = INFO_REASON_PATHS.updateTheme(a.id);
    expectBad(await call('PATCH', url, editor, { theme: 999_999 }), 'theme');
    expectBad(await call('PATCH', url, editor, { theme: 'x' }), 'theme');
    expectStatus(await call('PATCH', INFO_REASON_PATHS.updateTheme(999_999), editor, { theme: null }), 404);
    const denied = await call('PATCH', url, unboundOnly, { theme: theme.id });
    expectStatus(denied, 403);
    expect(denied.json().field).toBe('theme');
    expectStatus(await call('PATCH', url, viewer, { theme: null }), 403);
    expectStatus(await call('PATCH', url, null, { theme: null }), 401);
  });
});

describe('archiving', () => {
  it('mass-archive/ archives by default and brings back with archive=false', async () => {
    const a = await dirInfoReason(db(), 'Архив ИП 1');
    const b = await dirInfoReason(db(), 'Архив ИП 2', { archived: true });
    expect(
      await ok(await call('PATCH', INFO_REASON_PATHS.massArchive, chief, { ids: [a.id, b.id] })),
    ).toEqual({
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
      await ok(
        await call('PATCH', INFO_REASON_PATHS.massArchive, chief, { ids: [a.id, b.id], archive: false }),
      ),
    ).toEqual({ updated: 2 });
    const rows = await db()
      .select()
      .from(infoReasons)
      .where(inArray(infoReasons.id, [a.id, b.id]));
    expect(rows.map((r) => r.archived)).toEqual([false, false]);
  });

  it('mass-archive/ refuses bad input, unknown ids, editors and strangers', async () => {
    const a = await dirInfoReason(db(), 'Архив ИП проверка');
    const url = INFO_REASON_PATHS.massArchive;
    expectBad(await call('PATCH', url, chief, { ids: [a.id], archive: 'да' }), 'archive');
    expectBad(await call('PATCH', url, chief, { ids: 'все' }), 'ids');
    expectBad(await call('PATCH', url, chief, { ids: [a.id, 999_999] }), 'ids');
    expect((await row(a.id)).archived).toBe(false);
    expectStatus(await call('PATCH', url, editor, { ids: [a.id] }), 403);
    expectStatus(await call('PATCH', url, null, { ids: [a.id] }), 401);
  });

  it('{id}/archive/ toggles archived', async () => {
    const a = await dirInfoReason(db(), 'Архив ИП переключатель');
    expect(await ok(await call('PATCH', INFO_REASON_PATHS.archive(a.id), chief))).toEqual({ archived: true });
    expect((await row(a.id)).archived).toBe(true);
    expect(await ok(await call('PATCH', INFO_REASON_PATHS.archive(a.id), chief))).toEqual({
      archived: false,
    });
    expect((await row(a.id)).archived).toBe(false);
    expect(await actionsOf(a.id, 'info_reason.archive')).toHaveLength(2);
    expectStatus(await call('PATCH', INFO_REASON_PATHS.archive(999_999), chief), 404);
    expectBad(await call('PATCH', `${INFO_REASON_PATHS.list}x/archive/`, chief), 'id');
    expectStatus(await call('PATCH', INFO_REASON_PATHS.archive(a.id), editor), 403);
    expectStatus(await call('PATCH', INFO_REASON_PATHS.archive(a.id), null), 401);
  });
});

describe('{id}/switch_favorite/', () => {
  it("flips the caller's favourite only", async () => {
    const a = await dirInfoReason(db(), 'Избранный ИП');
    expect(await ok(await call('PATCH', INFO_REASON_PATHS.switchFavorite(a.id), editor))).toEqual({
      is_favorite: true,
    });
    const favourites = () =>
      db().select().from(favouriteInfoReasons).where(eq(favouriteInfoReasons.infoReasonId, a.id));
    expect((await favourites()).map((f) => f.userId)).toEqual([editor.user.id]);
    expect((await ok<Item>(await call('GET', INFO_REASON_PATHS.detail(a.id), editor))).is_favorite).toBe(
      true,
    );
    expect((await ok<Item>(await call('GET', INFO_REASON_PATHS.detail(a.id), viewer))).is_favorite).toBe(
      false,
    );
    expect(await ok(await call('PATCH', INFO_REASON_PATHS.switchFavorite(a.id), editor))).toEqual({
      is_favorite: false,
    });
    expect(await favourites()).toHaveLength(0);
    const logs = await actionsOf(a.id, 'info_reason.favorite');
    expect(logs.map((l) => l.newValue)).toEqual([{ is_favorite: true }, { is_favorite: false }]);
    expectStatus(await call('PATCH', INFO_REASON_PATHS.switchFavorite(999_999), editor), 404);
    expectStatus(await call('PATCH', INFO_REASON_PATHS.switchFavorite(a.id), viewer), 403);
    expectStatus(await call('PATCH', INFO_REASON_PATHS.switchFavorite(a.id), null), 401);
  });
});

describe('{id}/name/', () => {
  it("renames, with 'без имени' for an empty name, and logs old and new", async () => {
    const a = await dirInfoReason(db(), 'Старое имя ИП');
    const renamed = await ok<Item>(
      await call('PATCH', INFO_REASON_PATHS.rename(a.id), editor, { name: ' Новое имя ИП ' }),
    );
    expect(renamed.name).toBe('Новое имя ИП');
    expect((await row(a.id)).name).toBe('Новое имя ИП');
    const emptied = await ok<Item>(await call('PATCH', INFO_REASON_PATHS.rename(a.id), editor, { name: '' }));
    expect(emptied.name).toBe('без имени');
    expect((await row(a.id)).name).toBe('без имени');
    const logs = await actionsOf(a.id, 'info_reason.rename');
    expect(logs.map((l) => [l.oldValue, l.newValue])).toEqual([
      [{ name: 'Старое имя ИП' }, { name: 'Новое имя ИП' }],
      [{ name: 'Новое имя ИП' }, { name: 'без имени' }],
    ]);
    // The same name again changes nothing and logs nothing.
    await ok(await call('PATCH', INFO_REASON_PATHS.rename(a.id), editor, { name: 'без имени' }));
    expect(await actionsOf(a.id, 'info_reason.rename')).toHaveLength(2);
  });

  it('refuses bad names, unknown ids, readers and strangers', async () => {
    const a = await dirInfoReason(db(), 'Имя ИП проверка');
    const url = INFO_REASON_PATHS.rename(a.id);
    expectBad(await call('PATCH', url, editor, { name: 5 }), 'name');
    expectBad(await call('PATCH', url, editor, {}), 'name');
    expectStatus(await call('PATCH', INFO_REASON_PATHS.rename(999_999), editor, { name: 'x' }), 404);
    expectStatus(await call('PATCH', url, viewer, { name: 'x' }), 403);
    expectStatus(await call('PATCH', url, null, { name: 'x' }), 401);
    expect((await row(a.id)).name).toBe('Имя ИП проверка');
  });
});

describe('{id}/update-tonality/', () => {
  it('sets the target and answers the item with the completeness it gives', async () => {
    const a = await dirInfoReason(db(), 'Тональность ИП');
    await messagesWithMoods(a.id, [5, 2, 5, 1]);
    const url = INFO_REASON_PATHS.updateTonality(a.id);
    const negative = await ok<Item>(await call('PATCH', url, editor, { target_tonality: 2 }));
    expect(negative).toMatchObject({ target_tonality: 2, actual_mood: 5, complete: true });
    expect((await row(a.id)).targetTonality).toBe(2);
    expect(await ok<Item>(await call('PATCH', url, editor, { target_tonality: 6 }))).toMatchObject({
      target_tonality: 6,
      complete: false,
    });
    expect(await ok<Item>(await call('PATCH', url, editor, { target_tonality: 4 }))).toMatchObject({
      target_tonality: 4,
      complete: null,
    });
    expect(await ok<Item>(await call('PATCH', url, editor, { target_tonality: null }))).toMatchObject({
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
    const empty = await dirInfoReason(db(), 'Тональность пустой ИП', { targetTonality: 3 });
    expect((await ok<Item>(await call('GET', INFO_REASON_PATHS.detail(empty.id)))).complete).toBe(false);
    const neutral = await dirInfoReason(db(), 'Тональность нейтральный ИП', { targetTonality: 3 });
    await messagesWithMoods(neutral.id, [3, 4, 1]);
    expect(await ok<Item>(await call('GET', INFO_REASON_PATHS.detail(neutral.id)))).toMatchObject({
      actual_mood: 3,
      complete: true,
    });
  });

  it('answers 400 naming target_tonality for a value that is no mood', async () => {
    const a = await dirInfoReason(db(), 'Тональность ИП проверка', { targetTonality: 1 });
    const url = INFO_REASON_PATHS.updateTonality(a.id);
    for (const value of [0, 7, 2.5, 'позитив']) {
      expectBad(await call('PATCH', url, editor, { target_tonality: value }), 'target_tonality');
    }
    expectBad(await call('PATCH', url, editor, {}), 'target_tonality');
    expect((await row(a.id)).targetTonality).toBe(1);
    expectStatus(
      await call('PATCH', INFO_REASON_PATHS.updateTonality(999_999), editor, { target_tonality: 1 }),
      404,
    );
    expectStatus(await call('PATCH', url, viewer, { target_tonality: 1 }), 403);
    expectStatus(await call('PATCH', url, null, { target_tonality: 1 }), 401);
  });
});
