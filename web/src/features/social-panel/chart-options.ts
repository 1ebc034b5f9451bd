import {
  AUDIENCE_PALETTE,
  type SocialPanelSeriesResponse,
  type SocialPanelShare,
  type SocialPanelTopItem,
} from '@monitoring/contracts';
import { formatDate, formatExact } from '../../lib/format.ts';
import type { EChartsCoreOption } from '../../ui/EChart.tsx';

const percent = (value: number) => `${formatExact(value)} %`;

/** Shares of a small group (gender, education, family status) as a ring. */
export function ringOption(items: readonly SocialPanelShare[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (value: number) => percent(value) },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['36%', '60%'],
        center: ['50%', '45%'],
        // Labels aligned to the card's edges, 8 px in: a narrow card clipped a left label («8,22 %» of 48,22 %).
        label: {
          formatter: (p: { value: number }) => percent(p.value),
          alignTo: 'edge',
          edgeDistance: 8,
          overflow: 'none',
        },
        labelLine: { length: 8, length2: 0 },
        data: items.map((item, i) => ({
          name: item.label,
          value: item.value,
          itemStyle: { color: AUDIENCE_PALETTE[i % AUDIENCE_PALETTE.length] },
        })),
      },
    ],
  };
}

/** Age buckets as columns, in the set's order. */
export function columnsOption(items: readonly SocialPanelShare[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => percent(value) },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: {
      type: 'category',
      data: items.map((i) => i.label),
      // «18–24 года» on two lines, so six buckets fit side by side.
      axisLabel: {
        interval: 0,
        fontSize: 11,
        lineHeight: 14,
        formatter: (label: string) => label.replace(' ', '\n'),
      },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => percent(value) } },
    series: [{ type: 'bar', data: items.map((i) => i.value), itemStyle: { color: AUDIENCE_PALETTE[0] } }],
  };
}

/** A ranked list (regions, loms, groups) as horizontal bars, the largest on top. */
export function rankedOption(names: readonly string[], values: readonly number[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => percent(v) },
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    // The bars carry their values; the axis would only crowd them.
    xAxis: { type: 'value', axisLabel: { show: false }, splitLine: { show: false } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: [...names],
      axisLabel: { width: 200, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: [...values],
        itemStyle: { color: AUDIENCE_PALETTE[0] },
        label: { show: true, position: 'right', formatter: (p: { value: number }) => percent(p.value) },
      },
    ],
  };
}

export function topOption(items: readonly SocialPanelTopItem[]): EChartsCoreOption {
  return rankedOption(
    items.map((i) => i.name),
    items.map((i) => i.value),
  );
}

/** The panel's size at each month end. */
export function growthOption(series: SocialPanelSeriesResponse['results']): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatExact(value) },
    grid: { left: 56, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: series.map((p) => formatDate(p.date)), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => formatExact(value) } },
    series: [
      {
        type: 'line',
        name: 'Участники',
        data: series.map((p) => p.value),
        areaStyle: { opacity: 0.15 },
        itemStyle: { color: AUDIENCE_PALETTE[0] },
      },
    ],
  };
}

/** Height of a ranked chart: a row per bar. */
export const rankedHeight = (count: number) => Math.max(140, count * 28 + 24);
