import {
  DASHBOARD_LIST_TONALITIES,
  type DashboardAvailableLom,
  type DashboardGraphResponse,
  type DashboardLomCount,
  type DashboardLomItem,
  type DashboardMoodCounts,
  type DashboardMoodTableResponse,
  type DashboardPinnedTheme,
  type DashboardThemeChoice,
  dominantMood,
  fillMoodTable,
  isMood,
  type PartialMoodTable,
} from '@monitoring/contracts';
import { moodTableRowOf, num } from '../../domain/aggregates/mood-table-presenter.ts';
import type { AvailableLomRow } from './lom-queries.ts';
import type { PinnedPersonalThemeRow } from './personal-pinned-queries.ts';
import type { PinnedThemeRow, ThemeChoiceRow, ThemeMoodSumRow } from './pinned-queries.ts';
import type { BucketRow, LomStatsRow } from './queries.ts';

const zeroMoods = (): DashboardMoodCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });

/** A point for every bucket of the period (zeros where nothing was written), the rows summed into theirs. */
export function presentGraph(buckets: string[], rows: BucketRow[]): DashboardGraphResponse {
  const points = new Map(
    buckets.map((date) => [date, { date, message_count: 0, total_si: 0, moods: zeroMoods() }]),
  );
  for (const row of rows) {
    const point = points.get(row.bucket);
    if (!point) continue;
    point.message_count += num(row.n);
    point.total_si += num(row.si);
    const mood = row.mood === null ? null : Number(row.mood);
    if (mood !== null && isMood(mood)) point.moods[mood] += num(row.n);
  }
  return [...points.values()];
}

export function presentLomItem(row: LomStatsRow): DashboardLomItem {
  const moods = zeroMoods();
  for (const [mood, n] of row.moods ?? []) if (isMood(Number(mood))) moods[Number(mood) as 1] += num(n);
  return {
    id: Number(row.id),
    name: row.name,
    avatar: row.avatar,
    subscribers: num(row.subscribers),
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    total_views: num(row.total_views),
    moods,
    dominant_mood: dominantMood(moods),
    tonality: row.tonality === null ? null : Number(row.tonality),
  };
}

/** The constant loms per list (countConstantLoms: tonality → loms). */
export function presentLomCount(counts: Map<number | null, number>): DashboardLomCount {
  const positive = counts.get(DASHBOARD_LIST_TONALITIES.positive) ?? 0;
  const negative = counts.get(DASHBOARD_LIST_TONALITIES.negative) ?? 0;
  const neutral = counts.get(DASHBOARD_LIST_TONALITIES.neutral) ?? 0;
  return { positive, negative, neutral, total: positive + negative + neutral };
}

export function presentAvailableLom(row: AvailableLomRow): DashboardAvailableLom {
  return { id: Number(row.id), name: row.name, avatar: row.avatar };
}

/** A pinned theme with its sums and mood table over the rows of that theme among `sums`. */
export function presentPinnedTheme(theme: PinnedThemeRow, sums: ThemeMoodSumRow[]): DashboardPinnedTheme {
  const table: PartialMoodTable = {};
  let messageCount = 0;
  let si = 0;
  let views = 0;
  for (const row of sums) {
    if (Number(row.theme_id) !== Number(theme.id)) continue;
    messageCount += num(row.n);
    si += num(row.si);
    views += num(row.views);
    const mood = row.mood === null ? null : Number(row.mood);
    if (mood !== null && isMood(mood)) table[mood] = moodTableRowOf(row);
  }
  return {
    id: Number(theme.id),
    name: theme.name,
    position: Number(theme.position),
    message_count: messageCount,
    total_si: si,
    total_views: views,
    mood_table: fillMoodTable(table),
    constant_lom_count: num(theme.constant_lom_count),
  };
}

export function presentThemeChoice(row: ThemeChoiceRow): DashboardThemeChoice {
  return {
    id: Number(row.id),
    name: row.name,
    constant_lom_count: num(row.constant_lom_count),
    pinned: Boolean(row.pinned),
  };
}

/** A pinned personal theme with its mood table over the period; its sums are the table's «Всего» row. */
export function presentPinnedPersonalTheme(
  theme: PinnedPersonalThemeRow,
  table: DashboardMoodTableResponse,
): DashboardPinnedTheme {
  return {
    id: Number(theme.id),
    name: theme.name,
    position: Number(theme.position),
    message_count: table.total.message_count,
    total_si: table.total.total_si,
    total_views: table.total.total_views,
    mood_table: table.mood_table,
    constant_lom_count: num(theme.constant_lom_count),
  };
}
