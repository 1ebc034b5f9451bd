import { describe, expect, it } from 'vitest';
import {
  dominantMood,
  expandMoodFilter,
  isMood,
  isTargetTonalityMet,
  MOOD_COLOR_UNDEFINED,
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_IDS,
  MOOD_LABELS,
  MOOD_ORDER,
  MOODS,
  mergeOtherIntoNeutral,
  moodIcon,
  moodIconOf,
  moodSchema,
  moodTableDominantColor,
} from './moods.ts';

describe('mood ids, labels and colours', () => {
  it('numbers the moods as §4 does', () => {
    expect(MOODS).toEqual({ POSITIVE: 1, NEGATIVE: 2, NEUTRAL: 3, OTHER: 4, AGGRESSIVE: 5, SUPPORTIVE: 6 });
    expect(MOOD_IDS).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('uses the spec labels for 1, 2 and 3', () => {
    expect(MOOD_LABELS[1]).toBe('Позитивное');
    expect(MOOD_LABELS[2]).toBe('Негативное');
    expect(MOOD_LABELS[3]).toBe('Нейтральное');
    expect(MOOD_LABELS[4]).toBe('Другое');
    expect(MOOD_LABELS[5]).toBe('Агрессивное');
    expect(MOOD_LABELS[6]).toBe('Поддерживающее');
  });

  it('gives every mood a hex colour, distinct apart from "other" sharing the undefined grey', () => {
    for (const mood of MOOD_IDS) expect(MOOD_COLORS[mood]).toMatch(/^#[0-9A-F]{6}$/);
    expect(MOOD_COLOR_UNDEFINED).toMatch(/^#[0-9A-F]{6}$/);
    expect(MOOD_COLORS[4]).toBe(MOOD_COLOR_UNDEFINED);
    expect(new Set(MOOD_IDS.map((mood) => MOOD_COLORS[mood])).size).toBe(6);
  });

  it('validates mood ids', () => {
    expect(moodSchema.parse(6)).toBe(6);
    expect(moodSchema.safeParse(0).success).toBe(false);
    expect(moodSchema.safeParse(7).success).toBe(false);
    expect(moodSchema.safeParse('3').success).toBe(false);
    expect(isMood(3)).toBe(true);
    expect(isMood(3.5)).toBe(false);
    expect(isMood('1')).toBe(false);
  });
});

describe('mergeOtherIntoNeutral', () => {
  it('adds mood 4 to mood 3 and drops key 4', () => {
    expect(mergeOtherIntoNeutral({ 1: 5, 3: 2, 4: 7, 6: 1 })).toEqual({ 1: 5, 3: 9, 6: 1 });
  });

  it('creates the neutral bucket when only "other" is present', () => {
    expect(mergeOtherIntoNeutral({ 4: 3 })).toEqual({ 3: 3 });
  });

  it('treats null as zero and leaves absent moods absent', () => {
    expect(mergeOtherIntoNeutral({ 2: null, 3: 4, 4: null })).toEqual({ 2: 0, 3: 4 });
    expect(mergeOtherIntoNeutral({})).toEqual({});
  });

  it('does not change its input', () => {
    const counts = { 3: 1, 4: 1 };
    mergeOtherIntoNeutral(counts);
    expect(counts).toEqual({ 3: 1, 4: 1 });
  });
});

describe('expandMoodFilter', () => {
  it('turns 3 into 3,4 (§4)', () => {
    expect(expandMoodFilter([3])).toEqual([3, 4]);
    expect(expandMoodFilter([1, 3, 5])).toEqual([1, 3, 4, 5]);
  });

  it('does not add 4 twice and leaves other lists alone', () => {
    expect(expandMoodFilter([4, 3])).toEqual([4, 3]);
    expect(expandMoodFilter([3, 3])).toEqual([3, 4]);
    expect(expandMoodFilter([1, 2])).toEqual([1, 2]);
    expect(expandMoodFilter([])).toEqual([]);
  });
});

describe('dominantMood', () => {
  it('is neutral when neutral exceeds both the positive and the negative sum', () => {
    expect(dominantMood({ 1: 2, 6: 2, 2: 3, 5: 1, 3: 5 })).toBe(3);
  });

  it('is not neutral when neutral only equals a side', () => {
    // positive 1+6 = 5, negative 2+5 = 1, neutral 5: the positive side wins.
    expect(dominantMood({ 1: 3, 6: 2, 2: 1, 3: 5 })).toBe(1);
  });

  it('counts mood 4 as neutral', () => {
    expect(dominantMood({ 1: 3, 3: 2, 4: 2 })).toBe(3);
  });

  it('picks the larger side, then the larger of its pair', () => {
    expect(dominantMood({ 1: 1, 6: 4, 2: 3, 3: 0 })).toBe(6);
    expect(dominantMood({ 1: 4, 6: 1, 2: 3 })).toBe(1);
    expect(dominantMood({ 2: 1, 5: 6, 1: 2, 6: 2, 3: 3 })).toBe(5);
    expect(dominantMood({ 2: 6, 5: 1, 1: 2 })).toBe(2);
  });

  it('sums the pair: two small positives beat one larger negative', () => {
    expect(dominantMood({ 1: 3, 6: 3, 2: 5 })).toBe(1);
  });

  it('gives the pair tie to the context mood', () => {
    expect(dominantMood({ 1: 2, 6: 2 })).toBe(1);
    expect(dominantMood({ 2: 2, 5: 2 })).toBe(2);
  });

  it('is null when the sides are equal and neutral does not exceed them', () => {
    expect(dominantMood({ 1: 2, 2: 2, 3: 2 })).toBeNull();
    expect(dominantMood({ 6: 1, 5: 1 })).toBeNull();
    expect(dominantMood({})).toBeNull();
    expect(dominantMood({ 1: 0, 2: 0, 3: 0 })).toBeNull();
  });

  it('ignores null, negative and non-finite counts', () => {
    expect(dominantMood({ 1: null, 2: -5, 3: Number.NaN, 6: 1 })).toBe(6);
    expect(dominantMood({ 2: Number.POSITIVE_INFINITY })).toBeNull();
  });
});

describe('moodTableDominantColor', () => {
  const row = (message_count: number) => ({ message_count });

  it('is the colour of the mood with most messages', () => {
    expect(moodTableDominantColor({ 1: row(3), 2: row(10), 3: row(4) })).toBe(MOOD_COLORS[2]);
    expect(moodTableDominantColor({ 5: row(3), 6: row(4) })).toBe(MOOD_COLORS[6]);
  });

  it('falls back to the neutral colour when the top mood is 4', () => {
    expect(moodTableDominantColor({ 1: row(3), 4: row(9) })).toBe(MOOD_COLORS[3]);
  });

  it('falls back to the neutral colour with no data', () => {
    expect(moodTableDominantColor({})).toBe(MOOD_COLORS[3]);
    expect(moodTableDominantColor(null)).toBe(MOOD_COLORS[3]);
    expect(moodTableDominantColor({ 1: row(0), 2: { message_count: null }, 3: null })).toBe(MOOD_COLORS[3]);
  });

  it('gives a tie to the lower id', () => {
    expect(moodTableDominantColor({ 2: row(5), 1: row(5) })).toBe(MOOD_COLORS[1]);
  });
});

describe('moodIcon', () => {
  it('follows the largest mood', () => {
    expect(moodIcon({ 1: 5, 2: 1 })).toEqual({ icon: 'happy', color: MOOD_COLORS[1], mood: 1 });
    expect(moodIcon({ 6: 5, 2: 1 }).icon).toBe('happy');
    expect(moodIcon({ 2: 5, 1: 1 })).toEqual({ icon: 'angry', color: MOOD_COLORS[2], mood: 2 });
    expect(moodIcon({ 5: 5 }).icon).toBe('angry');
    expect(moodIcon({ 3: 5, 1: 4 })).toEqual({ icon: 'neutral', color: MOOD_COLORS[3], mood: 3 });
    expect(moodIcon({ 4: 5, 3: 4 }).icon).toBe('help');
  });

  it('follows the single largest mood, not the side sums', () => {
    // positive sum 6 beats negative 5, but the largest single mood is 5.
    expect(moodIcon({ 1: 3, 6: 3, 5: 5 }).icon).toBe('angry');
  });

  it('drops zero counts', () => {
    expect(moodIcon({ 1: 0, 2: 0, 3: 0, 5: 1 }).icon).toBe('angry');
  });

  it('shows help on a grey ring with no data', () => {
    const noData = { icon: 'help', color: MOOD_COLOR_UNDEFINED, mood: null };
    expect(moodIcon({})).toEqual(noData);
    expect(moodIcon({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 })).toEqual(noData);
    expect(moodIcon(null)).toEqual(noData);
    expect(moodIcon(undefined)).toEqual(noData);
  });
});

describe('isTargetTonalityMet', () => {
  it('is true inside the positive pair {1, 6}', () => {
    expect(isTargetTonalityMet(1, 1)).toBe(true);
    expect(isTargetTonalityMet(6, 1)).toBe(true);
    expect(isTargetTonalityMet(1, 6)).toBe(true);
    expect(isTargetTonalityMet(6, 6)).toBe(true);
  });

  it('is true inside the negative pair {2, 5}', () => {
    expect(isTargetTonalityMet(2, 5)).toBe(true);
    expect(isTargetTonalityMet(5, 2)).toBe(true);
    expect(isTargetTonalityMet(5, 5)).toBe(true);
  });

  it('is true for neutral against neutral', () => {
    expect(isTargetTonalityMet(3, 3)).toBe(true);
  });

  it('is false across pairs and against neutral', () => {
    expect(isTargetTonalityMet(1, 2)).toBe(false);
    expect(isTargetTonalityMet(6, 5)).toBe(false);
    expect(isTargetTonalityMet(3, 1)).toBe(false);
    expect(isTargetTonalityMet(2, 3)).toBe(false);
    expect(isTargetTonalityMet(4, 3)).toBe(false);
    expect(isTargetTonalityMet(null, 1)).toBe(false);
  });

  it('is null when the target is the fourth option or not set', () => {
    expect(isTargetTonalityMet(4, 4)).toBeNull();
    expect(isTargetTonalityMet(1, 4)).toBeNull();
    expect(isTargetTonalityMet(1, null)).toBeNull();
    expect(isTargetTonalityMet(1, undefined)).toBeNull();
    expect(isTargetTonalityMet(1, 9)).toBeNull();
  });
});

describe('one mood order on screen', () => {
  it('puts the positive side first, then neutral (and «Другое» after it), then the negative side', () => {
    expect(MOOD_ORDER).toEqual([6, 1, 3, 4, 2, 5]);
    expect([...MOOD_ORDER].sort()).toEqual([...MOOD_IDS]);
    expect(MOOD_DISPLAY_ORDER).toEqual([6, 1, 3, 2, 5]);
  });

  it('gives a list of one tonality that tonality’s face', () => {
    expect(moodIconOf(2)).toEqual({ icon: 'angry', color: MOOD_COLORS[2], mood: 2 });
    expect(moodIconOf(1).icon).toBe('happy');
    expect(moodIconOf(3).icon).toBe('neutral');
  });
});
