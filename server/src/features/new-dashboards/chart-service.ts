import {
  CHART_TOP_DEFAULT,
  type ChartParameters,
  type ChartRequestBody,
  type ChartResponse,
  type ChartStep,
  isNewDashboardChart,
  type NewDashboardChart,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { lomDayFilter, lomStatPageFromLomDays } from '../../domain/aggregates/lom-stat-queries.ts';
import { readerFilter } from '../../domain/filters/message-filter.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import {
  presentCoefficients,
  presentInvolvement,
  presentKeyTonality,
  presentPeriodSources,
  presentPeriodTonality,
  presentTonality,
} from './chart-presenter.ts';
import {
  baseRows,
  type ChartKey,
  type GroupRow,
  groupRows,
  keyNames,
  topLoms,
  withKeys,
} from './chart-queries.ts';
import { type ChartFilter, type DayPeriod, resolveChartFilter } from './dashboard-filter.ts';
import { dashboardGroups } from './queries.ts';
import { ownDashboard } from './service.ts';

// The eight charts of a new dashboard (docs/new-dashboards.md): the filter is the dashboard's, narrowed by
// the request's filters and parameters, read with the reader's rules; the numbers come from the rollup
// whenever the filter fits it.

/** A step that gives at most about 400 points: days up to a quarter, weeks up to two years. */
function defaultStep(period: DayPeriod): ChartStep {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  if (days <= 92) return 'day';
  if (days <= 731) return 'week';
  return 'month';
}

const intersect = (a: number[] | undefined, b: number[] | undefined) =>
  a && b ? a.filter((id) => b.includes(id)) : (a ?? b);

function withParameters(filter: ChartFilter, parameters: ChartParameters): ChartFilter {
  const out = { ...filter };
  const mood = intersect(filter.mood_in, parameters.mood_in);
  const source = intersect(filter.source_in, parameters.source_in);
  // An empty intersection selects nothing: an id no row has stands for it.
  if (mood) out.mood_in = mood.length ? mood : [0];
  if (source) out.source_in = source.length ? source : [0];
  return out;
}

const dropUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export interface ChartInput {
  chart: NewDashboardChart;
  filter: ChartFilter;
  period: DayPeriod;
  groupIds: number[];
  parameters: ChartParameters;
}

/** The whole input of a chart of the caller's dashboard, checked. */
export async function chartInput(
  db: Db,
  user: AuthUser,
  id: number,
  chart: string,
  body: ChartRequestBody,
  now = new Date(),
): Promise<ChartInput> {
  const dashboard = await ownDashboard(db, user, id);
  if (!isNewDashboardChart(chart)) throw notFound(`Нет такого графика: ${chart.slice(0, 100)}`);
  const resolved = resolveChartFilter(dashboard.filters, body.filters, now);
  // Live messages unless the dashboard says otherwise: what the report tables count, and what the rollup keys.
  const live = { archived: false, delayed: false, trash: false, ...dropUndefined(resolved.filter) };
  const filter = readerFilter({ ...live, ordering: '-wrote_at' }, user);
  const { ordering: _ordering, ...chartFilter } = filter;
  const groups = (await dashboardGroups(db, [dashboard.id])).map((g) => g.id);
  let groupIds = groups;
  if (body.parameters.lom_group_in?.length) {
    const outside = body.parameters.lom_group_in.filter((g) => !groups.includes(g));
    if (outside.length)
      throw badRequest(`Группы ЛОМ не входят в дашборд: ${listedIds(outside)}`, 'parameters.lom_group_in');
    groupIds = body.parameters.lom_group_in;
  }
  return {
    chart,
    filter: withParameters(chartFilter, body.parameters),
    period: resolved.period,
    groupIds,
    parameters: body.parameters,
  };
}

async function keyed(input: KeyedInput, key: ChartKey, top: number, step?: ChartStep) {
  const { db, filter, groupIds } = input;
  const rows = await groupRows(db, baseRows(filter, groupIds, { key, step }), {
    key,
    top,
    mood: true,
    moodOnly: true,
    step,
  });
  const ids = [...new Set(rows.map((r) => r.key).filter((k): k is number => k !== null))];
  return { rows, names: await keyNames(db, key, ids) };
}

/**
 * tonality_by_lom: the `top` loms by messages (with or without a mood), in that order, and their moods. Over
 * every lom with a filter of the period and the live flags, lom-stat's reader ranks them (a standard period's
 * stored page, else the per-lom weeks and days) and gives their moods from lom_day_stats; otherwise the base
 * rows rank them and give the moods of theirs alone.
 */
async function byLom(input: KeyedInput, top: number) {
  const { db, filter, groupIds } = input;
  const lomDays = groupIds.length ? null : lomDayFilter(filter);
  if (lomDays) {
    const page = await lomStatPageFromLomDays(db, lomDays, 'messages', 1, top);
    const order = page.rows.map((row) => Number(row.lom_id));
    const rows: GroupRow[] = page.rows.flatMap((row) =>
      (row.moods ?? []).map(([mood, n]) => ({
        bucket: null,
        key: Number(row.lom_id),
        mood,
        n: Number(n),
        views: 0,
        reposts: 0,
        comments: 0,
      })),
    );
    return { rows, order, names: new Map(page.rows.map((row) => [Number(row.lom_id), row.name])) };
  }
  const order = await topLoms(db, baseRows(filter, groupIds, { key: 'lom_id' }), top);
  if (order.length === 0) return { rows: [], order, names: new Map<number, string>() };
  // The ranked loms are the groups' already: their cells alone, through the (lom_id, day) index.
  const theirs = baseRows({ ...filter, lom_in: order }, [], { key: 'lom_id' });
  const rows = await groupRows(db, withKeys(theirs, order), {
    key: 'lom_id',
    top,
    mood: true,
    moodOnly: true,
  });
  return { rows, order, names: await keyNames(db, 'lom_id', order) };
}

interface KeyedInput {
  db: Db;
  filter: ChartFilter;
  groupIds: number[];
}

/** Computes one chart. */
export async function computeChart(db: Db, input: ChartInput): Promise<ChartResponse> {
  const { chart, filter, period, groupIds, parameters } = input;
  const by = { db, filter, groupIds };
  const step = parameters.step ?? defaultStep(period);
  const base = baseRows(filter, groupIds);
  const stepped = baseRows(filter, groupIds, { step });
  const top = parameters.top ?? CHART_TOP_DEFAULT;
  const frame = { chart, period, source: base.source, step: null };
  const timed = { ...frame, step };
  switch (chart) {
    case 'period_tonality':
      return presentPeriodTonality(timed, await groupRows(db, stepped, { step, mood: true, moodOnly: true }));
    case 'tonality':
      return presentTonality(frame, await groupRows(db, base, { mood: true, moodOnly: true }));
    case 'period_source_tonality': {
      const { rows, names } = await keyed(by, 'source_id', top, step);
      return presentPeriodSources(timed, rows, names);
    }
    case 'tonality_source': {
      const { rows, names } = await keyed(by, 'source_id', top);
      return presentKeyTonality(frame, rows, names);
    }
    case 'tonality_by_lom': {
      const { rows, order, names } = await byLom(by, top);
      return presentKeyTonality(frame, rows, names, order);
    }
    case 'publication_involvement':
      return presentInvolvement(timed, await groupRows(db, stepped, { step }));
    case 'info-reason-tonality': {
      const { rows, names } = await keyed(by, 'info_reason_id', top);
      return presentKeyTonality(frame, rows, names);
    }
    case 'info-reason-tonality-coefficients': {
      const { rows, names } = await keyed(by, 'info_reason_id', top);
      return presentCoefficients(frame, rows, names);
    }
  }
}

/** POST api/v2/new-dashboards/{id}/<chart>/. */
export async function dashboardChart(
  db: Db,
  user: AuthUser,
  id: number,
  chart: string,
  body: ChartRequestBody,
): Promise<ChartResponse> {
  return computeChart(db, await chartInput(db, user, id, chart, body));
}
