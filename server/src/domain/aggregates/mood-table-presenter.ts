import { fillMoodTable, isMood, type MoodTable, type PartialMoodTable } from '@monitoring/contracts';

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
