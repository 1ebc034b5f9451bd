import {
  collapsesInvolvementTitles,
  displayedLomsCount,
  INTEGRATION_COLUMNS,
  INTEGRATION_TYPES,
  INVOLVEMENT_METRIC_LABELS,
  INVOLVEMENT_METRICS,
  type IntegrationChart,
  integrationColumns,
  MOOD_IDS,
  MOOD_LABELS,
  type Mood,
  mergeOtherIntoNeutral,
  PRODUCER_GRAPH_TITLES,
  type ProducerCenterRow,
  type ProducerGraph,
  type ProducerGraphResponse,
  percentOf,
  presetOrder,
} from '@monitoring/contracts';
import { addDays } from '../../domain/moscow-calendar.ts';
import type { CenterRow, CenterTotalsRow, ClosedDays, DayRow, InvolvementRow } from './queries.ts';

// Pure shaping of the producer centers' answers (docs/producers.md).

type Chart = Omit<ProducerGraphResponse, 'graph' | 'title' | 'period_after' | 'period_before'>;

export function chartOf(graph: ProducerGraph, days: ClosedDays, chart: Chart): ProducerGraphResponse {
  return {
    graph,
    title: PRODUCER_GRAPH_TITLES[graph],
    period_after: days.after,
    period_before: days.before,
    ...chart,
  };
}

/** A list row: the center, its override, its period figures (zero when its loms did not publish). */
export function presentCenterRow(
  center: CenterRow,
  totals: CenterTotalsRow | undefined,
  involvements: number,
): ProducerCenterRow {
  return {
    id: center.id,
    name: center.name,
    type: center.type,
    loms_count: displayedLomsCount(center.id, Number(center.linked)),
    involvements,
    subscribers: Number(center.subscribers),
    messages: Number(totals?.messages ?? 0),
    views: Number(totals?.views ?? 0),
  };
}

/** Every day of the period, both ends included. */
export function daysOf(days: ClosedDays): string[] {
  const list: string[] = [];
  for (let day = days.after; day <= days.before; day = addDays(day, 1)) list.push(day);
  return list;
}

/** A daily line: each day of the period, zero on days without a row. */
export function dailyLine(
  days: ClosedDays,
  rows: readonly DayRow[],
  series: readonly { name: string; value: (row: DayRow) => number }[],
  unit = '',
): Chart {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const categories = daysOf(days);
  return {
    kind: 'line',
    unit,
    categories,
    series: series.map(({ name, value }) => ({
      name,
      data: categories.map((day) => {
        const row = byDay.get(day);
        return row ? value(row) : 0;
      }),
    })),
  };
}

/** ER of a day, %: (reposts + comments) / views, two decimals; 0 without views. */
export function engagementRate(row: DayRow): number {
  const views = Number(row.views);
  return views > 0 ? Math.round(((Number(row.reposts) + Number(row.comments)) / views) * 10_000) / 100 : 0;
}

/** The involvement chart: a column group per title, a series per metric label; titles collapse past 12. */
export function involvementChart(rows: readonly InvolvementRow[]): Chart {
  return {
    kind: 'bar',
    unit: '',
    categories: rows.map((row) => row.title),
    collapsed: collapsesInvolvementTitles(rows.length),
    series: INVOLVEMENT_METRICS.map((metric) => ({
      name: INVOLVEMENT_METRIC_LABELS[metric],
      data: rows.map((row) => Number(row[metric])),
    })),
  };
}

/** An integration chart: the fixed 2025 fact, the period's share of the loms involved, the plans. */
export function integrationChart(
  chart: IntegrationChart,
  typesByLom: readonly { types: string[] }[],
  lomCount: number,
): Chart {
  const involved = typesByLom.filter((lom) => lom.types.includes(INTEGRATION_TYPES[chart])).length;
  return {
    kind: 'bar',
    unit: '%',
    categories: [...INTEGRATION_COLUMNS],
    series: [{ name: 'Доля ЛОМ центра', data: integrationColumns(chart, percentOf(involved, lomCount)) }],
  };
}

const OVERLAP_BUCKETS = [
  ['Только фильмы', ['Фильм']],
  ['Только песни', ['Песня']],
  ['Только гранты', ['Грант']],
  ['Фильмы и песни', ['Фильм', 'Песня']],
  ['Фильмы и гранты', ['Фильм', 'Грант']],
  ['Песни и гранты', ['Песня', 'Грант']],
  ['Фильмы, песни и гранты', ['Фильм', 'Песня', 'Грант']],
] as const;

/** Loms by the exact set of integration kinds (films, songs, grants) they took part in during the period. */
export function overlapChart(typesByLom: readonly { types: string[] }[]): Chart {
  const counts = OVERLAP_BUCKETS.map(() => 0);
  const kinds = Object.values(INTEGRATION_TYPES);
  for (const { types } of typesByLom) {
    const own = kinds.filter((kind) => types.includes(kind));
    const bucket = OVERLAP_BUCKETS.findIndex(
      ([, set]) => set.length === own.length && set.every((kind) => own.includes(kind)),
    );
    if (bucket >= 0) counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return {
    kind: 'bar',
    unit: '',
    categories: OVERLAP_BUCKETS.map(([label]) => label),
    series: [{ name: 'ЛОМ', data: counts }],
  };
}

/** The sources pie in the order of the §3 social networks preset. */
export function sourcesChart(rows: readonly { name: string; messages: string | number }[]): Chart {
  const sorted = [...rows].sort((a, b) => presetOrder(a.name, b.name));
  return {
    kind: 'pie',
    unit: '',
    categories: sorted.map((row) => row.name),
    series: [{ name: 'Число сообщений', data: sorted.map((row) => Number(row.messages)) }],
  };
}

/** The mood pie: mood 4 counts as 3; messages without a mood are their own slice. */
export function tonalityChart(rows: readonly { mood: number | null; messages: string | number }[]): Chart {
  const counts: Partial<Record<Mood, number>> = {};
  let unmarked = 0;
  for (const row of rows) {
    if (row.mood === null) unmarked += Number(row.messages);
    else counts[row.mood as Mood] = (counts[row.mood as Mood] ?? 0) + Number(row.messages);
  }
  const merged = mergeOtherIntoNeutral(counts);
  const moods = MOOD_IDS.filter((mood) => merged[mood] !== undefined);
  const categories = moods.map((mood) => MOOD_LABELS[mood]);
  const data = moods.map((mood) => merged[mood] ?? 0);
  if (unmarked > 0) {
    categories.push('Без тональности');
    data.push(unmarked);
  }
  return { kind: 'pie', unit: '', categories, series: [{ name: 'Число сообщений', data }] };
}

const RADAR_AXES = ['ЛОМ', 'Подписчики', 'Сообщения', 'Просмотры', 'Репосты', 'Комментарии', 'Интеграции'];

/** A center's radar figures in RADAR_AXES order. */
export function radarFigures(row: ProducerCenterRow, totals: CenterTotalsRow | undefined): number[] {
  return [
    row.loms_count,
    row.subscribers,
    row.messages,
    row.views,
    Number(totals?.reposts ?? 0),
    Number(totals?.comments ?? 0),
    row.involvements,
  ];
}

/** The chosen centers together against the average center; each axis scaled to the largest value on it. */
export function radarChart(chosen: readonly number[][], every: readonly number[][]): Chart {
  const sum = (rows: readonly number[][]) =>
    RADAR_AXES.map((_, i) => rows.reduce((s, r) => s + (r[i] ?? 0), 0));
  const selection = sum(chosen);
  const average = sum(every).map((value) => (every.length ? Math.round(value / every.length) : 0));
  const max = RADAR_AXES.map((_, i) =>
    Math.max(1, selection[i] ?? 0, average[i] ?? 0, ...every.map((row) => row[i] ?? 0)),
  );
  return {
    kind: 'radar',
    unit: '',
    categories: RADAR_AXES,
    max,
    series: [
      { name: 'Выбранные центры', data: selection },
      { name: 'Средний центр', data: average },
    ],
  };
}
