import {
  apiPath,
  PRODUCER_GRAPH_PATHS,
  PRODUCER_GRAPHS,
  PRODUCER_PATHS,
  type ProducerDetailResponse,
  type ProducerGraphResponse,
  type ProducerListResponse,
} from '@monitoring/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lomProducerCenters, lomSubscriberHistory, loms } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildProducerCenter } from '../../test/factories-lom-directories.ts';
import { buildInvolvement } from '../../test/factories-lom-relations.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
let lomSelection: Caller;
let service: Caller;
const PERIOD = 'period_after=2026-01-01&period_before=2026-01-31';
const ALPHA = 101;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  lomSelection = await kit.caller({ role: 102 });
  service = await kit.caller({ role: 101 });
  await buildProducerCenter(db, { id: 9, name: 'Вектор' });
  await buildProducerCenter(db, { id: 23, name: 'Стрим Хаус' });
  await buildProducerCenter(db, { id: ALPHA, name: 'Альфа' });
  await buildProducerCenter(db, { id: 102, name: 'Бета' });
  const telegram = await buildSource(db, { name: 'Telegram' });
  const vk = await buildSource(db, { name: 'ВКонтакте' });
  const first = await buildLom(db);
  const second = await buildLom(db);
  const third = await buildLom(db);
  await db.insert(lomProducerCenters).values([
    { lomId: first.id, producerCenterId: ALPHA },
    { lomId: second.id, producerCenterId: ALPHA },
    { lomId: third.id, producerCenterId: 23 },
  ]);
  const message = { numberViews: 100, repostCount: 2, commentsCount: 1 };
  await buildMessage(db, { ...message, lomId: first.id, sourceId: telegram.id, mood: 1, day: '2026-01-10' });
  await buildMessage(db, {
    ...message,
    lomId: first.id,
    sourceId: vk.id,
    mood: 4,
    day: '2026-01-11',
    numberViews: 300,
  });
  await buildMessage(db, { ...message, lomId: second.id, sourceId: telegram.id, mood: 2, day: '2026-01-11' });
  await buildMessage(db, {
    ...message,
    lomId: first.id,
    sourceId: telegram.id,
    day: '2026-01-12',
    trash: true,
  });
  await buildMessage(db, { ...message, lomId: first.id, sourceId: telegram.id, day: '2026-02-12' });
  await buildMessage(db, { ...message, lomId: third.id, sourceId: vk.id, mood: 3, day: '2026-01-10' });
  await rebuildAggregates(db);
  // The rebuild takes the subscribers from the lom's accounts; these loms have none, so set them after it.
  for (const [lom, subscribers] of [
    [first, 1000],
    [second, 500],
    [third, 70],
  ] as const) {
    await db.update(loms).set({ subscribers }).where(eq(loms.id, lom.id));
  }
  const values = { total: 10, accepted: 6, declined: 4, paid: 3, grant: 0 };
  await buildInvolvement(db, first.id, {
    title: 'Фильм «Северный путь»',
    pcCustomer: ALPHA,
    values,
    releaseDates: ['2026-01-05'],
  });
  await buildInvolvement(db, first.id, {
    title: 'Песня «Лето в городе»',
    involvementType: 'Песня',
    pcCustomer: ALPHA,
    values: { ...values, total: 4 },
    releaseDates: ['2026-01-06'],
  });
  await buildInvolvement(db, second.id, { pcCustomer: ALPHA, values, releaseDates: ['2025-06-01'] });
  await buildInvolvement(db, third.id, {
    involvementType: 'Грант',
    pcCustomer: 23,
    releaseDates: ['2026-01-07'],
  });
  await db.insert(lomSubscriberHistory).values([
    { lomId: first.id, day: '2026-01-05', subscribers: 1000 },
    { lomId: second.id, day: '2026-01-05', subscribers: 500 },
    { lomId: third.id, day: '2026-01-05', subscribers: 70 },
  ]);
});

afterAll(() => kit.close());

const sourceId = async (name: string) =>
  Number((await queryRows<{ id: number }>(kit.db, sql`select id from sources where name = ${name}`))[0]?.id);

async function ok<T>(url: string): Promise<T> {
  const response = await viewer.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const graph = (name: keyof typeof PRODUCER_GRAPH_PATHS, query = `${PERIOD}&pc_in=${ALPHA}`) =>
  ok<ProducerGraphResponse>(`${PRODUCER_GRAPH_PATHS[name]}?${query}`);

describe('GET producer-centers/', () => {
  it('lists the centers with the §9 override and their period figures', async () => {
    const body = await ok<ProducerListResponse>(`${PRODUCER_PATHS.list}?${PERIOD}`);
    expect(body.results.map((row) => [row.id, row.loms_count])).toEqual([
      [ALPHA, 2],
      [102, 0],
      [9, 135],
      [23, 46],
    ]);
    expect(body.results[0]).toMatchObject({ involvements: 2, subscribers: 1500 });
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 4, period_after: '2026-01-01' });
  });

  it('gives each center its live messages and views of the period, of the sources asked', async () => {
    const figures = (body: ProducerListResponse) =>
      body.results.map((row) => [row.id, row.messages, row.views]);
    // Alpha: three live messages in January (the trashed one and February's left out), 500 views.
    expect(
      figures(await ok<ProducerListResponse>(`${PRODUCER_PATHS.list}?${PERIOD}&ordering=-messages`)),
    ).toEqual([
      [ALPHA, 3, 500],
      [23, 1, 100],
      [9, 0, 0],
      [102, 0, 0],
    ]);
    const telegram = await ok<ProducerListResponse>(
      `${PRODUCER_PATHS.list}?${PERIOD}&ordering=views&source_in=${await sourceId('Telegram')}`,
    );
    expect(figures(telegram)).toEqual([
      [9, 0, 0],
      [23, 0, 0],
      [102, 0, 0],
      [ALPHA, 2, 200],
    ]);
  });

  it('orders, pages and filters by center and source', async () => {
    const byLoms = await ok<ProducerListResponse>(
      `${PRODUCER_PATHS.list}?${PERIOD}&ordering=-loms_count&page_size=2`,
    );
    expect(byLoms.results.map((row) => row.id)).toEqual([9, 23]);
    expect(byLoms.last_page).toBe(2);
    const chosen = await ok<ProducerListResponse>(
      `${PRODUCER_PATHS.list}?${PERIOD}&pc_in=${ALPHA},23&ordering=-involvements`,
    );
    expect(chosen.results.map((row) => [row.id, row.involvements])).toEqual([
      [ALPHA, 2],
      [23, 1],
    ]);
  });
});

describe('GET producer-centers/{id}/', () => {
  it('answers a center with the override, 404 for an unknown one', async () => {
    const body = await ok<ProducerDetailResponse>(apiPath(PRODUCER_PATHS.detail, { id: 23 }));
    expect(body).toMatchObject({ id: 23, name: 'Стрим Хаус', loms_count: 46, linked_loms: 1 });
    expect((await viewer.get(apiPath(PRODUCER_PATHS.detail, { id: 9999 }))).statusCode).toBe(404);
    const bad = await viewer.get(apiPath(PRODUCER_PATHS.detail, { id: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('the graph calls', () => {
  it('draws the daily lines from the rollups, trash left out', async () => {
    const posts = await graph('posts');
    expect(posts.categories).toHaveLength(31);
    expect(posts.series[0]?.data.slice(9, 12)).toEqual([1, 2, 0]);
    const views = await graph('views');
    expect(views.series[0]?.data.slice(9, 12)).toEqual([100, 400, 0]);
    const er = await graph('engagement-rate');
    expect(er.unit).toBe('%');
    expect(er.series[0]?.data[9]).toBe(3);
    expect((await graph('reposts')).series[0]?.data[10]).toBe(4);
    expect((await graph('comment-activity')).series[0]?.data[10]).toBe(2);
  });

  it('draws every center at once without pc_in (their distinct loms)', async () => {
    const posts = await graph('posts', PERIOD);
    // Alpha's first lom and center 23's lom on the 10th, Alpha's two loms on the 11th.
    expect(posts.series[0]?.data.slice(9, 12)).toEqual([2, 2, 0]);
    expect((await graph('views', PERIOD)).series[0]?.data.slice(9, 12)).toEqual([200, 400, 0]);
    const tonality = await graph('target-tonality', PERIOD);
    expect(tonality.series[0]?.data.reduce((a, b) => a + b, 0)).toBe(4);
    // The three loms of Alpha and 23: 4 messages, 1,570 subscribers.
    const radar = await graph('radar', PERIOD);
    expect(radar.series[0]).toMatchObject({ name: 'ЛОМ всех центров' });
    expect(radar.series[0]?.data.slice(0, 1)).toEqual([1.3]);
  });

  it('splits by source in the preset order and by mood, 4 counted as 3', async () => {
    const sources = await graph('sources');
    expect(sources.categories).toEqual(['Telegram', 'ВКонтакте']);
    expect(sources.series[0]?.data).toEqual([2, 1]);
    const tonality = await graph('target-tonality');
    expect(Object.fromEntries(tonality.categories.map((c, i) => [c, tonality.series[0]?.data[i]]))).toEqual({
      Позитивное: 1,
      Негативное: 1,
      Нейтральное: 1,
    });
  });

  it('answers the involvements, integration charts with the plan targets and their overlap', async () => {
    const involvements = await graph('involvements');
    expect(involvements.categories).toEqual(['Фильм «Северный путь»', 'Песня «Лето в городе»']);
    expect(involvements.series.map((s) => s.name)).toEqual([
      'Всего',
      'Принято',
      'Отклонено',
      'Оплачено',
      'Грант',
    ]);
    expect(involvements.series[0]?.data).toEqual([10, 4]);
    expect(involvements.collapsed).toBe(false);
    expect((await graph('movies')).series[0]?.data).toEqual([52, 50, 20, 50]);
    expect((await graph('songs')).series[0]?.data).toEqual([42, 50, 50, 80]);
    expect((await graph('grants')).series[0]?.data).toEqual([26, 0, 75, 95]);
    const overlap = await graph('integration-overlap');
    expect(overlap.series[0]?.data[overlap.categories.indexOf('Фильмы и песни')]).toBe(1);
  });

  it('compares the centers: loms with the override, messages by mood, radar', async () => {
    const loms = await graph('loms', PERIOD);
    const shown = Object.fromEntries(loms.categories.map((c, i) => [c, loms.series[0]?.data[i]]));
    expect(shown).toEqual({ Вектор: 135, 'Стрим Хаус': 46, Альфа: 2, Бета: 0 });
    const messages = await graph('messages');
    const byMood = Object.fromEntries(messages.series.map((s) => [s.name, s.data.slice(9, 11)]));
    expect(byMood).toEqual({ Позитивное: [1, 0], Негативное: [0, 1], Нейтральное: [0, 1] });
    const radar = await graph('radar');
    expect(radar.kind).toBe('radar');
    expect(radar.categories).toHaveLength(6);
    // Alpha's two loms: 3 messages, 500 views, 6 reposts, 3 comments, 1,500 subscribers.
    expect(radar.series[0]?.data).toEqual([1.5, 250, 3, 1.5, 750, 1.8]);
    // Every lom (three): the 4 live messages of the period, the 1,570 subscribers.
    expect(radar.series[1]?.data.slice(0, 1)).toEqual([1.3]);
    expect(radar.series[1]?.data[4]).toBe(523.3);
    expect(radar.max?.[0]).toBe(2);
    const subscribers = await graph('subscribers');
    expect(subscribers.categories).toEqual(['2026-01-05']);
    expect(subscribers.series[0]?.data).toEqual([1500]);
  });
});

describe('guards and bad input', () => {
  const every = [
    PRODUCER_PATHS.list,
    apiPath(PRODUCER_PATHS.detail, { id: 9 }),
    ...PRODUCER_GRAPHS.map((g) => PRODUCER_GRAPH_PATHS[g]),
  ];

  it('answers 401 without a login and 403 to roles without DASHBOARD', async () => {
    for (const path of every) {
      expect((await kit.anonymous.get(path)).statusCode, path).toBe(401);
      expect((await lomSelection.get(path)).statusCode, path).toBe(403);
      expect((await service.get(path)).statusCode, path).toBe(403);
    }
  });

  it('answers 400 naming the field of a bad query', async () => {
    for (const path of [PRODUCER_PATHS.list, ...PRODUCER_GRAPHS.map((g) => PRODUCER_GRAPH_PATHS[g])]) {
      for (const [query, field] of [
        ['pc_in=1,abc', 'pc_in'],
        ['source_in=x', 'source_in'],
        ['period_after=2026-02-01&period_before=2026-01-01', 'period_after'],
        ['period_after=2026-02-30', 'period_after'],
        ['period_after=2020-01-01&period_before=2026-01-01', 'period_after'],
      ]) {
        const response = await viewer.get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().field, `${path}?${query}`).toBe(field);
      }
    }
    const ordering = await viewer.get(`${PRODUCER_PATHS.list}?ordering=loms`);
    expect(ordering.json().field).toBe('ordering');
  });

  it('answers 404 for an unknown center in pc_in and an unknown graph name', async () => {
    const unknown = await viewer.get(`${PRODUCER_GRAPH_PATHS.posts}?pc_in=${ALPHA},987654`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('987654');
    expect((await viewer.get(PRODUCER_GRAPH_PATHS.posts.replace('posts', 'likes'))).statusCode).toBe(404);
  });
});

describe('involvement figures kept under the table version', () => {
  const version = async () =>
    Number(
      (await queryRows<{ version: string }>(kit.db, sql`select version from lom_involvements_version`))[0]
        ?.version,
    );
  const listed = async () =>
    (await ok<ProducerListResponse>(`${PRODUCER_PATHS.list}?${PERIOD}&pc_in=${ALPHA}`)).results[0]
      ?.involvements;

  it('follow every write of lom_involvements, and a statement that changes nothing keeps them', async () => {
    const film = sql`title = 'Фильм «Северный путь»'`;
    expect((await graph('involvements')).series[0]?.data).toEqual([10, 4]);
    expect(await listed()).toBe(2);
    const before = await version();
    await kit.db.execute(sql`update lom_involvements set title = title where id = -1`);
    expect(await version()).toBe(before);

    await kit.db.execute(sql`update lom_involvements set values = values || '{"total": 15}' where ${film}`);
    expect(await version()).toBeGreaterThan(before);
    expect((await graph('involvements')).series[0]?.data).toEqual([15, 4]);

    const [lom] = await queryRows<{ lom_id: number }>(
      kit.db,
      sql`select lom_id from lom_involvements where ${film}`,
    );
    await buildInvolvement(kit.db, lom.lom_id, { pcCustomer: ALPHA, releaseDates: ['2026-01-20'] });
    expect(await listed()).toBe(3);
    await kit.db.execute(sql`delete from lom_involvements where release_dates = '{2026-01-20}'`);
    await kit.db.execute(sql`update lom_involvements set values = values || '{"total": 10}' where ${film}`);
    expect(await listed()).toBe(2);
    expect((await graph('involvements')).series[0]?.data).toEqual([10, 4]);
  });
});
