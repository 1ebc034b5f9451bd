import { fillMoodTable } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { bucketLabel, graphOption, moodPieOption, moodShares } from './chart-options.ts';

function table(counts: Record<number, number>) {
  const filled = fillMoodTable({});
  for (const [mood, count] of Object.entries(counts)) {
    filled[Number(mood) as 1] = { ...filled[Number(mood) as 1], message_count: count };
  }
  return filled;
}

describe('mood conic chart', () => {
  it('merges mood 4 into neutral, truncates percents and shares 360 degrees', () => {
    const shares = moodShares(table({ 1: 1, 3: 1, 4: 1 }));
    expect(shares.map((share) => [share.mood, share.count, share.percent])).toEqual([
      [1, 1, 33],
      [3, 2, 66],
    ]);
    expect(shares.reduce((sum, share) => sum + share.degrees, 0)).toBe(360);
    expect(shares.map((share) => share.degrees)).toEqual([120, 240]);
  });

  it('draws slices by degrees and labels them with percents', () => {
    const option = moodPieOption(table({ 6: 3, 2: 1 })) as {
      series: { data: { value: number; percent: number; name: string }[] }[];
    };
    expect(option.series[0].data.map((slice) => [slice.name, slice.value, slice.percent])).toEqual([
      ['Поддерживающее', 270, 75],
      ['Негативное', 90, 25],
    ]);
  });

  it('says there is no data with an empty grey ring', () => {
    const option = moodPieOption(null) as { title: { text: string }; series: { data: unknown[] }[] };
    expect(option.title.text).toBe('Нет данных за период');
    expect(option.series[0].data).toHaveLength(1);
  });
});

describe('graph stats', () => {
  const points = [
    { date: '2026-01-01', message_count: 3, total_si: 10, moods: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0 } },
    { date: '2026-02-01', message_count: 0, total_si: 0, moods: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } },
  ];

  it('stacks a bar per mood (4 in neutral) and draws Si on the right axis', () => {
    const option = graphOption(points, 'month') as {
      xAxis: { data: string[] };
      series: { name: string; type: string; yAxisIndex?: number; data: unknown[] }[];
    };
    expect(option.xAxis.data).toEqual(['01.2026', '02.2026']);
    const neutral = option.series.find((series) => series.name === 'Нейтральное');
    expect(neutral?.data).toEqual([
      { value: 2, percent: 66 },
      { value: 0, percent: 0 },
    ]);
    const si = option.series.find((series) => series.name === 'Si');
    expect(si).toMatchObject({ type: 'line', yAxisIndex: 1, data: [10, 0] });
    expect(option.series.filter((series) => series.type === 'bar')).toHaveLength(5);
  });

  it('labels buckets by day or month', () => {
    expect(bucketLabel('2026-03-09', 'day')).toBe('09.03.26');
    expect(bucketLabel('2026-03-09', 'week')).toBe('09.03.26');
    expect(bucketLabel('2026-03-01', 'month')).toBe('03.2026');
  });
});
