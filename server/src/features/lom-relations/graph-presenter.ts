import type {
  LomRubricsByPeriodResponse,
  RelationGraphAggParam,
  RelationGraphLink,
  RelationGraphNode,
  RelationGraphResponse,
  RubricPeriodStep,
} from '@monitoring/contracts';
import type {
  CoThemeRow,
  LomMessageTotalsRow,
  RubricBucketRow,
  RubricRow,
  WeightRow,
} from './graph-queries.ts';

interface Weight {
  messages: number;
  views: number;
}

const weightOf = (row: WeightRow): Weight => ({ messages: Number(row.messages), views: Number(row.views) });

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

/** The rows the relation graph is drawn from: the centre lom and what links to it. */
export interface RelationGraphRows {
  lom: WeightRow;
  themes: WeightRow[];
  coAuthors: CoThemeRow[];
  guests: WeightRow[];
  hosts: WeightRow[];
}

/** The lom at the centre, its themes, their co-authors, and its guests and hosts, weighted by `agg`. */
export function presentRelationGraph(
  agg: RelationGraphAggParam,
  { lom, themes, coAuthors, guests, hosts }: RelationGraphRows,
): RelationGraphResponse {
  const graph = new GraphBuilder(agg);
  const centre = graph.node('lom', lom.id, lom.name, true);
  graph.add(centre, weightOf(lom));
  for (const theme of themes) {
    const node = graph.node('theme', theme.id, theme.name);
    graph.link(centre, node, 'theme', weightOf(theme));
    graph.add(node, weightOf(theme));
  }
  /** A linked lom: the link runs from `other` to the lom (a host: from the lom to `other`). */
  const linkLom = (row: WeightRow, other: string, kind: 'co_theme' | 'guest' | 'host') => {
    const node = graph.node('lom', row.id, row.name);
    if (kind === 'host') graph.link(node, other, kind, weightOf(row));
    else graph.link(other, node, kind, weightOf(row));
    graph.add(node, weightOf(row));
  };
  for (const row of coAuthors) linkLom(row, `theme-${row.theme_id}`, 'co_theme');
  for (const row of guests) linkLom(row, centre, 'guest');
  for (const row of hosts) linkLom(row, centre, 'host');
  return { agg_param: agg, ...graph.result() };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The rows rubrics by period are built from: the steps, the buckets, the rubrics and the lom's totals. */
export interface RubricsByPeriodRows {
  step: RubricPeriodStep;
  periods: string[];
  buckets: RubricBucketRow[];
  rubrics: RubricRow[];
  totals: LomMessageTotalsRow;
}

/** Each rubric with its series over `periods` (SI or messages), the heaviest first, then by name and id. */
export function presentRubricsByPeriod(
  agg: LomRubricsByPeriodResponse['agg_param'],
  { step, periods, buckets, rubrics, totals }: RubricsByPeriodRows,
): LomRubricsByPeriodResponse {
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
    row.series[index] = round2(row.series[index] + (agg === 'si' ? si : messages));
  }
  const value = (row: (typeof rows)[number]) => (agg === 'si' ? row.si : row.messages);
  rows.sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name, 'ru') || a.id - b.id);
  return {
    agg_param: agg,
    step,
    periods,
    lom_messages: Number(totals.messages),
    lom_si: round2(Number(totals.si ?? 0)),
    rubrics: rows.map((row) => ({ ...row, si: round2(row.si) })),
  };
}
