import { describe, expect, it } from 'vitest';
import { AGE_RANGES, AGE_RANGES_COARSE } from './constants.ts';
import { formatAge } from './format.ts';
import {
  ageBucket,
  ageBucketCounts,
  correlationColor,
  percentShares,
  socialPanelGraphQuery,
  socialPanelListQuery,
} from './social-panel.ts';

describe('age buckets (§3, §9)', () => {
  it('puts each age into the fine set 0-17, 18-24, 25-34, 35-44, 45-54, 55-99', () => {
    expect([0, 17, 18, 24, 25, 34, 35, 44, 45, 54, 55, 99].map((a) => ageBucket(a, AGE_RANGES))).toEqual([
      'a0_17',
      'a0_17',
      'a18_24',
      'a18_24',
      'a25_34',
      'a25_34',
      'a35_44',
      'a35_44',
      'a45_54',
      'a45_54',
      'amore_55',
      'amore_55',
    ]);
  });

  it('puts each age into the coarse set 0-18, 18-24, 25-39, 40-59, 60-99 without counting 18 twice', () => {
    expect([17, 18, 24, 25, 39, 40, 59, 60, 99].map((a) => ageBucket(a, AGE_RANGES_COARSE))).toEqual([
      'under_18',
      '18_to_24',
      '18_to_24',
      '25_to_39',
      '25_to_39',
      '40_to_59',
      '40_to_59',
      'above_60',
      'above_60',
    ]);
  });

  it('answers null outside every range', () => {
    expect(ageBucket(100, AGE_RANGES)).toBeNull();
    expect(ageBucket(-1, AGE_RANGES_COARSE)).toBeNull();
  });

  it('folds counts by age into every bucket, labelled with the Russian plural of the upper bound', () => {
    const buckets = ageBucketCounts(
      [
        { age: 16, count: 2 },
        { age: 30, count: 5 },
        { age: 38, count: 1 },
      ],
      AGE_RANGES_COARSE,
    );
    expect(buckets.map((b) => [b.key, b.count, b.label])).toEqual([
      ['under_18', 2, '0–18 лет'],
      ['18_to_24', 0, '18–24 года'],
      ['25_to_39', 6, '25–39 лет'],
      ['40_to_59', 0, '40–59 лет'],
      ['above_60', 0, '60–99 лет'],
    ]);
    expect(ageBucketCounts([], AGE_RANGES).map((b) => b.label)).toEqual([
      '0–17 лет',
      '18–24 года',
      '25–34 года',
      '35–44 года',
      '45–54 года',
      '55–99 лет',
    ]);
  });

  it('writes ages with год, года, лет', () => {
    expect([1, 21, 2, 23, 44, 5, 11, 14, 25, 111].map(formatAge)).toEqual([
      '1 год',
      '21 год',
      '2 года',
      '23 года',
      '44 года',
      '5 лет',
      '11 лет',
      '14 лет',
      '25 лет',
      '111 лет',
    ]);
  });
});

describe('percent shares', () => {
  it('sum to exactly 100 with two decimals', () => {
    const shares = percentShares([1, 1, 1]);
    expect(shares).toEqual([33.34, 33.33, 33.33]);
    expect(percentShares([7, 13, 0, 980]).reduce((s, n) => s + n, 0)).toBeCloseTo(100, 6);
  });

  it('are all zero with nobody', () => {
    expect(percentShares([0, 0])).toEqual([0, 0]);
  });
});

describe('correlation colours (§9)', () => {
  it('are green, red and grey', () => {
    expect(correlationColor('correlated_sum')).toBe('#66C05A');
    expect(correlationColor('anti_correlated_sum')).toBe('#EF4D4D');
    expect(correlationColor('non_correlated_sum')).toBe('#9AA5B1');
  });
});

describe('queries', () => {
  it('pages the list by 12 and reads pageSize as well as page_size', () => {
    expect(socialPanelListQuery.parse({})).toEqual({ page: 1, page_size: 12 });
    expect(socialPanelListQuery.parse({ pageSize: '5', group: '2' })).toMatchObject({
      page_size: 5,
      group: 2,
    });
  });

  it('refuses a period whose start is after its end, naming period_after', () => {
    const result = socialPanelGraphQuery.safeParse({
      period_after: '2026-02-02',
      period_before: '2026-02-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['period_after']);
  });
});
