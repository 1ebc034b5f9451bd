import type { LomGroupItem, LomGroupLomsChange } from '@monitoring/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lomGroupLomSources, lomGroupLoms, lomGroups, userActions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUserWithToken } from '../../test/factories.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildLomGroup, formData } from '../../test/factories-lom-groups.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';

type User = Awaited<ReturnType<typeof buildUserWithToken>>;
type Envelope<T> = { results: T[]; page: number; last_page: number; elements_count: number };

let t: TestApp;
let editor: User;
let otherEditor: User;
let superEditor: User;
let viewer: User;
let service: User;
const lom: Record<string, number> = {};
const group: Record<string, number> = {};
let sourceOfC: number;

const FORM_PATH = '/api/v1/loms/new-loms/create_or_update_loms_group/';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  editor = await buildUserWithToken(db, { role: 2 });
  otherEditor = await buildUserWithToken(db, { role: 2 });
  superEditor = await buildUserWithToken(db, { role: 1 });
  viewer = await buildUserWithToken(db, { role: 3 });
  service = await buildUserWithToken(db, { role: 101 });
  for (const name of ['Анна', 'Борис', 'Вера', 'Глеб']) {
    const row = await buildLom(db, { name, subscribers: name.length * 100 });
    lom[name] = row.id;
  }
  const vk = await buildSource(db, { name: 'ВКонтакте' });
  sourceOfC = (await buildLomSource(db, { lomId: lom.Вера, sourceId: vk.id })).id;
  const at = (day: number) => new Date(`2025-01-${String(day).padStart(2, '0')}T10:00:00Z`);
  group.mine = (
    await buildLomGroup(db, {
      title: 'Мои блогеры',
      ownerId: editor.user.id,
      loms: [lom.Анна, lom.Борис],
      createdAt: at(5),
    })
  ).id;
  group.othersPublic = (
    await buildLomGroup(db, {
      title: 'Федеральные СМИ',
      public: true,
      ownerId: otherEditor.user.id,
      loms: [lom.Анна],
      createdAt: at(4),
    })
  ).id;
  group.othersPrivate = (
    await buildLomGroup(db, { title: 'Чужая личная', ownerId: otherEditor.user.id, createdAt: at(3) })
  ).id;
  group.untitled = (
    await buildLomGroup(db, {
      title: null,
      public: true,
      reportId: 7_012_345,
      loms: [lom.Вера],
      lomSources: [sourceOfC],
      createdAt: at(2),
    })
  ).id;
});

afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User | null, payload?: object) {
  return t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
}

function form(method: 'POST' | 'PATCH', user: User | null, fields: [string, string][]) {
  const body = formData(fields);
  return t.app.inject({
    method,
    url: FORM_PATH,
    headers: { ...(user?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

async function list(query: string, user: User = editor): Promise<Envelope<LomGroupItem>> {
  const response = await call('GET', `/api/v1/mlg-reports/?${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function membersInDb(groupId: number) {
  const rows = await t.database.db
    .select({ lomId: lomGroupLoms.lomId })
    .from(lomGroupLoms)
    .where(eq(lomGroupLoms.groupId, groupId));
  return rows.map((r) => r.lomId).sort((a, b) => a - b);
}

async function lastAction(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(userActions)
    .where(eq(userActions.userId, userId))
    .orderBy(desc(userActions.id))
    .limit(1);
  return row;
}

describe('GET mlg-reports/', () => {
  it('lists the public groups and the caller’s own, newest first, with counts', async () => {
    const body = await list('');
    expect(body.results.map((g) => g.id)).toEqual([group.mine, group.othersPublic, group.untitled]);
    expect(body.elements_count).toBe(3);
    const [mine, othersPublic, untitled] = body.results;
    expect(mine).toMatchObject({
      title: 'Мои блогеры',
      public: false,
      owner: { id: editor.user.id, username: editor.user.username },
      loms_count: 2,
      loms_sources_count: 0,
      can_edit: true,
    });
    expect(othersPublic).toMatchObject({ public: true, loms_count: 1, can_edit: false });
    // Вера is both a lom of the group and the owner of its account: counted once.
    expect(untitled).toMatchObject({
      title: null,
      report_id: 7_012_345,
      owner: null,
      is_lomsource: true,
      loms_count: 1,
      loms_sources_count: 1,
    });
  });

  it('lets api_edit_public change public groups of others', async () => {
    const body = await list('', superEditor);
    expect(body.results.map((g) => [g.id, g.can_edit])).toEqual([
      [group.othersPublic, true],
      [group.untitled, true],
    ]);
  });

  it('filters by search (title or report number), id_in, public and mine', async () => {
    expect((await list('search=блогер')).results.map((g) => g.id)).toEqual([group.mine]);
    expect((await list('search=7012')).results.map((g) => g.id)).toEqual([group.untitled]);
    expect((await list(`id_in=${group.untitled},${group.othersPrivate}`)).results.map((g) => g.id)).toEqual([
      group.untitled,
    ]);
    expect((await list('public=false')).results.map((g) => g.id)).toEqual([group.mine]);
    expect((await list('public=true')).results.map((g) => g.id)).toEqual([
      group.othersPublic,
      group.untitled,
    ]);
    expect((await list('mine=true', otherEditor)).results.map((g) => g.id)).toEqual([
      group.othersPublic,
      group.othersPrivate,
    ]);
    const paged = await list('page=2&page_size=2');
    expect(paged).toMatchObject({ page: 2, last_page: 2, elements_count: 3 });
    expect(paged.results.map((g) => g.id)).toEqual([group.untitled]);
  });

  it('lets a reader (LOMS) see them, refuses bad input, no token and no LOMS', async () => {
    expect((await list('', viewer)).results.every((g) => !g.can_edit)).toBe(true);
    const bad = await call('GET', '/api/v1/mlg-reports/?public=maybe', viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('public');
    expect((await call('GET', '/api/v1/mlg-reports/?id_in=1,x', viewer)).json().field).toBe('id_in');
    expect((await call('GET', '/api/v1/mlg-reports/', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/mlg-reports/', service)).statusCode).toBe(403);
  });
});

describe('POST mlg-reports/', () => {
  it('creates a group of the caller with its first loms and logs it', async () => {
    const response = await call('POST', '/api/v1/mlg-reports/', editor, {
      title: '  Новая группа ',
      loms: [lom.Борис, lom.Глеб],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: LomGroupItem = response.json();
    expect(created).toMatchObject({ title: 'Новая группа', public: false, loms_count: 2, can_edit: true });
    const [row] = await t.database.db.select().from(lomGroups).where(eq(lomGroups.id, created.id));
    expect(row).toMatchObject({ title: 'Новая группа', public: false, ownerId: editor.user.id });
    expect(await membersInDb(created.id)).toEqual([lom.Борис, lom.Глеб].sort((a, b) => a - b));
    const action = await lastAction(editor.user.id);
    expect(action).toMatchObject({ type: 6, action: 'lom_group.create' });
    expect(action.newValue).toMatchObject({ group_id: created.id, loms: [lom.Борис, lom.Глеб] });
  });

  it('publishes only with api_edit_public (403 naming public)', async () => {
    const refused = await call('POST', '/api/v1/mlg-reports/', editor, { title: 'Публичная', public: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('public');
    const made = await call('POST', '/api/v1/mlg-reports/', superEditor, {
      title: 'Публичная',
      public: true,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ public: true, owner: { id: superEditor.user.id } });
  });

  it('refuses unknown loms and long titles, writing nothing; 401 and 403', async () => {
    const before = await t.database.db.select().from(lomGroups);
    const unknown = await call('POST', '/api/v1/mlg-reports/', editor, {
      title: 'X',
      loms: [lom.Анна, 999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'loms' });
    expect(unknown.json().message).toContain('999999');
    const long = await call('POST', '/api/v1/mlg-reports/', editor, { title: 'я'.repeat(201) });
    expect(long.json().field).toBe('title');
    expect(await t.database.db.select().from(lomGroups)).toHaveLength(before.length);
    expect((await call('POST', '/api/v1/mlg-reports/', null, { title: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/mlg-reports/', viewer, { title: 'X' })).statusCode).toBe(403);
  });
});

describe('create_or_update_loms_group/ (form data)', () => {
  it('POST creates a group from form fields', async () => {
    const response = await form('POST', editor, [
      ['group_name', 'Из формы'],
      ['mood', '2'],
      ['loms', `${lom.Анна},${lom.Вера}`],
      ['loms', String(lom.Глеб)],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created: LomGroupItem = response.json();
    expect(created).toMatchObject({ title: 'Из формы', mood: 2, public: false, loms_count: 3 });
    expect(await membersInDb(created.id)).toEqual([lom.Анна, lom.Вера, lom.Глеб].sort((a, b) => a - b));
  });

  it('PATCH renames, sets the mood and replaces the lom list, logging each change', async () => {
    const target = await buildLomGroup(t.database.db, {
      title: 'Старое имя',
      ownerId: editor.user.id,
      loms: [lom.Анна, lom.Борис],
    });
    const response = await form('PATCH', editor, [
      ['group_id', String(target.id)],
      ['group_name', 'Новое имя'],
      ['mood', '6'],
      ['loms', `${lom.Борис},${lom.Вера}`],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: target.id, title: 'Новое имя', mood: 6, loms_count: 2 });
    const [row] = await t.database.db.select().from(lomGroups).where(eq(lomGroups.id, target.id));
    expect(row).toMatchObject({ title: 'Новое имя', mood: 6 });
    expect(await membersInDb(target.id)).toEqual([lom.Борис, lom.Вера].sort((a, b) => a - b));
    const actions = await t.database.db
      .select()
      .from(userActions)
      .where(eq(userActions.userId, editor.user.id))
      .orderBy(desc(userActions.id))
      .limit(3);
    expect(actions.map((a) => a.action).sort()).toEqual([
      'lom_group.loms_add',
      'lom_group.loms_remove',
      'lom_group.update',
    ]);
    const update = actions.find((a) => a.action === 'lom_group.update');
    expect(update?.oldValue).toEqual({ group_id: target.id, title: 'Старое имя', mood: null });
    expect(update?.newValue).toEqual({ group_id: target.id, title: 'Новое имя', mood: 6 });
  });

  it('PATCH with an empty name clears the title (the report number shows instead)', async () => {
    const target = await buildLomGroup(t.database.db, { ownerId: editor.user.id, reportId: 7_000_001 });
    const response = await form('PATCH', editor, [
      ['group_id', String(target.id)],
      ['group_name', ''],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: null, report_id: 7_000_001 });
  });

  it('checks ownership and the publishing right', async () => {
    const hidden = await form('PATCH', editor, [
      ['group_id', String(group.othersPrivate)],
      ['group_name', 'x'],
    ]);
    expect(hidden.statusCode).toBe(404);
    const othersPublic = await form('PATCH', editor, [
      ['group_id', String(group.othersPublic)],
      ['group_name', 'x'],
    ]);
    expect(othersPublic.statusCode).toBe(403);
    const publish = await form('PATCH', editor, [
      ['group_id', String(group.mine)],
      ['public', 'true'],
    ]);
    expect(publish.statusCode).toBe(403);
    expect(publish.json().field).toBe('public');
    const byModerator = await form('PATCH', superEditor, [
      ['group_id', String(group.othersPublic)],
      ['mood', '1'],
    ]);
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    expect(byModerator.json()).toMatchObject({ mood: 1, owner: { id: otherEditor.user.id } });
  });

  it('refuses bad fields naming them; 401 and 403', async () => {
    expect((await form('PATCH', editor, [['group_name', 'x']])).json().field).toBe('group_id');
    expect((await form('POST', editor, [['public', 'true']])).json().field).toBe('group_name');
    expect((await form('POST', editor, [['group_name', '  ']])).json().field).toBe('group_name');
    const mood = await form('POST', editor, [
      ['group_name', 'x'],
      ['mood', '9'],
    ]);
    expect(mood.statusCode).toBe(400);
    expect(mood.json().field).toBe('mood');
    expect(
      (
        await form('POST', editor, [
          ['group_name', 'x'],
          ['loms', 'a,b'],
        ])
      ).json().field,
    ).toBe('loms');
    expect(
      (
        await form('POST', editor, [
          ['group_name', 'x'],
          ['public', 'да'],
        ])
      ).json().field,
    ).toBe('public');
    expect((await form('POST', null, [['group_name', 'x']])).statusCode).toBe(401);
    expect((await form('POST', viewer, [['group_name', 'x']])).statusCode).toBe(403);
  });

  it('refuses a file part, naming its field', async () => {
    const boundary = '----file-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="loms"; filename="a.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\n1,2\r\n--${boundary}--\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: FORM_PATH,
      headers: { ...editor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('loms');
  });
});

describe('mlg-reports/{id}/loms/', () => {
  it('adds loms, counting only the new ones', async () => {
    const target = await buildLomGroup(t.database.db, { ownerId: editor.user.id, loms: [lom.Анна] });
    const response = await call('POST', `/api/v1/mlg-reports/${target.id}/loms/`, editor, {
      loms: [lom.Анна, lom.Борис],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body: LomGroupLomsChange = response.json();
    expect(body).toMatchObject({ changed: 1, group: { id: target.id, loms_count: 2 } });
    expect(await membersInDb(target.id)).toEqual([lom.Анна, lom.Борис].sort((a, b) => a - b));
    expect(await lastAction(editor.user.id)).toMatchObject({
      action: 'lom_group.loms_add',
      newValue: { group_id: target.id, loms: [lom.Борис] },
    });
  });

  it('removes loms, also those in the group through their accounts', async () => {
    const target = await buildLomGroup(t.database.db, {
      ownerId: editor.user.id,
      loms: [lom.Анна],
      lomSources: [sourceOfC],
    });
    const response = await call('DELETE', `/api/v1/mlg-reports/${target.id}/loms/`, editor, {
      loms: [lom.Вера, lom.Глеб],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ changed: 1, group: { loms_count: 1, loms_sources_count: 0 } });
    const sources = await t.database.db
      .select()
      .from(lomGroupLomSources)
      .where(eq(lomGroupLomSources.groupId, target.id));
    expect(sources).toEqual([]);
    expect(await lastAction(editor.user.id)).toMatchObject({
      action: 'lom_group.loms_remove',
      oldValue: { group_id: target.id, loms: [lom.Вера] },
    });
  });

  it('reads the ids (get_loms) and a page of loms by name', async () => {
    const ids = await call('GET', `/api/v1/mlg-reports/${group.untitled}/get_loms/`, viewer);
    expect(ids.json()).toEqual({ ids: [lom.Вера] });
    const mine = await call('GET', `/api/v1/mlg-reports/${group.mine}/loms/?page_size=1&page=2`, editor);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      page: 2,
      last_page: 2,
      elements_count: 2,
      results: [{ id: lom.Борис, name: 'Борис', subscribers: 500, via_sources: false }],
    });
    const bySource = await t.database.db
      .insert(lomGroups)
      .values({ title: 'Источники', public: true })
      .returning();
    await t.database.db
      .insert(lomGroupLomSources)
      .values({ groupId: bySource[0].id, lomSourceId: sourceOfC });
    const viaSources = await call('GET', `/api/v1/mlg-reports/${bySource[0].id}/loms/?search=вер`, viewer);
    expect(viaSources.json().results).toEqual([
      { id: lom.Вера, name: 'Вера', avatar: null, is_active: true, subscribers: 400, via_sources: true },
    ]);
  });

  it('hides others’ private groups (404), refuses strangers (403), bad input (400), no token (401)', async () => {
    expect(
      (await call('GET', `/api/v1/mlg-reports/${group.othersPrivate}/get_loms/`, editor)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/v1/mlg-reports/${group.othersPrivate}/loms/`, editor)).statusCode).toBe(
      404,
    );
    const stranger = await call('POST', `/api/v1/mlg-reports/${group.othersPublic}/loms/`, editor, {
      loms: [lom.Глеб],
    });
    expect(stranger.statusCode).toBe(403);
    const empty = await call('POST', `/api/v1/mlg-reports/${group.mine}/loms/`, editor, { loms: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('loms');
    const unknown = await call('POST', `/api/v1/mlg-reports/${group.mine}/loms/`, editor, {
      loms: [999_999],
    });
    expect(unknown.json().field).toBe('loms');
    expect((await call('GET', '/api/v1/mlg-reports/x/loms/', editor)).json().field).toBe('id');
    expect((await call('GET', `/api/v1/mlg-reports/${group.mine}/get_loms/`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/mlg-reports/${group.mine}/get_loms/`, service)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/v1/mlg-reports/${group.mine}/loms/`, viewer, { loms: [lom.Анна] }))
        .statusCode,
    ).toBe(403);
    expect(await membersInDb(group.mine)).toEqual([lom.Анна, lom.Борис].sort((a, b) => a - b));
  });
});

describe('DELETE mlg-reports/{id}/', () => {
  it('deletes the owner’s group with its links and logs what it held', async () => {
    const target = await buildLomGroup(t.database.db, {
      ownerId: editor.user.id,
      loms: [lom.Анна, lom.Глеб],
    });
    const response = await call('DELETE', `/api/v1/mlg-reports/${target.id}/`, editor);
    expect(response.statusCode, response.body).toBe(204);
    expect(await t.database.db.select().from(lomGroups).where(eq(lomGroups.id, target.id))).toEqual([]);
    expect(await membersInDb(target.id)).toEqual([]);
    const action = await lastAction(editor.user.id);
    expect(action).toMatchObject({ action: 'lom_group.delete', lomId: null });
    expect(action.oldValue).toMatchObject({ group_id: target.id, loms: [lom.Анна, lom.Глеб] });
  });

  it('refuses others’ groups, readers and no token', async () => {
    expect((await call('DELETE', `/api/v1/mlg-reports/${group.othersPrivate}/`, editor)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/v1/mlg-reports/${group.othersPublic}/`, editor)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/mlg-reports/${group.mine}/`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/mlg-reports/${group.mine}/`, null)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/v1/mlg-reports/0/', editor)).json().field).toBe('id');
    const still = await t.database.db
      .select({ id: lomGroups.id })
      .from(lomGroups)
      .where(inArray(lomGroups.id, [group.mine, group.othersPublic, group.othersPrivate]));
    expect(still).toHaveLength(3);
  });
});
