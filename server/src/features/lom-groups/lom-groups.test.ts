import type { LomGroupItem, LomGroupLomsChange } from '@monitoring/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lomGroupLomSources, lomGroupLoms, lomGroups, userActions } from '../../db/schema/index.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope<T> = { results: T[]; page: number; last_page: number; elements_count: number };

let t: Kit;
let editor: UserCaller;
let otherEditor: UserCaller;
let superEditor: UserCaller;
let viewer: UserCaller;
let service: UserCaller;
const lom: Record<string, number> = {};
const group: Record<string, number> = {};
let sourceOfC: number;

const FORM_PATH = '/api/v1/loms/new-loms/create_or_update_loms_group/';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  editor = t.as('editor');
  otherEditor = await t.caller({ role: 2 });
  superEditor = t.as('superEditor');
  viewer = t.as('user');
  service = t.as('service');
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

async function list(query: string, user: Caller = editor): Promise<Envelope<LomGroupItem>> {
  const response = await user.get(`/api/v1/mlg-reports/?${query}`);
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
    const bad = await viewer.get('/api/v1/mlg-reports/?public=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('public');
    expect((await viewer.get('/api/v1/mlg-reports/?id_in=1,x')).json().field).toBe('id_in');
    expect((await t.anonymous.get('/api/v1/mlg-reports/')).statusCode).toBe(401);
    expect((await service.get('/api/v1/mlg-reports/')).statusCode).toBe(403);
  });
});

describe('POST mlg-reports/', () => {
  it('creates a group of the caller with its first loms and logs it', async () => {
    const response = await editor.post('/api/v1/mlg-reports/', {
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
    const refused = await editor.post('/api/v1/mlg-reports/', { title: 'Публичная', public: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('public');
    const made = await superEditor.post('/api/v1/mlg-reports/', {
      title: 'Публичная',
      public: true,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ public: true, owner: { id: superEditor.user.id } });
  });

  it('refuses unknown loms and long titles, writing nothing; 401 and 403', async () => {
    const before = await t.database.db.select().from(lomGroups);
    const unknown = await editor.post('/api/v1/mlg-reports/', {
      title: 'X',
      loms: [lom.Анна, 999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'loms' });
    expect(unknown.json().message).toContain('999999');
    const long = await editor.post('/api/v1/mlg-reports/', { title: 'я'.repeat(201) });
    expect(long.json().field).toBe('title');
    expect(await t.database.db.select().from(lomGroups)).toHaveLength(before.length);
    expect((await t.anonymous.post('/api/v1/mlg-reports/', { title: 'X' })).statusCode).toBe(401);
    expect((await viewer.post('/api/v1/mlg-reports/', { title: 'X' })).statusCode).toBe(403);
  });
});

describe('create_or_update_loms_group/ (form data)', () => {
  it('POST creates a group from form fields', async () => {
    const response = await editor.form('POST', FORM_PATH, [
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
    const response = await editor.form('PATCH', FORM_PATH, [
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
    const response = await editor.form('PATCH', FORM_PATH, [
      ['group_id', String(target.id)],
      ['group_name', ''],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: null, report_id: 7_000_001 });
  });

  it('checks ownership and the publishing right', async () => {
    const hidden = await editor.form('PATCH', FORM_PATH, [
      ['group_id', String(group.othersPrivate)],
      ['group_name', 'x'],
    ]);
    expect(hidden.statusCode).toBe(404);
    const othersPublic = await editor.form('PATCH', FORM_PATH, [
      ['group_id', String(group.othersPublic)],
      ['group_name', 'x'],
    ]);
    expect(othersPublic.statusCode).toBe(403);
    const publish = await editor.form('PATCH', FORM_PATH, [
      ['group_id', String(group.mine)],
      ['public', 'true'],
    ]);
    expect(publish.statusCode).toBe(403);
    expect(publish.json().field).toBe('public');
    const byModerator = await superEditor.form('PATCH', FORM_PATH, [
      ['group_id', String(group.othersPublic)],
      ['mood', '1'],
    ]);
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    expect(byModerator.json()).toMatchObject({ mood: 1, owner: { id: otherEditor.user.id } });
  });

  it('refuses bad fields naming them; 401 and 403', async () => {
    expect((await editor.form('PATCH', FORM_PATH, [['group_name', 'x']])).json().field).toBe('group_id');
    expect((await editor.form('POST', FORM_PATH, [['public', 'true']])).json().field).toBe('group_name');
    expect((await editor.form('POST', FORM_PATH, [['group_name', '  ']])).json().field).toBe('group_name');
    const mood = await editor.form('POST', FORM_PATH, [
      ['group_name', 'x'],
      ['mood', '9'],
    ]);
    expect(mood.statusCode).toBe(400);
    expect(mood.json().field).toBe('mood');
    expect(
      (
        await editor.form('POST', FORM_PATH, [
          ['group_name', 'x'],
          ['loms', 'a,b'],
        ])
      ).json().field,
    ).toBe('loms');
    expect(
      (
        await editor.form('POST', FORM_PATH, [
          ['group_name', 'x'],
          ['public', 'да'],
        ])
      ).json().field,
    ).toBe('public');
    expect((await t.anonymous.form('POST', FORM_PATH, [['group_name', 'x']])).statusCode).toBe(401);
    expect((await viewer.form('POST', FORM_PATH, [['group_name', 'x']])).statusCode).toBe(403);
  });

  it('refuses a file part, naming its field', async () => {
    const response = await editor.form('POST', FORM_PATH, [
      ['loms', { filename: 'a.txt', type: 'text/plain', content: '1,2' }],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('loms');
  });
});

describe('mlg-reports/{id}/loms/', () => {
  it('adds loms, counting only the new ones', async () => {
    const target = await buildLomGroup(t.database.db, { ownerId: editor.user.id, loms: [lom.Анна] });
    const response = await editor.post(`/api/v1/mlg-reports/${target.id}/loms/`, {
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
    const response = await editor.delete(`/api/v1/mlg-reports/${target.id}/loms/`, {
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
    const ids = await viewer.get(`/api/v1/mlg-reports/${group.untitled}/get_loms/`);
    expect(ids.json()).toEqual({ ids: [lom.Вера] });
    const mine = await editor.get(`/api/v1/mlg-reports/${group.mine}/loms/?page_size=1&page=2`);
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
    const viaSources = await viewer.get(`/api/v1/mlg-reports/${bySource[0].id}/loms/?search=вер`);
    expect(viaSources.json().results).toEqual([
      { id: lom.Вера, name: 'Вера', avatar: null, is_active: true, subscribers: 400, via_sources: true },
    ]);
  });

  it('hides others’ private groups (404), refuses strangers (403), bad input (400), no token (401)', async () => {
    expect((await editor.get(`/api/v1/mlg-reports/${group.othersPrivate}/get_loms/`)).statusCode).toBe(404);
    expect((await editor.get(`/api/v1/mlg-reports/${group.othersPrivate}/loms/`)).statusCode).toBe(404);
    const stranger = await editor.post(`/api/v1/mlg-reports/${group.othersPublic}/loms/`, {
      loms: [lom.Глеб],
    });
    expect(stranger.statusCode).toBe(403);
    const empty = await editor.post(`/api/v1/mlg-reports/${group.mine}/loms/`, { loms: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('loms');
    const unknown = await editor.post(`/api/v1/mlg-reports/${group.mine}/loms/`, {
      loms: [999_999],
    });
    expect(unknown.json().field).toBe('loms');
    expect((await editor.get('/api/v1/mlg-reports/x/loms/')).json().field).toBe('id');
    expect((await t.anonymous.get(`/api/v1/mlg-reports/${group.mine}/get_loms/`)).statusCode).toBe(401);
    expect((await service.get(`/api/v1/mlg-reports/${group.mine}/get_loms/`)).statusCode).toBe(403);
    expect(
      (await viewer.delete(`/api/v1/mlg-reports/${group.mine}/loms/`, { loms: [lom.Анна] })).statusCode,
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
    const response = await editor.delete(`/api/v1/mlg-reports/${target.id}/`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await t.database.db.select().from(lomGroups).where(eq(lomGroups.id, target.id))).toEqual([]);
    expect(await membersInDb(target.id)).toEqual([]);
    const action = await lastAction(editor.user.id);
    expect(action).toMatchObject({ action: 'lom_group.delete', lomId: null });
    expect(action.oldValue).toMatchObject({ group_id: target.id, loms: [lom.Анна, lom.Глеб] });
  });

  it('refuses others’ groups, readers and no token', async () => {
    expect((await editor.delete(`/api/v1/mlg-reports/${group.othersPrivate}/`)).statusCode).toBe(404);
    expect((await editor.delete(`/api/v1/mlg-reports/${group.othersPublic}/`)).statusCode).toBe(403);
    expect((await viewer.delete(`/api/v1/mlg-reports/${group.mine}/`)).statusCode).toBe(403);
    expect((await t.anonymous.delete(`/api/v1/mlg-reports/${group.mine}/`)).statusCode).toBe(401);
    expect((await editor.delete('/api/v1/mlg-reports/0/')).json().field).toBe('id');
    const still = await t.database.db
      .select({ id: lomGroups.id })
      .from(lomGroups)
      .where(inArray(lomGroups.id, [group.mine, group.othersPublic, group.othersPrivate]));
    expect(still).toHaveLength(3);
  });
});
