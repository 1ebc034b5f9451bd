import { describe, expect, it } from 'vitest';
import { fillSteps, moscowToday, stepCount } from './buckets.ts';

describe('stepCount', () => {
  it('counts the steps a period touches, both ends inclusive', () => {
    expect(stepCount('2025-06-01', '2025-06-30', 'day')).toBe(30);
    expect(stepCount('2025-06-01', '2025-06-30', 'week')).toBe(6);
    expect(stepCount('2024-11-15', '2025-02-01', 'month')).toBe(4);
    expect(stepCount('2025-03-29', '2025-03-31', 'day')).toBe(3);
    expect(stepCount('2025-06-02', '2025-06-01', 'day')).toBe(0);
  });
});

describe('fillSteps', () => {
  it('puts a zero on every step the query found nothing for', () => {
    const points = [
      { date: '2024-12-01', value: 5 },
      { date: '2025-02-01', value: 7 },
    ];
    expect(fillSteps(points, '2024-11-20', '2025-02-10', 'month')).toEqual([
      { date: '2024-11-01', value: 0 },
      { date: '2024-12-01', value: 5 },
      { date: '2025-01-01', value: 0 },
      { date: '2025-02-01', value: 7 },
    ]);
    expect(fillSteps([], '2025-06-01', '2025-06-10', 'week').map((p) => p.date)).toEqual([
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
    ]);
    expect(fillSteps(points, '2025-03-01', '2025-02-01', 'day')).toEqual([]);
  });
});

describe('moscowToday', () => {
  it('is the Moscow calendar day, three hours ahead of UTC', () => {
    expect(moscowToday(new Date('2025-06-30T20:59:59Z'))).toBe('2025-06-30');
    expect(moscowToday(new Date('2025-06-30T21:00:00Z'))).toBe('2025-07-01');
  });
});
