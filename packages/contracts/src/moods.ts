import { z } from 'zod';

/** Mood (tonality) ids, product.md §4. */
export const MOODS = {
  /** Positive in context. */
  POSITIVE: 1,
  /** Negative or protest in context. */
  NEGATIVE: 2,
  NEUTRAL: 3,
  /** Counted as neutral everywhere (mergeOtherIntoNeutral, expandMoodFilter). */
  OTHER: 4,
  /** Negative evaluation. */
  AGGRESSIVE: 5,
  /** Positive evaluation. */
  SUPPORTIVE: 6,
} as const;

export type Mood = (typeof MOODS)[keyof typeof MOODS];

export const MOOD_IDS: readonly Mood[] = [1, 2, 3, 4, 5, 6];

/**
 * The one order of the moods on screen (tables, bars, charts, pickers): the positive side first, neutral, then
 * the negative side, each side's evaluation mood outside its context mood. «Другое» (4) stands after neutral
 * where it is offered on its own (a picker); MOOD_DISPLAY_ORDER is the order without it (4 counts as 3).
 */
export const MOOD_ORDER: readonly Mood[] = [6, 1, 3, 4, 2, 5];
export const MOOD_DISPLAY_ORDER: readonly Mood[] = MOOD_ORDER.filter((mood) => mood !== 4);

export const moodSchema = z.literal([1, 2, 3, 4, 5, 6]);

/** A count of messages per mood, every mood 1..6 present (mood tables, a lom's and a story's moods). */
export const moodCountsSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
  6: z.number().int(),
});

export function isMood(value: unknown): value is Mood {
  return typeof value === 'number' && (MOOD_IDS as readonly number[]).includes(value);
}

/** The positive pair (context, evaluation) and the negative pair. */
export const POSITIVE_MOODS: readonly Mood[] = [MOODS.POSITIVE, MOODS.SUPPORTIVE];
export const NEGATIVE_MOODS: readonly Mood[] = [MOODS.NEGATIVE, MOODS.AGGRESSIVE];

/** Labels for 1–3 are the spec's (§9); the rest follow the same form. */
export const MOOD_LABELS: Readonly<Record<Mood, string>> = {
  1: 'Позитивное',
  2: 'Негативное',
  3: 'Нейтральное',
  4: 'Другое',
  5: 'Агрессивное',
  6: 'Поддерживающее',
};

/** Light grey: no mood, no data (the "undefined" colour of §9). */
export const MOOD_COLOR_UNDEFINED = '#D9D9D9';

/**
 * §9: positive green, negative red, neutral grey, aggressive dark red,
 * supportive dark green. Green and red are the theme's success and error
 * colours. "Other" has no colour of its own and shows as undefined.
 */
export const MOOD_COLORS: Readonly<Record<Mood, string>> = {
  1: '#66C05A',
  2: '#EF4D4D',
  3: '#9AA5B1',
  4: MOOD_COLOR_UNDEFINED,
  5: '#A61E1E',
  6: '#2E7D32',
};

/** Counts per mood as they come from the server: missing and null mean zero. */
export type MoodCounts = Partial<Record<Mood, number | null | undefined>>;

/** A count that can be summed: non-finite or negative values count as zero. */
function countOf(counts: MoodCounts, mood: Mood): number {
  const value = counts[mood];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Mood 4 counts merge into 3 (§4). The result has no key 4. */
export function mergeOtherIntoNeutral(counts: MoodCounts): Partial<Record<Mood, number>> {
  const merged: Partial<Record<Mood, number>> = {};
  for (const mood of MOOD_IDS) {
    if (mood === MOODS.OTHER || counts[mood] === undefined) continue;
    merged[mood] = countOf(counts, mood);
  }
  if (counts[MOODS.OTHER] !== undefined || counts[MOODS.NEUTRAL] !== undefined) {
    merged[MOODS.NEUTRAL] = countOf(counts, MOODS.NEUTRAL) + countOf(counts, MOODS.OTHER);
  }
  return merged;
}

/** In filters neutral means neutral or other: [1, 3] → [1, 3, 4]. Order kept, no duplicates. */
export function expandMoodFilter(ids: readonly number[]): number[] {
  const expanded: number[] = [];
  const add = (id: number) => {
    if (!expanded.includes(id)) expanded.push(id);
  };
  for (const id of ids) {
    add(id);
    if (id === MOODS.NEUTRAL) add(MOODS.OTHER);
  }
  return expanded;
}

/**
 * The mood that colours an item (§4). Neutral wins if its count exceeds both
 * the positive sum (1+6) and the negative sum (2+5); otherwise the larger side
 * wins, then the larger of its pair (a tie inside the pair goes to the context
 * mood, 1 or 2); when the sides are equal there is no colour (null).
 * Mood 4 is counted as neutral, as everywhere.
 */
export function dominantMood(counts: MoodCounts): Mood | null {
  const positive = countOf(counts, MOODS.POSITIVE) + countOf(counts, MOODS.SUPPORTIVE);
  const negative = countOf(counts, MOODS.NEGATIVE) + countOf(counts, MOODS.AGGRESSIVE);
  const neutral = countOf(counts, MOODS.NEUTRAL) + countOf(counts, MOODS.OTHER);
  if (neutral > positive && neutral > negative) return MOODS.NEUTRAL;
  if (positive > negative) {
    return countOf(counts, MOODS.SUPPORTIVE) > countOf(counts, MOODS.POSITIVE)
      ? MOODS.SUPPORTIVE
      : MOODS.POSITIVE;
  }
  if (negative > positive) {
    return countOf(counts, MOODS.AGGRESSIVE) > countOf(counts, MOODS.NEGATIVE)
      ? MOODS.AGGRESSIVE
      : MOODS.NEGATIVE;
  }
  return null;
}

/** The largest non-zero count; ties go to the lower id. Null when every count is zero. */
function largestMood(counts: MoodCounts): Mood | null {
  let best: Mood | null = null;
  for (const mood of MOOD_IDS) {
    const count = countOf(counts, mood);
    if (count > 0 && (best === null || count > countOf(counts, best))) best = mood;
  }
  return best;
}

/** Any mood table: only message_count is read. */
export type MoodTableLike = Partial<Record<Mood, { message_count?: number | null } | null | undefined>>;

/**
 * The colour of the most frequent mood by message count (§4), falling back to
 * mood 3's colour when there is none or when it is mood 4.
 */
export function moodTableDominantColor(table: MoodTableLike | null | undefined): string {
  const counts: MoodCounts = {};
  for (const mood of MOOD_IDS) counts[mood] = table?.[mood]?.message_count;
  const mood = largestMood(counts);
  if (mood === null || mood === MOODS.OTHER) return MOOD_COLORS[MOODS.NEUTRAL];
  return MOOD_COLORS[mood];
}

export type MoodIconName = 'happy' | 'angry' | 'neutral' | 'help';

export interface MoodIcon {
  icon: MoodIconName;
  /** Ring colour: the largest mood's colour, light grey with no data. */
  color: string;
  /** The largest mood; null with no data. */
  mood: Mood | null;
}

const ICON_BY_MOOD: Readonly<Record<Mood, MoodIconName>> = {
  1: 'happy',
  2: 'angry',
  3: 'neutral',
  4: 'help',
  5: 'angry',
  6: 'happy',
};

/** The icon of one given mood (a list of one tonality shows that tonality's face, whatever its items' counts). */
export function moodIconOf(mood: Mood): MoodIcon {
  return { icon: ICON_BY_MOOD[mood], color: MOOD_COLORS[mood], mood };
}

/**
 * §4: zero counts are dropped and the icon follows the largest mood (ties go
 * to the lower id). With no data: the help icon on a grey ring.
 */
export function moodIcon(counts: MoodCounts | null | undefined): MoodIcon {
  const mood = counts ? largestMood(counts) : null;
  if (mood === null) return { icon: 'help', color: MOOD_COLOR_UNDEFINED, mood: null };
  return moodIconOf(mood);
}

/**
 * Whether an info reason's actual mood meets its target tonality (§4): true
 * when both are in the positive pair {1, 6}, both in the negative pair {2, 5},
 * or both neutral (3); false otherwise, including an actual 4 or no actual
 * mood. Null when no target is set (or it is not a mood id) or the target
 * is the fourth option (4), which has nothing to match.
 */
export function isTargetTonalityMet(
  actual: number | null | undefined,
  target: number | null | undefined,
): boolean | null {
  if (!isMood(target) || target === MOODS.OTHER) return null;
  if (actual === null || actual === undefined) return false;
  const inPair = (pair: readonly Mood[]) =>
    (pair as readonly number[]).includes(actual) && (pair as readonly number[]).includes(target);
  if (inPair(POSITIVE_MOODS) || inPair(NEGATIVE_MOODS)) return true;
  return actual === MOODS.NEUTRAL && target === MOODS.NEUTRAL;
}
