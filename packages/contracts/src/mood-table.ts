import { z } from 'zod';
import { MOOD_IDS, type Mood, type MoodCounts } from './moods.ts';

/** The counts of one tonality in a mood table (product.md §3 "Mood table"). */
export const moodTableRowSchema = z.object({
  message_count: z.number().int().nonnegative(),
  lom_count: z.number().int().nonnegative(),
  /** Si is an index, so its sum may be fractional. */
  total_si: z.number().nonnegative(),
  total_views: z.number().int().nonnegative(),
  subscribers: z.number().int().nonnegative(),
});
export type MoodTableRow = z.infer<typeof moodTableRowSchema>;

/** A full mood table: one row per mood id, every bucket present (JSON keys "1"…"6"). */
export const moodTableSchema = z.object({
  1: moodTableRowSchema,
  2: moodTableRowSchema,
  3: moodTableRowSchema,
  4: moodTableRowSchema,
  5: moodTableRowSchema,
  6: moodTableRowSchema,
});
export type MoodTable = z.infer<typeof moodTableSchema>;

export const MOOD_TABLE_METRICS = [
  'message_count',
  'lom_count',
  'total_si',
  'total_views',
  'subscribers',
] as const;
export type MoodTableMetric = (typeof MOOD_TABLE_METRICS)[number];

/** What a query or an older answer may hold: buckets or fields missing, sums null. */
export type PartialMoodTable = Partial<
  Record<Mood, Partial<Record<MoodTableMetric, number | null | undefined>> | null | undefined>
>;

export function emptyMoodTableRow(): MoodTableRow {
  return { message_count: 0, lom_count: 0, total_si: 0, total_views: 0, subscribers: 0 };
}

function finiteOrZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Fills missing mood buckets with zero rows (§3) and missing or null fields
 * with zero, so that a page can read any cell. Keys other than mood ids are
 * dropped.
 */
export function fillMoodTable(partial: PartialMoodTable | null | undefined): MoodTable {
  const row = (mood: Mood): MoodTableRow => {
    const source = partial?.[mood];
    const filled = emptyMoodTableRow();
    for (const metric of MOOD_TABLE_METRICS) filled[metric] = finiteOrZero(source?.[metric]);
    return filled;
  };
  return { 1: row(1), 2: row(2), 3: row(3), 4: row(4), 5: row(5), 6: row(6) };
}

/** One column of a mood table as counts per mood (message_count by default). */
export function moodTableCounts(
  table: PartialMoodTable | null | undefined,
  metric: MoodTableMetric = 'message_count',
): Record<Mood, number> {
  const filled = fillMoodTable(table);
  return {
    1: filled[1][metric],
    2: filled[2][metric],
    3: filled[3][metric],
    4: filled[4][metric],
    5: filled[5][metric],
    6: filled[6][metric],
  };
}

/**
 * Truncated integer percent of a part (§4): trunc(100 × part / total).
 * Zero when the total is zero or either value is not finite. A result that is
 * an integer but for float noise (0.57 of 1 → 56.999…) is taken as that integer.
 */
export function percentOf(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total === 0) return 0;
  const raw = (part * 100) / total;
  const nearest = Math.round(raw);
  if (Math.abs(raw - nearest) < 1e-9) return nearest;
  return Math.trunc(raw);
}

/**
 * The share of each mood in percent with one decimal, as the mood dynamics
 * show it (§3). All zeros when there is nothing to share. Mood 4 keeps its own
 * share; merge it into 3 first (mergeOtherIntoNeutral) where it should not.
 */
export function moodDynamicsPercents(counts: MoodCounts): Record<Mood, number> {
  const values = MOOD_IDS.map((mood) => {
    const value = counts[mood];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  });
  const total = values.reduce((sum, value) => sum + value, 0);
  const share = (index: number) => (total === 0 ? 0 : Math.round((values[index] * 1000) / total) / 10);
  return { 1: share(0), 2: share(1), 3: share(2), 4: share(3), 5: share(4), 6: share(5) };
}

/**
 * Whole degrees of a conic chart (§4). Shares may be fractions or raw counts:
 * they are normalised by their sum, and the degrees always add up to exactly
 * 360 (largest remainder; ties go to the earlier share). Negative and
 * non-finite shares count as zero; with nothing to show every slice is 0.
 */
export function toDegrees(shares: readonly number[]): number[] {
  const values = shares.map((share) => (Number.isFinite(share) && share > 0 ? share : 0));
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total === 0) return values.map(() => 0);
  const exact = values.map((value) => (value * 360) / total);
  const degrees = exact.map((value) => Math.floor(value));
  let missing = 360 - degrees.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => values[index] > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    degrees[index] += 1;
    missing -= 1;
  }
  return degrees;
}
