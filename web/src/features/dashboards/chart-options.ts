import {
  type DashboardGraphPoint,
  type DashboardRangeStep,
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  MOODS,
  type Mood,
  mergeOtherIntoNeutral,
  type PartialMoodTable,
  percentOf,
  toDegrees,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from '../../ui/EChart.tsx';
import { moodTableRows } from '../../ui/mood-table-rows.ts';

export interface MoodShare {
  mood: Mood;
  label: string;
  color: string;
  count: number;
  /** Truncated integer percent (§4). */
  percent: number;
  /** The slice's angle: degrees of 360, summing to 360 (§4 conic chart). */
  degrees: number;
}

/** The conic chart's slices: mood 4 merged into 3, positive side first; empty moods left out. */
export function moodShares(table: PartialMoodTable | null | undefined): MoodShare[] {
  const rows = moodTableRows(table);
  const degrees = toDegrees(rows.map((row) => row.message_count));
  return rows
    .map((row, index) => ({
      mood: row.mood,
      label: row.label,
      color: row.color,
      count: row.message_count,
      percent: row.percent,
      degrees: degrees[index] ?? 0,
    }))
    .filter((share) => share.count > 0);
}

/**
 * The conic (pie) chart of moods. Slices are drawn by their degrees and labelled with
 * truncated percents; with no data a single grey ring says so.
 */
export function moodPieOption(table: PartialMoodTable | null | undefined): EChartsCoreOption {
  const shares = moodShares(table);
  if (shares.length === 0) {
    return {
      title: {
        text: 'Нет данных за период',
        left: 'center',
        top: 'middle',
        textStyle: { fontSize: 13, color: '#8c8c8c' },
      },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          silent: true,
          label: { show: false },
          data: [{ value: 1, name: MOOD_LABELS[MOODS.NEUTRAL], itemStyle: { color: '#e5e5e5' } }],
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        avoidLabelOverlap: true,
        label: {
          formatter: (params: { data: { percent: number }; name: string }) => `${params.data.percent}%`,
        },
        data: shares.map((share) => ({
          // The angle is the degrees; the tooltip shows the message count.
          value: share.degrees,
          name: share.label,
          percent: share.percent,
          count: share.count,
          itemStyle: { color: share.color },
          tooltip: { formatter: `${share.label}: ${share.count} (${share.percent}%)` },
        })),
      },
    ],
  };
}

/** A bucket's label: the day, the week's first day, or the month. */
export function bucketLabel(date: string, step: DashboardRangeStep): string {
  const day = dayjs(date.slice(0, 10));
  if (!day.isValid()) return date;
  if (step === 'month') return day.format('MM.YYYY');
  return day.format('DD.MM.YY');
}

/**
 * Graph stats: stacked bars of messages per mood (4 merged into 3, positive side at the
 * bottom) and the Si line on the right axis.
 */
export function graphOption(
  points: readonly DashboardGraphPoint[],
  step: DashboardRangeStep,
): EChartsCoreOption {
  const merged = points.map((point) => mergeOtherIntoNeutral(point.moods));
  const total = (index: number) =>
    MOOD_DISPLAY_ORDER.reduce((sum, mood) => sum + (merged[index]?.[mood] ?? 0), 0);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 48, right: 56, top: 24, bottom: 72 },
    dataZoom: points.length > 40 ? [{ type: 'slider', bottom: 28, height: 16 }] : [],
    xAxis: { type: 'category', data: points.map((point) => bucketLabel(point.date, step)) },
    yAxis: [
      { type: 'value', name: 'Сообщений', minInterval: 1 },
      { type: 'value', name: 'Si', splitLine: { show: false } },
    ],
    series: [
      ...MOOD_DISPLAY_ORDER.map((mood) => ({
        type: 'bar',
        name: MOOD_LABELS[mood],
        stack: 'moods',
        itemStyle: { color: MOOD_COLORS[mood] },
        emphasis: { focus: 'series' },
        data: merged.map((counts, index) => ({
          value: counts[mood] ?? 0,
          percent: percentOf(counts[mood] ?? 0, total(index)),
        })),
      })),
      {
        type: 'line',
        name: 'Si',
        yAxisIndex: 1,
        showSymbol: points.length <= 40,
        itemStyle: { color: '#1f2937' },
        data: points.map((point) => point.total_si),
      },
    ],
  };
}
