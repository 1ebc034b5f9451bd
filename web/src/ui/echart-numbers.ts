import { formatNumber } from '@monitoring/contracts';
import type { EChartsCoreOption } from 'echarts/core';

// ECharts prints numbers the English way («10,000», «0.25»). Every chart goes through EChart, which passes its
// option through here: a value axis, a tooltip and a series label that have no formatter of their own get the one
// Russian formatter («10 000», «0,25»). A chart's own formatter is kept.

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

const byFormatter = (value: unknown) =>
  typeof value === 'number'
    ? formatNumber(value)
    : Array.isArray(value)
      ? value.join(', ')
      : String(value ?? '');

/** An axis template («{value} %») with the value formatted. */
const axisTemplate = (template: string) => (value: number) =>
  template.replaceAll('{value}', formatNumber(value));

interface LabelParams {
  value: unknown;
  name?: string;
  seriesName?: string;
  percent?: number;
}

/** A label template («{b}: {c}», «{c} %», «{d} %») with its numbers formatted. */
const labelTemplate = (template: string) => (p: LabelParams) =>
  template
    .replaceAll('{a}', p.seriesName ?? '')
    .replaceAll('{b}', p.name ?? '')
    .replaceAll('{c}', byFormatter(p.value))
    .replaceAll('{d}', p.percent === undefined ? '' : formatNumber(p.percent));

/** An axis of numbers, which ECharts assumes for a y axis with no type. */
function valueAxis(axis: unknown, defaultType: string): unknown {
  if (!isObj(axis)) return axis;
  const type = axis.type ?? defaultType;
  if (type !== 'value' && type !== 'log') return axis;
  const label = isObj(axis.axisLabel) ? axis.axisLabel : {};
  if (typeof label.formatter === 'string') {
    return { ...axis, axisLabel: { ...label, formatter: axisTemplate(label.formatter) } };
  }
  if (label.formatter !== undefined) return axis;
  return { ...axis, axisLabel: { ...label, formatter: (value: number) => formatNumber(value) } };
}

function axes(value: unknown, defaultType: string): unknown {
  if (value === undefined) return value;
  return Array.isArray(value)
    ? value.map((axis) => valueAxis(axis, defaultType))
    : valueAxis(value, defaultType);
}

function tooltip(value: unknown): unknown {
  if (!isObj(value)) return value;
  if (typeof value.formatter === 'string' && value.trigger === 'item') {
    return { ...value, formatter: labelTemplate(value.formatter) };
  }
  if (value.formatter !== undefined || value.valueFormatter !== undefined) return value;
  return { ...value, valueFormatter: byFormatter };
}

/**
 * A bar or line label shows the raw value by default: given the Russian one (a pie's default is its name). A
 * template gets its numbers formatted.
 */
function seriesLabel(series: unknown): unknown {
  if (!isObj(series) || !isObj(series.label)) return series;
  const { formatter } = series.label;
  if (typeof formatter === 'string')
    return { ...series, label: { ...series.label, formatter: labelTemplate(formatter) } };
  if (formatter !== undefined || series.type === 'pie') return series;
  return { ...series, label: { ...series.label, formatter: (p: LabelParams) => byFormatter(p.value) } };
}

/** The option with Russian numbers wherever the chart left ECharts' own (English) formatting. */
export function withRussianNumbers(option: EChartsCoreOption): EChartsCoreOption {
  const next: Obj = { ...option };
  if (option.xAxis !== undefined) next.xAxis = axes(option.xAxis, 'category');
  if (option.yAxis !== undefined) next.yAxis = axes(option.yAxis, 'value');
  if (option.tooltip !== undefined) {
    next.tooltip = Array.isArray(option.tooltip) ? option.tooltip.map(tooltip) : tooltip(option.tooltip);
  }
  if (option.series !== undefined) next.series = asList(option.series).map(seriesLabel);
  return next as EChartsCoreOption;
}
