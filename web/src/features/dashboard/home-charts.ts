import {
  MOOD_COLORS,
  MOOD_LABELS,
  type MoodCounts,
  mergeOtherIntoNeutral,
  REPORT_CHART_TITLES,
  type ReportDay,
} from '@monitoring/contracts';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from '../../ui/EChart.tsx';
import { MOOD_DISPLAY_ORDER } from '../../ui/MoodBar.tsx';

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
