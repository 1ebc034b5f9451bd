import { apiPath, LOM_FOCUS_PATHS, LOM_TYPE_PATHS, PICK_LIST_PATHS } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lomFocuses,
  lomLomFocuses,
  lomLomTypes,
  loms,
  lomTypes,
  userActions,
} from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import {
  buildLomFocus,
  buildLomType,
  linkLomFocus,
  linkLomType,
} from '../../test/factories-lom-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

interface Item {
  id: number;
  name: string;
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
let admin: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  editor = await kit.caller({ role: 2 });
  admin = await kit.caller({ role: 0, uiPermissions: ['view_lom_admin'] });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

async function page(url: string, user: Caller = viewer): Promise<Page> {
  const res = await user.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (p: Page) => p.results.map((item) => item.id);
const search = (text: string) => `search=${encodeURIComponent(text)}`;

/** A 400 whose `field` names the input; the validator's own messages quote it too. */
function expectBad(
  res: { statusCode: number; json: () => { field?: string; message: string } },
  field: string,
) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
}

async function actionsOf(action: string) {
  return db().select().from(userActions).where(eq(userActions.action, action)).orderBy(userActions.id);
}

describe('GET lom-types/ and pagination_count/', () => {
  it('lists types with their theme, flags, order, creation and loms count, as the database holds them', async () => {
    const theme = await buildTheme(db(), { name: 'Тема списка типов' });
    const a = await buildLomType(db(), { name: 'Список тип А', themeId: theme.id, isSegment: true, sort: 3 });
    const b = await buildLomType(db(), { name: 'Список тип Б', isCategory: true, archived: true });
    const lom1 = await buildLom(db(), { name: 'Держатель 1' });
    const lom2 = await buildLom(db(), { name: 'Держатель 2' });
    await linkLomType(db(), lom1.id, a.id);
    await linkLomType(db(), lom2.id, a.id);
    await linkLomType(db(), lom2.id, b.id);
    const rows = await db().select().from(lomTypes).where(eq(lomTypes.id, a.id));
    const list = await page(`${LOM_TYPE_PATHS.list}?${search('список тип')}`);
    expect(list).toEqual({
      results: [
        {
          id: a.id,
          name: 'Список тип А',
          theme: { id: theme.id, name: 'Тема списка типов' },
          is_segment: true,
          is_interest: false,
          is_category: false,
          archived: false,
          ai: false,
          sort: 3,
          created_at: rows[0].createdAt.toISOString(),
          loms_count: 2,
        },
        expect.objectContaining({ id: b.id, is_category: true, archived: true, theme: null, loms_count: 1 }),
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    expect(
      (await page(`${LOM_TYPE_PATHS.list}?${search('список тип')}&archived=false`)).results,
    ).toHaveLength(1);
    expect(ids(await page(`${LOM_TYPE_PATHS.list}?${search('список тип')}&sort=-name`))).toEqual([
      b.id,
      a.id,
    ]);
  });

  it('leaves out AI-made types unless ai is sent or the ids are named', async () => {
    const manual = await buildLomType(db(), { name: 'ИИ тест ручной' });
    const ai = await buildLomType(db(), { name: 'ИИ тест машинный', ai: true });
    const q = search('ии тест');
    expect(ids(await page(`${LOM_TYPE_PATHS.list}?${q}`))).toEqual([manual.id]);
    expect(ids(await page(`${LOM_TYPE_PATHS.list}?${q}&ai=true`))).toEqual([ai.id]);
    expect(ids(await page(`${LOM_TYPE_PATHS.list}?id_in=${ai.id}`))).toEqual([ai.id]);
    // The pick list has no default.
    expect(ids(await page(`${PICK_LIST_PATHS.lom_type}?${q}`))).toEqual([ai.id, manual.id]);
    const count = await viewer.get(`${LOM_TYPE_PATHS.count}?${q}`);
    expect(count.json()).toEqual({ elements_count: 1, last_page: 1 });
  });

  it('counts the types and pages of the filter', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      await buildLomType(db(), { name: `Счёт тип ${n}`, isInterest: n % 2 === 1 });
    }
    const q = search('счёт тип');
    expect((await viewer.get(`${LOM_TYPE_PATHS.count}?${q}&page_size=2`)).json()).toEqual({
      elements_count: 5,
      last_page: 3,
    });
    expect((await viewer.get(`${LOM_TYPE_PATHS.count}?${q}&is_interest=true`)).json()).toEqual({
      elements_count: 3,
      last_page: 1,
    });
    const [row] = await db().select().from(lomTypes).where(eq(lomTypes.name, 'Счёт тип 1'));
    expect(row.isInterest).toBe(true);
  });

  it('answers 400 naming the field, 401 without a token, 403 to a role without permissions', async () => {
    expectBad(await viewer.get(`${LOM_TYPE_PATHS.list}?ai=1`), 'ai');
    expectBad(await viewer.get(`${LOM_TYPE_PATHS.list}?sort=rank`), 'sort');
    expectBad(await viewer.get(`${LOM_TYPE_PATHS.list}?theme_isnull=yes`), 'theme_isnull');
    expectBad(await viewer.get(`${LOM_TYPE_PATHS.count}?page_size=0`), 'page_size');
    expectBad(await viewer.get(`${LOM_TYPE_PATHS.count}?is_segment=1`), 'is_segment');
    const service = await kit.caller({ role: 101 });
    for (const url of [
      LOM_TYPE_PATHS.list,
      LOM_TYPE_PATHS.count,
      apiPath(LOM_TYPE_PATHS.detail, { id: 1 }),
    ]) {
      expect((await kit.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await service.get(url)).statusCode, url).toBe(403);
    }
  });
});

describe('GET lom-types/{id}/', () => {
  it('answers the type as the database holds it, 404 for an unknown id, 400 for a bad one', async () => {
    const type = await buildLomType(db(), { name: 'Один тип', isInterest: true, ai: true, sort: 7 });
    const res = await viewer.get(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: type.id,
      name: 'Один тип',
      theme: null,
      is_segment: false,
      is_interest: true,
      is_category: false,
      archived: false,
      ai: true,
      sort: 7,
      created_at: type.createdAt.toISOString(),
      loms_count: 0,
    });
    expect((await viewer.get(apiPath(LOM_TYPE_PATHS.detail, { id: 999_999 }))).statusCode).toBe(404);
    expectBad(await viewer.get('/api/v1/lom-types/abc/'), 'id');
  });
});

describe('POST lom-types/', () => {
  it('creates a type with name, theme and flags, and logs it', async () => {
    const theme = await buildTheme(db(), { name: 'Тема нового типа' });
    const res = await editor.post(LOM_TYPE_PATHS.list, {
      name: '  Новый тип  ',
      theme: theme.id,
      is_segment: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [row] = await db().select().from(lomTypes).where(eq(lomTypes.id, body.id));
    expect(row).toMatchObject({
      name: 'Новый тип',
      themeId: theme.id,
      isSegment: true,
      isInterest: false,
      isCategory: false,
      archived: false,
      ai: false,
    });
    expect(body).toEqual({
      id: row.id,
      name: 'Новый тип',
      theme: { id: theme.id, name: 'Тема нового типа' },
      is_segment: true,
      is_interest: false,
      is_category: false,
      archived: false,
      ai: false,
      sort: 0,
      created_at: row.createdAt.toISOString(),
      loms_count: 0,
    });
    const [log] = await actionsOf('lom_type.create');
    expect(log).toMatchObject({ userId: editor.user.id, type: 8, oldValue: null, newValue: body });
  });

  it('lets a lom administrator create one, with the theme left out', async () => {
    const res = await admin.post(LOM_TYPE_PATHS.list, { name: 'Тип администратора' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(lomTypes).where(eq(lomTypes.id, res.json().id));
    expect(row.themeId).toBeNull();
  });

  it('answers 400 naming the field for a bad name, theme or flag, and a taken name', async () => {
    await buildLomType(db(), { name: 'Занятое имя' });
    const before = await db().select().from(lomTypes);
    const post = (payload: unknown) => editor.post(LOM_TYPE_PATHS.list, payload);
    expectBad(await post({}), 'name');
    expectBad(await post({ name: '   ' }), 'name');
    expectBad(await post({ name: 'я'.repeat(201) }), 'name');
    expectBad(await post({ name: 42 }), 'name');
    expectBad(await post({ name: 'Тип', theme: 'одна' }), 'theme');
    expectBad(await post({ name: 'Тип', theme: 0 }), 'theme');
    expectBad(await post({ name: 'Тип', is_category: 'true' }), 'is_category');
    const unknownTheme = await post({ name: 'Тип', theme: 999_999 });
    expectBad(unknownTheme, 'theme');
    expect(unknownTheme.json().message).toBe('Тема 999999 не найдена');
    const taken = await post({ name: 'занятое ИМЯ' });
    expectBad(taken, 'name');
    expect(taken.json().message).toBe('Тип ЛОМ «занятое ИМЯ» уже есть');
    expect(await db().select().from(lomTypes)).toHaveLength(before.length);
  });

  it('answers 401 without a token and 403 to a viewer', async () => {
    expect((await kit.anonymous.post(LOM_TYPE_PATHS.list, { name: 'Чужой' })).statusCode).toBe(401);
    expect((await viewer.post(LOM_TYPE_PATHS.list, { name: 'Чужой' })).statusCode).toBe(403);
    expect(await db().select().from(lomTypes).where(eq(lomTypes.name, 'Чужой'))).toEqual([]);
  });
});

describe('DELETE lom-types/{id}/', () => {
  it('deletes the type and its lom links, keeps the loms, and logs what was linked', async () => {
    const type = await buildLomType(db(), { name: 'Удаляемый тип', isSegment: true });
    const kept = await buildLomType(db(), { name: 'Остающийся тип' });
    const lom1 = await buildLom(db(), { name: 'С типом 1' });
    const lom2 = await buildLom(db(), { name: 'С типом 2' });
    await linkLomType(db(), lom2.id, type.id);
    await linkLomType(db(), lom1.id, type.id);
    await linkLomType(db(), lom1.id, kept.id);
    const detail = (await viewer.get(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }))).json();
    const res = await editor.delete(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await db().select().from(lomTypes).where(eq(lomTypes.id, type.id))).toEqual([]);
    expect(await db().select().from(lomLomTypes).where(eq(lomLomTypes.lomTypeId, type.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(lomLomTypes)
        .where(and(eq(lomLomTypes.lomId, lom1.id), eq(lomLomTypes.lomTypeId, kept.id))),
    ).toHaveLength(1);
    expect(await db().select().from(loms).where(eq(loms.id, lom2.id))).toHaveLength(1);
    const [log] = await actionsOf('lom_type.delete');
    expect(log).toMatchObject({
      userId: editor.user.id,
      type: 8,
      oldValue: { ...detail, lom_ids: [lom1.id, lom2.id] },
      newValue: null,
    });
    expect((await editor.delete(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }))).statusCode).toBe(404);
  });

  it('answers 400 for a bad id, 401 without a token, 403 to a viewer', async () => {
    const type = await buildLomType(db(), { name: 'Неудаляемый тип' });
    expectBad(await editor.delete('/api/v1/lom-types/0/'), 'id');
    expect((await kit.anonymous.delete(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }))).statusCode).toBe(
      401,
    );
    expect((await viewer.delete(apiPath(LOM_TYPE_PATHS.detail, { id: type.id }))).statusCode).toBe(403);
    expect(await db().select().from(lomTypes).where(eq(lomTypes.id, type.id))).toHaveLength(1);
  });
});

describe('lom-focus/', () => {
  it('lists focuses with theme and loms count, and answers one by id', async () => {
    const theme = await buildTheme(db(), { name: 'Тема фокусов' });
    const a = await buildLomFocus(db(), { name: 'Фокус списка А', themeId: theme.id });
    const b = await buildLomFocus(db(), { name: 'Фокус списка Б', ai: true, archived: true });
    const lom = await buildLom(db(), { name: 'С фокусом' });
    await linkLomFocus(db(), lom.id, b.id);
    const list = await page(`${LOM_FOCUS_PATHS.list}?${search('фокус списка')}`);
    const itemB = {
      id: b.id,
      name: 'Фокус списка Б',
      theme: null,
      archived: true,
      ai: true,
      created_at: b.createdAt.toISOString(),
      loms_count: 1,
    };
    expect(list.results).toEqual([
      {
        id: a.id,
        name: 'Фокус списка А',
        theme: { id: theme.id, name: 'Тема фокусов' },
        archived: false,
        ai: false,
        created_at: a.createdAt.toISOString(),
        loms_count: 0,
      },
      itemB,
    ]);
    // No ai default for focuses: the spec gives none.
    expect(ids(await page(`${LOM_FOCUS_PATHS.list}?${search('фокус списка')}&ai=false`))).toEqual([a.id]);
    expect(ids(await page(`${LOM_FOCUS_PATHS.list}?theme_in=${theme.id}`))).toEqual([a.id]);
    expect((await viewer.get(apiPath(LOM_FOCUS_PATHS.detail, { id: b.id }))).json()).toEqual(itemB);
    expect((await viewer.get(apiPath(LOM_FOCUS_PATHS.detail, { id: 999_999 }))).statusCode).toBe(404);
  });

  it('creates a focus with name and theme, and logs it', async () => {
    const theme = await buildTheme(db(), { name: 'Тема нового фокуса' });
    const res = await editor.post(LOM_FOCUS_PATHS.list, { name: 'Новый фокус', theme: theme.id });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(lomFocuses).where(eq(lomFocuses.id, res.json().id));
    expect(row).toMatchObject({ name: 'Новый фокус', themeId: theme.id, archived: false, ai: false });
    expect(res.json()).toEqual({
      id: row.id,
      name: 'Новый фокус',
      theme: { id: theme.id, name: 'Тема нового фокуса' },
      archived: false,
      ai: false,
      created_at: row.createdAt.toISOString(),
      loms_count: 0,
    });
    const [log] = await actionsOf('lom_focus.create');
    expect(log).toMatchObject({ userId: editor.user.id, type: 8, newValue: res.json() });
  });

  it('deletes a focus and its links, logging the loms and their shares', async () => {
    const focus = await buildLomFocus(db(), { name: 'Удаляемый фокус' });
    const lom = await buildLom(db(), { name: 'С удаляемым фокусом' });
    await db().insert(lomLomFocuses).values({ lomId: lom.id, lomFocusId: focus.id, actialPercent: 42.5 });
    const detail = (await viewer.get(apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id }))).json();
    const res = await admin.delete(apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id }));
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().select().from(lomFocuses).where(eq(lomFocuses.id, focus.id))).toEqual([]);
    expect(await db().select().from(lomLomFocuses).where(eq(lomLomFocuses.lomId, lom.id))).toEqual([]);
    const [log] = await actionsOf('lom_focus.delete');
    expect(log).toMatchObject({
      userId: admin.user.id,
      type: 8,
      oldValue: { ...detail, loms: [{ lom_id: lom.id, actial_percent: 42.5 }] },
    });
    expect((await admin.delete(apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id }))).statusCode).toBe(404);
  });

  it('answers 400 naming the field, 401 and 403', async () => {
    await buildLomFocus(db(), { name: 'Занятый фокус' });
    const post = (payload: unknown, user: Caller = editor) => user.post(LOM_FOCUS_PATHS.list, payload);
    expectBad(await post({ theme: null }), 'name');
    expectBad(await post({ name: 'ЗАНЯТЫЙ фокус' }), 'name');
    expectBad(await post({ name: 'Фокус', theme: 1.5 }), 'theme');
    expectBad(await post({ name: 'Фокус', theme: 999_999 }), 'theme');
    expectBad(await viewer.get(`${LOM_FOCUS_PATHS.list}?archived=0`), 'archived');
    expectBad(await viewer.get('/api/v1/lom-focus/x/'), 'id');
    expectBad(await editor.delete('/api/v1/lom-focus/-1/'), 'id');
    const focus = await buildLomFocus(db(), { name: 'Охраняемый фокус' });
    const service = await kit.caller({ role: 101 });
    expect((await post({ name: 'Фокус' }, kit.anonymous)).statusCode).toBe(401);
    expect((await post({ name: 'Фокус' }, viewer)).statusCode).toBe(403);
    expect((await kit.anonymous.delete(apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id }))).statusCode).toBe(
      401,
    );
    expect((await viewer.delete(apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id }))).statusCode).toBe(403);
    for (const url of [LOM_FOCUS_PATHS.list, apiPath(LOM_FOCUS_PATHS.detail, { id: focus.id })]) {
      expect((await kit.anonymous.get(url)).statusCode).toBe(401);
      expect((await service.get(url)).statusCode).toBe(403);
    }
    expect(await db().select().from(lomFocuses).where(eq(lomFocuses.id, focus.id))).toHaveLength(1);
    expect(await db().select().from(lomFocuses).where(eq(lomFocuses.name, 'Фокус'))).toEqual([]);
  });
});
