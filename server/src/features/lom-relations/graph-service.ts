import type {
  LomRubricsByPeriodQuery,
  LomRubricsByPeriodResponse,
  RelationGraphAggParam,
  RelationGraphLink,
  RelationGraphNode,
  RelationGraphQuery,
  RelationGraphResponse,
  RubricPeriodStep,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { assertLomCardTab } from '../../domain/lom-card-access.ts';
import { DAY_MS, stepStarts as stepStartsOf, utcDayMs } from '../../domain/moscow-calendar.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import {
  type ClosedDays,
  coThemeLoms,
  lomMessageTotals,
  lomThemes,
  lomWithTotals,
  rubricBuckets,
  rubricsFor,
  speakerLoms,
  type WeightRow,
} from './graph-queries.ts';
import { lomExists } from './queries.ts';

const LOM_NOT_FOUND = 'ЛОМ не найден';

/** The graph stays readable: the lom's heaviest themes, a few co-authors each, a few speakers. */
export const RELATION_GRAPH_LIMITS = { themes: 8, lomsPerTheme: 5, speakers: 10 } as const;

interface Weight {
  messages: number;
  views: number;
}

const weightOf = (row: WeightRow): Weight => ({ messages: Number(row.messages), views: Number(row.views) });

/**
 * GET loms/{id}/relation_graph/: the lom, the themes it wrote on in the period and the loms
 * linked to it through those themes or as speakers, weighted by views or messages.
 */
export async function relationGraph(
  db: Db,
  lomId: number,
  query: RelationGraphQuery,
  user: AuthUser,
): Promise<RelationGraphResponse> {
  assertLomCardTab(user, 'relations');
  const days: ClosedDays = { after: query.period_after, before: query.period_before };
  const agg = query.agg_param;
  const lom = await lomWithTotals(db, lomId, days);
  if (!lom) throw notFound(LOM_NOT_FOUND);

  const limits = RELATION_GRAPH_LIMITS;
  const themes = await lomThemes(db, lomId, days, agg, limits.themes);
  const [coAuthors, guests, hosts] = await Promise.all([
    coThemeLoms(
      db,
      lomId,
      themes.map((t) => t.id),
      days,
      agg,
      limits.lomsPerTheme,
    ),
    speakerLoms(db, lomId, 'guest', days, agg, limits.speakers),
    speakerLoms(db, lomId, 'host', days, agg, limits.speakers),
  ]);

  const graph = new GraphBuilder(agg);
  const centre = graph.node('lom', lom.id, lom.name, true);
  graph.add(centre, weightOf(lom));
  for (const theme of themes) {
    const node = graph.node('theme', theme.id, theme.name);
    graph.link(centre, node, 'theme', weightOf(theme));
    graph.add(node, weightOf(theme));
  }
  for (const row of coAuthors) {
    const node = graph.node('lom', row.id, row.name);
    graph.link(`theme-${row.theme_id}`, node, 'co_theme', weightOf(row));
    graph.add(node, weightOf(row));
  }
  for (const row of guests) {
    const node = graph.node('lom', row.id, row.name);
    graph.link(centre, node, 'guest', weightOf(row));
    graph.add(node, weightOf(row));
  }
  for (const row of hosts) {
    const node = graph.node('lom', row.id, row.name);
    graph.link(node, centre, 'host', weightOf(row));
    graph.add(node, weightOf(row));
  }
  return { agg_param: agg, ...graph.result() };
}

/** Nodes keyed 'lom-12' / 'theme-5'; a node's weight is the sum of what linked it (the centre: its own). */
class GraphBuilder {
  private readonly nodes = new Map<string, RelationGraphNode>();
  private readonly links: RelationGraphLink[] = [];

  constructor(private readonly agg: RelationGraphAggParam) {}

  node(kind: RelationGraphNode['kind'], entityId: number, name: string, center = false): string {
    const id = `${kind}-${entityId}`;
    if (!this.nodes.has(id)) {
      this.nodes.set(id, { id, kind, entity_id: entityId, name, center, value: 0, messages: 0, views: 0 });
    }
    return id;
  }

  add(id: string, weight: Weight): void {
    const node = this.nodes.get(id);
    if (!node) return;
    node.messages += weight.messages;
    node.views += weight.views;
    node.value = this.agg === 'views' ? node.views : node.messages;
  }

  link(source: string, target: string, kind: RelationGraphLink['kind'], weight: Weight): void {
    const value = this.agg === 'views' ? weight.views : weight.messages;
    this.links.push({ source, target, kind, value, ...weight });
  }

  result() {
    return { nodes: [...this.nodes.values()], links: this.links };
  }
}

// Rubrics by period

const dayNumber = (day: string) => utcDayMs(day) / DAY_MS;

/** A step that keeps the chart readable: days up to a month, weeks up to half a year, then months. */
export function rubricStep(days: ClosedDays): RubricPeriodStep {
  const length = dayNumber(days.before) - dayNumber(days.after) + 1;
  if (length <= 31) return 'day';
  if (length <= 184) return 'week';
  return 'month';
}

/** First days of the steps that cover the period (weeks start on Monday, like date_trunc). */
export function stepStarts(days: ClosedDays, step: RubricPeriodStep): string[] {
  return stepStartsOf(days.after, days.before, step);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * GET loms/{id}/rubrics_by_period/: the lom's live messages of the period by rubric
 * (message_rubrics), SI or messages per step, plus the rubrics the lom belongs to.
 */
export async function lomRubricsByPeriod(
  db: Db,
  lomId: number,
  query: LomRubricsByPeriodQuery,
  user: AuthUser,
): Promise<LomRubricsByPeriodResponse> {
  assertLomCardTab(user, 'rubrics');
  if (!(await lomExists(db, lomId))) throw notFound(LOM_NOT_FOUND);
  const days: ClosedDays = { after: query.period_after, before: query.period_before };
  const step = rubricStep(days);
  const periods = stepStarts(days, step);
  const [buckets, totals] = await Promise.all([
    rubricBuckets(db, lomId, days, step),
    lomMessageTotals(db, lomId, days),
  ]);
  const rubrics = await rubricsFor(db, lomId, [...new Set(buckets.map((b) => b.rubric_id))]);
  const position = new Map(periods.map((period, index) => [period, index]));
  const rows = rubrics.map((rubric) => ({
    ...rubric,
    messages: 0,
    si: 0,
    series: periods.map(() => 0),
  }));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const bucket of buckets) {
    const row = byId.get(bucket.rubric_id);
    const index = position.get(bucket.bucket);
    if (!row || index === undefined) continue;
    const messages = Number(bucket.messages);
    const si = Number(bucket.si);
    row.messages += messages;
    row.si += si;
    row.series[index] = round2(row.series[index] + (query.agg_param === 'si' ? si : messages));
  }
  const value = (row: (typeof rows)[number]) => (query.agg_param === 'si' ? row.si : row.messages);
  rows.sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name, 'ru') || a.id - b.id);
  return {
    agg_param: query.agg_param,
    step,
    periods,
    lom_messages: Number(totals.messages),
    lom_si: round2(Number(totals.si ?? 0)),
    rubrics: rows.map((row) => ({ ...row, si: round2(row.si) })),
  };
}
