import {
  ADMIN_LOM_PATHS,
  ADMIN_LOM_SOURCE_PATHS,
  ADMIN_MLG_REPORT_PATHS,
  apiPath,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let admin: UserCaller;
let editor: UserCaller;
/** Holds only the lom sources page. */
let sourcesOnly: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  admin = kit.as('admin');
  editor = kit.as('editor');
  sourcesOnly = await kit.caller({ role: 3, uiPermissions: ['view_lomsource_admin'] });
});
afterAll(() => kit.close());

const S = ADMIN_LOM_SOURCE_PATHS;
const L = ADMIN_LOM_PATHS;
const R = ADMIN_MLG_REPORT_PATHS;

async function actions(action: string) {
  return queryRows<{ lom_id: number | null; old_value: unknown; new_value: unknown }>(
    kit.db,
    sql`select lom_id, old_value, new_value from user_actions where action = ${action} order by id`,
  );
}

describe('GET admin/lom-sources/', () => {
  it('filters by text, lom_isnull, probable_loms_isnull and pages', async () => {
    const lom = await buildLom(kit.db, { name: 'Фильтров Пётр' });
    const bound = await buildLomSource(kit.db, { lomId: lom.id, url: 'https://vk.com/filtrov_bound' });
    const free = await buildLomSource(kit.db, {
      url: 'https://t.me/filtrov_free',
      accountName: 'Пётр Фильтров',
    });
    const res = await admin.get(S.list, { filter: 'filtrov' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([free.id, bound.id]);
    const byLomName = await admin.get(S.list, { filter: 'Фильтров Пётр' });
    expect(byLomName.json().results.map((r: { id: number }) => r.id)).toEqual([bound.id]);
    const unbound = await admin.get(S.list, { filter: 'filtrov', lom_isnull: 'true' });
    expect(unbound.json().results).toEqual([
      expect.objectContaining({ id: free.id, lom: null, probable_lom: null, account_name: 'Пётр Фильтров' }),
    ]);
    const withLom = await admin.get(S.list, { filter: 'filtrov', lom_isnull: 'false' });
    expect(withLom.json().results[0]).toMatchObject({
      id: bound.id,
      lom: { id: lom.id, name: 'Фильтров Пётр' },
    });
    const paged = await admin.get(S.list, { filter: 'filtrov', page: 2, page_size: 1 });
    expect(paged.json()).toMatchObject({ page: 2, last_page: 2, elements_count: 2 });
    const noCandidate = await admin.get(S.list, { filter: 'filtrov', probable_loms_isnull: 'false' });
    expect(noCandidate.json().elements_count).toBe(0);
  });

  it('refuses bad input naming the field, 401 and 403', async () => {
    for (const [query, field] of [
      [{ lom_isnull: 'yes' }, 'lom_isnull'],
      [{ probable_loms_isnull: '1' }, 'probable_loms_isnull'],
      [{ page: '-1' }, 'page'],
      [{ page_size: '100000' }, 'page_size'],
      [{ source: 'true' }, 'source'],
      [{ filter: 'x'.repeat(5000) }, 'filter'],
    ] as const) {
      const res = await admin.get(S.list, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await kit.anonymous.get(S.list)).statusCode).toBe(401);
    expect((await editor.get(S.list)).statusCode).toBe(403);
    expect((await sourcesOnly.get(S.list)).statusCode).toBe(200);
    expect((await sourcesOnly.get(L.list)).statusCode).toBe(403);
  });
});

describe('lom source actions', () => {
  it('add-lom binds the account and its messages, recomputes the lom and logs', async () => {
    const lom = await buildLom(kit.db);
    const source = await buildLomSource(kit.db, { coverage: 5000 });
    await buildMessage(kit.db, { lomSourceId: source.id, lomId: null });
    await buildMessage(kit.db, { lomSourceId: source.id, lomId: null });
    const res = await admin.post(apiPath(S.addLom, { id: source.id }), { lom: lom.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: source.id, lom: { id: lom.id }, probable_lom: null });
    const [row] = await queryRows<{ message_number: number; subscribers: string; n: string }>(
      kit.db,
      sql`select message_number, subscribers, (select count(*) from messages where lom_id = ${lom.id}) as n
            from loms where id = ${lom.id}`,
    );
    expect(row?.message_number).toBe(2);
    expect(Number(row?.n)).toBe(2);
    expect(Number(row?.subscribers)).toBe(5000);
    const { current, expected } = await aggregateSnapshot(kit.db);
    expect(current).toEqual(expected);
    expect((await actions('lom_source.add_lom')).at(-1)).toMatchObject({
      lom_id: lom.id,
      new_value: { lom: lom.id, messages: 2 },
    });
  });

  it('add-lom refuses unknown or inactive loms naming lom; unknown source 404; 403; 401', async () => {
    const source = await buildLomSource(kit.db);
    const inactive = await buildLom(kit.db, { isActive: false });
    const url = apiPath(S.addLom, { id: source.id });
    for (const body of [
      { lom: 999999 },
      { lom: inactive.id },
      { lom: true },
      { lom: -1 },
      { lom: 2 ** 63 },
      {},
      null,
    ]) {
      const res = await admin.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(['lom', 'body']).toContain(res.json().field);
    }
    const unknownField = await admin.post(url, { lom: inactive.id, extra: 1 });
    expect(unknownField.json().field).toBe('extra');
    const lom = await buildLom(kit.db);
    expect((await admin.post(apiPath(S.addLom, { id: 999999 }), { lom: lom.id })).statusCode).toBe(404);
    expect((await editor.post(url, { lom: lom.id })).statusCode).toBe(403);
    expect((await kit.anonymous.post(url, { lom: lom.id })).statusCode).toBe(401);
  });

  it('deactivate takes the account out of its lom coverage, once', async () => {
    const lom = await buildLom(kit.db);
    const a = await buildLomSource(kit.db, { lomId: lom.id, coverage: 700 });
    await buildLomSource(kit.db, { lomId: lom.id, coverage: 300 });
    const url = apiPath(S.deactivate, { id: a.id });
    expect((await editor.patch(url)).statusCode).toBe(403);
    expect((await kit.anonymous.patch(url)).statusCode).toBe(401);
    const res = await admin.patch(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(false);
    expect((await admin.patch(url)).statusCode).toBe(200);
    const [row] = await queryRows<{ sum_coverage: string }>(
      kit.db,
      sql`select sum_coverage from loms where id = ${lom.id}`,
    );
    expect(Number(row?.sum_coverage)).toBe(300);
    expect((await actions('lom_source.deactivate')).filter((a2) => a2.lom_id === lom.id)).toHaveLength(1);
    expect((await admin.patch(apiPath(S.deactivate, { id: 999999 }))).statusCode).toBe(404);
    expect((await admin.patch('/api/v1/admin/lom-sources/abc/deactivate/')).json().field).toBe('id');
  });

  it('add-probable-lom records a manual candidate that load-probable-loms keeps; confirming binds', async () => {
    const lom = await buildLom(kit.db, { name: 'Кандидатов Семён' });
    const source = await buildLomSource(kit.db, { url: 'https://vk.com/zzz_manual' });
    const url = apiPath(S.addProbableLom, { id: source.id });
    expect((await editor.post(url, { lom: lom.id })).statusCode).toBe(403);
    expect((await kit.anonymous.post(url, { lom: lom.id })).statusCode).toBe(401);
    expect((await admin.post(url, { lom: 'x' })).json().field).toBe('lom');
    const res = await admin.post(url, { lom: lom.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().probable_lom).toMatchObject({ id: lom.id, reason: 'manual', score: null });
    await admin.post(S.loadProbableLoms);
    const after = await admin.get(S.list, { filter: 'zzz_manual' });
    expect(after.json().results[0].probable_lom).toMatchObject({ id: lom.id, reason: 'manual' });
    const confirmed = await admin.post(apiPath(S.addLom, { id: source.id }), { lom: lom.id });
    expect(confirmed.json()).toMatchObject({ lom: { id: lom.id }, probable_lom: null });
    const boundAlready = await admin.post(url, { lom: lom.id });
    expect(boundAlready.statusCode).toBe(400);
    expect(boundAlready.json().field).toBe('lom');
  });

  it('load-probable-loms proposes loms for unbound accounts above the threshold', async () => {
    const anna = await buildLom(kit.db, { name: 'Загрузкина Анна' });
    await buildLomSource(kit.db, { lomId: anna.id, url: 'https://vk.com/anna_zagruzkina' });
    const sameHandle = await buildLomSource(kit.db, { url: 'https://t.me/anna_zagruzkina' });
    const byName = await buildLomSource(kit.db, {
      url: 'https://ok.ru/group/777',
      accountName: 'Анна Загрузкина',
    });
    const nothing = await buildLomSource(kit.db, {
      url: 'https://vk.com/qwrtpsdf',
      accountName: 'Кто-то Совсем Другой',
    });
    expect((await editor.post(S.loadProbableLoms)).statusCode).toBe(403);
    expect((await kit.anonymous.post(S.loadProbableLoms)).statusCode).toBe(401);
    const res = await admin.post(S.loadProbableLoms);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ threshold: 0.75 });
    expect(res.json().proposed).toBeGreaterThanOrEqual(2);
    const list = await admin.get(S.list, {
      lom_isnull: 'true',
      probable_loms_isnull: 'false',
      page_size: 500,
    });
    const byId = new Map(list.json().results.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(sameHandle.id)).toMatchObject({ probable_lom: { id: anna.id, reason: 'handle' } });
    expect(byId.get(byName.id)).toMatchObject({ probable_lom: { id: anna.id, reason: 'name' } });
    expect(byId.has(nothing.id)).toBe(false);
    expect(await actions('lom_source.load_probable_loms')).not.toHaveLength(0);
  });
});

describe('admin/loms/ list and deactivation', () => {
  it('lists by name with filter and is_active; 400, 401, 403', async () => {
    const a = await buildLom(kit.db, { name: 'Списков Аркадий', nickname: 'arkasha' });
    const b = await buildLom(kit.db, { name: 'Списков Борис', isActive: false });
    const all = await admin.get(L.list, { filter: 'Списков' });
    expect(all.statusCode).toBe(200);
    expect(all.json().results.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    expect((await admin.get(L.list, { filter: 'arkasha' })).json().results[0].id).toBe(a.id);
    expect(
      (await admin.get(L.list, { filter: String(b.id) })).json().results.map((r: { id: number }) => r.id),
    ).toContain(b.id);
    const active = await admin.get(L.list, { filter: 'Списков', is_active: 'false' });
    expect(active.json().results.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await admin.get(L.list, { is_active: 'maybe' })).json().field).toBe('is_active');
    expect((await admin.get(L.list, { page_size: 0 })).json().field).toBe('page_size');
    expect((await editor.get(L.list)).statusCode).toBe(403);
    expect((await kit.anonymous.get(L.list)).statusCode).toBe(401);
  });

  it('deactivates one and many, logging each change once', async () => {
    const a = await buildLom(kit.db);
    const b = await buildLom(kit.db);
    const c = await buildLom(kit.db);
    expect((await editor.patch(apiPath(L.deactivate, { id: a.id }))).statusCode).toBe(403);
    expect((await kit.anonymous.patch(apiPath(L.deactivate, { id: a.id }))).statusCode).toBe(401);
    expect((await admin.patch(apiPath(L.deactivate, { id: a.id }))).json()).toEqual({
      id: a.id,
      is_active: false,
    });
    expect((await admin.patch(apiPath(L.deactivate, { id: 999999 }))).statusCode).toBe(404);
    const many = await admin.post(L.deactivateMany, { queryset: [a.id, b.id, c.id] });
    expect(many.json()).toEqual({ ids: [b.id, c.id] });
    for (const body of [
      { queryset: [] },
      { queryset: [999999] },
      { queryset: 'x' },
      {},
      { queryset: [true] },
    ]) {
      const res = await admin.post(L.deactivateMany, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toMatch(/^queryset/);
    }
    expect((await editor.post(L.deactivateMany, { queryset: [a.id] })).statusCode).toBe(403);
    expect((await kit.anonymous.post(L.deactivateMany, { queryset: [a.id] })).statusCode).toBe(401);
    const logged = (await actions('lom.deactivate')).map((r) => r.lom_id);
    expect(logged.filter((id) => id === a.id)).toHaveLength(1);
  });
});

describe('admin/reports-mlg/', () => {
  it('creates by report_id, lists, loads, deletes and mass deletes', async () => {
    const lom = await buildLom(kit.db);
    const bound = await buildLomSource(kit.db, { lomId: lom.id });
    const free = await buildLomSource(kit.db);
    const created = await admin.post(R.list, { report_id: 91001, lom_sources: [bound.id, free.id] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ report_id: 91001, last_processed: null, loms_sources_count: 2 });
    const id = created.json().id as number;
    const taken = await admin.post(R.list, { report_id: 91001 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().field).toBe('report_id');
    await buildLomGroup(kit.db, { title: 'Без номера' });
    const list = await admin.get(R.list, { search: '9100' });
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([id]);
    const loaded = await admin.get(apiPath(R.load, { id }));
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toMatchObject({ sources: 2, unbound: 1, report: { id, loms_count: 1 } });
    expect(loaded.json().report.last_processed).not.toBeNull();
    // A report without accounts keeps the loms put in it directly: a load never empties it.
    const direct = await buildLomGroup(kit.db, {
      title: null,
      public: true,
      reportId: 91009,
      loms: [lom.id],
    });
    const kept = await admin.get(apiPath(R.load, { id: direct.id }));
    expect(kept.json()).toMatchObject({ sources: 0, unbound: 0, report: { loms_count: 1 } });
    await admin.post(R.list, { report_id: 91002 });
    await admin.post(R.list, { report_id: 91003 });
    const mass = await admin.delete(`${R.massDelete}?report_id_in=91002,91003,1`);
    expect(mass.statusCode).toBe(200);
    expect(mass.json()).toEqual({ deleted: 2 });
    expect((await admin.delete(apiPath(R.detail, { id }))).statusCode).toBe(204);
    expect((await admin.delete(apiPath(R.detail, { id }))).statusCode).toBe(404);
    expect((await admin.get(apiPath(R.load, { id }))).statusCode).toBe(404);
    expect((await actions('mlg_report.delete')).length).toBe(3);
    expect((await actions('mlg_report.load')).length).toBe(2);
  });

  it('refuses bad input naming the field, 401 and 403', async () => {
    for (const [body, field] of [
      [{}, 'report_id'],
      [{ report_id: 'x' }, 'report_id'],
      [{ report_id: 0 }, 'report_id'],
      [{ report_id: 1, lom_sources: [999999] }, 'lom_sources'],
      [{ report_id: 1, title: 'x'.repeat(300) }, 'title'],
    ] as const) {
      const res = await admin.post(R.list, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    for (const query of ['', '?report_id_in=', '?report_id_in=a,b']) {
      const res = await admin.delete(`${R.massDelete}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe('report_id_in');
    }
    expect((await admin.get(R.list, { page: 'x' })).json().field).toBe('page');
    for (const [method, url] of [
      ['GET', R.list],
      ['POST', R.list],
      ['DELETE', apiPath(R.detail, { id: 1 })],
      ['DELETE', `${R.massDelete}?report_id_in=1`],
      ['GET', apiPath(R.load, { id: 1 })],
    ] as const) {
      expect(
        (await editor.request(method, url, method === 'POST' ? { report_id: 5 } : undefined)).statusCode,
      ).toBe(403);
      expect((await kit.anonymous.request(method, url)).statusCode).toBe(401);
    }
    // Any admin view permission opens the mlg reports (ADMIN_PANEL).
    expect((await sourcesOnly.get(R.list)).statusCode).toBe(200);
  });
});
