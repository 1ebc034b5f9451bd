import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { insertMessages, type MessageValues } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { docxParagraphs, unzip } from './test-zip.ts';

let t: Kit;
let reader: UserCaller;
let noMessages: UserCaller;
let lomA: number;
const APRIL = 'wrote_at_after=2025-04-01&wrote_at_before=2025-04-30';
const COUNT = 2_050;

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  reader = t.as('user');
  noMessages = t.as('role0');
  const source = await buildSource(db, { name: 'Telegram' });
  const a = await buildLom(db, { name: 'Анна Петрова' });
  const b = await buildLom(db, { name: 'Иван Смирнов' });
  lomA = a.id;
  const schools = await buildTheme(db, { name: 'Школы' });
  const roads = await buildTheme(db, { name: 'Дороги' });
  const rows: MessageValues[] = [];
  for (let i = 0; i < COUNT; i++) {
    rows.push({
      lomId: i % 4 === 0 ? b.id : a.id,
      sourceId: source.id,
      url: `https://t.me/c/${i}`,
      text: `Новость номер ${i} <b>важная</b>`,
      wroteAt: new Date(Date.parse('2025-04-01T00:00:00Z') + i * 10 * 60_000),
      mood: i % 2 === 0 ? 1 : 2,
      themeId: i % 5 === 0 ? null : i % 2 === 0 ? schools.id : roads.id,
      si: (i % 97) / 4,
      numberViews: (i * 7919) % 100_000,
      repostCount: i % 13,
    });
  }
  await insertMessages(db, rows);
});
afterAll(() => t.close());

async function viewsOrder(limit: number) {
  const rows = await queryRows<{ id: number; number_views: number }>(
    t.database.db,
    sql`select id, number_views from messages order by number_views desc, id desc limit ${limit}`,
  );
  return rows;
}

describe('GET /api/v1/messages/get-word-report/', () => {
  it('opens as a Word document with title, period, mood table and messages grouped by theme', async () => {
    const res = await reader.get(`/api/v1/messages/get-word-report/?${APRIL}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('Отчёт по сообщениям 01.04.2025–30.04.2025.docx'),
    );
    expect(unzip(res.rawPayload).has('word/document.xml')).toBe(true);
    const paragraphs = docxParagraphs(res.rawPayload);
    expect(paragraphs[0]).toBe('Отчёт по сообщениям');
    expect(paragraphs).toContain('Период: 01 апреля 2025 — 30 апреля 2025');
    expect(paragraphs).toContain('Группировка: по темам');
    // The mood table: 2,050 messages, half positive, half negative.
    const table = paragraphs.slice(paragraphs.indexOf('Тональность сообщений'));
    expect(table.slice(1, 8)).toEqual([
      'Тональность',
      'Сообщений',
      'Доля, %',
      'ЛОМ',
      'Si',
      'Просмотры',
      'Репосты',
    ]);
    expect(table[table.indexOf('Позитивное') + 1]).toBe('1 025');
    expect(table[table.indexOf('Всего') + 1]).toBe('2 050');
    // Capped at 2,000 messages, said in the document.
    expect(paragraphs.some((p) => p.startsWith('В документ включены первые 2 000 из 2 050 сообщений'))).toBe(
      true,
    );
    expect(res.headers['x-report-rows']).toBe('2000');
    const headings = paragraphs.filter((p) => /^(Школы|Дороги|Без темы) \(/.test(p));
    // Equal groups go by name; messages without a theme come last.
    expect(headings).toEqual(['Дороги (800)', 'Школы (800)', 'Без темы (400)']);
    // The newest message comes first in its group, its text stripped of HTML, with its link.
    const newest = COUNT - 1;
    const first = paragraphs.indexOf(`Новость номер ${newest} важная`);
    expect(first).toBe(paragraphs.indexOf('Дороги (800)') + 2);
    expect(paragraphs[first - 1]).toMatch(/^Анна Петрова · \d{2} апреля 2025 \d{2}:\d{2} · Telegram$/);
    expect(paragraphs[first + 1]).toBe(`https://t.me/c/${newest}`);
    expect(paragraphs[first + 2]).toMatch(/^Тональность: Негативное · Тема: Дороги · Si: /);
  });

  it('groups by lom when asked', async () => {
    const res = await reader.get(`/api/v1/messages/get-word-report/?${APRIL}&group_by=lom&lom_in=${lomA}`);
    expect(res.statusCode).toBe(200);
    const paragraphs = docxParagraphs(res.rawPayload);
    expect(paragraphs).toContain('Группировка: по ЛОМ');
    expect(paragraphs).toContain('ЛОМ: Анна Петрова');
    expect(paragraphs.filter((p) => /^(Анна Петрова|Иван Смирнов) \(/.test(p))).toEqual([
      'Анна Петрова (1 537)',
    ]);
    expect(paragraphs.some((p) => p.startsWith('В документ включены'))).toBe(false);
  });
});

describe('GET /api/v1/messages/get-word-popular-report/', () => {
  it('lists the top messages by views, numbered, with the stat', async () => {
    const res = await reader.get(`/api/v1/messages/get-word-popular-report/?${APRIL}&top=10`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('Популярные сообщения'));
    const paragraphs = docxParagraphs(res.rawPayload);
    expect(paragraphs[0]).toBe('Популярные сообщения');
    expect(paragraphs).toContain('Рейтинг: топ-10 по просмотрам');
    expect(paragraphs).toContain('Топ-10 сообщений по просмотрам');
    const heads = paragraphs.filter((p) => /^\d+\. /.test(p));
    const top = await viewsOrder(10);
    expect(heads).toHaveLength(10);
    heads.forEach((head, index) => {
      expect(head.startsWith(`${index + 1}. `)).toBe(true);
      expect(head).toContain(
        `Просмотры: ${Number(top[index].number_views).toLocaleString('ru-RU').replace(/\s/g, ' ')}`,
      );
    });
  });

  it('ranks by the chosen stat with 50 by default', async () => {
    const res = await reader.get(`/api/v1/messages/get-word-popular-report/?${APRIL}&stat=si`);
    const paragraphs = docxParagraphs(res.rawPayload);
    expect(paragraphs).toContain('Рейтинг: топ-50 по Si');
    expect(paragraphs.filter((p) => /^\d+\. /.test(p))).toHaveLength(50);
  });

  it('answers 400 naming the field for a bad stat, top or grouping', async () => {
    for (const [url, field] of [
      ['/api/v1/messages/get-word-popular-report/?stat=likes', 'stat'],
      ['/api/v1/messages/get-word-popular-report/?top=0', 'top'],
      ['/api/v1/messages/get-word-popular-report/?top=501', 'top'],
      ['/api/v1/messages/get-word-report/?group_by=region', 'group_by'],
      ['/api/v1/messages/get-word-report/?lom_in=1,x', 'lom_in'],
    ] as const) {
      const res = await reader.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
  });
});

describe('Word estimations and guards', () => {
  it('estimates the capped number of messages', async () => {
    const word = (await reader.get(`/api/v1/messages/get-word-report-estimation/?${APRIL}`)).json();
    expect(word).toMatchObject({
      messages_number: COUNT,
      included_number: 2_000,
      format: 'docx',
      exceeds_limit: false,
    });
    const file = await reader.get(`/api/v1/messages/get-word-report/?${APRIL}`);
    expect(word.expected_size_bytes).toBeGreaterThan(file.rawPayload.length / 2);
    expect(word.expected_size_bytes).toBeLessThan(file.rawPayload.length * 2);
    const popular = (
      await reader.get(`/api/v1/messages/get-word-popular-report-estimation/?${APRIL}&top=20`)
    ).json();
    expect(popular).toMatchObject({ messages_number: COUNT, included_number: 20, format: 'docx' });
  });

  for (const path of [
    'get-word-report',
    'get-word-popular-report',
    'get-word-report-estimation',
    'get-word-popular-report-estimation',
  ]) {
    it(`${path}: 401 without a token, 403 without MESSAGES`, async () => {
      const url = `/api/v1/messages/${path}/?${APRIL}`;
      expect((await t.anonymous.get(url)).statusCode).toBe(401);
      expect((await noMessages.get(url)).statusCode).toBe(403);
    });
  }
});
