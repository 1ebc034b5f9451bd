import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoReason, buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { insertMessages, insertQuotes, type QuoteValues } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let reader: UserCaller;
let noQuotes: UserCaller;
let lomA: number;
let theme: number;
let reason: number;
let messageId: number;
const quoteIds: Record<string, number> = {};
const MAY = 'wrote_at_after=2025-05-01&wrote_at_before=2025-05-31';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  reader = t.as('user');
  noQuotes = t.as('lomSelection');
  const source = await buildSource(db, { name: 'YouTube' });
  const a = await buildLom(db, { name: 'Анна Петрова' });
  const b = await buildLom(db, { name: 'Иван Смирнов' });
  lomA = a.id;
  theme = (await buildTheme(db, { name: 'Экология' })).id;
  reason = (await buildInfoReason(db, { themeId: theme, name: 'Субботник' })).id;
  [messageId] = await insertMessages(db, [
    {
      lomId: a.id,
      sourceId: source.id,
      url: 'https://youtu.be/x1',
      wroteAt: new Date('2025-05-10T09:00:00Z'),
    },
  ]);
  const rows: (QuoteValues & { key: string })[] = [
    {
      key: 'a1',
      lomId: a.id,
      text: 'Мы посадим <b>тысячу</b> деревьев',
      mood: 1,
      themeId: theme,
      infoReasonId: reason,
      messageId,
      speechTimestamp: 95,
      wroteAt: new Date('2025-05-10T09:00:00Z'),
    },
    {
      key: 'a2',
      lomId: a.id,
      text: 'Свалку закроют',
      mood: 4,
      themeId: theme,
      wroteAt: new Date('2025-05-12T09:00:00Z'),
    },
    {
      key: 'b1',
      lomId: b.id,
      text: 'Это провал',
      mood: 2,
      wroteAt: new Date('2025-05-11T09:00:00Z'),
      isManual: true,
    },
    { key: 'old', lomId: b.id, text: 'Старое', mood: 3, wroteAt: new Date('2025-04-11T09:00:00Z') },
  ];
  const ids = await insertQuotes(
    db,
    rows.map(({ key: _key, ...row }) => row),
  );
  rows.forEach((row, index) => {
    quoteIds[row.key] = ids[index];
  });
});
afterAll(() => t.close());

async function rowsOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Цитаты');
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

describe('GET /api/v2/quotes/report/', () => {
  it('lists the quotes of the period, newest first, in Russian columns', async () => {
    const res = await reader.get(`/api/v2/quotes/report/?${MAY}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('Цитаты 01.05.2025–31.05.2025.xlsx'),
    );
    const [header, ...rows] = await rowsOf(res.rawPayload);
    expect(header).toEqual([
      'ID',
      'Дата',
      'Время',
      'ЛОМ',
      'Цитата',
      'Тональность',
      'Тема',
      'Инфоповод',
      'Источник',
      'Ссылка',
      'ID сообщения',
      'Отметка времени, с',
      'Добавлена вручную',
    ]);
    expect(rows.map((r) => r[0])).toEqual([quoteIds.a2, quoteIds.b1, quoteIds.a1]);
    const a1 = rows[2];
    expect(a1.slice(3, 13)).toEqual([
      'Анна Петрова',
      'Мы посадим тысячу деревьев',
      'Позитивное',
      'Экология',
      'Субботник',
      'YouTube',
      'https://youtu.be/x1',
      messageId,
      95,
      'нет',
    ]);
    expect((a1[1] as Date).toISOString()).toBe('2025-05-10T12:00:00.000Z');
  });

  it('applies the quote filters: lom, theme, info reason, mood (3 means 3 and 4), search', async () => {
    const cases: [string, number[]][] = [
      [`lom_in=${lomA}`, [quoteIds.a2, quoteIds.a1]],
      [`theme_in=${theme}`, [quoteIds.a2, quoteIds.a1]],
      [`info_reason_in=${reason}`, [quoteIds.a1]],
      ['mood_in=3', [quoteIds.a2]],
      ['search=провал', [quoteIds.b1]],
    ];
    for (const [query, expected] of cases) {
      const res = await reader.get(`/api/v2/quotes/report/?${MAY}&${query}`);
      expect(
        (await rowsOf(res.rawPayload)).slice(1).map((r) => r[0]),
        query,
      ).toEqual(expected);
    }
  });

  it('estimates the number of quotes', async () => {
    const res = await reader.get(`/api/v2/quotes/report-estimation/?${MAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      messages_number: 3,
      included_number: 3,
      format: 'xlsx',
      exceeds_limit: false,
    });
    expect(res.json().expected_size_bytes).toBeGreaterThan(0);
  });

  for (const path of ['report', 'report-estimation']) {
    it(`${path}: 401 without a token, 403 without QUOTES, 400 naming the field`, async () => {
      const url = `/api/v2/quotes/${path}/?${MAY}`;
      expect((await t.anonymous.get(url)).statusCode).toBe(401);
      expect((await noQuotes.get(url)).statusCode).toBe(403);
      const bad = await reader.get(`/api/v2/quotes/${path}/?mood_in=0`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('mood_in');
    });
  }
});
