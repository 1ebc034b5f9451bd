import {
  abbreviateNumber,
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  type MoodCounts,
  mergeOtherIntoNeutral,
  REPORT_CHART_TITLES,
  type ReportDay,
  type ReportOrdering,
  type ReportTableRow,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from '../EChart.tsx';

/** A day's counts per stored mood id as the mood bar's counts. */
export function moodCountsOf(moods: Record<string, number>): MoodCounts {
  return Object.fromEntries(Object.entries(moods).map(([mood, n]) => [Number(mood), n])) as MoodCounts;
}

/**
 * The dynamics by day: the messages of each day stacked by mood (4 counted as neutral), and the
 * day's SI as a line on its own axis.
 */
export function dynamicsOption(days: readonly ReportDay[]): EChartsCoreOption {
  const labels = days.map((d) => dayjs(d.day).format('DD.MM'));
  const merged = days.map((d) => mergeOtherIntoNeutral(moodCountsOf(d.moods)));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 56, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: labels },
    yAxis: [
      { type: 'value', name: REPORT_CHART_TITLES.message_count, minInterval: 1 },
      { type: 'value', name: REPORT_CHART_TITLES.total_si, splitLine: { show: false } },
    ],
    series: [
      ...MOOD_DISPLAY_ORDER.map((mood) => ({
        type: 'bar',
        name: MOOD_LABELS[mood],
        stack: 'moods',
        itemStyle: { color: MOOD_COLORS[mood] },
        data: merged.map((counts) => counts[mood] ?? 0),
      })),
      {
        type: 'line',
        name: REPORT_CHART_TITLES.total_si,
        yAxisIndex: 1,
        smooth: true,
        itemStyle: { color: '#1576E6' },
        data: days.map((d) => Math.round(d.total_si)),
      },
    ],
  };
}

/** The metric a top-N chart draws for each ordering, with its §9 title. */
const TOP_METRIC: Record<
  ReportOrdering,
  { key: 'total_si' | 'total_views' | 'message_count'; title: string }
> = {
  si: { key: 'total_si', title: REPORT_CHART_TITLES.total_si },
  views: { key: 'total_views', title: REPORT_CHART_TITLES.total_views },
  messages: { key: 'message_count', title: REPORT_CHART_TITLES.message_count },
};

export const topChartTitle = (ordering: ReportOrdering) => TOP_METRIC[ordering].title;

/** A top-N chart: one horizontal bar per row (the first at the top) of the ordering's metric. */
export function topOption(rows: readonly ReportTableRow[], ordering: ReportOrdering): EChartsCoreOption {
  const { key, title } = TOP_METRIC[ordering];
  const shown = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      splitNumber: 3,
      axisLabel: { formatter: (value: number) => abbreviateNumber(value) },
    },
    yAxis: {
      type: 'category',
      data: shown.map((row) => row.name),
      axisLabel: { width: 180, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: title,
        // One or two rows would otherwise fill the whole height with a single bar.
        barMaxWidth: 24,
        itemStyle: { color: '#1576E6' },
        data: shown.map((row) => Math.round(row[key] * 100) / 100),
      },
    ],
  };
}
