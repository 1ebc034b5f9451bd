import type { LomListItem } from '@monitoring/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  lomLomTypes,
  lomSources,
  lomThematicGroups,
  lomTypes,
  thematicGroupTypes,
} from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildRegion, buildSource } from '../../test/factories-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { LOM_REPORT_COLUMNS } from './report-layout.ts';

let t: Kit;
let editor: UserCaller;
let viewer: UserCaller;
let reporterWithoutFavourites: UserCaller;
let otherEditor: UserCaller;
const lom: Record<string, number> = {};
let accountOfB: number;
const JUNE = { wrote_at_after: '2025-06-01', wrote_at_before: '2025-06-30' };
const JUNE_QUERY = 'wrote_at_after=2025-06-01&wrote_at_before=2025-06-30';
const HEADERS = LOM_REPORT_COLUMNS.map((c) => c.header);
const col = (header: string) => HEADERS.indexOf(header);

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  editor = t.as('editor');
  otherEditor = await t.caller({ role: 2 });
  viewer = t.as('user');
  reporterWithoutFavourites = await t.caller({ role: 3, extraPermissions: ['CREATE_LOM_REPORT'] });

  const telegram = await buildSource(db, { name: 'Telegram' });
  const vk = await buildSource(db, { name: 'ВКонтакте' });
  const region = await buildRegion(db);
  const [blogger] = await db.insert(lomTypes).values({ name: 'Блогер' }).returning();
  await db.insert(thematicGroupTypes).values({ id: 12, name: 'Иноагенты' }).onConflictDoNothing();
  const a = await buildLom(db, {
    name: 'Анна Отчётная',
    regionId: region.id,
    category: 'Персона',
    audienceAge: 31,
    trustIndex: 0.75,
    createdAt: new Date('2025-01-03T00:00:00Z'),
  });
  const b = await buildLom(db, {
    name: 'Борис Отчётный',
    isActive: false,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  const c = await buildLom(db, { name: 'Вера Отчётная', createdAt: new Date('2025-01-02T00:00:00Z') });
  const archived = await buildLom(db, { name: 'Архивный Отчётный', archived: true });
  Object.assign(lom, { a: a.id, b: b.id, c: c.id, archived: archived.id });
  const accountA = await buildLomSource(db, { lomId: a.id, sourceId: telegram.id });
  const accountA2 = await buildLomSource(db, { lomId: a.id, sourceId: vk.id });
  accountOfB = (await buildLomSource(db, { lomId: b.id, sourceId: vk.id })).id;
  await db.update(lomSources).set({ coverage: 2000 }).where(eq(lomSources.id, accountA.id));
  await db.update(lomSources).set({ coverage: 9000 }).where(eq(lomSources.id, accountOfB));
  await db.update(lomSources).set({ coverage: 100 }).where(eq(lomSources.id, accountA2.id));
  await db.insert(lomLomTypes).values({ lomId: a.id, lomTypeId: blogger.id });
  await db.insert(lomThematicGroups).values({ lomId: b.id, thematicGroupTypeId: 12 });

  const msg = (lomId: number, day: string, values: Parameters<typeof buildMessage>[1] = {}) =>
    buildMessage(db, { lomId, day, ...values });
  await msg(a.id, '2025-06-01', { si: 10.5, numberViews: 100, verified: true });
  await msg(a.id, '2025-06-30', { si: 20, numberViews: 300 });
  await msg(a.id, '2025-06-10', { si: 100, numberViews: 1000, trash: true });
  await msg(a.id, '2025-06-11', { si: 7, numberViews: 70, archived: true });
  await msg(a.id, '2025-05-31', { si: 500, numberViews: 5000 });
  await msg(b.id, '2025-06-15', { si: 5, numberViews: 50_000, verified: true });
  await msg(c.id, '2025-07-01', { si: 1, numberViews: 1 });
  const quoteAt = (day: string) => new Date(`${day}T12:00:00+03:00`);
  await buildQuote(db, { lomId: a.id, text: 'q1', wroteAt: quoteAt('2025-06-02') });
  await buildQuote(db, { lomId: c.id, text: 'q2', wroteAt: quoteAt('2025-06-05') });
  await buildQuote(db, { lomId: c.id, text: 'q3', wroteAt: quoteAt('2025-07-05') });
  await rebuildAggregates(db);
});

afterAll(async () => {
  await t.close();
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = (index: number) => {
    const rows: unknown[][] = [];
    workbook.worksheets[index].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  };
  return { names: workbook.worksheets.map((s) => s.name), table: sheet(0), parameters: sheet(1) };
}

interface Expected {
  id: number;
  si: number;
  n: number;
  views: number;
  verified: number;
  quotes: number;
}

/** The June metrics straight from messages and quotes (live: not trash, archived or delayed). */
async function juneFromDatabase(): Promise<Map<number, Expected>> {
  const from = '2025-06-01T00:00:00+03:00';
  const to = '2025-07-01T00:00:00+03:00';
  const rows = await queryRows<Record<string, string | number>>(
    t.database.db,
    sql`select l.id,
          coalesce((select sum(m.si) from messages m where m.lom_id = l.id and not (m.trash or m.archived or m.delayed)
                     and m.wrote_at >= ${from}::timestamptz and m.wrote_at < ${to}::timestamptz), 0) as si,
          (select count(*) from messages m where m.lom_id = l.id and not (m.trash or m.archived or m.delayed)
                     and m.wrote_at >= ${from}::timestamptz and m.wrote_at < ${to}::timestamptz) as n,
          coalesce((select sum(m.number_views) from messages m where m.lom_id = l.id
                     and not (m.trash or m.archived or m.delayed)
                     and m.wrote_at >= ${from}::timestamptz and m.wrote_at < ${to}::timestamptz), 0) as views,
          (select count(*) from messages m where m.lom_id = l.id and m.verified
                     and not (m.trash or m.archived or m.delayed)
                     and m.wrote_at >= ${from}::timestamptz and m.wrote_at < ${to}::timestamptz) as verified,
          (select count(*) from quotes q where q.lom_id = l.id
                     and q.wrote_at >= ${from}::timestamptz and q.wrote_at < ${to}::timestamptz) as quotes
        from loms l`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        si: Number(r.si),
        n: Number(r.n),
        views: Number(r.views),
        verified: Number(r.verified),
        quotes: Number(r.quotes),
      },
    ]),
  );
}

function expectJuneRow(row: unknown[], expected: Expected) {
  expect(row[col('ID')]).toBe(expected.id);
  expect(row[col('Si')]).toBeCloseTo(expected.si, 6);
  expect(row[col('Просмотры')]).toBe(expected.views);
  expect(row[col('Публикации')]).toBe(expected.n);
  expect(row[col('Сообщения')]).toBe(expected.n);
  expect(row[col('Проверено')]).toBe(expected.verified);
  expect(row[col('Цитаты')]).toBe(expected.quotes);
  expect(row[col('Средний Si')]).toBeCloseTo(expected.n > 0 ? expected.si / expected.n : 0, 6);
}

describe('POST loms/get_xlsx/', () => {
  it('lists the chosen loms with their June metrics, in the asked order', async () => {
    const response = await editor.post('/api/v1/loms/get_xlsx/', {
      loms: [lom.c, lom.a, lom.b],
      ...JUNE,
      ordering: '-total_si',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['x-report-rows']).toBe('3');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'ЛОМ 01.06.2025–30.06.2025.xlsx',
    );
    const { names, table, parameters } = await readWorkbook(response.rawPayload);
    expect(names).toEqual(['ЛОМ', 'Параметры']);
    expect(table[0]).toEqual(HEADERS);
    const expected = await juneFromDatabase();
    // A: 10.5 + 20 (trash and archived left out); B: 5; C: nothing in June.
    expect(table.slice(1).map((r) => r[col('ID')])).toEqual([lom.a, lom.b, lom.c]);
    for (const row of table.slice(1)) expectJuneRow(row, expected.get(row[0] as number) as Expected);
    const [anna, boris] = table.slice(1);
    expect(anna[col('ЛОМ')]).toBe('Анна Отчётная');
    expect(anna[col('Категория')]).toBe('Персона');
    expect(anna[col('Типы ЛОМ')]).toBe('Блогер');
    expect(anna[col('Площадки')]).toBe('Telegram, ВКонтакте');
    expect(anna[col('Подписчики')]).toBe(2000);
    expect(anna[col('Возраст аудитории')]).toBe(31);
    expect(anna[col('Индекс доверия')]).toBe(0.75);
    expect(anna[col('Иноагент')]).toBe('нет');
    expect(boris[col('Иноагент')]).toBe('да');
    expect(boris[col('Активен')]).toBe('нет');
    expect(parameters).toContainEqual(['Период', '01 июня 2025 — 30 июня 2025']);
    expect(parameters).toContainEqual(['Сортировка', 'Si, по убыванию']);
    expect(parameters).toContainEqual(['ЛОМ в отчёте', '3']);
  });

  it('without a period takes the all-time metrics of the list, ordered by name', async () => {
    const response = await editor.post('/api/v1/loms/get_xlsx/', { loms: [lom.b, lom.a], ordering: 'name' });
    expect(response.statusCode, response.body).toBe(200);
    const { table, parameters } = await readWorkbook(response.rawPayload);
    const [row] = await queryRows<{ total_si: number; message_number: number; messages_count: number }>(
      t.database.db,
      sql`select total_si, message_number, messages_count from loms where id = ${lom.a}`,
    );
    expect(table.slice(1).map((r) => r[col('ID')])).toEqual([lom.a, lom.b]);
    expect(table[1][col('Si')]).toBeCloseTo(Number(row.total_si), 6);
    expect(table[1][col('Публикации')]).toBe(Number(row.message_number));
    expect(table[1][col('Сообщения')]).toBe(Number(row.messages_count));
    expect(parameters).toContainEqual(['Период', 'за всё время']);
  });

  it('refuses bad input naming the field; 401; 403 without CREATE_LOM_REPORT', async () => {
    const cases: [object, string][] = [
      [{ loms: [] }, 'loms'],
      [{ loms: 'a,b' }, 'loms'],
      [{ loms: [lom.a, 999_999] }, 'loms'],
      [{ loms: [lom.a], ordering: 'colour' }, 'ordering'],
      [{ loms: [lom.a], wrote_at_after: '2025-13-01' }, 'wrote_at_after'],
      [{ loms: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'loms'],
    ];
    for (const [payload, field] of cases) {
      const response = await editor.post('/api/v1/loms/get_xlsx/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await t.anonymous.post('/api/v1/loms/get_xlsx/', { loms: [lom.a] })).statusCode).toBe(401);
    expect((await viewer.post('/api/v1/loms/get_xlsx/', { loms: [lom.a] })).statusCode).toBe(403);
  });
});

describe('POST loms/get_rep_from_mlg/', () => {
  it('lists the loms of a group, also those in it through an account', async () => {
    const group = await buildLomGroup(t.database.db, {
      title: 'Отчётная / группа',
      ownerId: editor.user.id,
      loms: [lom.a],
      lomSources: [accountOfB],
    });
    const response = await editor.post('/api/v1/loms/get_rep_from_mlg/', {
      group_id: group.id,
      ...JUNE,
      ordering: 'name',
    });
    expect(response.statusCode, response.body).toBe(200);
    const disposition = decodeURIComponent(String(response.headers['content-disposition']));
    expect(disposition).toContain('ЛОМ группы «Отчётная группа» 01.06.2025–30.06.2025.xlsx');
    expect(disposition).toContain(`lom-group-${group.id}_01.06.2025-30.06.2025.xlsx`);
    const { table, parameters } = await readWorkbook(response.rawPayload);
    const expected = await juneFromDatabase();
    expect(table.slice(1).map((r) => r[col('ID')])).toEqual([lom.a, lom.b]);
    for (const row of table.slice(1)) expectJuneRow(row, expected.get(row[0] as number) as Expected);
    expect(parameters).toContainEqual(['Группа', 'Отчётная / группа']);
  });

  it('names an untitled group by its report number; a public group of another user is readable', async () => {
    const group = await buildLomGroup(t.database.db, {
      title: null,
      reportId: 7_123_456,
      public: true,
      ownerId: otherEditor.user.id,
      loms: [lom.c],
    });
    const response = await editor.post('/api/v1/loms/get_rep_from_mlg/', { group_id: group.id });
    expect(response.statusCode, response.body).toBe(200);
    const { table, parameters } = await readWorkbook(response.rawPayload);
    expect(table.slice(1).map((r) => r[col('ID')])).toEqual([lom.c]);
    expect(parameters).toContainEqual(['Группа', '7123456']);
  });

  it('hides others’ private groups; bad input; 401; 403', async () => {
    const hidden = await buildLomGroup(t.database.db, { ownerId: otherEditor.user.id, loms: [lom.a] });
    expect((await editor.post('/api/v1/loms/get_rep_from_mlg/', { group_id: hidden.id })).statusCode).toBe(
      404,
    );
    const missing = await editor.post('/api/v1/loms/get_rep_from_mlg/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('group_id');
    const ordering = await editor.post('/api/v1/loms/get_rep_from_mlg/', {
      group_id: hidden.id,
      ordering: 'x',
    });
    expect(ordering.json().field).toBe('ordering');
    expect(
      (await t.anonymous.post('/api/v1/loms/get_rep_from_mlg/', { group_id: hidden.id })).statusCode,
    ).toBe(401);
    expect((await viewer.post('/api/v1/loms/get_rep_from_mlg/', { group_id: hidden.id })).statusCode).toBe(
      403,
    );
  });
});

describe('GET loms/new-loms/filtered-lom-report/', () => {
  it('holds exactly the loms, order and metrics of the /loms list for the filter', async () => {
    const query = `${JUNE_QUERY}&search=Отчётн&ordering=-total_views`;
    const response = await editor.get(`/api/v1/loms/new-loms/filtered-lom-report/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { table } = await readWorkbook(response.rawPayload);
    const listed = await editor.get(`/api/v1/loms/new-loms/?${query}&page_size=500`);
    const items: LomListItem[] = listed.json().results;
    expect(items.map((i) => i.id)).toEqual([lom.b, lom.a, lom.c]);
    expect(table.slice(1).map((r) => r[col('ID')])).toEqual(items.map((i) => i.id));
    const expected = await juneFromDatabase();
    table.slice(1).forEach((row, i) => {
      expectJuneRow(row, expected.get(items[i].id) as Expected);
      expect(row[col('Подписчики')]).toBe(items[i].subscribers);
      expect(row[col('Суммарный охват')]).toBe(items[i].sum_coverage);
    });
    // The archived lom matches the search but never shows, as in the list.
    expect(table.some((r) => r[col('ID')] === lom.archived)).toBe(false);
  });

  it('applies the list filters (is_active) and answers an empty table when nothing matches', async () => {
    const active = await editor.get(
      '/api/v1/loms/new-loms/filtered-lom-report/?search=Отчётн&is_active=false',
    );
    expect((await readWorkbook(active.rawPayload)).table.slice(1).map((r) => r[0])).toEqual([lom.b]);
    const none = await editor.get('/api/v1/loms/new-loms/filtered-lom-report/?search=нет-такого');
    expect(none.statusCode).toBe(200);
    expect((await readWorkbook(none.rawPayload)).table).toEqual([HEADERS]);
  });

  it('refuses bad input, the favourites filter without FAVORITE_LOMS, no token and no permission', async () => {
    const bad = await editor.get('/api/v1/loms/new-loms/filtered-lom-report/?ordering=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('ordering');
    expect((await editor.get('/api/v1/loms/new-loms/filtered-lom-report/?region_in=x')).json().field).toBe(
      'region_in',
    );
    const favourites = await reporterWithoutFavourites.get(
      '/api/v1/loms/new-loms/filtered-lom-report/?is_favourite=true',
    );
    expect(favourites.statusCode).toBe(403);
    expect(favourites.json().field).toBe('is_favourite');
    expect((await t.anonymous.get('/api/v1/loms/new-loms/filtered-lom-report/')).statusCode).toBe(401);
    expect((await viewer.get('/api/v1/loms/new-loms/filtered-lom-report/')).statusCode).toBe(403);
  });
});

describe('limits', () => {
  it('refuses more than 10,000 loms in a report or a group', async () => {
    const db = t.database.db;
    const ids = await queryRows<{ id: number }>(
      db,
      sql`insert into loms (name) select 'Массовый ' || g from generate_series(1, 10001) g returning id`,
    );
    const filtered = await editor.get('/api/v1/loms/new-loms/filtered-lom-report/?search=Массовый');
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json()).toMatchObject({ field: 'search' });
    expect(filtered.json().message).toMatch(/10\s001/);

    const group = await buildLomGroup(db, { ownerId: editor.user.id });
    await db.execute(
      sql`insert into lom_group_loms (group_id, lom_id)
          select ${group.id}, id from loms where name like 'Массовый %' order by id limit 10000`,
    );
    const add = await editor.post(`/api/v1/mlg-reports/${group.id}/loms/`, {
      loms: [Number(ids[ids.length - 1].id)],
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().field).toBe('loms');
    await db.execute(sql`insert into lom_group_loms (group_id, lom_id) values (${group.id}, ${lom.a})`);
    const report = await editor.post('/api/v1/loms/get_rep_from_mlg/', { group_id: group.id });
    expect(report.statusCode).toBe(400);
    expect(report.json().field).toBe('group_id');
    expect(report.json().message).toMatch(/10\s001/);
  });
});
