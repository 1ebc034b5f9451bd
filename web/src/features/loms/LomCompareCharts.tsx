import {
  CHART_TITLES,
  type LomCompareItem,
  MOOD_COLORS,
  MOOD_LABELS,
  MOODS,
  mergeOtherIntoNeutral,
} from '@monitoring/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { formatCount } from '../../lib/format.ts';
import { EChart, type EChartsCoreOption } from '../../ui/EChart.tsx';
import { COMPARE_TEXTS } from './card/profile-texts.ts';

const CHARTS = [
  { metric: 'message_number', title: CHART_TITLES.MESSAGE_COUNT },
  { metric: 'total_si', title: CHART_TITLES.SI },
  { metric: 'total_views', title: CHART_TITLES.VIEWS },
  { metric: 'subscribers', title: 'Подписчики' },
] as const;

const MOOD_SERIES = [
  MOODS.SUPPORTIVE,
  MOODS.POSITIVE,
  MOODS.NEUTRAL,
  MOODS.NEGATIVE,
  MOODS.AGGRESSIVE,
] as const;

const axisLabel = { interval: 0, width: 110, overflow: 'truncate' as const };

function barOption(
  loms: readonly LomCompareItem[],
  metric: (typeof CHARTS)[number]['metric'],
): EChartsCoreOption {
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatCount(value) },
    xAxis: { type: 'category', data: loms.map((lom) => lom.name), axisLabel },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCount(value) } },
    series: [
      { type: 'bar', data: loms.map((lom) => lom[metric]), itemStyle: { color: '#1576E6' }, barMaxWidth: 48 },
    ],
  };
}

/** Messages by tonality per lom, stacked; mood 4 counts as neutral (product.md §4). */
function moodOption(loms: readonly LomCompareItem[]): EChartsCoreOption {
  const merged = loms.map((lom) => mergeOtherIntoNeutral(lom.mood_counts));
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: loms.map((lom) => lom.name), axisLabel },
    yAxis: { type: 'value' },
    series: MOOD_SERIES.map((mood) => ({
      type: 'bar',
      stack: 'moods',
      name: MOOD_LABELS[mood],
      itemStyle: { color: MOOD_COLORS[mood] },
      barMaxWidth: 48,
      data: merged.map((counts) => counts[mood] ?? 0),
    })),
  };
}

/** Bar charts of the main metrics and of the tonality, one bar per lom. */
export function LomCompareCharts({ loms, loading }: { loms: readonly LomCompareItem[]; loading: boolean }) {
  const options = useMemo(() => CHARTS.map((chart) => barOption(loms, chart.metric)), [loms]);
  const moods = useMemo(() => moodOption(loms), [loms]);
  return (
    <div className="lom-compare__charts">
      {CHARTS.map((chart, i) => (
        <Card key={chart.metric} size="small" title={chart.title}>
          <EChart option={options[i]} label={chart.title} height={260} loading={loading} />
        </Card>
      ))}
      <Card size="small" title={COMPARE_TEXTS.moodChart}>
        <EChart option={moods} label={COMPARE_TEXTS.moodChart} height={260} loading={loading} />
      </Card>
    </div>
  );
}
