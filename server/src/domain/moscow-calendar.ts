import { MOSCOW_UTC_OFFSET_MINUTES } from '@monitoring/contracts';

/**
 * The Moscow calendar of the server: days are Moscow days (UTC+3, no daylight saving),
 * written YYYY-MM-DD, and a period of days is [from, to) with either side open. The
 * rollups count by these days (db/schema/rollups.ts, ROLLUP_TIME_ZONE).
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const MOSCOW_OFFSET_MS = MOSCOW_UTC_OFFSET_MINUTES * 60_000;

/** Moscow days [from, to) as YYYY-MM-DD; a missing side is open. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The YYYY-MM-DD of a UTC instant in milliseconds (the calendar day of its UTC fields). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC midnight of a YYYY-MM-DD in milliseconds: day arithmetic without time zones. */
export const utcDayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The Moscow day an instant (milliseconds) falls in. */
export const moscowDay = (instant: number) => utcDay(instant + MOSCOW_OFFSET_MS);

/** The instant a Moscow day starts. */
export const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number) => utcDay(utcDayMs(day) + days * DAY_MS);

/** The Monday of the week `day` falls in (date_trunc('week', …) in SQL). */
export function weekOf(day: string): string {
  const ms = utcDayMs(day);
  return utcDay(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The first day of the calendar month of a YYYY-MM-DD. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month after that of a YYYY-MM-DD. */
export function nextMonthOf(day: string): string {
  const date = new Date(utcDayMs(monthOf(day)));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return utcDay(date.getTime());
}

/** Whether an instant is a Moscow midnight. */
export const isMoscowMidnight = (instant: Date) => (instant.getTime() + MOSCOW_OFFSET_MS) % DAY_MS === 0;

/** The Moscow calendar day an instant starts, or null when it is not a Moscow midnight. */
export function moscowDayStart(instant: Date): string | null {
  if (!isMoscowMidnight(instant)) return null;
  return moscowDay(instant.getTime());
}

/**
 * Excel has no time zones: a date cell holds wall-clock time. exceljs writes
 * a Date by its UTC fields, so the Moscow wall clock goes in as UTC.
 */
export function moscowWallClock(instant: Date): Date {
  return new Date(instant.getTime() + MOSCOW_OFFSET_MS);
}

/**
 * A period of instants [after, before) widened to whole Moscow days: a date bound is a
 * whole day already; a time inside a day widens to the whole day. Null without bounds.
 */
export function wholeDays(after?: Date, before?: Date): DayRange | null {
  if (!after && !before) return null;
  return {
    from: after ? moscowDay(after.getTime()) : undefined,
    // `before` is exclusive: the day of its last included instant, plus one.
    to: before ? moscowDay(before.getTime() - 1 + DAY_MS) : undefined,
  };
}

/** The `days` Moscow days ending with today's. */
export function lastDays(days: number, now = new Date()): Required<DayRange> {
  return { from: moscowDay(now.getTime() - (days - 1) * DAY_MS), to: moscowDay(now.getTime() + DAY_MS) };
}

/** The steps of a chart over days: each point sums a day, an ISO week (from Monday) or a month. */
export type DayStep = 'day' | 'week' | 'month';

/** The first day of the step that holds `day`: itself, the Monday of its week or the first of its month. */
export function stepStart(day: string, step: DayStep): string {
  if (step === 'day') return day;
  if (step === 'month') return `${day.slice(0, 7)}-01`;
  return weekOf(day);
}

/** The first day of the step after the one that starts on `start`. */
export function nextStep(start: string, step: DayStep): string {
  if (step === 'day') return addDays(start, 1);
  if (step === 'week') return addDays(start, 7);
  const date = new Date(utcDayMs(start));
  return utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** The first days of the steps that cover the days `first`..`last` (both included). */
export function stepStarts(first: string, last: string, step: DayStep): string[] {
  const starts: string[] = [];
  const end = stepStart(last, step);
  for (let start = stepStart(first, step); start <= end; start = nextStep(start, step)) starts.push(start);
  return starts;
}
