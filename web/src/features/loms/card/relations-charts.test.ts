import type { LomRubricsByPeriodResponse, RelationGraphResponse } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import {
  collapsesXTitles,
  integrationPlanOption,
  involvementCategoryAxis,
  involvementPeriodOption,
} from './involvement-charts.ts';
import { nodeTarget, relationGraphOption, rubricSeries, stepTitle, symbolSizes } from './relation-charts.ts';

type Option = Record<string, unknown> & { series: Record<string, unknown>[] };

describe('involvement charts', () => {
  it('collapse the x titles from 12 columns on (product.md §9)', () => {
    expect(collapsesXTitles(11)).toBe(false);
    expect(collapsesXTitles(12)).toBe(true);
    const titles = (n: number) => Array.from({ length: n }, (_, i) => `Проект с длинным названием ${i + 1}`);
    expect(involvementCategoryAxis(titles(11)).axisLabel).toMatchObject({ interval: 0, overflow: 'break' });
    expect(involvementCategoryAxis(titles(12)).axisLabel).toMatchObject({
      interval: 'auto',
      rotate: 45,
      overflow: 'truncate',
      hideOverlap: true,
    });
    expect(involvementCategoryAxis(titles(12)).data).toHaveLength(12);
  });

  it('draw a series per metric label, aligned with the months', () => {
    const point = (period: string, total: number) => ({
      period,
      involvements: 1,
      total,
      accepted: 1,
      declined: 2,
      paid: 3,
      grant: 0,
    });
    const option = involvementPeriodOption({ points: [point('2025-01', 10), point('2025-02', 4)] }) as Option;
    expect(option.series.map((s) => s.name)).toEqual(['Всего', 'Принято', 'Отклонено', 'Оплачено', 'Грант']);
    expect(option.series[0].data).toEqual([10, 4]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['янв. 2025', 'февр. 2025']);
  });

  it('show the plan targets: each chart’s 2025 fact and plans for 2026 and 2030', () => {
    const option = integrationPlanOption() as Option;
    expect((option.xAxis as { data: string[] }).data).toEqual(['ЛОМ 2025 (факт)', 'План 2026', 'План 2030']);
    expect(option.series.map((s) => s.data)).toEqual([
      [52, 20, 50],
      [42, 50, 80],
      [26, 75, 95],
    ]);
  });
});

const GRAPH: RelationGraphResponse = {
  agg_param: 'views',
  nodes: [
    {
      id: 'lom-1',
      kind: 'lom',
      entity_id: 1,
      name: 'Канал',
      center: true,
      value: 400,
      messages: 4,
      views: 400,
    },
    {
      id: 'theme-7',
      kind: 'theme',
      entity_id: 7,
      name: 'Школы',
      center: false,
      value: 100,
      messages: 1,
      views: 100,
    },
    { id: 'lom-2', kind: 'lom', entity_id: 2, name: 'Юлия', center: false, value: 0, messages: 1, views: 0 },
  ],
  links: [
    { source: 'lom-1', target: 'theme-7', kind: 'theme', value: 100, messages: 1, views: 100 },
    { source: 'theme-7', target: 'lom-2', kind: 'co_theme', value: 0, messages: 1, views: 0 },
  ],
};

describe('relation graph', () => {
  it('links nodes by index, sizes them by the square root of their weight, colours by kind', () => {
    const option = relationGraphOption(GRAPH) as Option;
    const series = option.series[0] as { data: Record<string, unknown>[]; links: Record<string, unknown>[] };
    expect(series.links.map((l) => [l.source, l.target, l.value])).toEqual([
      [0, 1, 100],
      [1, 2, 0],
    ]);
    expect(series.data.map((d) => d.category)).toEqual([0, 1, 2]);
    expect(series.data.map((d) => d.symbolSize)).toEqual([64, 39, 14]);
    expect(symbolSizes([0, 0])).toEqual([14, 14]);
  });

  it('lays the graph out below its legend, inside the chart, with labels that do not overlap', () => {
    const option = relationGraphOption(GRAPH) as unknown as {
      legend: { top?: number; bottom?: number };
      series: {
        top: number;
        bottom: number;
        left: number;
        right: number;
        labelLayout: { hideOverlap: boolean };
        emphasis: { label: { show: boolean } };
        force: { gravity: number; layoutAnimation: boolean };
      }[];
    };
    const [series] = option.series;
    // The legend above the graph's box, not over its lowest nodes.
    expect(option.legend.top).toBe(0);
    expect(option.legend.bottom).toBeUndefined();
    // Room for the legend and half the largest node above, for a label (140 px) on the right.
    expect(series.top).toBeGreaterThanOrEqual(24 + 64 / 2);
    expect(series.bottom).toBeGreaterThanOrEqual(64 / 2);
    expect(series.left).toBeGreaterThanOrEqual(64 / 2);
    expect(series.right).toBeGreaterThanOrEqual(140);
    expect(series.force.gravity).toBeGreaterThan(0.1);
    // Overlap is judged on the final places of the nodes: the layout is done before the first frame.
    expect(series.force.layoutAnimation).toBe(false);
    expect(series.labelLayout.hideOverlap).toBe(true);
    expect(series.emphasis.label.show).toBe(true);
  });

  it('keys nodes by their ids, so namesakes (a lom and a theme, two loms) stay two nodes', () => {
    const twins = { ...GRAPH, nodes: GRAPH.nodes.map((node) => ({ ...node, name: 'Анна' })) };
    const data = (relationGraphOption(twins) as Option).series[0].data as { id: string; name: string }[];
    expect(new Set(data.map((d) => d.id)).size).toBe(data.length);
    expect(data.map((d) => d.id)).toEqual(GRAPH.nodes.map((node) => String(node.id)));
  });

  it('opens the lom or the theme of a node, nothing for the centre or a link', () => {
    const data = (relationGraphOption(GRAPH) as Option).series[0].data as unknown[];
    expect(data.map(nodeTarget)).toEqual([null, '/theme/7', '/loms/2']);
    expect(nodeTarget({ source: 0, target: 1 })).toBeNull();
  });
});

describe('rubrics chart', () => {
  const rubric = (id: number, si: number) => ({
    id,
    name: `Рубрика ${id}`,
    type: 'rubric',
    is_lom_rubric: false,
    messages: si > 0 ? 1 : 0,
    si,
    series: [si, 0],
  });

  it('stacks the ten heaviest rubrics and sums the rest as «Другие рубрики», leaving out empty ones', () => {
    const data: LomRubricsByPeriodResponse = {
      agg_param: 'si',
      step: 'week',
      periods: ['2025-06-02', '2025-06-09'],
      lom_messages: 20,
      lom_si: 100,
      rubrics: [...Array.from({ length: 12 }, (_, i) => rubric(i + 1, 12 - i)), rubric(13, 0)],
    };
    const series = rubricSeries(data);
    expect(series).toHaveLength(11);
    expect(series[10]).toEqual({ name: 'Другие рубрики', data: [3, 0] });
    expect(stepTitle('2025-06-02', 'week')).toBe('с 02.06');
    expect(stepTitle('2025-06-02', 'day')).toBe('02.06');
  });
});
