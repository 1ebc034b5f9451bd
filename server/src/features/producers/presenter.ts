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
import type { CenterRow, ClosedDays, DayRow, InvolvementRow } from './queries.ts';

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

/** A list row: the center, its override, its involvements of the period, its loms' subscribers. */
export function presentCenterRow(
  center: CenterRow,
  involvements: number,
  totals: { messages: number; views: number } = { messages: 0, views: 0 },
): ProducerCenterRow {
  return {
    id: center.id,
    name: center.name,
    type: center.type,
    loms_count: displayedLomsCount(center.id, Number(center.linked)),
    involvements,
    subscribers: Number(center.subscribers),
    messages: totals.messages,
    views: totals.views,
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

const RADAR_AXES = [
  'Сообщения на ЛОМ',
  'Просмотры на ЛОМ',
  'Репосты на ЛОМ',
  'Комментарии на ЛОМ',
  'Подписчики на ЛОМ',
  'ER, %',
];

export interface RadarTotals {
  loms: number;
  messages: number;
  views: number;
  reposts: number;
  comments: number;
  subscribers: number;
}

/** Per-lom figures of a set of loms in RADAR_AXES order; ER = (reposts + comments) / views, %. */
export function radarFigures(totals: RadarTotals): number[] {
  const per = (value: number) => (totals.loms > 0 ? Math.round((value / totals.loms) * 10) / 10 : 0);
  const er =
    totals.views > 0 ? Math.round(((totals.reposts + totals.comments) / totals.views) * 10_000) / 100 : 0;
  return [
    per(totals.messages),
    per(totals.views),
    per(totals.reposts),
    per(totals.comments),
    per(totals.subscribers),
    er,
  ];
}

/**
 * The chosen centers' loms (every center's without a choice) against the average lom of the product; each axis
 * scaled to 1.2 × its larger value.
 */
export function radarChart(chosen: RadarTotals, every: RadarTotals, everyCenter = false): Chart {
  const selection = radarFigures(chosen);
  const average = radarFigures(every);
  return {
    kind: 'radar',
    unit: '',
    categories: RADAR_AXES,
    max: RADAR_AXES.map((_, i) => Math.max(1, Math.ceil(Math.max(selection[i] ?? 0, average[i] ?? 0) * 1.2))),
    series: [
      { name: everyCenter ? 'ЛОМ всех центров' : 'ЛОМ выбранных центров', data: selection },
      { name: 'Средний ЛОМ', data: average },
    ],
  };
}

/** Messages per day by mood (4 counted as 3), stacked. */
export function moodDaysChart(
  days: ClosedDays,
  rows: readonly { day: string; mood: number | null; messages: string | number }[],
): Chart {
  const categories = daysOf(days);
  const index = new Map(categories.map((day, i) => [day, i]));
  const byMood = new Map<string, number[]>();
  for (const row of rows) {
    const mood = row.mood === 4 ? 3 : row.mood;
    const name = mood === null ? 'Без тональности' : MOOD_LABELS[mood as Mood];
    const at = index.get(row.day);
    if (at === undefined) continue;
    const data = byMood.get(name) ?? categories.map(() => 0);
    data[at] = (data[at] ?? 0) + Number(row.messages);
    byMood.set(name, data);
  }
  const order = [...MOOD_IDS.filter((m) => m !== 4).map((m) => MOOD_LABELS[m]), 'Без тональности'];
  return {
    kind: 'line',
    unit: '',
    categories,
    series: order.filter((name) => byMood.has(name)).map((name) => ({ name, data: byMood.get(name) ?? [] })),
  };
}
