import type { LomRubricsByPeriodResponse, RelationGraphResponse } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rubrics } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildRubric, buildTheme } from '../../test/factories-directories.ts';
import { linkLomRubric } from '../../test/factories-lom-relations.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { rubricStep, stepStarts } from './graph-service.ts';

let t: Kit;
let viewer: UserCaller;
let service: UserCaller;
let baseCard: UserCaller;
const ids: Record<string, number> = {};
const JUNE = 'period_after=2025-06-01&period_before=2025-06-30';
const graphUrl = (id: number | string, query = JUNE) => `/api/v1/loms/${id}/relation_graph/?${query}`;
const rubricsUrl = (id: number | string, query = JUNE) => `/api/v1/loms/${id}/rubrics_by_period/?${query}`;

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  service = t.as('service');
  baseCard = await t.caller({ role: 3, uiPermissions: ['base_lom_card_for_pc'] });

  const x = await buildLom(db, { name: 'Канал Икс' });
  const y = await buildLom(db, { name: 'Юлия' });
  const z = await buildLom(db, { name: 'Захар' });
  const w = await buildLom(db, { name: 'Вера' });
  const gone = await buildLom(db, { name: 'Архивный', archived: true });
  const quiet = await buildLom(db, { name: 'Тихий' });
  const t1 = await buildTheme(db, { name: 'Школы' });
  const t2 = await buildTheme(db, { name: 'Дороги' });
  const t3 = await buildTheme(db, { name: 'Парки' });
  Object.assign(ids, {
    x: x.id,
    y: y.id,
    z: z.id,
    w: w.id,
    gone: gone.id,
    quiet: quiet.id,
    t1: t1.id,
    t2: t2.id,
    t3: t3.id,
  });

  const msg = (lomId: number, day: string, values: Parameters<typeof buildMessage>[1] = {}) =>
    buildMessage(db, { lomId, day, ...values });
  await msg(x.id, '2025-06-10', { themeId: t1.id, numberViews: 100 });
  await msg(x.id, '2025-06-11', { themeId: t1.id, numberViews: 50 });
  await msg(x.id, '2025-06-12', { themeId: t2.id, numberViews: 1000 });
  await msg(x.id, '2025-06-12', { themeId: t2.id, numberViews: 9999, trash: true });
  await msg(x.id, '2025-07-01', { themeId: t3.id, numberViews: 5 });
  await msg(x.id, '2025-06-13', { speakerId: w.id, numberViews: 70 });
  await msg(y.id, '2025-06-14', { speakerId: x.id, numberViews: 30 });
  await msg(y.id, '2025-06-15', { themeId: t1.id, numberViews: 10 });
  await msg(y.id, '2025-06-15', { themeId: t2.id, numberViews: 5 });
  await msg(z.id, '2025-06-16', { themeId: t1.id, numberViews: 500 });
  await msg(z.id, '2025-06-17', { themeId: t3.id, numberViews: 800 });
  await msg(gone.id, '2025-06-16', { themeId: t1.id, numberViews: 100_000 });

  // Rubrics: R (a lom of its own) belongs to «Сегмент», writes in «Спорт» (and an archived one).
  const r = await buildLom(db, { name: 'Рубричный' });
  const segment = await buildRubric(db);
  const sport = await buildRubric(db);
  const [archived] = await db.insert(rubrics).values({ name: 'Старая', archived: true }).returning();
  const foreign = await buildRubric(db);
  await linkLomRubric(db, r.id, segment.id);
  Object.assign(ids, { r: r.id, segment: segment.id, sport: sport.id, archived: archived.id });
  const at = (text: string) => new Date(text);
  await msg(r.id, '2025-06-10', { si: 10, rubricIds: [sport.id] });
  await msg(r.id, '2025-06-11', { si: 5, rubricIds: [sport.id, archived.id] });
  await msg(r.id, '', { si: 1, rubricIds: [sport.id], wroteAt: at('2025-06-30T23:30:00+03:00') });
  await msg(r.id, '', { si: 100, rubricIds: [sport.id], wroteAt: at('2025-07-01T00:10:00+03:00') });
  await msg(r.id, '2025-06-12', { si: 1000, rubricIds: [sport.id], archived: true });
  await msg(r.id, '2025-06-12', { si: 2 });
  await msg(y.id, '2025-06-12', { si: 3, rubricIds: [foreign.id] });
  await rebuildAggregates(db);
});

afterAll(async () => {
  await t.close();
});

async function ok<T>(url: string): Promise<T> {
  const response = await viewer.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pairs = (graph: RelationGraphResponse) =>
  graph.links.map((link) => `${link.kind}:${link.source}>${link.target}=${link.value}`);

describe('GET loms/{id}/relation_graph/', () => {
  it('by views: the lom, its themes, their other loms and the speakers of the period', async () => {
    const graph = await ok<RelationGraphResponse>(graphUrl(ids.x));
    expect(graph.agg_param).toBe('views');
    expect(pairs(graph)).toEqual([
      `theme:lom-${ids.x}>theme-${ids.t2}=1000`,
      `theme:lom-${ids.x}>theme-${ids.t1}=150`,
      `co_theme:theme-${ids.t1}>lom-${ids.z}=500`,
      `co_theme:theme-${ids.t1}>lom-${ids.y}=10`,
      `co_theme:theme-${ids.t2}>lom-${ids.y}=5`,
      `guest:lom-${ids.x}>lom-${ids.w}=70`,
      `host:lom-${ids.y}>lom-${ids.x}=30`,
    ]);
    const node = (id: string) => graph.nodes.find((n) => n.id === id);
    expect(node(`lom-${ids.x}`)).toMatchObject({ center: true, name: 'Канал Икс', messages: 4, views: 1220 });
    expect(node(`theme-${ids.t1}`)).toMatchObject({
      kind: 'theme',
      entity_id: ids.t1,
      name: 'Школы',
      messages: 2,
    });
    // Y is linked three ways: its weight is theirs together.
    expect(node(`lom-${ids.y}`)).toMatchObject({ center: false, messages: 3, views: 45, value: 45 });
    expect(graph.nodes.map((n) => n.id)).not.toContain(`lom-${ids.gone}`);
    expect(graph.nodes.map((n) => n.id)).not.toContain(`theme-${ids.t3}`);
  });

  it('by messages: the same links weighted by message counts', async () => {
    const graph = await ok<RelationGraphResponse>(graphUrl(ids.x, `${JUNE}&agg_param=messages`));
    expect(graph.agg_param).toBe('messages');
    expect(pairs(graph).slice(0, 2)).toEqual([
      `theme:lom-${ids.x}>theme-${ids.t1}=2`,
      `theme:lom-${ids.x}>theme-${ids.t2}=1`,
    ]);
    expect(graph.nodes.find((n) => n.center)?.value).toBe(4);
  });

  it('a lom without messages in the period is a lone node, a speaker is linked to its host', async () => {
    const graph = await ok<RelationGraphResponse>(graphUrl(ids.quiet));
    expect(graph.links).toEqual([]);
    expect(graph.nodes).toEqual([
      {
        id: `lom-${ids.quiet}`,
        kind: 'lom',
        entity_id: ids.quiet,
        name: 'Тихий',
        center: true,
        value: 0,
        messages: 0,
        views: 0,
      },
    ]);
    // A lom who only spoke in another's message is linked to that lom as its guest.
    const guest = await ok<RelationGraphResponse>(graphUrl(ids.w));
    expect(pairs(guest)).toEqual([`host:lom-${ids.x}>lom-${ids.w}=70`]);
  });
});

describe('GET loms/{id}/rubrics_by_period/', () => {
  it('sums the lom’s live messages of the period per rubric and day, with its own rubrics', async () => {
    const body = await ok<LomRubricsByPeriodResponse>(rubricsUrl(ids.r));
    expect(body).toMatchObject({ agg_param: 'si', step: 'day', lom_messages: 4, lom_si: 18 });
    expect(body.periods).toHaveLength(30);
    expect(body.periods[0]).toBe('2025-06-01');
    expect(body.rubrics.map((row) => [row.id, row.is_lom_rubric, row.messages, row.si])).toEqual([
      [ids.sport, false, 3, 16],
      [ids.segment, true, 0, 0],
    ]);
    const sport = body.rubrics[0].series;
    expect(sport[9]).toBe(10);
    expect(sport[10]).toBe(5);
    expect(sport[29]).toBe(1);
    expect(sport.reduce((a, b) => a + b, 0)).toBe(16);
  });

  it('by messages, in weeks for half a year and months for a year', async () => {
    const weeks = await ok<LomRubricsByPeriodResponse>(
      rubricsUrl(ids.r, 'period_after=2025-01-01&period_before=2025-06-30&agg_param=messages'),
    );
    expect(weeks.step).toBe('week');
    expect(weeks.periods[0]).toBe('2024-12-30');
    const june9 = weeks.periods.indexOf('2025-06-09');
    expect(weeks.rubrics[0].series[june9]).toBe(2);
    const months = await ok<LomRubricsByPeriodResponse>(
      rubricsUrl(ids.r, 'period_after=2025-01-15&period_before=2025-12-31&agg_param=messages'),
    );
    expect(months.step).toBe('month');
    expect(months.periods).toHaveLength(12);
    expect(months.rubrics[0].series.slice(5, 7)).toEqual([3, 1]);
  });
});

describe('steps of the rubric chart', () => {
  it('covers the period with days, Monday weeks or months', () => {
    expect(rubricStep({ after: '2025-01-01', before: '2025-01-31' })).toBe('day');
    expect(rubricStep({ after: '2025-01-01', before: '2025-02-01' })).toBe('week');
    expect(rubricStep({ after: '2025-01-01', before: '2025-07-03' })).toBe('week');
    expect(rubricStep({ after: '2025-01-01', before: '2025-07-04' })).toBe('month');
    expect(stepStarts({ after: '2025-03-05', before: '2025-03-20' }, 'week')).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(stepStarts({ after: '2024-11-30', before: '2025-01-01' }, 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
    ]);
  });
});

describe('graph calls refuse', () => {
  const builders = [graphUrl, rubricsUrl];

  it('bad input with 400 naming the field', async () => {
    for (const build of builders) {
      const cases: [string, string][] = [
        [build(ids.x, 'period_before=2025-06-30'), 'period_after'],
        [build(ids.x, 'period_after=2025-06-01'), 'period_before'],
        [build(ids.x, 'period_after=2025-13-01&period_before=2025-06-30'), 'period_after'],
        [build(ids.x, 'period_after=2025-06-02&period_before=2025-06-01'), 'period_before'],
        [build(ids.x, `${JUNE}&agg_param=reposts`), 'agg_param'],
        [build('abc'), 'id'],
      ];
      for (const [url, field] of cases) {
        const response = await viewer.get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ statusCode: 400, field });
      }
    }
  });

  it('an unknown lom with 404, no token with 401, no LOMS or a base card with 403', async () => {
    for (const build of builders) {
      expect((await viewer.get(build(999999))).statusCode).toBe(404);
      expect((await t.anonymous.get(build(ids.x))).statusCode).toBe(401);
      expect((await service.get(build(ids.x))).statusCode).toBe(403);
      expect((await baseCard.get(build(ids.x))).statusCode).toBe(403);
    }
  });
});
