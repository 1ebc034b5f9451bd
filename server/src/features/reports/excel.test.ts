import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildInfoReason, buildRubric, buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { insertMessages, linkMessageRubric, type MessageValues } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let reader: UserCaller;
let superEditor: UserCaller;
let noMessages: UserCaller;
let lomA: number;
let lomB: number;
let special: number;
const MARCH = 'wrote_at_after=2025-03-01&wrote_at_before=2025-03-31';
/** More than one batch of 2,000, so keyset paging is exercised. */
const MARCH_MESSAGES = 2_300;

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  reader = t.as('user');
  superEditor = t.as('superEditor');
  noMessages = t.as('lomSelection');
  const vk = await buildSource(db, { name: 'ВКонтакте' });
  const a = await buildLom(db, { name: 'Анна Петрова' });
  const b = await buildLom(db, { name: 'Иван Смирнов' });
  lomA = a.id;
  lomB = b.id;
  const accountA = await buildLomSource(db, { lomId: a.id, sourceId: vk.id });
  const schools = await buildTheme(db, { name: 'Школы' });
  const roads = await buildTheme(db, { name: 'Дороги' });
  const opening = await buildInfoReason(db, { themeId: schools.id, name: 'Открытие школы' });
  const moods = [1, 2, 3, 4, 5, 6, null];
  const rows: MessageValues[] = [];
  for (let i = 0; i < MARCH_MESSAGES; i++) {
    // Three messages share each timestamp, so the (wrote_at, id) order is tested across batches.
    const at = Date.parse('2025-03-01T00:00:00Z') + Math.floor(i / 3) * 17 * 60_000;
    rows.push({
      lomId: i % 2 === 0 ? a.id : b.id,
      sourceId: vk.id,
      lomSourceId: i % 2 === 0 ? accountA.id : null,
      text: `Сообщение ${i}`,
      wroteAt: new Date(at),
      mood: moods[i % moods.length],
      themeId: i % 3 === 0 ? schools.id : roads.id,
      si: i / 10,
      numberViews: (i * 37) % 1000,
      repostCount: i % 11,
      archived: i % 50 === 7,
    });
  }
  rows.push({ lomId: a.id, text: 'Апрель', wroteAt: new Date('2025-04-02T10:00:00Z'), mood: 1 });
  await insertMessages(db, rows);
  // Microseconds that a JavaScript Date would lose: the batch key must keep them.
  await t.database.db.execute(
    sql`update messages set wrote_at = wrote_at + interval '123 microseconds' where id % 7 = 0`,
  );
  [special] = await insertMessages(db, [
    {
      lomId: a.id,
      lomName: 'Анна П.',
      sourceId: vk.id,
      lomSourceId: accountA.id,
      url: 'https://vk.com/wall1_2',
      text: 'Губернатор <b onclick="x">открыл</b> школу 😀<br>Жители <mark>довольны</mark> &amp; рады',
      // 21:30 UTC on the 15th is 00:30 on the 16th in Moscow.
      wroteAt: new Date('2025-03-15T21:30:00Z'),
      mood: 4,
      themeId: schools.id,
      infoReasonId: opening.id,
      si: 12.5,
      numberViews: 123_456,
      repostCount: 7,
      commentsCount: 3,
      verified: true,
      messageType: 1,
      contentTypeId: null,
    },
  ]);
  const education = await buildRubric(db, { name: 'Образование' });
  const city = await buildRubric(db, { name: 'Город' });
  await linkMessageRubric(db, special, education.id);
  await linkMessageRubric(db, special, city.id);
});
afterAll(() => t.close());

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

function sheetRows(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

/** Ids of the messages a reader's March report should hold, in the report's order. */
async function expectedIds(where: string, order = 'wrote_at desc, id desc') {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql.raw(
      `select id from messages where wrote_at >= '2025-03-01T00:00:00+03:00' and wrote_at < '2025-04-01T00:00:00+03:00' and ${where} order by ${order}`,
    ),
  );
  return rows.map((r) => r.id);
}

describe('GET /api/v1/messages/get-xlsx/', () => {
  it('streams every message of the filter, in the list order, with Russian columns', async () => {
    const res = await reader.get(`/api/v1/messages/get-xlsx/?${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain('filename="messages_01.03.2025-31.03.2025.xlsx"');
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('Сообщения 01.03.2025–31.03.2025.xlsx')}`,
    );
    const workbook = await workbookOf(res.rawPayload);
    const sheet = workbook.getWorksheet('Сообщения');
    if (!sheet) throw new Error('no sheet');
    const [header, ...rows] = sheetRows(sheet);
    expect(header.slice(0, 10)).toEqual([
      'ID',
      'Дата',
      'Время',
      'ЛОМ',
      'Источник',
      'Ссылка',
      'Тип',
      'Тип контента',
      'Текст',
      'Тональность',
    ]);
    expect(header).toContain('Рубрики');
    expect(header).toContain('Проверено');
    // A reader without SUPER_EDITOR_STATUS gets the live list: archived messages are left out.
    const ids = await expectedIds('not archived');
    expect(ids.length).toBeGreaterThan(2_000);
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(res.headers['x-report-rows']).toBe(String(ids.length));
  });

  it('writes the cells of a message as the interface shows them', async () => {
    const res = await reader.get(`/api/v1/messages/get-xlsx/?id_in=${special}`);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Сообщения');
    if (!sheet) throw new Error('no sheet');
    const [header, row] = sheetRows(sheet);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('ID')).toBe(special);
    // Wall-clock Moscow time in the cells: 16.03.2025 00:30.
    expect((cell('Дата') as Date).toISOString()).toBe('2025-03-16T00:30:00.000Z');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('hh:mm');
    expect(cell('ЛОМ')).toBe('Анна П.');
    expect(cell('Источник')).toBe('ВКонтакте');
    expect(cell('Ссылка')).toBe('https://vk.com/wall1_2');
    expect(cell('Тип')).toBe('Репост');
    expect(cell('Текст')).toBe('Губернатор открыл школу\nЖители довольны & рады');
    expect(cell('Тональность')).toBe('Другое');
    expect(cell('Тема')).toBe('Школы');
    expect(cell('Инфоповод')).toBe('Открытие школы');
    expect(cell('Рубрики')).toBe('Город, Образование');
    expect(cell('Si')).toBe(12.5);
    expect(cell('Просмотры')).toBe(123_456);
    expect(cell('Репосты')).toBe(7);
    expect(cell('Комментарии')).toBe(3);
    expect(cell('Проверено')).toBe('да');
    expect(cell('Одобрено')).toBe('нет');
  });

  it('applies the list filters: lom, mood 3 meaning 3 and 4, ordering', async () => {
    const res = await reader.get(
      `/api/v1/messages/get-xlsx/?${MARCH}&lom_in=${lomB}&mood_in=3&ordering=-number_views`,
    );
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Сообщения');
    if (!sheet) throw new Error('no sheet');
    const rows = sheetRows(sheet).slice(1);
    const ids = await expectedIds(
      `not archived and lom_id = ${lomB} and mood in (3, 4)`,
      'number_views desc, id desc',
    );
    expect(ids.length).toBeGreaterThan(100);
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['Иван Смирнов']));
  });

  it('holds what the search of the list finds: the query language, relevance kept as date order', async () => {
    const search = encodeURIComponent('12 OR 13 OR "сообщение 140"');
    const res = await reader.get(`/api/v1/messages/get-xlsx/?${MARCH}&search=${search}&ordering=-relevance`);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Сообщения');
    if (!sheet) throw new Error('no sheet');
    const ids = await expectedIds(
      `not archived and text in ('Сообщение 12', 'Сообщение 13', 'Сообщение 140')`,
      'wrote_at desc, id desc',
    );
    expect(ids).toHaveLength(3);
    expect(
      sheetRows(sheet)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(ids);
    const bad = await reader.get(`/api/v1/messages/get-xlsx/?${MARCH}&search=${encodeURIComponent('12 OR')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'search', position: 4 });
  });

  it('gives a super editor the archived messages too', async () => {
    const res = await superEditor.get(`/api/v1/messages/get-xlsx/?${MARCH}&lom_in=${lomA}`);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Сообщения');
    if (!sheet) throw new Error('no sheet');
    expect(sheetRows(sheet).length - 1).toBe((await expectedIds(`lom_id = ${lomA}`)).length);
  });

  it('answers an empty sheet for a filter that matches nothing', async () => {
    const res = await reader.get(
      '/api/v1/messages/get-xlsx/?wrote_at_after=2020-01-01&wrote_at_before=2020-01-02',
    );
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Сообщения');
    expect(sheet?.rowCount).toBe(1);
  });
});

describe('GET /api/v1/messages/get-report/', () => {
  it('puts a summary sheet (mood table, loms) before the messages', async () => {
    const res = await reader.get(`/api/v1/messages/get-report/?${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('Отчёт по сообщениям 01.03.2025–31.03.2025.xlsx'),
    );
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Сводка', 'Сообщения']);
    const summary = sheetRows(workbook.worksheets[0]);
    expect(summary[0][0]).toBe('Отчёт по сообщениям');
    expect(summary.find((r) => r[0] === 'Период')?.[1]).toBe('01 марта 2025 — 31 марта 2025');
    const counts = await queryRows<{ mood: number | null; n: number }>(
      t.database.db,
      sql`select case when mood = 4 then 3 else mood end as mood, count(*)::int as n from messages
           where wrote_at >= '2025-03-01T00:00:00+03:00' and wrote_at < '2025-04-01T00:00:00+03:00' and not archived
           group by 1`,
    );
    const count = (mood: number | null) => counts.find((c) => c.mood === mood)?.n ?? 0;
    const row = (label: string) => summary.find((r) => typeof r[0] === 'string' && r[0].startsWith(label));
    expect(row('Позитивное')?.[1]).toBe(count(1));
    expect(row('Нейтральное (вкл. «Другое»)')?.[1]).toBe(count(3));
    expect(row('Не определена')?.[1]).toBe(count(null));
    const total = counts.reduce((sum, c) => sum + c.n, 0);
    expect(row('Всего')?.[1]).toBe(total);
    expect(row('Всего')?.[3]).toBe(2);
    const lomRow = summary.find((r) => r[0] === 'Анна Петрова');
    const annaCount = (await expectedIds(`not archived and lom_id = ${lomA}`)).length;
    expect(lomRow?.[1]).toBe(annaCount);
    expect(sheetRows(workbook.worksheets[1]).length - 1).toBe(total);
  });
});

describe('report guards and input', () => {
  for (const path of ['get-xlsx', 'get-report', 'get-xlsx-estimation', 'get-report-estimation']) {
    it(`${path}: 401 without a token, 403 without MESSAGES, 400 naming the field`, async () => {
      const url = `/api/v1/messages/${path}/?${MARCH}`;
      expect((await t.anonymous.get(url)).statusCode).toBe(401);
      expect((await noMessages.get(url)).statusCode).toBe(403);
      const badMood = await reader.get(`/api/v1/messages/${path}/?mood_in=9`);
      expect(badMood.statusCode).toBe(400);
      expect(badMood.json().field).toBe('mood_in');
      const badDate = await reader.get(`/api/v1/messages/${path}/?wrote_at_after=2025-02-30`);
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().field).toBe('wrote_at_after');
    });
  }
});

describe('estimations', () => {
  it('counts the messages of the filter and estimates the file size', async () => {
    const ids = await expectedIds('not archived');
    const res = await reader.get(`/api/v1/messages/get-xlsx-estimation/?${MARCH}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      messages_number: ids.length,
      included_number: ids.length,
      max_messages: 200_000,
      exceeds_limit: false,
      format: 'xlsx',
    });
    const file = await reader.get(`/api/v1/messages/get-xlsx/?${MARCH}`);
    // An estimate: within a factor of two of the real file.
    expect(body.expected_size_bytes).toBeGreaterThan(file.rawPayload.length / 2);
    expect(body.expected_size_bytes).toBeLessThan(file.rawPayload.length * 2);
    const report = (
      await reader.get(`/api/v1/messages/get-report-estimation/?${MARCH}&lom_in=${lomA}`)
    ).json();
    expect(report.messages_number).toBe((await expectedIds(`not archived and lom_id = ${lomA}`)).length);
  });

  it('answers zero for a filter that matches nothing', async () => {
    const body = (
      await reader.get(
        '/api/v1/messages/get-xlsx-estimation/?wrote_at_after=2020-01-01&wrote_at_before=2020-01-01',
      )
    ).json();
    expect(body.messages_number).toBe(0);
    expect(body.included_number).toBe(0);
  });
});
