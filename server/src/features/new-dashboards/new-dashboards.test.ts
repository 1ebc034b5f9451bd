import {
  apiPath,
  type ChartResponse,
  MESSAGE_TYPE_IDS,
  NEW_DASHBOARD_CHART_TITLES,
  NEW_DASHBOARD_CHARTS,
  NEW_DASHBOARD_PATHS,
  type NewDashboardItem,
} from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { buildInfoReason, buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let owner: UserCaller;
let other: UserCaller;
let lomSelection: UserCaller;
let groupA: number;
let groupB: number;
let privateOfOther: number;
let lomIds: number[];
let reasonId: number;

const P = NEW_DASHBOARD_PATHS;
const detail = (id: number) => apiPath(P.detail, { id });
const chartPath = (id: number, chart: string) => apiPath(P.chart, { id, chart });

function expectBad(res: { statusCode: number; body: string; json: () => { field?: string } }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().field).toBe(field);
}

beforeAll(async () => {
  kit = await createKit();
  owner = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 3 });
  lomSelection = await kit.caller({ role: 102 });
  const db = kit.db;
  const loms = await Promise.all([1, 2, 3].map((i) => buildLom(db, { name: `ЛОМ ${i}` })));
  lomIds = loms.map((l) => l.id);
  groupA = (await buildLomGroup(db, { ownerId: owner.user.id, loms: [lomIds[0]] })).id;
  groupB = (await buildLomGroup(db, { public: true, loms: [lomIds[1]] })).id;
  privateOfOther = (await buildLomGroup(db, { ownerId: other.user.id, loms: [lomIds[2]] })).id;
  const theme = await buildTheme(db);
  const reason = await buildInfoReason(db, { themeId: theme.id });
  reasonId = reason.id;
  // lom 1: 2 positive + 1 negative on 2025-03-03 (a Monday); lom 2: 1 neutral, 1 other on 2025-03-11; lom 3 outside.
  const common = { themeId: theme.id, infoReasonId: reason.id };
  await buildMessage(db, { ...common, lomId: lomIds[0], mood: 1, day: '2025-03-03' });
  await buildMessage(db, { ...common, lomId: lomIds[0], mood: 1, day: '2025-03-03' });
  await buildMessage(db, { ...common, lomId: lomIds[0], mood: 2, day: '2025-03-04' });
  await buildMessage(db, { ...common, lomId: lomIds[1], mood: 3, day: '2025-03-11' });
  await buildMessage(db, { ...common, lomId: lomIds[1], mood: 4, day: '2025-03-11' });
  await buildMessage(db, { ...common, lomId: lomIds[1], mood: null, day: '2025-03-12' });
  await buildMessage(db, { ...common, lomId: lomIds[2], mood: 2, day: '2025-03-05' });
});

afterAll(async () => {
  await kit?.close();
});

const MARCH = { wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31' };

async function create(caller: UserCaller, body: object = {}) {
  const res = await caller.post(P.list, {
    name: 'Март',
    filters: MARCH,
    lom_groups: [groupA, groupB],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as NewDashboardItem;
}

describe('new dashboards CRUD', () => {
  it('creates, reads, lists, renames and deletes one, logging each change', async () => {
    const item = await create(owner);
    expect(item.lom_groups.map((g) => g.id)).toEqual([groupA, groupB]);
    expect(item.period).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
    expect(item.filters_text[0].label).toBe('Период');
    expect((await owner.get(detail(item.id))).json().name).toBe('Март');
    const list = (await owner.get(P.list, { pageSize: '5' })).json();
    expect(list.results.map((d: NewDashboardItem) => d.id)).toContain(item.id);
    const renamed = await owner.patch(detail(item.id), { name: 'Март 2025', lom_groups: [groupB] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().lom_groups.map((g: { id: number }) => g.id)).toEqual([groupB]);
    expect((await owner.delete(detail(item.id))).statusCode).toBe(204);
    expect((await owner.get(detail(item.id))).statusCode).toBe(404);
    const logged = await kit.db.select().from(userActions).where(eq(userActions.userId, owner.user.id));
    expect(logged.map((a) => a.action)).toEqual(
      expect.arrayContaining(['new_dashboard.create', 'new_dashboard.update', 'new_dashboard.delete']),
    );
  });

  it('keeps another user\u2019s dashboard hidden: 404 for every call, never 403', async () => {
    const item = await create(owner);
    expect((await other.get(detail(item.id))).statusCode).toBe(404);
    expect((await other.patch(detail(item.id), { name: 'x' })).statusCode).toBe(404);
    expect((await other.delete(detail(item.id))).statusCode).toBe(404);
    expect((await other.post(chartPath(item.id, 'tonality'), {})).statusCode).toBe(404);
    expect((await other.get(P.list)).json().results).toEqual([]);
  });

  it('answers 401 without a token and 403 without NEW_DASHBOARDS', async () => {
    expect((await kit.anonymous.get(P.list)).statusCode).toBe(401);
    expect((await kit.anonymous.post(P.list, { name: 'x' })).statusCode).toBe(401);
    expect((await lomSelection.get(P.list)).statusCode).toBe(403);
    expect((await lomSelection.post(P.list, { name: 'x' })).statusCode).toBe(403);
    expect((await lomSelection.post(chartPath(1, 'tonality'), {})).statusCode).toBe(403);
  });

  it('refuses bad input with 400 naming the field', async () => {
    expectBad(await owner.post(P.list, { name: 'x', filters: { colour: 'red' } }), 'filters.colour');
    expectBad(
      await owner.post(P.list, { name: 'x', filters: { wrote_at_after: 'вчера' } }),
      'filters.wrote_at_after',
    );
    expectBad(await owner.post(P.list, { name: 'x', filters: { period: 'century' } }), 'filters.period');
    expectBad(await owner.post(P.list, { name: '' }), 'name');
    expectBad(await owner.post(P.list, { name: 'x'.repeat(1_000_000) }), 'name');
    expectBad(await owner.post(P.list, { name: 'a\u0000b' }), 'name');
    expectBad(await owner.post(P.list, { name: 'x', lom_groups: [true] }), 'lom_groups.0');
    expectBad(await owner.post(P.list, { name: 'x', lom_groups: [-1] }), 'lom_groups.0');
    expectBad(await owner.post(P.list, { name: 'x', lom_groups: [2 ** 63] }), 'lom_groups.0');
    expectBad(await owner.post(P.list, { name: 'x', lom_groups: [privateOfOther] }), 'lom_groups');
    expectBad(await owner.post(P.list, { name: 'x', extra: 1 }), 'extra');
    expect((await owner.post(P.list, null)).statusCode).toBe(400);
    expect((await owner.get(detail(0))).statusCode).toBe(400);
    const item = await create(owner);
    expect((await owner.patch(detail(item.id), {})).statusCode).toBe(400);
    expectBad(await owner.patch(detail(item.id), { is_dashboard: 'yes' }), 'is_dashboard');
  });
});

describe('the eight charts', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(owner)).id;
  });
  const chart = async (name: string, body: object = {}) => {
    const res = await owner.post(chartPath(id, name), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChartResponse;
  };
  const series = (answer: ChartResponse, key: string) => answer.series.find((s) => s.key === key)?.values;

  it('answers every chart with its Russian title from the rollup', async () => {
    for (const name of NEW_DASHBOARD_CHARTS) {
      const answer = await chart(name);
      expect(answer.title).toBe(NEW_DASHBOARD_CHART_TITLES[name]);
      expect(answer.source).toBe('rollup');
    }
  });

  it('counts moods per week over the groups\u2019 loms only (other counted as neutral)', async () => {
    const answer = await chart('period_tonality', { parameters: { step: 'week' } });
    expect(answer.categories).toEqual([
      '2025-02-24',
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
    ]);
    expect(series(answer, 'mood_1')).toEqual([0, 2, 0, 0, 0, 0]);
    expect(series(answer, 'mood_2')).toEqual([0, 1, 0, 0, 0, 0]);
    expect(series(answer, 'mood_3')).toEqual([0, 0, 2, 0, 0, 0]);
    expect(answer.total).toBe(5);
  });

  it('gives shares, loms, info reasons and coefficients', async () => {
    const shares = await chart('tonality');
    expect(shares.categories).toEqual(['Позитивное', 'Нейтральное', 'Негативное']);
    expect(series(shares, 'count')).toEqual([2, 2, 1]);
    expect(series(shares, 'share')).toEqual([40, 40, 20]);
    const byLom = await chart('tonality_by_lom');
    expect(byLom.category_ids).toEqual([lomIds[0], lomIds[1]]);
    expect(byLom.categories).toEqual(['ЛОМ 1', 'ЛОМ 2']);
    const reasons = await chart('info-reason-tonality-coefficients');
    expect(reasons.category_ids).toEqual([reasonId]);
    expect(series(reasons, 'coefficient')).toEqual([0.2]);
    const involvement = await chart('publication_involvement', { parameters: { step: 'month' } });
    expect(series(involvement, 'publications')).toEqual([6]);
    expect(series(involvement, 'views')).toEqual([600]);
  });

  it('narrows by parameters and extra filters, falling back to messages when the rollup cannot answer', async () => {
    const onlyA = await chart('tonality', { parameters: { lom_group_in: [groupA], mood_in: [1] } });
    expect(series(onlyA, 'count')).toEqual([2]);
    const searched = await chart('tonality', { filters: { search: 'школу' } });
    expect(searched.source).toBe('messages');
    expect(series(searched, 'count')).toEqual([2, 2, 1]);
  });

  it('answers 404 for an unknown chart and 400 naming the field for bad parameters', async () => {
    expect((await owner.post(chartPath(id, 'pie_of_the_day'), {})).statusCode).toBe(404);
    expect((await owner.post(chartPath(999_999, 'tonality'), {})).statusCode).toBe(404);
    expectBad(
      await owner.post(chartPath(id, 'tonality'), { parameters: { step: 'hour' } }),
      'parameters.step',
    );
    expectBad(await owner.post(chartPath(id, 'tonality'), { parameters: { top: 0 } }), 'parameters.top');
    expectBad(await owner.post(chartPath(id, 'tonality'), { filters: { nope: 1 } }), 'filters.nope');
    expectBad(
      await owner.post(chartPath(id, 'tonality'), { parameters: { lom_group_in: [privateOfOther] } }),
      'parameters.lom_group_in',
    );
    expectBad(
      await owner.post(chartPath(id, 'tonality'), { parameters: { mood_in: [9] } }),
      'parameters.mood_in',
    );
  });
});

describe('the charts of a dashboard over every lom', () => {
  let id: number;
  beforeAll(async () => {
    const db = kit.db;
    // Outside the groups of the other dashboards: lom 3 and no lom, two sources, two more info reasons,
    // messages without a mood, and trash, archived and verified ones.
    const [vk, tg] = await Promise.all([buildSource(db, { name: 'ВК' }), buildSource(db, { name: 'ТГ' })]);
    const theme = await buildTheme(db);
    // One after the other: the ranking's tie goes to the smaller id, so Повод 1 must get it.
    const r1 = await buildInfoReason(db, { themeId: theme.id, name: 'Повод 1' });
    const r2 = await buildInfoReason(db, { themeId: theme.id, name: 'Повод 2' });
    const rows = [
      { sourceId: vk.id, infoReasonId: r1.id, mood: 5, day: '2025-03-06', numberViews: 7, commentsCount: 3 },
      { sourceId: vk.id, infoReasonId: r1.id, mood: 6, day: '2025-03-06', verified: true },
      { sourceId: tg.id, infoReasonId: r2.id, mood: 4, day: '2025-03-20', repostCount: 9 },
      { sourceId: tg.id, infoReasonId: r2.id, mood: null, day: '2025-03-21' },
      { sourceId: tg.id, infoReasonId: r2.id, mood: 1, day: '2025-03-21', trash: true },
      { sourceId: vk.id, infoReasonId: r1.id, mood: 2, day: '2025-03-22', archived: true },
      { sourceId: tg.id, infoReasonId: null, mood: 3, day: '2025-03-25' },
      // The edge days around the whole weeks of March (3 to 30).
      { sourceId: vk.id, infoReasonId: r2.id, mood: 5, day: '2025-03-02' },
      { sourceId: tg.id, infoReasonId: r1.id, mood: 1, day: '2025-03-31', commentsCount: 4 },
    ];
    for (const row of rows) await buildMessage(db, { lomId: lomIds[2], ...row });
    await buildMessage(db, { sourceId: vk.id, infoReasonId: r2.id, mood: 2, day: '2025-03-26' });
    const res = await owner.post(P.list, {
      name: 'Все ЛОМ',
      filters: { wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31' },
      lom_groups: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
  });

  const chart = async (name: string, body: { filters?: object; parameters?: object } = {}) => {
    const res = await owner.post(chartPath(id, name), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChartResponse;
  };
  /** A filter the cells do not key, selecting the same messages: the answer from messages. */
  const viaMessages = { message_type_in: String(MESSAGE_TYPE_IDS[0]) };

  it('answers each chart from the cells without loms as the messages do', async () => {
    const cases: Array<{ filters?: object; parameters?: object }> = [
      {},
      { parameters: { step: 'week' } },
      { parameters: { step: 'month' } },
      // The week of 24 February holds 2 March: by month it must not go to February.
      { filters: { wrote_at_after: '2025-02-20' }, parameters: { step: 'month' } },
      { filters: { wrote_at_after: '2025-02-20' }, parameters: { step: 'week' } },
      { parameters: { mood_in: [2, 5] } },
      { parameters: { top: 2 } },
      { filters: { verified: 'true' } },
      { parameters: { source_in: [1] } },
    ];
    for (const name of NEW_DASHBOARD_CHARTS) {
      for (const body of cases) {
        const cells = await chart(name, body);
        const raw = await chart(name, { ...body, filters: { ...body.filters, ...viaMessages } });
        expect(cells.source, name).toBe('rollup');
        expect(raw.source, name).toBe('messages');
        const { source: _a, ...cellsRest } = cells;
        const { source: _b, ...rawRest } = raw;
        expect(cellsRest, `${name} ${JSON.stringify(body)}`).toEqual(rawRest);
      }
    }
  });

  it('counts every live message of every lom, the lom-less one included', async () => {
    const involvement = await chart('publication_involvement', { parameters: { step: 'month' } });
    // The 7 messages of the first block, 7 of lom 3 here (trash and archived left out) and the lom-less one.
    expect(involvement.series.find((s) => s.key === 'publications')?.values).toEqual([15]);
    // Three messages with a mood each (Повод 2 has a fourth without one): the tie goes to the smaller id.
    const reasons = await chart('info-reason-tonality', { parameters: { top: 3 } });
    expect(reasons.categories.slice(1)).toEqual(['Повод 1', 'Повод 2']);
  });
});
