import {
  apiPath,
  THEME_LIST_PATHS,
  THEME_NAME_DEFAULT,
  THEME_WRITE_PATHS,
  type ThemeDetail,
} from '@monitoring/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  favouriteThemes,
  fragments,
  infoReasons,
  messageDailyStats,
  messageMarkups,
  messages,
  themes,
  userActions,
} from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildFragment, buildMarkup, buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let kit: Kit;
let superEditor: UserCaller;
let editor: UserCaller;
let viewer: UserCaller;
let archiver: UserCaller;
let lomSelection: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  superEditor = await kit.caller({ role: 1 });
  editor = await kit.caller({ role: 2 });
  viewer = await kit.caller({ role: 3 });
  archiver = await kit.caller({ role: 3, extraPermissions: ['ARCHIVE_THEME'] });
  lomSelection = await kit.caller({ role: 102 });
});

afterAll(async () => {
  await kit.close();
});

const db = () => kit.db;

async function themeRow(id: number) {
  const [row] = await db().select().from(themes).where(eq(themes.id, id));
  return row;
}

async function logOf(themeId: number, action?: string) {
  return db()
    .select({
      userId: userActions.userId,
      type: userActions.type,
      action: userActions.action,
      old: userActions.oldValue,
      new: userActions.newValue,
    })
    .from(userActions)
    .where(
      action
        ? and(eq(userActions.themeId, themeId), eq(userActions.action, action))
        : eq(userActions.themeId, themeId),
    )
    .orderBy(userActions.id);
}

/** 401 without a token and 403 for a user lacking the permission. */
async function expectGuarded(method: Method, url: string, forbiddenUser: Caller, payload?: unknown) {
  expect((await kit.anonymous.request(method, url, payload)).statusCode).toBe(401);
  const denied = await forbiddenUser.request(method, url, payload);
  expect(denied.statusCode).toBe(403);
}

describe('GET themes/{id}/', () => {
  it('answers the theme with the caller’s favourite flag and its info reasons by name', async () => {
    const theme = await buildTheme(db(), {
      name: 'Выборы',
      externalId: 'ext-7',
      approved: true,
      draft: true,
      createdByAi: true,
      clusterType: 3,
      service: true,
      actual: false,
    });
    await db()
      .insert(infoReasons)
      .values([
        { name: 'Явка', themeId: theme.id, targetTonality: 1 },
        { name: 'Агитация', themeId: theme.id, archived: true },
        { name: 'Бюллетени', themeId: theme.id, active: false, targetTonality: 2 },
      ]);
    await buildInfoReason(db(), { themeId: null });
    await db().insert(favouriteThemes).values({ userId: viewer.user.id, themeId: theme.id });

    const res = await viewer.get(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }));
    expect(res.statusCode).toBe(200);
    const body: ThemeDetail = res.json();
    expect(body).toMatchObject({
      id: theme.id,
      name: 'Выборы',
      external_id: 'ext-7',
      active: true,
      archived: false,
      approved: true,
      draft: true,
      created_by_ai: true,
      ai: true,
      service: true,
      cluster_type: 3,
      actual: false,
      hidden: false,
      is_favorite: true,
    });
    expect(Math.abs(new Date(body.created_at).getTime() - theme.createdAt.getTime())).toBeLessThanOrEqual(1);
    expect(body.info_reasons.map((ir) => ir.name)).toEqual(['Агитация', 'Бюллетени', 'Явка']);
    expect(body.info_reasons[1]).toMatchObject({ active: false, archived: false, target_tonality: 2 });
    expect(body.info_reasons[0]).toMatchObject({ archived: true, target_tonality: null });

    const other = (await editor.get(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }))).json();
    expect(other.is_favorite).toBe(false);
  });

  it('answers 404 for an unknown theme and 400 naming id for a bad one', async () => {
    const missing = await viewer.get(apiPath(THEME_WRITE_PATHS.detail, { id: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тема не найдена');
    const bad = await viewer.get('/api/v2/themes/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('needs a token and THEMES or THEME_DETAIL', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('GET', apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), lomSelection);
  });
});

describe('POST themes/', () => {
  it('creates a theme of the caller with the trimmed name and logs it', async () => {
    const res = await editor.post(THEME_LIST_PATHS.list, { name: '  Паводок  ' });
    expect(res.statusCode).toBe(201);
    const body: ThemeDetail = res.json();
    expect(body).toMatchObject({ name: 'Паводок', created_by_ai: false, archived: false, info_reasons: [] });
    const row = await themeRow(body.id);
    expect(row).toMatchObject({ name: 'Паводок', createdBy: editor.user.id, createdByAi: false });
    expect(await logOf(body.id, 'theme.create')).toEqual([
      {
        userId: editor.user.id,
        type: 4,
        action: 'theme.create',
        old: null,
        new: { name: 'Паводок', created_by_ai: false },
      },
    ]);
  });

  it('names a theme without a name «без имени»', async () => {
    for (const payload of [undefined, {}, { name: '' }, { name: '   ' }, { name: null }]) {
      const res = await editor.post(THEME_LIST_PATHS.list, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(201);
      expect((await themeRow(res.json().id)).name).toBe(THEME_NAME_DEFAULT);
    }
  });

  it('answers 400 naming the field', async () => {
    const wrongType = await editor.post(THEME_LIST_PATHS.list, { name: 5 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().field).toBe('name');
    const tooLong = await editor.post(THEME_LIST_PATHS.list, { name: 'я'.repeat(301) });
    expect(tooLong.json().field).toBe('name');
    const unknown = await editor.post(THEME_LIST_PATHS.list, { title: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('title');
  });

  it('needs a token and CREATE_THEME', async () => {
    await expectGuarded('POST', THEME_LIST_PATHS.list, viewer, { name: 'Тема' });
  });
});

describe('POST themes/create_ai_theme/', () => {
  it('creates a theme flagged created_by_ai', async () => {
    const res = await editor.post(THEME_WRITE_PATHS.createAi, { theme_name: ' ИИ-тема ' });
    expect(res.statusCode).toBe(201);
    const body: ThemeDetail = res.json();
    expect(body).toMatchObject({ name: 'ИИ-тема', created_by_ai: true, ai: true });
    expect(await themeRow(body.id)).toMatchObject({ createdByAi: true, createdBy: editor.user.id });
    expect(await logOf(body.id, 'theme.create_ai')).toHaveLength(1);
  });

  it('needs a non-empty theme_name', async () => {
    for (const payload of [{}, { theme_name: '  ' }, { theme_name: 7 }]) {
      const res = await editor.post(THEME_WRITE_PATHS.createAi, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('theme_name');
    }
  });

  it('needs a token and CREATE_AUTO_THEME', async () => {
    await expectGuarded('POST', THEME_WRITE_PATHS.createAi, viewer, { theme_name: 'Тема' });
  });
});

describe('PATCH themes/{id}/', () => {
  it('changes the fields sent and logs renames, archiving and the rest apart', async () => {
    const theme = await buildTheme(db(), { name: 'Старое' });
    const res = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), {
      name: ' Новое ',
      archived: true,
      draft: true,
      cluster_type: 5,
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Новое',
      archived: true,
      draft: true,
      cluster_type: 5,
      active: true,
    });
    expect(await themeRow(theme.id)).toMatchObject({
      name: 'Новое',
      archived: true,
      draft: true,
      clusterType: 5,
      active: true,
    });
    const log = await logOf(theme.id);
    expect(log.map((e) => [e.action, e.old, e.new])).toEqual([
      ['theme.rename', { name: 'Старое' }, { name: 'Новое' }],
      ['theme.archive', { archived: false }, { archived: true }],
      ['theme.update', { draft: false, cluster_type: null }, { draft: true, cluster_type: 5 }],
    ]);
  });

  it('sets an emptied name to «без имени» and clears cluster_type with null', async () => {
    const theme = await buildTheme(db(), { clusterType: 2 });
    const res = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), {
      name: '',
      cluster_type: null,
    });
    expect(res.statusCode).toBe(200);
    expect(await themeRow(theme.id)).toMatchObject({ name: THEME_NAME_DEFAULT, clusterType: null });
  });

  it('logs nothing when nothing changes', async () => {
    const theme = await buildTheme(db(), { active: true });
    const res = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), { active: true });
    expect(res.statusCode).toBe(200);
    expect(await logOf(theme.id)).toEqual([]);
  });

  it('lets ARCHIVE_THEME alone change archived only', async () => {
    const theme = await buildTheme(db(), { name: 'Тема А' });
    const ok = await archiver.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), { archived: true });
    expect(ok.statusCode).toBe(200);
    expect((await themeRow(theme.id)).archived).toBe(true);
    const denied = await archiver.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), {
      archived: false,
      name: 'Б',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().field).toBe('name');
    expect(await themeRow(theme.id)).toMatchObject({ archived: true, name: 'Тема А' });
  });

  it('answers 400 for no field, a bad value or an unknown field', async () => {
    const theme = await buildTheme(db());
    const empty = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body');
    const bad = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), { active: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('active');
    const cluster = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), {
      cluster_type: -1,
    });
    expect(cluster.json().field).toBe('cluster_type');
    const unknown = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), { hidden: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('hidden');
  });

  it('answers 404 for an unknown theme', async () => {
    const res = await editor.patch(apiPath(THEME_WRITE_PATHS.detail, { id: 999_999 }), { draft: true });
    expect(res.statusCode).toBe(404);
  });

  it('needs a token and EDIT_THEME or ARCHIVE_THEME', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('PATCH', apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), viewer, {
      draft: true,
    });
    expect((await themeRow(theme.id)).draft).toBe(false);
  });
});

describe('PATCH themes/{id}/name/', () => {
  it('renames, and an empty name is «без имени»', async () => {
    const theme = await buildTheme(db(), { name: 'Было' });
    const res = await editor.patch(apiPath(THEME_WRITE_PATHS.name, { id: theme.id }), { name: 'Стало' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Стало');
    expect((await themeRow(theme.id)).name).toBe('Стало');
    const emptied = await editor.patch(apiPath(THEME_WRITE_PATHS.name, { id: theme.id }), { name: ' ' });
    expect(emptied.json().name).toBe(THEME_NAME_DEFAULT);
    expect((await themeRow(theme.id)).name).toBe(THEME_NAME_DEFAULT);
    const log = await logOf(theme.id, 'theme.rename');
    expect(log.map((e) => e.new)).toEqual([{ name: 'Стало' }, { name: THEME_NAME_DEFAULT }]);
  });

  it('answers 400 naming name, and 404', async () => {
    const theme = await buildTheme(db());
    const missing = await editor.patch(apiPath(THEME_WRITE_PATHS.name, { id: theme.id }), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('name');
    const unknown = await editor.patch(apiPath(THEME_WRITE_PATHS.name, { id: 999_999 }), { name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a token and EDIT_THEME', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('PATCH', apiPath(THEME_WRITE_PATHS.name, { id: theme.id }), archiver, { name: 'x' });
  });
});

describe('PATCH themes/{id}/hide/', () => {
  it('toggles hidden and answers the new value', async () => {
    const theme = await buildTheme(db());
    const first = await editor.patch(apiPath(THEME_WRITE_PATHS.hide, { id: theme.id }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ hidden: true });
    expect((await themeRow(theme.id)).hidden).toBe(true);
    const second = await editor.patch(apiPath(THEME_WRITE_PATHS.hide, { id: theme.id }));
    expect(second.json()).toEqual({ hidden: false });
    expect((await themeRow(theme.id)).hidden).toBe(false);
    const log = await logOf(theme.id, 'theme.hide');
    expect(log.map((e) => e.new)).toEqual([{ hidden: true }, { hidden: false }]);
  });

  it('answers 404 and 400 naming id', async () => {
    expect((await editor.patch(apiPath(THEME_WRITE_PATHS.hide, { id: 999_999 }))).statusCode).toBe(404);
    const bad = await editor.patch('/api/v2/themes/0/hide/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('needs a token and EDIT_THEME', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('PATCH', apiPath(THEME_WRITE_PATHS.hide, { id: theme.id }), viewer);
    expect((await themeRow(theme.id)).hidden).toBe(false);
  });
});

describe('PATCH themes/{id}/switch_favorite/', () => {
  it('flips the caller’s favourite only', async () => {
    const theme = await buildTheme(db());
    await db().insert(favouriteThemes).values({ userId: superEditor.user.id, themeId: theme.id });
    const on = await editor.patch(apiPath(THEME_WRITE_PATHS.switchFavorite, { id: theme.id }));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ is_favorite: true });
    const favourites = async () =>
      (await db().select().from(favouriteThemes).where(eq(favouriteThemes.themeId, theme.id)))
        .map((f) => f.userId)
        .sort((a, b) => a - b);
    expect(await favourites()).toEqual([superEditor.user.id, editor.user.id].sort((a, b) => a - b));
    const off = await editor.patch(apiPath(THEME_WRITE_PATHS.switchFavorite, { id: theme.id }));
    expect(off.json()).toEqual({ is_favorite: false });
    expect(await favourites()).toEqual([superEditor.user.id]);
    const detail = (await superEditor.get(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }))).json();
    expect(detail.is_favorite).toBe(true);
    expect((await logOf(theme.id, 'theme.favorite')).map((e) => e.new)).toEqual([
      { is_favorite: true },
      { is_favorite: false },
    ]);
  });

  it('answers 404 for an unknown theme', async () => {
    expect((await editor.patch(apiPath(THEME_WRITE_PATHS.switchFavorite, { id: 999_999 }))).statusCode).toBe(
      404,
    );
  });

  it('needs a token and ADD_THEME_TO_FAVORITE', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('PATCH', apiPath(THEME_WRITE_PATHS.switchFavorite, { id: theme.id }), viewer);
  });
});

describe('PATCH themes/mass_archive/', () => {
  it('archives by default and answers the themes that changed', async () => {
    const a = await buildTheme(db());
    const b = await buildTheme(db());
    const already = await buildTheme(db(), { archived: true });
    const res = await superEditor.patch(THEME_WRITE_PATHS.massArchive, {
      ids: [a.id, b.id, already.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ids: [a.id, b.id], archived: true });
    const rows = await db()
      .select()
      .from(themes)
      .where(inArray(themes.id, [a.id, b.id, already.id]));
    expect(rows.every((r) => r.archived)).toBe(true);
    expect(await logOf(a.id, 'theme.archive')).toHaveLength(1);
    expect(await logOf(already.id, 'theme.archive')).toHaveLength(0);
  });

  it('unarchives with archive=false', async () => {
    const a = await buildTheme(db(), { archived: true });
    const res = await superEditor.patch(THEME_WRITE_PATHS.massArchive, {
      ids: [a.id],
      archive: false,
    });
    expect(res.json()).toEqual({ ids: [a.id], archived: false });
    expect((await themeRow(a.id)).archived).toBe(false);
  });

  it('changes nothing when an id is unknown, and names ids', async () => {
    const a = await buildTheme(db());
    const res = await superEditor.patch(THEME_WRITE_PATHS.massArchive, { ids: [a.id, 999_998] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ids');
    expect(res.json().message).toContain('999998');
    expect((await themeRow(a.id)).archived).toBe(false);
    const empty = await superEditor.patch(THEME_WRITE_PATHS.massArchive, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('ids');
    const badFlag = await superEditor.patch(THEME_WRITE_PATHS.massArchive, {
      ids: [a.id],
      archive: 1,
    });
    expect(badFlag.json().field).toBe('archive');
  });

  it('needs a token and EDIT_THEME or ARCHIVE_THEME, as archiving one theme does', async () => {
    const a = await buildTheme(db());
    await expectGuarded('PATCH', THEME_WRITE_PATHS.massArchive, viewer, { ids: [a.id] });
    expect((await themeRow(a.id)).archived).toBe(false);
    const byArchiver = await archiver.patch(THEME_WRITE_PATHS.massArchive, { ids: [a.id] });
    expect(byArchiver.statusCode).toBe(200);
    const byEditor = await editor.patch(THEME_WRITE_PATHS.massArchive, {
      ids: [a.id],
      archive: false,
    });
    expect(byEditor.json()).toEqual({ ids: [a.id], archived: false });
  });
});

describe('POST themes/approve/', () => {
  it('approves the themes and answers 202 with the ids', async () => {
    const a = await buildTheme(db(), { createdByAi: true });
    const b = await buildTheme(db(), { approved: true });
    const res = await editor.post(THEME_WRITE_PATHS.approve, { ids: [a.id, b.id, a.id] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ids: [a.id, b.id] });
    expect((await themeRow(a.id)).approved).toBe(true);
    expect(await logOf(a.id, 'theme.approve')).toHaveLength(1);
    expect(await logOf(b.id, 'theme.approve')).toHaveLength(0);
  });

  it('answers 400 naming ids for unknown or no ids', async () => {
    const a = await buildTheme(db());
    const res = await editor.post(THEME_WRITE_PATHS.approve, { ids: [a.id, 999_997] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('ids');
    expect((await themeRow(a.id)).approved).toBe(false);
    const missing = await editor.post(THEME_WRITE_PATHS.approve, {});
    expect(missing.json().field).toBe('ids');
  });

  it('needs a token and EDIT_THEME', async () => {
    const a = await buildTheme(db());
    await expectGuarded('POST', THEME_WRITE_PATHS.approve, viewer, { ids: [a.id] });
    expect((await themeRow(a.id)).approved).toBe(false);
  });
});

describe('DELETE themes/{id}/', () => {
  it('deletes the theme; messages, parts and info reasons lose it, markups go, the rollup follows', async () => {
    const lom = await buildLom(db());
    const theme = await buildTheme(db());
    const other = await buildTheme(db());
    const reason = await buildInfoReason(db(), { themeId: theme.id });
    const m1 = await buildMessage(db(), {
      lomId: lom.id,
      themeId: theme.id,
      infoReasonId: reason.id,
      mood: 1,
    });
    const m2 = await buildMessage(db(), { lomId: lom.id, themeId: other.id, mood: 1 });
    const fragment = await buildFragment(db(), m1.id, { themeId: theme.id });
    await buildMarkup(db(), m2.id, { themeId: theme.id });
    await db().insert(favouriteThemes).values({ userId: editor.user.id, themeId: theme.id });
    await rebuildAggregates(db());

    const res = await editor.delete(apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }));
    expect(res.statusCode).toBe(204);
    expect(await themeRow(theme.id)).toBeUndefined();
    const [message] = await db().select().from(messages).where(eq(messages.id, m1.id));
    expect(message).toMatchObject({ themeId: null, infoReasonId: reason.id });
    const [ir] = await db().select().from(infoReasons).where(eq(infoReasons.id, reason.id));
    expect(ir.themeId).toBeNull();
    expect(await db().select().from(messageMarkups).where(eq(messageMarkups.messageId, m2.id))).toEqual([]);
    expect(await db().select().from(favouriteThemes).where(eq(favouriteThemes.themeId, theme.id))).toEqual(
      [],
    );
    const [fragmentRow] = await db().select().from(fragments).where(eq(fragments.id, fragment.id));
    expect(fragmentRow.themeId).toBeNull();
    expect(
      await db().select().from(messageDailyStats).where(eq(messageDailyStats.themeId, theme.id)),
    ).toEqual([]);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);
    const [log] = await logOf(theme.id, 'theme.delete');
    expect(log.new).toMatchObject({
      deleted: true,
      cleared: { messages: 1, fragments: 1, markups: 1, info_reasons: 1, quotes: 0 },
    });
  });

  it('answers 404 for an unknown theme', async () => {
    expect((await editor.delete(apiPath(THEME_WRITE_PATHS.detail, { id: 999_999 }))).statusCode).toBe(404);
  });

  it('needs a token and EDIT_THEME', async () => {
    const theme = await buildTheme(db());
    await expectGuarded('DELETE', apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }), archiver);
    expect(await themeRow(theme.id)).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the theme calls', async () => {
    const res = await kit.anonymous.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v2/themes/',
      '/api/v2/themes/{id}/',
      '/api/v2/themes/{id}/merge_theme/',
      '/api/v2/themes/mass_archive/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
