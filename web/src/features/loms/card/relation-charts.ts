import {
  type LomRubricsByPeriodResponse,
  PAGE_SIZES,
  type RelationGraphNode,
  type RelationGraphResponse,
  THEME_COLORS,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import { GraphChart } from 'echarts/charts';
import { use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import 'dayjs/locale/ru';
import { formatCount, formatExact } from '../../../lib/format.ts';
import type { EChartsCoreOption } from '../../../ui/EChart.tsx';
import { RELATION_LINK_LABELS, RELATION_TEXTS, RUBRIC_TEXTS } from './relations-texts.ts';

// ECharts options of the relations and rubrics tabs, pure so that tests read them directly.

// The relation graph is the only graph chart: registered here, so the other chart pages'
// ECharts carries no graph layout (ui/EChart.tsx registers what every chart page draws). So is the label layout
// (`labelLayout.hideOverlap`), which only the graph uses.
use([GraphChart, LabelLayout]);

const CATEGORY_COLORS = [THEME_COLORS.primary, THEME_COLORS.warning, THEME_COLORS.success];
const MIN_SYMBOL = 14;
const MAX_SYMBOL = 64;
/** The force layout's box inside the chart: below the legend (top), with room for half a node and a label around. */
export const GRAPH_BOX = { top: 72, bottom: 40, left: 48, right: 160 } as const;

/** 0 centre, 1 theme, 2 other lom: the legend's categories. */
export function nodeCategory(node: RelationGraphNode): 0 | 1 | 2 {
  if (node.center) return 0;
  return node.kind === 'theme' ? 1 : 2;
}

/** Symbol sizes grow with the square root of the weight, so a huge node does not hide the rest. */
export function symbolSizes(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  if (max <= 0) return values.map(() => MIN_SYMBOL);
  return values.map((v) =>
    Math.round(MIN_SYMBOL + (MAX_SYMBOL - MIN_SYMBOL) * Math.sqrt(Math.max(0, v) / max)),
  );
}

/** What a click on a node opens; null for the centre and for links. */
export function nodeTarget(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const node = data as { entityKind?: string; entityId?: number; center?: boolean };
  if (node.center || node.entityId === undefined) return null;
  if (node.entityKind === 'lom') return `/loms/${node.entityId}`;
  if (node.entityKind === 'theme') return `/theme/${node.entityId}`;
  return null;
}

export function relationGraphOption(graph: RelationGraphResponse): EChartsCoreOption {
  const unit = graph.agg_param === 'views' ? RELATION_TEXTS.views : RELATION_TEXTS.messages;
  const sizes = symbolSizes(graph.nodes.map((n) => n.value));
  const index = new Map(graph.nodes.map((node, i) => [node.id, i]));
  const maxLink = Math.max(1, ...graph.links.map((l) => l.value));
  const categories = [
    RELATION_TEXTS.categories.centre,
    RELATION_TEXTS.categories.theme,
    RELATION_TEXTS.categories.lom,
  ];
  return {
    color: CATEGORY_COLORS,
    // The legend sits above the graph, in a band of its own: at the bottom it covered the lowest node.
    legend: { data: categories, top: 0, left: 'center' },
    tooltip: {
      formatter: (p: { dataType?: string; data: { name?: string; value?: number; kind?: string } }) =>
        p.dataType === 'edge'
          ? `${RELATION_LINK_LABELS[p.data.kind as keyof typeof RELATION_LINK_LABELS] ?? ''}: ${unit.toLowerCase()} ${formatExact(p.data.value ?? 0)}`
          : `${p.data.name ?? ''}<br/>${unit}: ${formatExact(p.data.value ?? 0)}`,
    },
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        // The layout's box leaves the legend's band above and room for the labels at the sides and below, and
        // the stronger gravity keeps the nodes inside it: the top nodes were cut off by the chart's edge.
        ...GRAPH_BOX,
        force: { repulsion: 200, edgeLength: [50, 150], gravity: 0.25, layoutAnimation: false },
        categories: categories.map((name) => ({ name })),
        label: { show: true, position: 'right', formatter: '{b}', width: 140, overflow: 'truncate' },
        // Labels that would overlap another are hidden (the heavier nodes, drawn first, keep theirs); hovering a node
        // shows its label and its neighbours'. The layout is computed before the first frame (no animation), so the
        // overlap is judged on the nodes' final places.
        labelLayout: { hideOverlap: true },
        emphasis: { focus: 'adjacency', label: { show: true } },
        // ECharts keys graph nodes by id, else by name: two nodes of one name (a lom and a theme, two namesakes)
        // would be one, and the drawing throws on the second. The server's node ids are unique.
        data: graph.nodes.map((node, i) => ({
          id: String(node.id),
          name: node.name,
          value: node.value,
          category: nodeCategory(node),
          symbolSize: sizes[i],
          symbol: node.kind === 'theme' ? 'roundRect' : 'circle',
          entityKind: node.kind,
          entityId: node.entity_id,
          center: node.center,
        })),
        links: graph.links.flatMap((link) => {
          const source = index.get(link.source);
          const target = index.get(link.target);
          if (source === undefined || target === undefined) return [];
          return [
            {
              source,
              target,
              value: link.value,
              kind: link.kind,
              lineStyle: { width: 1 + 5 * (link.value / maxLink), opacity: 0.6, curveness: 0.1 },
            },
          ];
        }),
      },
    ],
  };
}

// Rubrics

/** Title of a step's column: '05.06', 'с 02.06', 'июн 2025'. */
export function stepTitle(start: string, step: LomRubricsByPeriodResponse['step']): string {
  const day = dayjs(start).locale('ru');
  if (step === 'day') return day.format('DD.MM');
  if (step === 'week') return `с ${day.format('DD.MM')}`;
  return day.format('MMM YYYY');
}

/**
 * Stacked columns per step: the top-N rubrics with something in the period (product.md §9),
 * the rest summed as «Другие рубрики».
 */
export function rubricSeries(data: LomRubricsByPeriodResponse) {
  const value = (row: LomRubricsByPeriodResponse['rubrics'][number]) =>
    data.agg_param === 'si' ? row.si : row.messages;
  const withData = data.rubrics.filter((row) => value(row) > 0);
  const shown = withData.slice(0, PAGE_SIZES.TOP_N);
  const rest = withData.slice(PAGE_SIZES.TOP_N);
  const series = shown.map((row) => ({ name: row.name, data: row.series }));
  if (rest.length > 0) {
    series.push({
      name: RUBRIC_TEXTS.others,
      data: data.periods.map(
        (_, i) => Math.round(rest.reduce((sum, row) => sum + row.series[i], 0) * 100) / 100,
      ),
    });
  }
  return series;
}

export function rubricsOption(data: LomRubricsByPeriodResponse): EChartsCoreOption {
  const series = rubricSeries(data);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', bottom: 0, data: series.map((s) => s.name) },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.periods.map((p) => stepTitle(p, data.step)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v) } },
    series: series.map((s) => ({ ...s, type: 'bar', stack: 'rubrics', emphasis: { focus: 'series' } })),
  };
}
