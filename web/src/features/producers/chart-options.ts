import {
  MOOD_COLOR_UNDEFINED,
  MOOD_COLORS,
  MOOD_IDS,
  MOOD_LABELS,
  type ProducerGraphResponse,
  THEME_COLORS,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import { RadarChart } from 'echarts/charts';
import { RadarComponent } from 'echarts/components';
import { use } from 'echarts/core';
import 'dayjs/locale/ru';
import { formatCount, formatExact } from '../../lib/format.ts';
import type { EChartsCoreOption } from '../../ui/EChart.tsx';

// ECharts options of the producer centers' graphs, pure so that tests read them directly.

// Only this page draws a radar: registered here, not in ui/EChart.tsx.
use([RadarChart, RadarComponent]);

const PALETTE = [
  THEME_COLORS.primary,
  THEME_COLORS.success,
  THEME_COLORS.error,
  THEME_COLORS.secondary,
  THEME_COLORS.warning,
  '#8E6CEF',
  '#29B6C5',
];

const moodColor = (label: string) => {
  const mood = MOOD_IDS.find((id) => MOOD_LABELS[id] === label);
  return mood ? MOOD_COLORS[mood] : MOOD_COLOR_UNDEFINED;
};

const valueLabel = (unit: string) => (value: number) =>
  unit ? `${formatExact(value)} ${unit}` : formatCount(value);

/** The integration charts carry the §9 plan targets: the plans are drawn as targets, the facts as bars. */
const INTEGRATION = new Set(['movies', 'songs', 'grants']);

/** A category axis whose titles collapse (the involvement chart from 12 columns on, §9). */
export function categoryAxis(categories: readonly string[], collapsed: boolean, dates: boolean) {
  const data = dates ? categories.map((day) => dayjs(day).locale('ru').format('D MMM')) : categories;
  return {
    type: 'category',
    data,
    axisLabel: collapsed
      ? { interval: 'auto', rotate: 45, width: 90, overflow: 'truncate', hideOverlap: true }
      : { interval: dates ? 'auto' : 0, width: 80, overflow: 'break', hideOverlap: dates },
  };
}

function radarOption(chart: ProducerGraphResponse): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    radar: {
      radius: '62%',
      center: ['50%', '48%'],
      indicator: chart.categories.map((name, i) => ({ name, max: chart.max?.[i] ?? 1 })),
    },
    series: [
      {
        type: 'radar',
        data: chart.series.map((s) => ({ name: s.name, value: s.data, areaStyle: { opacity: 0.15 } })),
      },
    ],
  };
}

function pieOption(chart: ProducerGraphResponse, moods: boolean): EChartsCoreOption {
  const series = chart.series[0];
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${formatExact(p.value)} (${formatExact(p.percent)} %)`,
    },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        name: series?.name ?? chart.title,
        radius: ['30%', '52%'],
        center: ['50%', '45%'],
        data: chart.categories.map((name, i) => ({
          name,
          value: series?.data[i] ?? 0,
          ...(moods ? { itemStyle: { color: moodColor(name) } } : {}),
        })),
        // Labels at the card's edges, name over share, broken over lines rather than cut; a slice under 8° keeps its name to the
        // tooltip and the legend (the sources' small platforms piled their labels over each other).
        minShowLabelAngle: 8,
        label: {
          formatter: (p: { name: string; percent: number }) => `${p.name}\n${formatExact(p.percent)} %`,
          alignTo: 'edge',
          edgeDistance: 8,
          minMargin: 4,
          overflow: 'break',
        },
        labelLine: { length: 8, length2: 0 },
      },
    ],
  };
}

/** The option of one graph answer. */
export function producerChartOption(chart: ProducerGraphResponse): EChartsCoreOption {
  if (chart.kind === 'radar') return radarOption(chart);
  if (chart.kind === 'pie') return pieOption(chart, chart.graph === 'target-tonality');
  const dates = chart.kind === 'line';
  const integration = INTEGRATION.has(chart.graph);
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) =>
        chart.unit ? `${formatExact(value)} ${chart.unit}` : formatExact(value),
    },
    legend: chart.series.length > 1 ? { bottom: 0, type: 'scroll' } : undefined,
    grid: { left: 8, right: 16, top: 24, bottom: chart.series.length > 1 ? 40 : 16, containLabel: true },
    xAxis: categoryAxis(chart.categories, chart.collapsed ?? false, dates),
    yAxis: {
      type: 'value',
      ...(integration ? { max: 100 } : {}),
      axisLabel: { formatter: valueLabel(chart.unit) },
    },
    dataZoom: dates && chart.categories.length > 120 ? [{ type: 'inside' }] : undefined,
    series: chart.series.map((s) => ({
      type: chart.kind,
      name: s.name,
      data: integration
        ? s.data.map((value, i) => ({
            value,
            // The measured fact is the primary bar; the fixed fact and the plans are the targets.
            itemStyle: {
              color: i === 1 ? THEME_COLORS.primary : i === 0 ? THEME_COLORS.secondary : THEME_COLORS.warning,
            },
          }))
        : s.data,
      smooth: chart.kind === 'line' ? true : undefined,
      barMaxWidth: chart.kind === 'bar' ? 48 : undefined,
      showSymbol: chart.kind === 'line' ? chart.categories.length <= 31 : undefined,
      label: integration
        ? { show: true, position: 'top', formatter: (p: { value: number }) => `${formatExact(p.value)} %` }
        : undefined,
    })),
  };
}

/** Whether an answer has anything to draw. */
export function hasData(chart: ProducerGraphResponse): boolean {
  if (chart.kind === 'radar') return chart.series.some((s) => s.data.some((v) => v > 0));
  return chart.categories.length > 0 && chart.series.some((s) => s.data.some((v) => v !== 0));
}
