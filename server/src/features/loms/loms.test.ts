import {
  LOM_ORDER_FIELDS,
  type LomDetail,
  type LomListItem,
  listEnvelope,
  lomListItem,
} from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lomFocuses,
  lomLomFocuses,
  lomLomTypes,
  lomProducerCenters,
  lomSources,
  lomThematicGroups,
  lomTypes,
  producerCenters,
  thematicGroupTypes,
  userActions,
} from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildRegion, buildSource } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope = { results: LomListItem[]; page: number; last_page: number; elements_count: number };

let t: Kit;
let viewer: UserCaller;
let extended: UserCaller;
let editor: UserCaller;
let service: UserCaller;
let lomSelection: UserCaller;
const ids: Record<string, number> = {};
const JUNE = 'message__wrote_at_after=2025-06-01&message__wrote_at_before=2025-06-30';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  extended = t.as('extendedUser');
  editor = t.as('editor');
  service = t.as('service');
  lomSelection = t.as('lomSelection');

  const telegram = await buildSource(db, { name: 'Telegram', icon: 'telegram.svg' });
  const vk = await buildSource(db, { name: 'ВКонтакте', icon: 'vk.svg' });
  const region = await buildRegion(db);
  const [segment] = await db.insert(lomTypes).values({ name: 'Федеральный', isSegment: true }).returning();
  const [category] = await db.insert(lomTypes).values({ name: 'Персона', isCategory: true }).returning();
  const [plain] = await db.insert(lomTypes).values({ name: 'Блогер' }).returning();
  const [focus] = await db.insert(lomFocuses).values({ name: 'Экология' }).returning();
  const [pc] = await db.insert(producerCenters).values({ name: 'Центр' }).returning();
  await db.insert(thematicGroupTypes).values({ id: 12, name: 'Иноагенты' }).onConflictDoNothing();
  Object.assign(ids, {
    telegram: telegram.id,
    vk: vk.id,
    region: region.id,
    segment: segment.id,
    category: category.id,
    plain: plain.id,
    focus: focus.id,
    pc: pc.id,
  });

  const a = await buildLom(db, {
    name: 'Анна Орлова',
    regionId: region.id,
    audienceAge: 30,
    trustIndex: 0.5,
    createdAt: new Date('2025-01-02T00:00:00Z'),
  });
  const b = await buildLom(db, {
    name: 'борис Ким',
    isActive: false,
    audienceAge: 40,
    trustIndex: 0.9,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  const c = await buildLom(db, { name: 'Вера Пустая', createdAt: new Date('2025-01-03T00:00:00Z') });
  const archived = await buildLom(db, { name: 'Архивный', archived: true });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, archived: archived.id });

  const accountA = await buildLomSource(db, { lomId: a.id, sourceId: telegram.id });
  const accountB = await buildLomSource(db, { lomId: b.id, sourceId: vk.id });
  await db.update(lomSources).set({ coverage: 1000 }).where(eq(lomSources.id, accountA.id));
  await db.update(lomSources).set({ coverage: 3000 }).where(eq(lomSources.id, accountB.id));
  await db.insert(lomLomTypes).values([
    { lomId: a.id, lomTypeId: segment.id },
    { lomId: a.id, lomTypeId: category.id, assignedByAi: true },
    { lomId: b.id, lomTypeId: plain.id },
  ]);
  await db.insert(lomLomFocuses).values({ lomId: a.id, lomFocusId: focus.id, actialPercent: 40 });
  await db.insert(lomProducerCenters).values({ lomId: a.id, producerCenterId: pc.id });
  await db.insert(lomThematicGroups).values({ lomId: b.id, thematicGroupTypeId: 12 });

  // A in June: two live (si 10 verified, 20), one trash (100); in May one live (500). B in June: 5.
  const msg = (lomId: number, day: string, values: Parameters<typeof buildMessage>[1] = {}) =>
    buildMessage(db, { lomId, day, lomSourceId: lomId === a.id ? accountA.id : null, ...values });
  await msg(a.id, '2025-06-01', { si: 10, numberViews: 100, verified: true });
  await msg(a.id, '2025-06-30', { si: 20, numberViews: 300 });
  await msg(a.id, '2025-06-10', { si: 100, numberViews: 1000, trash: true });
  await msg(a.id, '2025-05-31', { si: 500, numberViews: 5000 });
  await msg(b.id, '2025-06-15', { si: 5, numberViews: 50000 });
  const quoteAt = (day: string) => new Date(`${day}T12:00:00+03:00`);
  await buildQuote(db, { lomId: a.id, text: 'q1', wroteAt: quoteAt('2025-06-02') });
  await buildQuote(db, { lomId: a.id, text: 'q2', wroteAt: quoteAt('2025-06-03') });
  await buildQuote(db, { lomId: a.id, text: 'q3', wroteAt: quoteAt('2025-07-01') });
  await buildQuote(db, { lomId: c.id, text: 'q4', wroteAt: quoteAt('2025-06-05') });
  await rebuildAggregates(db);
});

afterAll(async () => {
  await t.close();
});

const LIST_CONTRACT = listEnvelope(lomListItem);

async function list(query: string, user: Caller = viewer): Promise<Envelope> {
  const response = await user.get(`/api/v1/loms/new-loms/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  // The body is the database's JSON, not run through the contract by the server: every
  // answer of these tests must be exactly the contract's shape (no field missing or extra).
  const body = response.json();
  expect(LIST_CONTRACT.parse(body)).toEqual(body);
  return body;
}

const namesOf = (envelope: Envelope) => envelope.results.map((row) => row.name);

describe('GET loms/new-loms/', () => {
  it('lists loms that are not archived, by subscribers, with the period metrics', async () => {
    const body = await list(JUNE, lomSelection);
    expect(namesOf(body)).toEqual(['борис Ким', 'Анна Орлова', 'Вера Пустая']);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3 });
    const anna = body.results[1];
    expect(anna).toMatchObject({
      id: ids.a,
      subscribers: 1000,
      total_si: 30,
      total_views: 400,
      message_number: 2,
      messages_count: 2,
      verified_count: 1,
      quotes_count: 2,
      average_si: 15,
      audience_age: 30,
      is_favourite: false,
      is_foreign_agent: false,
      region: { id: ids.region },
    });
    expect(anna.lom_sources).toEqual([
      expect.objectContaining({
        coverage: 1000,
        source: { id: ids.telegram, name: 'Telegram', icon: 'telegram.svg' },
      }),
    ]);
    // The table shows category and segment; the lom types themselves are the card's.
    expect(anna).not.toHaveProperty('lom_types');
    expect(body.results[0]).toMatchObject({ total_si: 5, total_views: 50000, is_foreign_agent: true });
    expect(body.results[2]).toMatchObject({ total_si: 0, message_number: 0, quotes_count: 1, average_si: 0 });
  });

  it('without a period shows the all-time metrics of the lom', async () => {
    const anna = (await list('search=анна')).results[0];
    expect(anna).toMatchObject({
      total_si: 530,
      message_number: 3,
      messages_count: 3,
      verified_count: 1,
      quotes_count: 3,
    });
  });

  it('counts a one-day period as the whole Moscow day', async () => {
    const body = await list('wrote_at_after=2025-06-30&wrote_at_before=2025-06-30&search=анна');
    expect(body.results[0]).toMatchObject({ total_si: 20, message_number: 1 });
  });

  it('defaults to 100 rows a page and pages', async () => {
    const first = await list('page_size=2');
    expect(first).toMatchObject({ last_page: 2, elements_count: 3 });
    expect(first.results).toHaveLength(2);
    const second = await list('page_size=2&page=2');
    expect(second.results).toHaveLength(1);
    const past = await list('page_size=2&page=5');
    expect(past).toMatchObject({ results: [], elements_count: 3, last_page: 2 });
    const pastInPeriod = await list(`${JUNE}&page_size=2&page=5`);
    expect(pastInPeriod).toMatchObject({ results: [], elements_count: 3, last_page: 2 });
    const none = await list(`${JUNE}&search=никого`);
    expect(none).toMatchObject({ results: [], elements_count: 0 });
  });

  it('orders by every field, both ways', async () => {
    for (const field of LOM_ORDER_FIELDS) {
      for (const desc of [false, true]) {
        const body = await list(`${JUNE}&ordering=${desc ? '-' : ''}${field}`);
        expect(body.results, field).toHaveLength(3);
        if (field === 'name') {
          const expected = ['Анна Орлова', 'борис Ким', 'Вера Пустая'];
          expect(namesOf(body)).toEqual(desc ? expected.reverse() : expected);
          continue;
        }
        if (field === 'created_at') {
          const expected = [ids.b, ids.a, ids.c];
          expect(body.results.map((r) => r.id)).toEqual(desc ? expected.reverse() : expected);
          continue;
        }
        const values = body.results.map((row) => row[field]);
        const present = values.filter((v): v is number => v !== null);
        const sorted = [...present].sort((x, y) => (desc ? y - x : x - y));
        expect(present, `${desc ? '-' : ''}${field}`).toEqual(sorted);
        // Nulls go last either way.
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      }
    }
    expect((await list(`${JUNE}&ordering=-total_si`)).results.map((r) => r.id)).toEqual([
      ids.a,
      ids.b,
      ids.c,
    ]);
    expect((await list('ordering=-total_si')).results.map((r) => r.id)).toEqual([ids.a, ids.b, ids.c]);
    expect((await list(`${JUNE}&ordering=-total_views`)).results.map((r) => r.id)).toEqual([
      ids.b,
      ids.a,
      ids.c,
    ]);
    expect((await list(`${JUNE}&ordering=-quotes_count`)).results.map((r) => r.id)).toEqual([
      ids.a,
      ids.c,
      ids.b,
    ]);
  });

  it('filters by each filter', async () => {
    const cases: [string, number[]][] = [
      [`lom_types_in=${ids.plain}`, [ids.b]],
      [`lom_types_in=${ids.plain},${ids.segment}`, [ids.b, ids.a]],
      [`segment_in=${ids.segment}`, [ids.a]],
      [`category_in=${ids.category}`, [ids.a]],
      [`category_in=${ids.category}&lom_types_in=${ids.plain}`, []],
      [`lom_focuses_in=${ids.focus}`, [ids.a]],
      [`producer_centers_in=${ids.pc}`, [ids.a]],
      [`region_in=${ids.region}`, [ids.a]],
      [`source_in=${ids.vk}`, [ids.b]],
      [`source_in=${ids.vk},${ids.telegram}`, [ids.b, ids.a]],
      ['is_active=true', [ids.a, ids.c]],
      ['is_active=false', [ids.b]],
      ['search=ОРЛ', [ids.a]],
      ['search=%', []],
      ['search=', [ids.b, ids.a, ids.c]],
    ];
    for (const [query, expected] of cases) {
      const body = await list(query);
      expect(
        body.results.map((r) => r.id),
        query,
      ).toEqual(expected);
      expect(body.elements_count, query).toBe(expected.length);
    }
  });

  it('filters by the caller’s favourites', async () => {
    const toggled = await extended.patch(`/api/v1/loms/${ids.c}/switch_favourite/`);
    expect(toggled.json()).toEqual({ id: ids.c, is_favourite: true });
    expect((await list('is_favourite=true', extended)).results.map((r) => [r.id, r.is_favourite])).toEqual([
      [ids.c, true],
    ]);
    expect((await list('is_favourite=false', extended)).results.map((r) => r.id)).toEqual([ids.b, ids.a]);
    // Another user's favourites are their own.
    expect((await list('is_favourite=true', editor)).results).toEqual([]);
    const refused = await viewer.get('/api/v1/loms/new-loms/?is_favourite=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('is_favourite');
    await extended.patch(`/api/v1/loms/${ids.c}/switch_favourite/`);
  });

  it('answers 400 naming the field', async () => {
    for (const [query, field] of [
      ['ordering=-bogus', 'ordering'],
      ['page_size=0', 'page_size'],
      ['page_size=501', 'page_size'],
      ['page=x', 'page'],
      ['region_in=1,x', 'region_in'],
      ['source_in=a', 'source_in'],
      ['segment_in=1.5', 'segment_in'],
      ['message__wrote_at_after=2025-02-30', 'message__wrote_at_after'],
      ['message__wrote_at_before=yesterday', 'message__wrote_at_before'],
      ['is_active=maybe', 'is_active'],
      ['is_favourite=1', 'is_favourite'],
    ]) {
      const response = await viewer.get(`/api/v1/loms/new-loms/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
      expect(response.json().message).toMatch(/[а-я]/);
    }
  });
});

describe('GET loms/lom_count/', () => {
  it('counts the loms that are not archived, the active ones with is_active=true', async () => {
    expect((await viewer.get('/api/v1/loms/lom_count/')).json()).toEqual({ count: 3 });
    expect((await lomSelection.get('/api/v1/loms/lom_count/?is_active=true')).json()).toEqual({ count: 2 });
    expect((await viewer.get('/api/v1/loms/lom_count/?is_active=false')).json()).toEqual({ count: 1 });
    expect((await viewer.get('/api/v1/loms/lom_count/?is_active=yes')).json().field).toBe('is_active');
  });
});

describe('GET loms/{id}/', () => {
  it('answers the card summary', async () => {
    const response = await viewer.get(`/api/v1/loms/${ids.a}/`);
    expect(response.statusCode).toBe(200);
    const card: LomDetail = response.json();
    expect(card).toMatchObject({
      id: ids.a,
      name: 'Анна Орлова',
      total_si: 530,
      subscribers: 1000,
      sum_coverage: 1000,
      is_foreign_agent: false,
      cooperation: { id: 0, name: 'Статус не выбран' },
      lom_focuses: [{ id: ids.focus, name: 'Экология', actial_percent: 40 }],
      producer_centers: [{ id: ids.pc, name: 'Центр' }],
      thematic_group_types: [],
      lom_data: null,
      created_at: '2025-01-02T00:00:00.000Z',
    });
    expect(card.last_message_at).toBe('2025-06-30T09:00:00.000Z');
    expect(card.lom_types.map((type) => [type.id, type.assigned_by_ai]).sort()).toEqual(
      [
        [ids.segment, false],
        [ids.category, true],
      ].sort(),
    );
    const b: LomDetail = (await viewer.get(`/api/v1/loms/${ids.b}/`)).json();
    expect(b).toMatchObject({
      is_foreign_agent: true,
      thematic_group_types: [{ id: 12, name: 'Иноагенты' }],
    });
  });

  it('answers 404 for an unknown lom and 400 for a bad id', async () => {
    expect((await viewer.get('/api/v1/loms/999999/')).statusCode).toBe(404);
    const bad = await viewer.get('/api/v1/loms/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('PATCH toggles', () => {
  it('switches the favourite back and forth and logs it', async () => {
    const url = `/api/v1/loms/${ids.a}/switch_favourite/`;
    expect((await extended.patch(url)).json()).toEqual({ id: ids.a, is_favourite: true });
    expect((await extended.get(`/api/v1/loms/${ids.a}/`)).json().is_favourite).toBe(true);
    expect((await editor.get(`/api/v1/loms/${ids.a}/`)).json().is_favourite).toBe(false);
    expect((await extended.patch(url)).json()).toEqual({ id: ids.a, is_favourite: false });
    const log = await t.database.db
      .select({ action: userActions.action, type: userActions.type })
      .from(userActions)
      .where(and(eq(userActions.lomId, ids.a), eq(userActions.userId, extended.user.id)));
    expect(log).toEqual([
      { action: 'lom.favourite_add', type: 6 },
      { action: 'lom.favourite_remove', type: 6 },
    ]);
    expect((await viewer.patch(url)).statusCode).toBe(403);
    expect((await extended.patch('/api/v1/loms/999999/switch_favourite/')).statusCode).toBe(404);
  });

  it('deactivates and activates with EDIT_LOM, logging each change', async () => {
    const base = `/api/v1/loms/${ids.c}`;
    expect((await viewer.patch(`${base}/deactivate/`)).statusCode).toBe(403);
    expect((await editor.patch(`${base}/deactivate/`)).json()).toEqual({ id: ids.c, is_active: false });
    expect((await viewer.get(`${base}/`)).json().is_active).toBe(false);
    expect((await editor.patch(`${base}/deactivate/`)).json()).toEqual({ id: ids.c, is_active: false });
    expect((await editor.patch(`${base}/activate/`)).json()).toEqual({ id: ids.c, is_active: true });
    const log = await t.database.db
      .select({ action: userActions.action, oldValue: userActions.oldValue, newValue: userActions.newValue })
      .from(userActions)
      .where(eq(userActions.lomId, ids.c));
    expect(
      log.filter((e) => e.action !== 'lom.favourite_add' && e.action !== 'lom.favourite_remove'),
    ).toEqual([
      { action: 'lom.deactivate', oldValue: { is_active: true }, newValue: { is_active: false } },
      { action: 'lom.activate', oldValue: { is_active: false }, newValue: { is_active: true } },
    ]);
    expect((await editor.patch('/api/v1/loms/999999/activate/')).statusCode).toBe(404);
  });
});

describe('guards', () => {
  const calls: [string, string][] = [
    ['GET', '/api/v1/loms/new-loms/'],
    ['GET', '/api/v1/loms/lom_count/'],
    ['GET', '/api/v1/loms/1/'],
    ['PATCH', '/api/v1/loms/1/switch_favourite/'],
    ['PATCH', '/api/v1/loms/1/activate/'],
    ['PATCH', '/api/v1/loms/1/deactivate/'],
  ];

  it('answers 401 without a token and 403 for role 101', async () => {
    for (const [method, url] of calls) {
      const anonymous = await t.anonymous.request(method, url);
      expect(anonymous.statusCode, url).toBe(401);
      const refused = await service.request(method, url);
      expect(refused.statusCode, url).toBe(403);
    }
  });
});
