import type { LomGraphPoint, Period } from '@monitoring/contracts';
import { DAY_MS, moscowDay, stepStart, stepStarts, utcDayMs } from '../../domain/moscow-calendar.ts';

const fromDay = (day: string) => new Date(utcDayMs(day));

/** Today's Moscow calendar day, the last day a graph draws. */
export function moscowToday(now: Date = new Date()): string {
  return moscowDay(now.getTime());
}

/** How many steps the days `from`..`to` (inclusive) touch. */
export function stepCount(from: string, to: string, step: Period): number {
  if (from > to) return 0;
  const first = fromDay(stepStart(from, step));
  const last = fromDay(stepStart(to, step));
  if (step === 'month') {
    return (
      (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1
    );
  }
  return Math.round((last.getTime() - first.getTime()) / (step === 'week' ? 7 * DAY_MS : DAY_MS)) + 1;
}

/**
 * One point per step from the step of `from` to the step of `to`: the values the query
 * found, zero where it found none (a flow such as SI or views is zero on a silent day).
 */
export function fillSteps(points: readonly LomGraphPoint[], from: string, to: string, step: Period) {
  const values = new Map(points.map((point) => [point.date, point.value]));
  const filled: LomGraphPoint[] = [];
  if (from > to) return filled;
  for (const date of stepStarts(from, to, step)) filled.push({ date, value: values.get(date) ?? 0 });
  return filled;
}
