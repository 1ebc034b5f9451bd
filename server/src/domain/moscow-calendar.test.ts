import { describe, expect, it } from 'vitest';
import {
  addDays,
  lastDays,
  moscowDay,
  moscowDayStart,
  moscowMidnight,
  nextStep,
  stepStart,
  stepStarts,
  weekOf,
  wholeDays,
} from './moscow-calendar.ts';

describe('stepStart', () => {
  it('finds the day, the Monday of the ISO week and the first of the month', () => {
    expect(stepStart('2025-06-04', 'day')).toBe('2025-06-04');
    expect(stepStart('2025-06-01', 'week')).toBe('2025-05-26');
    expect(stepStart('2025-06-02', 'week')).toBe('2025-06-02');
    expect(stepStart('2025-06-08', 'week')).toBe('2025-06-02');
    expect(stepStart('2025-01-01', 'week')).toBe('2024-12-30');
    expect(stepStart('2024-02-29', 'month')).toBe('2024-02-01');
  });
});

describe('nextStep and stepStarts', () => {
  it('walks days, weeks and months, both ends inclusive', () => {
    expect(nextStep('2024-12-30', 'week')).toBe('2025-01-06');
    expect(nextStep('2024-12-01', 'month')).toBe('2025-01-01');
    expect(stepStarts('2025-06-04', '2025-06-16', 'week')).toEqual([
      '2025-06-02',
      '2025-06-09',
      '2025-06-16',
    ]);
    expect(stepStarts('2024-11-15', '2025-01-01', 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
    ]);
    expect(stepStarts('2025-06-02', '2025-06-01', 'day')).toEqual([]);
  });
});

describe('Moscow days', () => {
  it('reads an instant in Moscow time, UTC+3', () => {
    expect(moscowDay(Date.parse('2025-03-09T20:59:59Z'))).toBe('2025-03-09');
    expect(moscowDay(Date.parse('2025-03-09T21:00:00Z'))).toBe('2025-03-10');
    expect(moscowMidnight('2025-03-10').toISOString()).toBe('2025-03-09T21:00:00.000Z');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(weekOf('2025-06-08')).toBe('2025-06-02');
  });

  it('knows a day start only at a Moscow midnight', () => {
    expect(moscowDayStart(new Date('2025-03-09T21:00:00Z'))).toBe('2025-03-10');
    expect(moscowDayStart(new Date('2025-03-10T00:00:00Z'))).toBeNull();
  });

  it('widens a period to whole days, before exclusive', () => {
    expect(wholeDays()).toBeNull();
    expect(wholeDays(new Date('2025-03-09T21:00:00Z'), new Date('2025-03-10T21:00:00Z'))).toEqual({
      from: '2025-03-10',
      to: '2025-03-11',
    });
    expect(wholeDays(undefined, new Date('2025-03-10T10:00:00Z'))).toEqual({
      from: undefined,
      to: '2025-03-11',
    });
    expect(lastDays(7, new Date('2025-03-10T10:00:00Z'))).toEqual({ from: '2025-03-04', to: '2025-03-11' });
  });
});
