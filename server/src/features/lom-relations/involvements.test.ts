import {
  INVOLVEMENT_METRICS,
  type InvolvementItem,
  type InvolvementMetricValues,
  type InvolvementPeriodGraph,
  type InvolvementTotalGraph,
  type InvolvementTypesGraph,
  type InvolvementValuesDistribution,
} from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lomInvolvements, producerCenters } from '../../db/schema/index.ts';
import { buildInvolvement } from '../../test/factories-lom-relations.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope = { results: InvolvementItem[]; page: number; last_page: number; elements_count: number };

let t: Kit;
let viewer: UserCaller;
let service: UserCaller;
let baseCard: UserCaller;
let extendedCard: UserCaller;
let lomId: number;
let emptyLomId: number;
const ids: Record<string, number> = {};

const BASE = '/api/v1/loms/involvements/';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  service = t.as('service');
  baseCard = await t.caller({ role: 3, uiPermissions: ['base_lom_card_for_pc'] });
  extendedCard = await t.caller({ role: 3, uiPermissions: ['extended_lom_card_for_pc'] });
  const [pc] = await db.insert(producerCenters).values({ name: 'Продюсерский центр «Север»' }).returning();
  const lom = await buildLom(db, { name: 'Мария Вовлечённая' });
  const other = await buildLom(db, { name: 'Другой ЛОМ' });
  const empty = await buildLom(db, { name: 'Без проектов' });
  lomId = lom.id;
  emptyLomId = empty.id;
  ids.pc = pc.id;

  // Days: film 2025-03-05 (first release date), grant 2025-05-21 (created 22:30 UTC = next Moscow
  // day, no release dates), song 2024-12-31 with a value that is not a number.
  const film = await buildInvolvement(db, lom.id, {
    title: 'Фильм «Север»',
    involvementType: 'Фильм',
    pcCustomer: pc.id,
    values: { total: 10, accepted: 6, declined: 4, paid: 3, grant: 0 },
    fee: 100_000,
    releaseDates: ['2025-04-01', '2025-03-05'],
    approval: 'approved',
  });
  const grant = await buildInvolvement(db, lom.id, {
    title: 'Грант «Школа»',
    involvementType: 'Грант',
    values: { total: 4, accepted: 4, declined: 0, paid: 4, grant: 1 },
    grant: 500_000,
    grantGiver: 'Фонд президентских грантов',
    fee: 20_000,
    createdAt: new Date('2025-05-20T22:30:00Z'),
  });
  const song = await buildInvolvement(db, lom.id, {
    title: 'Песня «Дом»',
    involvementType: 'Фильм',
    values: { total: 'много', accepted: 2 },
    releaseDates: ['2024-12-31'],
    approval: 'declined',
  });
  await buildInvolvement(db, other.id, { values: { total: 99 }, releaseDates: ['2025-03-10'] });
  Object.assign(ids, { film: film.id, grant: grant.id, song: song.id });
});

afterAll(async () => {
  await t.close();
});

async function ok<T>(url: string, user: Caller = viewer): Promise<T> {
  const response = await user.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const metrics = (values: Partial<InvolvementMetricValues>): InvolvementMetricValues => ({
  total: 0,
  accepted: 0,
  declined: 0,
  paid: 0,
  grant: 0,
  ...values,
});

describe('GET loms/involvements/', () => {
  it('lists the lom’s involvements, the latest day first, as stored', async () => {
    const body = await ok<Envelope>(`${BASE}?lom_id=${lomId}`);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3 });
    expect(body.results.map((row) => row.id)).toEqual([ids.grant, ids.film, ids.song]);
    const [stored] = await t.database.db
      .select()
      .from(lomInvolvements)
      .where(eq(lomInvolvements.id, ids.film));
    expect(body.results[1]).toEqual({
      id: stored.id,
      title: stored.title,
      lom: { id: lomId, name: 'Мария Вовлечённая' },
      pc_customer: { id: ids.pc, name: 'Продюсерский центр «Север»' },
      involvement_type: stored.involvementType,
      values: stored.values,
      grant: null,
      grant_giver: null,
      fee: stored.fee,
      release_dates: ['2025-03-05', '2025-04-01'],
      approval: 'approved',
      day: '2025-03-05',
      created_at: stored.createdAt.toISOString(),
    });
    expect(body.results[0]).toMatchObject({ day: '2025-05-21', grant: 500_000, release_dates: [] });
    expect(body.results[2].values).toEqual(metrics({ accepted: 2 }));
  });

  it('keeps to the period by the Moscow day of each involvement', async () => {
    const body = await ok<Envelope>(
      `${BASE}?lom_id=${lomId}&period_after=2025-03-01&period_before=2025-05-20`,
    );
    expect(body.results.map((row) => row.id)).toEqual([ids.film]);
    const later = await ok<Envelope>(`${BASE}?lom_id=${lomId}&period_after=2025-05-21`);
    expect(later.results.map((row) => row.id)).toEqual([ids.grant]);
  });

  it('pages, and a page past the end still counts', async () => {
    const second = await ok<Envelope>(`${BASE}?lom_id=${lomId}&page_size=2&page=2`);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 3 });
    expect(second.results.map((row) => row.id)).toEqual([ids.song]);
    const past = await ok<Envelope>(`${BASE}?lom_id=${lomId}&page_size=2&page=5`);
    expect(past).toMatchObject({ results: [], elements_count: 3 });
  });
});

describe('involvement graphs', () => {
  it('period_graph sums the metrics per month and fills the empty months of the period', async () => {
    const body = await ok<InvolvementPeriodGraph>(
      `${BASE}period_graph/?lom_id=${lomId}&period_after=2025-02-10&period_before=2025-05-31`,
    );
    expect(body.points).toEqual([
      { period: '2025-02', involvements: 0, ...metrics({}) },
      { period: '2025-03', involvements: 1, ...metrics({ total: 10, accepted: 6, declined: 4, paid: 3 }) },
      { period: '2025-04', involvements: 0, ...metrics({}) },
      { period: '2025-05', involvements: 1, ...metrics({ total: 4, accepted: 4, paid: 4, grant: 1 }) },
    ]);
  });

  it('period_graph without a period runs from the first month to the last', async () => {
    const body = await ok<InvolvementPeriodGraph>(`${BASE}period_graph/?lom_id=${lomId}`);
    expect(body.points.map((p) => p.period)).toEqual([
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
    ]);
    expect(body.points[0]).toMatchObject({ involvements: 1, accepted: 2, total: 0 });
    const none = await ok<InvolvementPeriodGraph>(`${BASE}period_graph/?lom_id=${emptyLomId}`);
    expect(none.points).toEqual([]);
  });

  it('total_graph sums every metric and the roubles of the stored rows', async () => {
    const rows = await t.database.db.select().from(lomInvolvements).where(eq(lomInvolvements.lomId, lomId));
    const expected = Object.fromEntries(
      INVOLVEMENT_METRICS.map((key) => [
        key,
        rows.reduce((sum, row) => {
          const value = (row.values as Record<string, unknown>)[key];
          return sum + (typeof value === 'number' ? value : 0);
        }, 0),
      ]),
    );
    const body = await ok<InvolvementTotalGraph>(`${BASE}total_graph/?lom_id=${lomId}`);
    expect(body).toEqual({
      involvements: rows.length,
      ...expected,
      fee_sum: rows.reduce((sum, row) => sum + (row.fee ?? 0), 0),
      grant_sum: rows.reduce((sum, row) => sum + (row.grant ?? 0), 0),
    });
    expect(body).toMatchObject({ total: 14, accepted: 12, fee_sum: 120_000, grant_sum: 500_000 });
    const empty = await ok<InvolvementTotalGraph>(`${BASE}total_graph/?lom_id=${emptyLomId}`);
    expect(empty).toEqual({ involvements: 0, ...metrics({}), fee_sum: 0, grant_sum: 0 });
  });

  it('values_distribution gives each involvement’s values in the order of their days', async () => {
    const body = await ok<InvolvementValuesDistribution>(`${BASE}values_distribution/?lom_id=${lomId}`);
    expect(body.items.map((item) => [item.id, item.day, item.total])).toEqual([
      [ids.song, '2024-12-31', 0],
      [ids.film, '2025-03-05', 10],
      [ids.grant, '2025-05-21', 4],
    ]);
    expect(body.items[1]).toMatchObject({ title: 'Фильм «Север»', involvement_type: 'Фильм', paid: 3 });
  });

  it('involvement_types_graph counts and sums per type, the most frequent first', async () => {
    const body = await ok<InvolvementTypesGraph>(`${BASE}involvement_types_graph/?lom_id=${lomId}`);
    expect(body.types).toEqual([
      {
        involvement_type: 'Фильм',
        involvements: 2,
        ...metrics({ total: 10, accepted: 8, declined: 4, paid: 3 }),
      },
      {
        involvement_type: 'Грант',
        involvements: 1,
        ...metrics({ total: 4, accepted: 4, paid: 4, grant: 1 }),
      },
    ]);
    const march = await ok<InvolvementTypesGraph>(
      `${BASE}involvement_types_graph/?lom_id=${lomId}&period_after=2025-03-01&period_before=2025-03-31`,
    );
    expect(march.types.map((row) => [row.involvement_type, row.involvements])).toEqual([['Фильм', 1]]);
  });
});

describe('involvement calls refuse', () => {
  const paths = ['', 'period_graph/', 'total_graph/', 'values_distribution/', 'involvement_types_graph/'];

  it('bad input with 400 naming the field', async () => {
    for (const path of paths) {
      const cases: [string, string][] = [
        ['', 'lom_id'],
        ['lom_id=abc', 'lom_id'],
        [`lom_id=${lomId}&period_after=2025-02-30`, 'period_after'],
        [`lom_id=${lomId}&period_before=вчера`, 'period_before'],
        [`lom_id=${lomId}&period_after=2025-05-02&period_before=2025-05-01`, 'period_before'],
      ];
      for (const [query, field] of cases) {
        const response = await viewer.get(`${BASE}${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, field });
        expect(response.json().message).toContain(field);
      }
    }
    const size = await viewer.get(`${BASE}?lom_id=${lomId}&page_size=0`);
    expect(size.json()).toMatchObject({ statusCode: 400, field: 'page_size' });
  });

  it('an unknown lom with 404', async () => {
    for (const path of paths) {
      const response = await viewer.get(`${BASE}${path}?lom_id=999999`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('ЛОМ не найден');
    }
  });

  it('no token with 401, a role without LOMS and a producer-center base card with 403', async () => {
    for (const path of paths) {
      const url = `${BASE}${path}?lom_id=${lomId}`;
      expect((await t.anonymous.get(url)).statusCode, path).toBe(401);
      expect((await service.get(url)).statusCode, path).toBe(403);
      const base = await baseCard.get(url);
      expect(base.statusCode, path).toBe(403);
      expect(base.json().message).toContain('Вовлечённость');
      expect((await extendedCard.get(url)).statusCode, path).toBe(200);
    }
  });
});
