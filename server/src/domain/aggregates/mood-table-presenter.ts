import {
  emptyMoodTableRow,
  fillMoodTable,
  isMood,
  type MoodTable,
  type MoodTableResponse,
  type MoodTableRow,
  type PartialMoodTable,
} from '@monitoring/contracts';
import type { MoodSums } from './mood-table-queries.ts';

/** A count or sum as PostgreSQL sends it (bigint and numeric come as text); null is 0. */
export const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Per-mood sums as a query aggregates them: [mood, messages, si, views, loms, subscribers]. */
export type MoodTuple = [number, number, number | null, number | null, number, number | null];

/** The per-mood tuples of a query as a full mood table (every bucket, mood 4 kept apart as stored). */
export function moodTableOf(tuples: MoodTuple[] | null): MoodTable {
  const table: PartialMoodTable = {};
  for (const [mood, n, si, views, loms, subscribers] of tuples ?? []) {
    if (!isMood(mood)) continue;
    table[mood] = {
      message_count: num(n),
      total_si: num(si),
      total_views: num(views),
      lom_count: num(loms),
      subscribers: num(subscribers),
    };
  }
  return fillMoodTable(table);
}

type Sum = string | number | null;

/** One mood's sums as the rollup queries name them. */
export interface MoodSumsRow {
  n: Sum;
  si: Sum;
  views: Sum;
  lom_count: Sum;
  subscribers: Sum;
}

/** One row of a mood table from a query's named sums. */
export function moodTableRowOf(row: MoodSumsRow): MoodTableRow {
  return {
    message_count: num(row.n),
    total_si: num(row.si),
    total_views: num(row.views),
    lom_count: num(row.lom_count),
    subscribers: num(row.subscribers),
  };
}

/** The mood table and its total row (mood null) of moodTableFromPerLom / moodTableFromMoodDays. */
export function presentMoodSums(sums: MoodSums[]): MoodTableResponse {
  const table: PartialMoodTable = {};
  let total = emptyMoodTableRow();
  for (const { mood, ...row } of sums) {
    if (mood === null) total = row;
    else if (isMood(mood)) table[mood] = row;
  }
  return { mood_table: fillMoodTable(table), total };
}
