import { describe, expect, it } from 'vitest';
import {
  emptyMoodTableRow,
  fillMoodTable,
  moodDynamicsPercents,
  moodTableCounts,
  moodTableRowSchema,
  moodTableSchema,
  percentOf,
  toDegrees,
} from './mood-table.ts';

const row = (message_count: number) => ({
  message_count,
  lom_count: 1,
  total_si: 2.5,
  total_views: 100,
  subscribers: 1000,
});

describe('mood table schema', () => {
  it('accepts a full table with string keys as JSON sends them', () => {
    const json = JSON.parse(JSON.stringify(fillMoodTable({ 1: row(3) })));
    const table = moodTableSchema.parse(json);
    expect(table[1].message_count).toBe(3);
    expect(table[6].message_count).toBe(0);
  });

  it('rejects a table with a bucket missing', () => {
    const { 4: _missing, ...rest } = fillMoodTable({});
    expect(moodTableSchema.safeParse(rest).success).toBe(false);
  });

  it('rejects negative and fractional counts but allows a fractional Si sum', () => {
    expect(moodTableRowSchema.safeParse({ ...row(1), message_count: -1 }).success).toBe(false);
    expect(moodTableRowSchema.safeParse({ ...row(1), lom_count: 1.5 }).success).toBe(false);
    expect(moodTableRowSchema.safeParse({ ...row(1), total_si: 12.75 }).success).toBe(true);
  });
});

describe('fillMoodTable', () => {
  it('fills missing mood buckets with zeros', () => {
    const table = fillMoodTable({ 2: row(7) });
    expect(table[2]).toEqual(row(7));
    for (const mood of [1, 3, 4, 5, 6] as const) expect(table[mood]).toEqual(emptyMoodTableRow());
    expect(Object.keys(table)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('fills missing and null fields of a present bucket', () => {
    const table = fillMoodTable({ 3: { message_count: 4, total_si: null } });
    expect(table[3]).toEqual({ message_count: 4, lom_count: 0, total_si: 0, total_views: 0, subscribers: 0 });
  });

  it('handles null and undefined tables and buckets, and drops unknown keys', () => {
    expect(fillMoodTable(null)[1]).toEqual(emptyMoodTableRow());
    expect(fillMoodTable(undefined)[6]).toEqual(emptyMoodTableRow());
    expect(fillMoodTable({ 1: null })[1]).toEqual(emptyMoodTableRow());
    const withExtra = { 1: row(1), 7: row(9) } as Parameters<typeof fillMoodTable>[0];
    expect(Object.keys(fillMoodTable(withExtra))).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('produces what the strict schema accepts', () => {
    expect(moodTableSchema.safeParse(fillMoodTable({ 5: { lom_count: 2 } })).success).toBe(true);
  });

  it('hands out fresh zero rows', () => {
    const a = fillMoodTable({});
    a[1].message_count = 5;
    expect(fillMoodTable({})[1].message_count).toBe(0);
    expect(emptyMoodTableRow().message_count).toBe(0);
  });
});

describe('moodTableCounts', () => {
  it('reads one column, message_count by default', () => {
    expect(moodTableCounts({ 1: row(3), 4: row(2) })).toEqual({ 1: 3, 2: 0, 3: 0, 4: 2, 5: 0, 6: 0 });
    expect(moodTableCounts({ 1: row(3) }, 'total_views')).toEqual({ 1: 100, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
  });
});

describe('percentOf', () => {
  it('truncates 100 × fraction to an integer', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(66);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(1, 1)).toBe(100);
    expect(percentOf(0, 5)).toBe(0);
  });

  it('is not fooled by float noise', () => {
    // 0.57 * 100 is 56.99999999999999 in floating point.
    expect(percentOf(0.57, 1)).toBe(57);
    expect(percentOf(0.29, 1)).toBe(29);
  });

  it('is zero for a zero or non-finite total', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(Number.NaN, 5)).toBe(0);
    expect(percentOf(5, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('moodDynamicsPercents', () => {
  it('gives each mood its share with one decimal', () => {
    expect(moodDynamicsPercents({ 1: 1, 2: 1, 3: 1 })).toEqual({
      1: 33.3,
      2: 33.3,
      3: 33.3,
      4: 0,
      5: 0,
      6: 0,
    });
    expect(moodDynamicsPercents({ 1: 2, 2: 1 })).toEqual({ 1: 66.7, 2: 33.3, 3: 0, 4: 0, 5: 0, 6: 0 });
    expect(moodDynamicsPercents({ 6: 1, 5: 7 })).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 87.5, 6: 12.5 });
  });

  it('rounds half up at the second decimal', () => {
    // 1/16 = 6.25 % → 6.3
    expect(moodDynamicsPercents({ 1: 1, 2: 15 })[1]).toBe(6.3);
  });

  it('is all zeros without data', () => {
    expect(moodDynamicsPercents({})).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
    expect(moodDynamicsPercents({ 1: null, 2: -3 })).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });
  });
});

describe('toDegrees', () => {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  it('splits evenly divisible shares exactly', () => {
    expect(toDegrees([0.5, 0.25, 0.25])).toEqual([180, 90, 90]);
    expect(toDegrees([1, 1, 1])).toEqual([120, 120, 120]);
  });

  it('always sums to 360, giving leftovers to the largest remainders', () => {
    const sevenths = toDegrees([1, 1, 1, 1, 1, 1, 1]);
    expect(sevenths).toEqual([52, 52, 52, 51, 51, 51, 51]);
    expect(sum(sevenths)).toBe(360);
    // 1/3 → 120, 1/6 → 60 … exact; 0.1/0.2/0.7 stays exact despite float noise.
    expect(toDegrees([0.1, 0.2, 0.7])).toEqual([36, 72, 252]);
    // 1:2 of 7 → 51.43 / 102.86 / 205.71: the remainders .86 and .71 get the leftovers.
    expect(toDegrees([1, 2, 4])).toEqual([51, 103, 206]);
  });

  it('accepts raw counts as well as fractions', () => {
    expect(toDegrees([30, 10])).toEqual([270, 90]);
  });

  it('never gives a degree to an empty share', () => {
    expect(toDegrees([0, 1, 0, 2])).toEqual([0, 120, 0, 240]);
    const many = toDegrees([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    expect(sum(many)).toBe(360);
    expect(many.filter((_, index) => index % 2 === 1)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('is all zeros with nothing to show and ignores bad values', () => {
    expect(toDegrees([0, 0])).toEqual([0, 0]);
    expect(toDegrees([])).toEqual([]);
    expect(toDegrees([Number.NaN, -1, 1])).toEqual([0, 0, 360]);
  });

  it('keeps a tiny share at zero degrees rather than breaking the total', () => {
    const degrees = toDegrees([1000, 1]);
    expect(degrees).toEqual([360, 0]);
  });
});
