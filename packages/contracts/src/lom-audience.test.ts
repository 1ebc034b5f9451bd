import { describe, expect, it } from 'vitest';
import { AGE_RANGES, AGE_RANGES_COARSE } from './constants.ts';
import {
  ageRangeLabel,
  apportionHundredths,
  COARSE_AGE_EXACT,
  coarseAgeShares,
  isCalendarDayText,
  lomGraphQuery,
  lomPeriodQuery,
} from './lom-audience.ts';

const sum = (values: Record<string, number>) =>
  Math.round(Object.values(values).reduce((total, v) => total + v, 0) * 100);

describe('coarseAgeShares', () => {
  it('keeps the buckets the stored set gives exactly and spreads the others evenly over their years', () => {
    const fine = { a0_17: 5, a18_24: 18, a25_34: 28, a35_44: 22, a45_54: 15, amore_55: 12 };
    expect(coarseAgeShares(fine)).toEqual({
      under_18: 5,
      '18_to_24': 18,
      // 28 + 22 * 5/10
      '25_to_39': 39,
      // 22 * 5/10 + 15 + 12 * 5/45
      '40_to_59': 27.33,
      // 12 * 40/45
      above_60: 10.67,
    });
  });

  it('rounds to hundredths so that the buckets still sum to exactly what the stored ones sum to', () => {
    const fine = { a0_17: 0.01, a18_24: 33.33, a25_34: 11.11, a35_44: 22.23, a45_54: 0.05, amore_55: 33.27 };
    const coarse = coarseAgeShares(fine);
    expect(sum(coarse)).toBe(10_000);
    for (const value of Object.values(coarse)) expect(Math.round(value * 100)).toBe(value * 100);
    // 11.11 + 11.115 → 22.225, 11.115 + 0.05 + 3.6967 → 14.8617, 29.5733
    expect(coarse['25_to_39']).toBeCloseTo(22.23, 2);
    expect(coarse['40_to_59']).toBeCloseTo(14.86, 2);
    expect(coarse.above_60).toBeCloseTo(29.57, 2);
  });

  it('puts a whole stored bucket where it belongs: all of 55–99 over 40–59 and 60–99 by 5 : 40', () => {
    const onlyOld = { a0_17: 0, a18_24: 0, a25_34: 0, a35_44: 0, a45_54: 0, amore_55: 90 };
    expect(coarseAgeShares(onlyOld)).toMatchObject({ '40_to_59': 10, above_60: 80, '25_to_39': 0 });
    const onlyMiddle = { a0_17: 0, a18_24: 0, a25_34: 0, a35_44: 100, a45_54: 0, amore_55: 0 };
    expect(coarseAgeShares(onlyMiddle)).toMatchObject({ '25_to_39': 50, '40_to_59': 50 });
  });

  it('says which coarse buckets are exact', () => {
    expect(COARSE_AGE_EXACT).toEqual({
      under_18: true,
      '18_to_24': true,
      '25_to_39': false,
      '40_to_59': false,
      above_60: false,
    });
  });
});

describe('apportionHundredths', () => {
  it('gives the leftover hundredths to the largest remainders', () => {
    expect(apportionHundredths([33.4, 33.3, 33.3], 100)).toEqual([34, 33, 33]);
    expect(apportionHundredths([10.5, 10.5, 79], 100)).toEqual([11, 10, 79]);
  });

  it('takes back from the smallest remainders when the parts overshoot', () => {
    expect(apportionHundredths([51, 50.5], 100)).toEqual([50, 50]);
    expect(apportionHundredths([60.7, 40.6], 100)).toEqual([60, 40]);
  });
});

describe('ageRangeLabel', () => {
  it('uses год / года / лет after the upper bound', () => {
    expect(AGE_RANGES.map(ageRangeLabel)).toEqual([
      '0–17 лет',
      '18–24 года',
      '25–34 года',
      '35–44 года',
      '45–54 года',
      '55–99 лет',
    ]);
    expect(AGE_RANGES_COARSE.map(ageRangeLabel)).toEqual([
      '0–18 лет',
      '18–24 года',
      '25–39 лет',
      '40–59 лет',
      '60–99 лет',
    ]);
    expect(ageRangeLabel({ from: 18, to: 21 })).toBe('18–21 год');
    expect(ageRangeLabel({ from: 11, to: 11 })).toBe('11–11 лет');
  });
});

describe('period queries', () => {
  it('accept real days in order, both ends inclusive', () => {
    expect(lomPeriodQuery.parse({ period_after: '2025-06-01', period_before: '2025-06-01' })).toEqual({
      period_after: '2025-06-01',
      period_before: '2025-06-01',
    });
    expect(lomGraphQuery.parse({})).toEqual({ filter: 'day' });
  });

  it('name the field that is wrong', () => {
    const bad = (input: unknown) => lomGraphQuery.safeParse(input).error?.issues[0]?.path;
    expect(bad({ period_after: '2025-02-30' })).toEqual(['period_after']);
    expect(bad({ period_before: '01.06.2025' })).toEqual(['period_before']);
    expect(bad({ period_after: '2025-06-02', period_before: '2025-06-01' })).toEqual(['period_before']);
    expect(bad({ filter: 'year' })).toEqual(['filter']);
  });

  it('know calendar days', () => {
    expect(isCalendarDayText('2024-02-29')).toBe(true);
    expect(isCalendarDayText('2025-02-29')).toBe(false);
    expect(isCalendarDayText('2025-6-1')).toBe(false);
  });
});
