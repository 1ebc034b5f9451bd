import {
  CHART_MOODS,
  type ChartResponse,
  type ChartSeries,
  type ChartStep,
  MOOD_COLORS,
  MOOD_LABELS,
  type Mood,
  NEGATIVE_MOODS,
  NEW_DASHBOARD_CHART_TITLES,
  type NewDashboardChart,
  POSITIVE_MOODS,
  percentOf,
} from '@monitoring/contracts';
import { stepStarts } from '../../domain/moscow-calendar.ts';
import type { GroupRow } from './chart-queries.ts';
import type { DayPeriod } from './dashboard-filter.ts';

// Group rows → the charts' answers. Moods: «Другое» (4) counts as «Нейтральная» (3), as in the mood table;
// messages without a mood are left out of the mood charts (docs/new-dashboards.md).

/** The mood a series shows a stored mood under, or null when it has none. */
export function chartMood(mood: number | null): Mood | null {
  if (mood === null) return null;
  return (mood === 4 ? 3 : mood) as Mood;
}

interface Frame {
  chart: NewDashboardChart;
  period: DayPeriod;
  step: ChartStep | null;
  source: 'rollup' | 'messages';
}

const moodSeries = (mood: Mood, values: number[]): ChartSeries => ({
  key: `mood_${mood}`,
  name: MOOD_LABELS[mood],
  mood,
  color: MOOD_COLORS[mood],
  values,
});

function answer(
  frame: Frame,
  categories: string[],
  ids: (number | null)[],
  series: ChartSeries[],
  total: number,
) {
  return {
    chart: frame.chart,
    title: NEW_DASHBOARD_CHART_TITLES[frame.chart],
    period: frame.period,
    step: frame.step,
    source: frame.source,
    categories,
    category_ids: ids,
    series,
    total,
  } satisfies ChartResponse;
}

/** Moods (series) over categories (x): rows carry the category in `pick(row)`. */
function moodMatrix(
  rows: readonly GroupRow[],
  categories: readonly (string | number)[],
  pick: (row: GroupRow) => string | number | null,
): { series: ChartSeries[]; total: number } {
  const index = new Map(categories.map((c, i) => [c, i]));
  const values = new Map<Mood, number[]>(CHART_MOODS.map((m) => [m, categories.map(() => 0)]));
  let total = 0;
  for (const row of rows) {
    const mood = chartMood(row.mood);
    const at = index.get(pick(row) as string | number);
    if (mood === null || at === undefined) continue;
    const line = values.get(mood);
    if (!line) continue;
    line[at] += row.n;
    total += row.n;
  }
  return { series: CHART_MOODS.map((m) => moodSeries(m, values.get(m) ?? [])), total };
}

/** Periods of a chart over time: every step of the period, empty ones too. */
export function periodCategories(period: DayPeriod, step: ChartStep): string[] {
  return stepStarts(period.from, period.to, step);
}

export function presentPeriodTonality(frame: Frame & { step: ChartStep }, rows: GroupRow[]): ChartResponse {
  const buckets = periodCategories(frame.period, frame.step);
  const { series, total } = moodMatrix(rows, buckets, (row) => row.bucket);
  return answer(
    frame,
    buckets,
    buckets.map(() => null),
    series,
    total,
  );
}

export function presentTonality(frame: Frame, rows: GroupRow[]): ChartResponse {
  const counts = new Map<Mood, number>();
  for (const row of rows) {
    const mood = chartMood(row.mood);
    if (mood !== null) counts.set(mood, (counts.get(mood) ?? 0) + row.n);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const moods = CHART_MOODS.filter((m) => (counts.get(m) ?? 0) > 0);
  const values = moods.map((m) => counts.get(m) ?? 0);
  // Truncated whole percents (product.md §4), as the mood table's.
  const shares = values.map((v) => percentOf(v, total));
  return answer(
    frame,
    moods.map((m) => MOOD_LABELS[m]),
    moods.map(() => null),
    [
      { key: 'count', name: 'Сообщения', mood: null, color: null, values },
      { key: 'share', name: 'Доля, %', mood: null, color: null, values: shares },
    ],
    total,
  );
}

/** Ranked keys (loms, sources, info reasons) by their messages, names looked up. */
function rankedKeys(rows: readonly GroupRow[], names: ReadonlyMap<number, string>) {
  const totals = new Map<number, number>();
  for (const row of rows) if (row.key !== null) totals.set(row.key, (totals.get(row.key) ?? 0) + row.n);
  const ids = [...totals.keys()].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a - b);
  return { ids, labels: ids.map((id) => names.get(id) ?? `№ ${id}`) };
}

/**
 * Moods per ranked key: tonality_source, tonality_by_lom, info-reason-tonality. The keys go by their messages
 * with a mood, or in `order` when the ranking counted something else (tonality_by_lom: every message).
 */
export function presentKeyTonality(
  frame: Frame,
  rows: GroupRow[],
  names: ReadonlyMap<number, string>,
  order?: readonly number[],
) {
  const { ids, labels } = order
    ? { ids: [...order], labels: order.map((id) => names.get(id) ?? `№ ${id}`) }
    : rankedKeys(rows, names);
  const { series, total } = moodMatrix(rows, ids, (row) => row.key);
  return answer(frame, labels, ids, series, total);
}

/** One series per source over the steps: period_source_tonality. */
export function presentPeriodSources(
  frame: Frame & { step: ChartStep },
  rows: GroupRow[],
  names: ReadonlyMap<number, string>,
): ChartResponse {
  const buckets = periodCategories(frame.period, frame.step);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const { ids, labels } = rankedKeys(rows, names);
  const lines = new Map(ids.map((id) => [id, buckets.map(() => 0)]));
  let total = 0;
  for (const row of rows) {
    const at = row.bucket === null ? undefined : index.get(row.bucket);
    const line = row.key === null ? undefined : lines.get(row.key);
    if (at === undefined || !line || chartMood(row.mood) === null) continue;
    line[at] += row.n;
    total += row.n;
  }
  const series = ids.map((id, i) => ({
    key: `source_${id}`,
    name: labels[i],
    mood: null,
    color: null,
    values: lines.get(id) ?? [],
  }));
  return answer(
    frame,
    buckets,
    buckets.map(() => null),
    series,
    total,
  );
}

/** Publications and their engagement per step: publication_involvement (every message, with or without a mood). */
export function presentInvolvement(frame: Frame & { step: ChartStep }, rows: GroupRow[]): ChartResponse {
  const buckets = periodCategories(frame.period, frame.step);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const make = () => buckets.map(() => 0);
  const sums = { n: make(), views: make(), reposts: make(), comments: make() };
  let total = 0;
  for (const row of rows) {
    const at = row.bucket === null ? undefined : index.get(row.bucket);
    if (at === undefined) continue;
    sums.n[at] += row.n;
    sums.views[at] += row.views;
    sums.reposts[at] += row.reposts;
    sums.comments[at] += row.comments;
    total += row.n;
  }
  const series: ChartSeries[] = [
    { key: 'publications', name: 'Публикации', mood: null, color: '#1576E6', values: sums.n },
    { key: 'views', name: 'Просмотры', mood: null, color: '#54667A', values: sums.views },
    { key: 'reposts', name: 'Репосты', mood: null, color: '#F5CE40', values: sums.reposts },
    { key: 'comments', name: 'Комментарии', mood: null, color: '#66C05A', values: sums.comments },
  ];
  return answer(
    frame,
    buckets,
    buckets.map(() => null),
    series,
    total,
  );
}

/**
 * The tonality coefficient of an info reason: (positive − negative) / all its messages with a mood, from −1
 * (all negative) to 1 (all positive); positive is «Позитивная» and «Поддерживающая», negative «Негативная» and
 * «Агрессивная». Rounded to 3 decimals.
 */
export function tonalityCoefficient(counts: { positive: number; negative: number; total: number }): number {
  if (counts.total === 0) return 0;
  return Math.round(((counts.positive - counts.negative) / counts.total) * 1000) / 1000;
}

export function presentCoefficients(frame: Frame, rows: GroupRow[], names: ReadonlyMap<number, string>) {
  const { ids, labels } = rankedKeys(rows, names);
  const counts = new Map(ids.map((id) => [id, { positive: 0, negative: 0, total: 0 }]));
  let total = 0;
  for (const row of rows) {
    const mood = chartMood(row.mood);
    const c = row.key === null ? undefined : counts.get(row.key);
    if (!c || mood === null) continue;
    c.total += row.n;
    total += row.n;
    if (POSITIVE_MOODS.includes(mood)) c.positive += row.n;
    if (NEGATIVE_MOODS.includes(mood)) c.negative += row.n;
  }
  const of = (id: number) => counts.get(id) ?? { positive: 0, negative: 0, total: 0 };
  const series: ChartSeries[] = [
    {
      key: 'coefficient',
      name: 'Коэффициент',
      mood: null,
      color: '#1576E6',
      values: ids.map((id) => tonalityCoefficient(of(id))),
    },
    {
      key: 'positive',
      name: 'Позитивные',
      mood: 1,
      color: MOOD_COLORS[1],
      values: ids.map((id) => of(id).positive),
    },
    {
      key: 'negative',
      name: 'Негативные',
      mood: 2,
      color: MOOD_COLORS[2],
      values: ids.map((id) => of(id).negative),
    },
    {
      key: 'total',
      name: 'Всего с тональностью',
      mood: null,
      color: null,
      values: ids.map((id) => of(id).total),
    },
  ];
  return answer(frame, labels, ids, series, total);
}
