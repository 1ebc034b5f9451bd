import type { MoodTable, RubricItem, RubricLomItem } from '@monitoring/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { messageRubrics, messages, rubrics, rubricThemes, userActions } from '../../db/schema/index.ts';
import { buildRubric, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope<T> = {
  results: T[];
  page: number;
  last_page: number;
  elements_count: number;
  next_pages_available: number;
};

let t: Kit;
let admin: UserCaller;
let viewer: UserCaller;
let lomAdmin: UserCaller;
let service: UserCaller;
const lom: Record<string, number> = {};
const theme: Record<string, number> = {};
const rubric: Record<string, number> = {};
const msg: Record<string, number> = {};

const LIST = '/api/v2/rubrics/';
const detail = (id: number) => `/api/v2/rubrics/${id}/`;
const loms = (id: number) => `/api/v2/rubrics/${id}/loms/`;
/** 10…15 March 2025 in Moscow days: leaves out Борис's message of the 20th. */
const PERIOD = 'wrote_at_after=2025-03-10&wrote_at_before=2025-03-15';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  admin = await t.caller({ role: 0, uiPermissions: ['view_rubric_admin'] });
  viewer = t.as('user');
  lomAdmin = await t.caller({ role: 0, uiPermissions: ['view_lom_admin'] });
  service = t.as('service');

  lom.Анна = (await buildLom(db, { name: 'Анна', subscribers: 1000, avatar: 'anna.png' })).id;
  lom.Борис = (await buildLom(db, { name: 'Борис', subscribers: 500 })).id;
  lom.Вера = (await buildLom(db, { name: 'Вера', subscribers: 300 })).id;
  for (const name of ['Выборы', 'Экология', 'Спорт']) theme[name] = (await buildTheme(db, { name })).id;

  rubric.bloggers = (await buildRubric(db, { name: 'Блогеры' })).id;
  rubric.year = (await buildRubric(db, { name: 'Темы года', type: 'theme' })).id;
  await db.insert(rubricThemes).values([
    { rubricId: rubric.year, themeId: theme.Экология },
    { rubricId: rubric.year, themeId: theme.Выборы },
  ]);
  rubric.old = (await buildRubric(db, { name: 'Архивная', archived: true })).id;
  rubric.empty = (await buildRubric(db, { name: 'Пустая' })).id;

  const inBloggers = { rubricIds: [rubric.bloggers] };
  const m = (key: string, values: Parameters<typeof buildMessage>[1]) =>
    buildMessage(db, values).then((row) => {
      msg[key] = row.id;
    });
  await m('a1', { ...inBloggers, lomId: lom.Анна, mood: 1, si: 10, numberViews: 100, day: '2025-03-10' });
  await m('a4', { ...inBloggers, lomId: lom.Анна, mood: 4, si: 5, numberViews: 50, day: '2025-03-10' });
  await m('aNone', { ...inBloggers, lomId: lom.Анна, mood: null, si: 1, numberViews: 10, day: '2025-03-11' });
  await m('a3', {
    rubricIds: [rubric.bloggers, rubric.year],
    lomId: lom.Анна,
    mood: 3,
    si: 7,
    numberViews: 70,
    day: '2025-03-13',
  });
  await m('b1', { ...inBloggers, lomId: lom.Борис, mood: 1, si: 20, numberViews: 200, day: '2025-03-12' });
  await m('b2', { ...inBloggers, lomId: lom.Борис, mood: 2, si: 2, numberViews: 20, day: '2025-03-20' });
  await m('noLom', { ...inBloggers, lomId: null, mood: 3, si: 3, numberViews: 30, day: '2025-03-11' });
  // Not live: none of these counts anywhere.
  await m('trash', { ...inBloggers, lomId: lom.Вера, mood: 1, si: 100, numberViews: 1, trash: true });
  await m('archived', { ...inBloggers, lomId: lom.Вера, mood: 2, si: 100, numberViews: 1, archived: true });
  await m('delayed', { ...inBloggers, lomId: lom.Вера, mood: 2, si: 100, numberViews: 1, delayed: true });
  // A message of Вера outside the rubric.
  await m('other', { lomId: lom.Вера, mood: 1, si: 50, numberViews: 500 });
});

afterAll(async () => {
  await t.close();
});

const row = (
  message_count: number,
  total_si: number,
  total_views: number,
  lom_count: number,
  subscribers: number,
) => ({
  message_count,
  total_si,
  total_views,
  lom_count,
  subscribers,
});
const ZERO = row(0, 0, 0, 0, 0);

/** The bloggers' table over all time, worked out by hand from the fixtures. */
const BLOGGERS_TABLE: MoodTable = {
  1: row(2, 30, 300, 2, 1500),
  2: row(1, 2, 20, 1, 500),
  3: row(2, 10, 100, 1, 1000),
  4: row(1, 5, 50, 1, 1000),
  5: ZERO,
  6: ZERO,
};

/** The same sums straight from the tables, to check the answer against the database. */
async function dbSums(rubricId: number, after?: string, before?: string) {
  const period = sql.join(
    [
      after ? sql`and m.wrote_at >= ${`${after}T00:00:00+03:00`}::timestamptz` : sql``,
      before ? sql`and m.wrote_at < (${`${before}T00:00:00+03:00`}::timestamptz + interval '1 day')` : sql``,
    ],
    sql` `,
  );
  const [sums] = await queryRows<{ n: string | number; si: number | null; views: string | number | null }>(
    t.database.db,
    sql`select count(*) as n, sum(m.si) as si, sum(m.number_views) as views
          from message_rubrics mr join messages m on m.id = mr.message_id
         where mr.rubric_id = ${rubricId} and not m.trash and not m.archived and not m.delayed ${period}`,
  );
  return { n: Number(sums.n), si: Number(sums.si ?? 0), views: Number(sums.views ?? 0) };
}

async function lastAction(action: string) {
  const [entry] = await t.database.db
    .select()
    .from(userActions)
    .where(eq(userActions.action, action))
    .orderBy(desc(userActions.id))
    .limit(1);
  return entry;
}

describe('GET api/v2/rubrics/', () => {
  it('lists rubrics by name with themes, sums and the mood table', async () => {
    const res = await viewer.get(LIST);
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<RubricItem>>();
    expect(body.results.map((r) => r.name)).toEqual(['Архивная', 'Блогеры', 'Пустая', 'Темы года']);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 4, next_pages_available: 0 });
    const bloggers = body.results[1];
    const db = await dbSums(rubric.bloggers);
    expect(db).toEqual({ n: 7, si: 48, views: 480 });
    expect(bloggers).toMatchObject({
      id: rubric.bloggers,
      type: 'rubric',
      archived: false,
      themes: [],
      message_count: db.n,
      total_si: db.si,
      total_views: db.views,
    });
    expect(bloggers.mood_table).toEqual(BLOGGERS_TABLE);
    const year = body.results[3];
    expect(year.type).toBe('theme');
    expect(year.themes).toEqual([
      { id: theme.Выборы, name: 'Выборы' },
      { id: theme.Экология, name: 'Экология' },
    ]);
    expect(year).toMatchObject({ message_count: 1, total_si: 7, total_views: 70 });
    expect(year.mood_table[3]).toEqual(row(1, 7, 70, 1, 1000));
    const empty = body.results[2];
    expect(empty).toMatchObject({ message_count: 0, total_si: 0, total_views: 0 });
    expect(Object.values(empty.mood_table)).toEqual(Array(6).fill(ZERO));
  });

  it('sums over the period in whole Moscow days', async () => {
    const res = await viewer.get(`${LIST}?search=блог&${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const [bloggers] = res.json<Envelope<RubricItem>>().results;
    const db = await dbSums(rubric.bloggers, '2025-03-10', '2025-03-15');
    expect(db).toEqual({ n: 6, si: 46, views: 460 });
    expect(bloggers).toMatchObject({ message_count: db.n, total_si: db.si, total_views: db.views });
    expect(bloggers.mood_table).toEqual({ ...BLOGGERS_TABLE, 2: ZERO });
    // The last day counts whole: a message at 23:59 Moscow time of the 20th is in "before=2025-03-20".
    const upTo20 = await viewer.get(`${LIST}?search=блог&wrote_at_before=2025-03-20`);
    expect(upTo20.json<Envelope<RubricItem>>().results[0].message_count).toBe(7);
    const upTo19 = await viewer.get(`${LIST}?search=блог&wrote_at_before=2025-03-19`);
    expect(upTo19.json<Envelope<RubricItem>>().results[0].message_count).toBe(6);
  });

  it('filters by search, type and archived, and pages', async () => {
    const names = async (query: string) =>
      (await admin.get(`${LIST}?${query}`)).json<Envelope<RubricItem>>().results.map((r) => r.name);
    expect(await names('type=theme')).toEqual(['Темы года']);
    expect(await names('type=rubric&archived=false')).toEqual(['Блогеры', 'Пустая']);
    expect(await names('archived=true')).toEqual(['Архивная']);
    expect(await names('search=ПУСТ')).toEqual(['Пустая']);
    expect(await names('search=%25')).toEqual([]);
    const page2 = (await viewer.get(`${LIST}?page=2&page_size=3`)).json<Envelope<RubricItem>>();
    expect(page2.results.map((r) => r.name)).toEqual(['Темы года']);
    expect(page2).toMatchObject({ page: 2, last_page: 2, elements_count: 4 });
    const past = (await viewer.get(`${LIST}?page=9&page_size=3`)).json<Envelope<RubricItem>>();
    expect(past).toMatchObject({ results: [], page: 9, last_page: 2, elements_count: 4 });
  });

  it('answers 400 naming the field', async () => {
    for (const [query, field] of [
      ['page_size=201', 'page_size'],
      ['page=0', 'page'],
      ['type=segment', 'type'],
      ['archived=maybe', 'archived'],
      ['wrote_at_after=2025-02-30', 'wrote_at_after'],
      ['wrote_at_before=вчера', 'wrote_at_before'],
    ]) {
      const res = await viewer.get(`${LIST}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('answers 401 without a token and 403 without RUBRICS or view_rubric_admin', async () => {
    expect((await t.anonymous.get(LIST)).statusCode).toBe(401);
    expect((await service.get(LIST)).statusCode).toBe(403);
    expect((await lomAdmin.get(LIST)).statusCode).toBe(403);
  });
});

describe('GET api/v2/rubrics/{id}/', () => {
  it('answers one rubric with its sums over the period', async () => {
    const res = await admin.get(`${detail(rubric.bloggers)}?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<RubricItem>();
    const db = await dbSums(rubric.bloggers, '2025-03-10', '2025-03-15');
    expect(body).toMatchObject({
      id: rubric.bloggers,
      name: 'Блогеры',
      total_si: db.si,
      message_count: db.n,
    });
    expect(body.mood_table).toEqual({ ...BLOGGERS_TABLE, 2: ZERO });
    const all = (await viewer.get(detail(rubric.bloggers))).json<RubricItem>();
    expect(all.mood_table).toEqual(BLOGGERS_TABLE);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const missing = await viewer.get(detail(999_999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Рубрика не найдена');
    const bad = await viewer.get('/api/v2/rubrics/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    expect((await viewer.get(`${detail(rubric.bloggers)}?wrote_at_after=x`)).json().field).toBe(
      'wrote_at_after',
    );
    expect((await t.anonymous.get(detail(rubric.bloggers))).statusCode).toBe(401);
    expect((await service.get(detail(rubric.bloggers))).statusCode).toBe(403);
  });
});

describe('GET api/v2/rubrics/{id}/loms/', () => {
  it('lists the loms with live messages in the rubric, heaviest Si first, each with its mood table', async () => {
    const res = await viewer.get(loms(rubric.bloggers));
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<RubricLomItem>>();
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 2 });
    expect(body.results.map((l) => l.name)).toEqual(['Анна', 'Борис']);
    const [anna, boris] = body.results;
    expect(anna).toMatchObject({
      id: lom.Анна,
      avatar: 'anna.png',
      message_count: 4,
      total_si: 23,
      total_views: 230,
    });
    expect(anna.mood_table).toEqual({
      1: row(1, 10, 100, 1, 1000),
      2: ZERO,
      3: row(1, 7, 70, 1, 1000),
      4: row(1, 5, 50, 1, 1000),
      5: ZERO,
      6: ZERO,
    });
    expect(boris).toMatchObject({
      id: lom.Борис,
      avatar: null,
      message_count: 2,
      total_si: 22,
      total_views: 220,
    });
    expect(boris.mood_table[1]).toEqual(row(1, 20, 200, 1, 500));
    expect(boris.mood_table[2]).toEqual(row(1, 2, 20, 1, 500));
    // The database agrees on every lom's sums.
    const sums = await queryRows<{ lom_id: number; si: number }>(
      t.database.db,
      sql`select m.lom_id, sum(m.si) as si from ${messageRubrics} mr join ${messages} m on m.id = mr.message_id
           where mr.rubric_id = ${rubric.bloggers} and m.lom_id is not null
             and not m.trash and not m.archived and not m.delayed
           group by 1 order by 2 desc`,
    );
    expect(sums.map((s) => [Number(s.lom_id), Number(s.si)])).toEqual(
      body.results.map((l) => [l.id, l.total_si]),
    );
  });

  it('sorts, searches, pages and takes the period', async () => {
    const ids = async (query: string) =>
      (await viewer.get(`${loms(rubric.bloggers)}?${query}`))
        .json<Envelope<RubricLomItem>>()
        .results.map((l) => l.name);
    expect(await ids('ordering=total_si')).toEqual(['Борис', 'Анна']);
    expect(await ids('ordering=-name')).toEqual(['Борис', 'Анна']);
    expect(await ids('sort=name')).toEqual(['Анна', 'Борис']);
    expect(await ids('ordering=message_count')).toEqual(['Борис', 'Анна']);
    expect(await ids('ordering=-total_views')).toEqual(['Анна', 'Борис']);
    expect(await ids('search=бор')).toEqual(['Борис']);
    const inPeriod = (await viewer.get(`${loms(rubric.bloggers)}?${PERIOD}`)).json<Envelope<RubricLomItem>>();
    expect(inPeriod.results.map((l) => [l.name, l.total_si, l.message_count])).toEqual([
      ['Анна', 23, 4],
      ['Борис', 20, 1],
    ]);
    expect(inPeriod.results[1].mood_table[2]).toEqual(ZERO);
    const second = (await viewer.get(`${loms(rubric.bloggers)}?page=2&page_size=1`)).json<
      Envelope<RubricLomItem>
    >();
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 2 });
    expect(second.results.map((l) => l.name)).toEqual(['Борис']);
    const past = (await viewer.get(`${loms(rubric.bloggers)}?page=5&page_size=1`)).json<
      Envelope<RubricLomItem>
    >();
    expect(past).toMatchObject({ results: [], elements_count: 2, last_page: 2 });
    const none = (await viewer.get(loms(rubric.empty))).json<Envelope<RubricLomItem>>();
    expect(none).toMatchObject({ results: [], elements_count: 0, last_page: 1 });
  });

  it('answers 404, 400, 401 and 403', async () => {
    expect((await viewer.get(loms(999_999))).statusCode).toBe(404);
    for (const [query, field] of [
      ['ordering=si', 'ordering'],
      ['sort=-views', 'sort'],
      ['page_size=0', 'page_size'],
      ['wrote_at_before=2025-13-01', 'wrote_at_before'],
    ]) {
      const res = await viewer.get(`${loms(rubric.bloggers)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    expect((await t.anonymous.get(loms(rubric.bloggers))).statusCode).toBe(401);
    expect((await service.get(loms(rubric.bloggers))).statusCode).toBe(403);
  });
});

describe('POST api/v2/rubrics/', () => {
  it('creates a rubric with a trimmed name and logs it', async () => {
    const res = await admin.post(LIST, { name: '  Новая рубрика  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<RubricItem>();
    expect(body).toMatchObject({ name: 'Новая рубрика', type: 'rubric', archived: false, themes: [] });
    expect(body.message_count).toBe(0);
    const [stored] = await t.database.db.select().from(rubrics).where(eq(rubrics.id, body.id));
    expect(stored).toMatchObject({ name: 'Новая рубрика', type: 'rubric', archived: false });
    const entry = await lastAction('rubric.create');
    expect(entry).toMatchObject({ type: 8, userId: admin.user.id });
    expect(entry.newValue).toEqual({ id: body.id, name: 'Новая рубрика', type: 'rubric', themes: [] });
  });

  it('creates a theme rubric with its themes', async () => {
    const res = await admin.post(LIST, {
      name: 'Тематическая',
      type: 'theme',
      themes: [theme.Спорт, theme.Выборы, theme.Спорт],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<RubricItem>();
    expect(body.themes.map((x) => x.name)).toEqual(['Выборы', 'Спорт']);
    const links = await t.database.db
      .select({ themeId: rubricThemes.themeId })
      .from(rubricThemes)
      .where(eq(rubricThemes.rubricId, body.id))
      .orderBy(rubricThemes.themeId);
    expect(links.map((l) => l.themeId)).toEqual([theme.Выборы, theme.Спорт].sort((a, b) => a - b));
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const before = await t.database.db.$count(rubrics);
    for (const [payload, field] of [
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 5 }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ок', type: 'segment' }, 'type'],
      [{ name: 'Ок', themes: [theme.Спорт] }, 'themes'],
      [{ name: 'Ок', type: 'theme', themes: [999_999] }, 'themes'],
      [{ name: 'Ок', type: 'theme', themes: 'a' }, 'themes'],
    ] as const) {
      const res = await admin.post(LIST, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect(await t.database.db.$count(rubrics)).toBe(before);
  });

  it('answers 401 and 403 (view_rubric_admin only)', async () => {
    expect((await t.anonymous.post(LIST, { name: 'Ок' })).statusCode).toBe(401);
    expect((await viewer.post(LIST, { name: 'Ок' })).statusCode).toBe(403);
    expect((await lomAdmin.post(LIST, { name: 'Ок' })).statusCode).toBe(403);
  });
});

describe('PUT api/v2/rubrics/{id}/', () => {
  it('renames and archives, logging the old and new values', async () => {
    const id = (await buildRubric(t.database.db, { name: 'Переименуй меня' })).id;
    const res = await admin.put(detail(id), { name: ' Переименована ', archived: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<RubricItem>()).toMatchObject({
      id,
      name: 'Переименована',
      archived: true,
      type: 'rubric',
    });
    const [stored] = await t.database.db.select().from(rubrics).where(eq(rubrics.id, id));
    expect(stored).toMatchObject({ name: 'Переименована', archived: true });
    const entry = await lastAction('rubric.update');
    expect(entry).toMatchObject({ type: 8, userId: admin.user.id });
    expect(entry.oldValue).toEqual({ id, name: 'Переименуй меня', archived: false });
    expect(entry.newValue).toEqual({ id, name: 'Переименована', archived: true });
  });

  it('replaces the themes, and drops them when the rubric becomes a plain rubric', async () => {
    const id = (await buildRubric(t.database.db, { name: 'Смена тем', type: 'theme' })).id;
    await t.database.db.insert(rubricThemes).values({ rubricId: id, themeId: theme.Выборы });
    const themesOf = async () =>
      (
        await t.database.db
          .select({ themeId: rubricThemes.themeId })
          .from(rubricThemes)
          .where(eq(rubricThemes.rubricId, id))
          .orderBy(rubricThemes.themeId)
      ).map((l) => l.themeId);
    const replaced = await admin.put(detail(id), { themes: [theme.Спорт, theme.Экология] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<RubricItem>().themes.map((x) => x.name)).toEqual(['Спорт', 'Экология']);
    expect(await themesOf()).toEqual([theme.Экология, theme.Спорт].sort((a, b) => a - b));
    const entry = await lastAction('rubric.update');
    expect(entry.oldValue).toEqual({ id, themes: [theme.Выборы] });

    const plain = await admin.put(detail(id), { type: 'rubric' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<RubricItem>()).toMatchObject({ type: 'rubric', themes: [] });
    expect(await themesOf()).toEqual([]);
  });

  it('answers 400 naming the field, 404, 401 and 403', async () => {
    const id = rubric.empty;
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ archived: 'maybe' }, 'archived'],
      [{ type: 'x' }, 'type'],
      [{ themes: [theme.Спорт] }, 'themes'],
      [{ type: 'theme', themes: [999_999] }, 'themes'],
    ] as const) {
      const res = await admin.put(detail(id), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const [unchanged] = await t.database.db.select().from(rubrics).where(eq(rubrics.id, id));
    expect(unchanged).toMatchObject({ name: 'Пустая', type: 'rubric' });
    expect((await admin.put(detail(999_999), { name: 'Ок' })).statusCode).toBe(404);
    expect((await t.anonymous.put(detail(id), { name: 'Ок' })).statusCode).toBe(401);
    expect((await viewer.put(detail(id), { name: 'Ок' })).statusCode).toBe(403);
  });
});

describe('DELETE api/v2/rubrics/{id}/', () => {
  it('takes the rubric off its messages and deletes it in one go', async () => {
    const db = t.database.db;
    const id = (await buildRubric(db, { name: 'На удаление' })).id;
    const keep = (await buildRubric(db, { name: 'Остаётся' })).id;
    const first = await buildMessage(db, { lomId: lom.Анна, rubricIds: [id, keep] });
    const second = await buildMessage(db, { lomId: lom.Борис, rubricIds: [id] });
    const res = await admin.delete(detail(id));
    expect(res.statusCode).toBe(204);
    expect(await db.$count(rubrics, eq(rubrics.id, id))).toBe(0);
    expect(await db.$count(messageRubrics, eq(messageRubrics.rubricId, id))).toBe(0);
    expect(
      await db.$count(
        messageRubrics,
        and(eq(messageRubrics.rubricId, keep), eq(messageRubrics.messageId, first.id)),
      ),
    ).toBe(1);
    expect(await db.$count(messages, eq(messages.id, second.id))).toBe(1);
    const entry = await lastAction('rubric.delete');
    expect(entry).toMatchObject({ type: 8, userId: admin.user.id });
    expect(entry.oldValue).toEqual({
      id,
      name: 'На удаление',
      type: 'rubric',
      archived: false,
      themes: [],
      message_count: 2,
    });
    expect((await admin.get(detail(id))).statusCode).toBe(404);
  });

  it('answers 404, 401 and 403', async () => {
    expect((await admin.delete(detail(999_999))).statusCode).toBe(404);
    expect((await t.anonymous.delete(detail(rubric.empty))).statusCode).toBe(401);
    expect((await viewer.delete(detail(rubric.empty))).statusCode).toBe(403);
    expect((await lomAdmin.delete(detail(rubric.empty))).statusCode).toBe(403);
    expect(await t.database.db.$count(rubrics, eq(rubrics.id, rubric.empty))).toBe(1);
  });
});
