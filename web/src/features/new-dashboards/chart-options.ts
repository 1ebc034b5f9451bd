import {
  type ChartResponse,
  formatNumber,
  MOOD_COLORS,
  MOOD_IDS,
  MOOD_LABELS,
  type NewDashboardChart,
} from '@monitoring/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { formatCount } from '../../lib/format.ts';

// ECharts options of the eight charts, pure so tests read them directly. Every chart draws exactly the numbers
// of its call (docs/new-dashboards.md), with the mood colours of product.md §9.

const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

const base = {
  animation: false,
  backgroundColor: '#fff',
  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
  legend: { bottom: 0, type: 'scroll' },
  grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
} as const;

const TIME_CHARTS: readonly NewDashboardChart[] = [
  'period_tonality',
  'period_source_tonality',
  'publication_involvement',
];

function categoryLabels(data: ChartResponse): string[] {
  return TIME_CHARTS.includes(data.chart) ? data.categories.map(dayLabel) : data.categories;
}

const colorOf = (s: ChartResponse['series'][number]) =>
  s.color ?? (s.mood ? MOOD_COLORS[s.mood as 1] : undefined);

function stackedBars(data: ChartResponse, horizontal: boolean): EChartsCoreOption {
  const categoryAxis = {
    type: 'category',
    data: categoryLabels(data),
    axisLabel: { width: 160, overflow: 'truncate' },
    ...(horizontal ? { inverse: true } : {}),
  };
  // Message counts: whole ticks, never 0,5.
  const valueAxis = {
    type: 'value',
    minInterval: 1,
    axisLabel: { formatter: (v: number) => formatCount(v) },
  };
  return {
    ...base,
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((s) => ({
      type: 'bar',
      name: s.name,
      stack: 'moods',
      data: s.values,
      itemStyle: { color: colorOf(s) },
      barMaxWidth: 36,
    })),
  };
}

function lines(data: ChartResponse): EChartsCoreOption {
  return {
    ...base,
    xAxis: { type: 'category', data: categoryLabels(data) },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.values,
      showSymbol: false,
      smooth: false,
    })),
  };
}

function pie(data: ChartResponse): EChartsCoreOption {
  const counts = data.series.find((s) => s.key === 'count')?.values ?? [];
  // The server's shares: truncated whole percents (product.md §4), the numbers of the report's table too.
  const shares = data.series.find((s) => s.key === 'share')?.values ?? [];
  const share = (name: string) => `${formatNumber(shares[data.categories.indexOf(name)] ?? 0)}\u00a0%`;
  return {
    ...base,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) =>
        `${p.name}: ${formatCount(p.value)} (${share(p.name)})`,
    },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        label: { formatter: (p: { name: string; value: number }) => `${p.name}: ${share(p.name)}` },
        avoidLabelOverlap: true,
        data: data.categories.map((name, i) => ({
          name,
          value: counts[i] ?? 0,
          itemStyle: { color: moodColorOfLabel(name) },
        })),
      },
    ],
  };
}

/** The pie's slices come as mood labels; their colours are the moods'. */
function moodColorOfLabel(label: string): string | undefined {
  const mood = MOOD_IDS.find((m) => MOOD_LABELS[m] === label);
  return mood ? MOOD_COLORS[mood] : undefined;
}

function involvement(data: ChartResponse): EChartsCoreOption {
  return {
    ...base,
    // Room above the plot for the two axes' names.
    grid: { ...base.grid, top: 36 },
    xAxis: { type: 'category', data: categoryLabels(data) },
    yAxis: [
      // The names start at their axis and run inwards: centred on the axis, «Публикации» was cut to «убликации».
      { type: 'value', name: 'Публикации', minInterval: 1, nameTextStyle: { align: 'left' } },
      {
        type: 'value',
        name: 'Вовлечённость',
        nameTextStyle: { align: 'right' },
        axisLabel: { formatter: (v: number) => formatCount(v) },
      },
    ],
    series: data.series.map((s) => ({
      type: s.key === 'publications' ? 'bar' : 'line',
      name: s.name,
      data: s.values,
      yAxisIndex: s.key === 'publications' ? 0 : 1,
      itemStyle: { color: s.color ?? undefined },
      showSymbol: false,
    })),
  };
}

function coefficients(data: ChartResponse): EChartsCoreOption {
  const values = data.series.find((s) => s.key === 'coefficient')?.values ?? [];
  return {
    ...base,
    legend: { show: false },
    xAxis: { type: 'value', min: -1, max: 1 },
    yAxis: {
      type: 'category',
      data: data.categories,
      inverse: true,
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: 'Коэффициент',
        data: values.map((v) => ({
          value: v,
          itemStyle: { color: v >= 0 ? MOOD_COLORS[1] : MOOD_COLORS[2] },
        })),
        label: {
          show: true,
          position: 'right',
          formatter: ({ value }: { value: number }) => formatNumber(value),
        },
      },
    ],
  };
}

/** The option of one chart's answer. */
export function chartOption(data: ChartResponse): EChartsCoreOption {
  switch (data.chart) {
    case 'period_tonality':
      return stackedBars(data, false);
    case 'tonality':
      return pie(data);
    case 'period_source_tonality':
      return lines(data);
    case 'tonality_source':
    case 'tonality_by_lom':
    case 'info-reason-tonality':
      return stackedBars(data, true);
    case 'publication_involvement':
      return involvement(data);
    case 'info-reason-tonality-coefficients':
      return coefficients(data);
  }
}
