import {
  INTEGRATION_PLAN_COLUMNS,
  INTEGRATION_PLAN_TARGETS,
  INVOLVEMENT_METRIC_LABELS,
  INVOLVEMENT_METRICS,
  INVOLVEMENT_X_TITLES_COLLAPSE_AT,
  type InvolvementMetric,
  type InvolvementPeriodGraph,
  type InvolvementTotalGraph,
  type InvolvementTypesGraph,
  type InvolvementValuesDistribution,
  THEME_COLORS,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { formatCount, formatExact } from '../../../lib/format.ts';
import type { EChartsCoreOption } from '../../../ui/EChart.tsx';
import { INVOLVEMENT_TEXTS } from './relations-texts.ts';

// ECharts options of the involvements tab, pure so that tests read them directly.

export const INVOLVEMENT_METRIC_COLORS: Readonly<Record<InvolvementMetric, string>> = {
  total: THEME_COLORS.primary,
  accepted: THEME_COLORS.success,
  declined: THEME_COLORS.error,
  paid: THEME_COLORS.secondary,
  grant: THEME_COLORS.warning,
};

/** product.md §9: the involvement chart collapses its x titles at 12 columns. */
export function collapsesXTitles(columns: number): boolean {
  return columns >= INVOLVEMENT_X_TITLES_COLLAPSE_AT;
}

/**
 * A category axis of titles: every title in full below 12 columns; from 12 on, the titles
 * are cut short, turned, and those that would overlap are left out (the tooltip still
 * names each column).
 */
export function involvementCategoryAxis(titles: readonly string[]) {
  const collapsed = collapsesXTitles(titles.length);
  return {
    type: 'category',
    data: titles,
    axisLabel: collapsed
      ? { interval: 'auto', rotate: 45, width: 90, overflow: 'truncate', hideOverlap: true }
      : { interval: 0, width: 110, overflow: 'break' },
  };
}

const valueAxis = { type: 'value', axisLabel: { formatter: (value: number) => formatCount(value) } };
const legend = { data: INVOLVEMENT_METRICS.map((m) => INVOLVEMENT_METRIC_LABELS[m]), bottom: 0 };

function metricSeries(rows: readonly Record<InvolvementMetric, number>[]) {
  return INVOLVEMENT_METRICS.map((metric) => ({
    type: 'bar',
    name: INVOLVEMENT_METRIC_LABELS[metric],
    data: rows.map((row) => row[metric]),
    itemStyle: { color: INVOLVEMENT_METRIC_COLORS[metric] },
  }));
}

const monthTitle = (period: string) => dayjs(`${period}-01`).locale('ru').format('MMM YYYY');

export function involvementPeriodOption(graph: InvolvementPeriodGraph): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: involvementCategoryAxis(graph.points.map((p) => monthTitle(p.period))),
    yAxis: valueAxis,
    series: metricSeries(graph.points),
  };
}

export function involvementTotalOption(totals: InvolvementTotalGraph): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) => `${p.name}: ${formatExact(p.value)}`,
    },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: involvementCategoryAxis(INVOLVEMENT_METRICS.map((m) => INVOLVEMENT_METRIC_LABELS[m])),
    yAxis: valueAxis,
    series: [
      {
        type: 'bar',
        name: INVOLVEMENT_TEXTS.totalChart,
        data: INVOLVEMENT_METRICS.map((metric) => ({
          value: totals[metric],
          itemStyle: { color: INVOLVEMENT_METRIC_COLORS[metric] },
        })),
        label: { show: true, position: 'top', formatter: (p: { value: number }) => formatCount(p.value) },
      },
    ],
  };
}

export function involvementValuesOption(values: InvolvementValuesDistribution): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: involvementCategoryAxis(values.items.map((item) => item.title)),
    yAxis: valueAxis,
    series: metricSeries(values.items),
  };
}

export function involvementTypesOption(types: InvolvementTypesGraph): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { dataIndex: number }) => {
        const row = types.types[p.dataIndex];
        if (!row) return '';
        const lines = INVOLVEMENT_METRICS.map(
          (m) => `${INVOLVEMENT_METRIC_LABELS[m]}: ${formatExact(row[m])}`,
        );
        return [`${row.involvement_type}: ${formatExact(row.involvements)}`, ...lines].join('<br/>');
      },
    },
    legend: { bottom: 0, data: types.types.map((row) => row.involvement_type) },
    series: [
      {
        type: 'pie',
        name: INVOLVEMENT_TEXTS.typesChart,
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: types.types.map((row) => ({ name: row.involvement_type, value: row.involvements })),
        label: { formatter: '{b}: {c}' },
      },
    ],
  };
}

/** The integration plan targets of product.md §9: each chart's 2025 fact and its two plans. */
export function integrationPlanOption(): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, data: INTEGRATION_PLAN_TARGETS.map((c) => INVOLVEMENT_TEXTS.planSeries(c.chart)) },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: [...INTEGRATION_PLAN_COLUMNS] },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    series: INTEGRATION_PLAN_TARGETS.map((chart) => ({
      type: 'bar',
      name: INVOLVEMENT_TEXTS.planSeries(chart.chart),
      data: [chart.fact2025, chart.plan2026, chart.plan2030],
      label: { show: true, position: 'top', formatter: '{c}' },
    })),
  };
}
