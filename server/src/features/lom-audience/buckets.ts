import type { LomGraphPoint, Period } from '@monitoring/contracts';

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const fromDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Today's Moscow calendar day, the last day a graph draws. */
export function moscowToday(now: Date = new Date()): string {
  return toDay(new Date(now.getTime() + MOSCOW_OFFSET_MS));
}

/**
 * The first day of the step that holds `day`: itself, the Monday of its week (ISO weeks, as
 * PostgreSQL's date_trunc('week') counts them) or the first of its month.
 */
export function stepStart(day: string, step: Period): string {
  if (step === 'day') return day;
  if (step === 'month') return `${day.slice(0, 7)}-01`;
  const date = fromDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return toDay(new Date(date.getTime() - sinceMonday * DAY_MS));
}

function nextStep(day: string, step: Period): string {
  const date = fromDay(day);
  if (step === 'day') return toDay(new Date(date.getTime() + DAY_MS));
  if (step === 'week') return toDay(new Date(date.getTime() + 7 * DAY_MS));
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
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
  const last = stepStart(to, step);
  for (let date = stepStart(from, step); date <= last; date = nextStep(date, step)) {
    filled.push({ date, value: values.get(date) ?? 0 });
  }
  return filled;
}
