import { AUTH_PATHS, apiPath, DASHBOARD_PATHS, MESSAGE_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalThemes } from '../../db/schema/index.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';

// The query language over the full-text index (docs/search.md), checked on a small corpus of inflected Russian
// forms: which messages each query finds, exactly.
let t: Kit;
const ids: Record<string, number> = {};
const PERIOD = { wrote_at_after: '2025-04-01', wrote_at_before: '2025-04-30' };

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  const lom = await buildLom(db, { name: 'Пётр Петров' });
  const telegram = await buildSource(db, { name: 'Telegram', host: 't.me' });
  const vk = await buildSource(db, { name: 'ВКонтакте', host: 'vk.com' });
  const corpus: [string, Parameters<typeof buildMessage>[1]][] = [
    ['moscow', { text: 'Москва готовится к празднику' }],
    ['inMoscow', { text: 'В Москве открыли новую школу' }],
    ['ofMoscow', { text: 'Жители москвы жалуются на пробки' }],
    ['muscovites', { text: 'Москвичи вышли на субботник' }],
    ['both', { text: 'Газпром и Роснефть подписали соглашение' }],
    ['advert', { text: 'Газпром снизил цены на газ. Реклама' }],
    ['fir', { text: 'Ёлка в Кремле: новогодняя ёлка' }],
    ['sanctions', { text: 'Новые санкции против компании Газпром обсуждают в Брюсселе' }],
    [
      'extra',
      { text: 'Без слов', extraSourceText: 'Дополнительный текст про Тулу', extraOcrText: 'Надпись на фото' },
    ],
    ['ocr', { text: 'Снимок', extraOcrText: 'На снимке: Рязань' }],
    ['author', { text: 'Обычный текст', lomName: 'Анна Иванова', url: 'https://news.ria.ru/2025/0401/x' }],
    ['vk', { text: 'Пост во ВКонтакте', sourceId: vk.id, url: 'https://vk.com/wall-1_2' }],
  ];
  for (const [key, values] of corpus) {
    const row = await buildMessage(db, {
      lomId: lom.id,
      sourceId: telegram.id,
      day: '2025-04-10',
      ...values,
    });
    ids[key] = row.id;
  }
});

afterAll(async () => {
  await t.close();
});

async function found(search: string): Promise<string[]> {
  const res = await t.as('editor').get(MESSAGE_PATHS.list, { ...PERIOD, search, page_size: 100 });
  expect(res.statusCode, res.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return res
    .json<{ results: { id: number }[] }>()
    .results.map((r) => byId.get(r.id) ?? String(r.id))
    .sort();
}

describe('search: what each query finds', () => {
  it.each([
    ['москва', ['inMoscow', 'moscow', 'ofMoscow']],
    ['Москвы', ['inMoscow', 'moscow', 'ofMoscow']],
    ['"в Москве"', ['inMoscow']],
    ['"в москву"', []],
    ['москв*', ['inMoscow', 'moscow', 'muscovites', 'ofMoscow']],
    ['газпром роснефть', ['both']],
    ['газпром AND роснефть', ['both']],
    ['газпром И роснефть', ['both']],
    ['газпром OR роснефть', ['advert', 'both', 'sanctions']],
    ['газпром ИЛИ роснефть', ['advert', 'both', 'sanctions']],
    ['газпром | роснефть', ['advert', 'both', 'sanctions']],
    ['газпром -реклама', ['both', 'sanctions']],
    ['газпром NOT реклама', ['both', 'sanctions']],
    ['газпром НЕ реклама', ['both', 'sanctions']],
    ['(газпром OR москва) -реклама', ['both', 'inMoscow', 'moscow', 'ofMoscow', 'sanctions']],
    ['газпром NEAR/3 санкции', ['sanctions']],
    ['санкции РЯДОМ/3 газпром', ['sanctions']],
    ['газпром NEAR/2 санкции', []],
    ['елка', ['fir']],
    ['ёлки', ['fir']],
    ['тула', ['extra']],
    ['рязань', ['ocr']],
    ['author:Иванова', ['author']],
    ['author:"Анна Иванова"', ['author']],
    ['анна', []],
    ['url:ria.ru', ['author']],
    ['url:https://www.news.ria.ru/x', ['author']],
    ['url:vk.com', ['vk']],
    ['source:вконтакте', ['vk']],
    ['source:vk пост', ['vk']],
    ['пост -source:vk', []],
    ['москва OR source:vk', ['inMoscow', 'moscow', 'ofMoscow', 'vk']],
  ])('%s', async (search, expected) => {
    expect(await found(search)).toEqual(expected);
  });
});

describe('search: results a person can read', () => {
  it('marks every form of a bare word and the exact words of a phrase, never what is excluded', async () => {
    const res = await t.as('editor').get(MESSAGE_PATHS.list, {
      ...PERIOD,
      search: 'москва OR "новую школу" -пробки',
    });
    const rows = res.json<{ results: { id: number; highlighted_text?: string; text: string }[] }>().results;
    const text = (id: number) => rows.find((r) => r.id === id)?.highlighted_text;
    expect(text(ids.inMoscow)).toBe('В <mark>Москве</mark> открыли <mark>новую</mark> <mark>школу</mark>');
    expect(text(ids.moscow)).toBe('<mark>Москва</mark> готовится к празднику');
    expect(rows.find((r) => r.id === ids.moscow)?.text).toBe('Москва готовится к празднику');
  });

  it('orders by relevance on request, by date by default', async () => {
    const base = { ...PERIOD, search: 'газпром OR ёлка' };
    const byDate = await t.as('editor').get(MESSAGE_PATHS.list, base);
    expect(byDate.statusCode).toBe(200);
    const byRank = await t.as('editor').get(MESSAGE_PATHS.list, { ...base, ordering: '-relevance' });
    const ranked = byRank.json<{ results: { id: number }[] }>().results.map((r) => r.id);
    // «Ёлка … ёлка» holds its word twice: the densest match comes first.
    expect(ranked[0]).toBe(ids.fir);
    expect([...ranked].sort()).toEqual(
      byDate
        .json<{ results: { id: number }[] }>()
        .results.map((r) => r.id)
        .sort(),
    );
  });

  it('counts exactly, and pagination_count agrees', async () => {
    const list = await t.as('editor').get(MESSAGE_PATHS.list, { ...PERIOD, search: 'газпром', page_size: 2 });
    expect(list.json()).toMatchObject({ elements_count: 3, last_page: 2 });
    expect(list.json()).not.toHaveProperty('elements_count_exact');
    const count = await t.as('editor').get(MESSAGE_PATHS.paginationCount, {
      ...PERIOD,
      search: 'газпром',
      page_size: 2,
    });
    expect(count.json()).toEqual({ elements_count: 3, last_page: 2 });
  });
});

describe('search: bad input answers 400 naming search, or a result, never 500', () => {
  it.each([
    ['газпром "в москве', 'Не закрыта кавычка, позиция 9', 9],
    ['(газпром OR роснефть', 'Не закрыта скобка, позиция 1', 1],
    ['газпром OR', 'После OR нужно слово или выражение, позиция 9', 9],
    ['газ NEAR/0 нефть', 'Расстояние NEAR — от 1 до 20 слов, позиция 5', 5],
    ['газ NEAR/999 нефть', 'Расстояние NEAR — от 1 до 20 слов, позиция 5', 5],
    ['газ NEAR/x нефть', 'Расстояние NEAR — число от 1 до 20, позиция 5', 5],
    ['г*', 'Перед * нужно не меньше 3 букв, позиция 1', 1],
    ['NOT реклама', 'В запросе одни исключения: добавьте слово, которое нужно найти, позиция 1', 1],
    ['и в на', 'В запросе нет слов для поиска: только служебные слова или символы, позиция 1', 1],
    ['😀🔥', 'В запросе нет слов для поиска: только служебные слова или символы, позиция 1', 1],
  ])('%s', async (search, message, position) => {
    const res = await t.as('editor').get(MESSAGE_PATHS.list, { ...PERIOD, search });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'search',
      position,
      message: `Некорректное значение поля «search»: ${message}`,
    });
  });

  it('refuses 10,000 ORs, NUL bytes and unpaired surrogates', async () => {
    for (const search of [Array(10_000).fill('газпром').join(' OR '), 'газ\u0000пром']) {
      const res = await t.as('editor').get(MESSAGE_PATHS.list, { ...PERIOD, search });
      expect(res.statusCode, search.slice(0, 20)).toBe(400);
      expect(res.json().field).toBe('search');
    }
    // A query string carries a lone surrogate only as the bytes of its UTF-8 form, which no decoder turns back into
    // one: the server reads the bytes as text and answers (the JSON bodies' \ud800 is refused by safeInput).
    for (const raw of ['%ED%A0%80', 'газ%ED%A0%80пром']) {
      const res = await t.as('editor').get(`${MESSAGE_PATHS.list}?search=${raw}`);
      expect([200, 400]).toContain(res.statusCode);
    }
  });

  it('reads SQL and tsquery syntax typed by a user as words', async () => {
    for (const search of [
      'a & b',
      'газпром:*',
      "'",
      '\\',
      "газпром' or 1=1 --",
      'газпром <-> роснефть',
      '!!газпром',
    ]) {
      const res = await t.as('editor').get(MESSAGE_PATHS.list, { ...PERIOD, search });
      expect([200, 400], `${search}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().field).toBe('search');
    }
    expect(await found('газпром <-> роснефть')).toEqual(['both']);
    expect(await found("газпром'")).toEqual(['advert', 'both', 'sanctions']);
  });
});

describe('search: counts on a period longer than the walk', () => {
  // 3,000 messages in June 2025, one a minute back from its end: «вокзал» in every second one, «трамвай» in 20 spread
  // over the month (the walks of 600 and 2,500 newest messages hold fewer than a page of them).
  const JUNE = { wrote_at_after: '2025-06-01', wrote_at_before: '2025-06-30' };
  beforeAll(async () => {
    const end = Date.parse('2025-06-29T12:00:00Z');
    await insertMessages(
      t.db,
      Array.from({ length: 3000 }, (_, i) => ({
        text: i % 150 === 0 ? 'Новый трамвай' : i % 2 === 0 ? 'У вокзала пробка' : 'Тихий день',
        wroteAt: new Date(end - i * 60_000),
      })),
    );
  });

  const list = (search: string, page = 1) =>
    t.as('editor').get(MESSAGE_PATHS.list, { ...JUNE, search, page, page_size: 25 });

  it('a dense query: the page from the newest messages, its count a lower bound until pagination_count', async () => {
    const res = await list('вокзал');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      results: { id: number }[];
      elements_count: number;
      elements_count_exact?: boolean;
    }>();
    expect(body.results).toHaveLength(25);
    expect(body.elements_count_exact).toBe(false);
    expect(body.elements_count).toBe(296); // the evens of the newest 600 but 4 trams
    const count = await t.as('editor').get(MESSAGE_PATHS.paginationCount, { ...JUNE, search: 'вокзал' });
    expect(count.json()).toEqual({ elements_count: 1480, last_page: 60 });
    // A later page still comes: the bound never falls below what the pages have shown.
    const later = await list('вокзал', 30);
    const laterBody = later.json<{ results: unknown[]; elements_count: number }>();
    expect(laterBody.results).toHaveLength(25);
    expect(laterBody.elements_count).toBeGreaterThanOrEqual(750);
  });

  it('a sparse query: the index answers, the count exact', async () => {
    const body = (await list('трамвай')).json<{
      results: unknown[];
      elements_count: number;
      elements_count_exact?: boolean;
    }>();
    expect(body.results).toHaveLength(20);
    expect(body.elements_count).toBe(20);
    expect(body.elements_count_exact).toBeUndefined();
  });
});

describe('search: filters saved before the query language', () => {
  it('a personal theme whose saved search does not parse still opens, on the phrase of its words', async () => {
    const editor = t.as('editor');
    const me = (await editor.get(AUTH_PATHS.me)).json<{ id: number }>();
    const saved = async (search: string) => {
      const [row] = await t.db
        .insert(personalThemes)
        .values({ userId: me.id, name: `Старая ${search}`, filters: { search } })
        .returning({ id: personalThemes.id });
      const res = await editor.get(apiPath(DASHBOARD_PATHS.personal.moodTable, { id: row.id }), PERIOD);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ total: { message_count: number } }>().total.message_count;
    };
    // Unbalanced: read as the phrase «санкции против», which one corpus message holds (unverified: the table
    // counts verified ones, so the number is 0 either way; the point is that it opens).
    expect(await saved('"санкции против')).toBe(0);
    expect(await saved('(((')).toBe(0);
  });
});
