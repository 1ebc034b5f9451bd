import { type DayRange, lastDays, wholeDays } from './moscow-calendar.ts';

/** Without wrote_at_* the themes table and the theme relations sum the last 30 days ending now. */
export const THEME_LIST_DEFAULT_DAYS = 30;

/**
 * The period as whole Moscow days [from, to), the grain of message_daily_stats: a date
 * bound is a whole day already; a time inside a day widens to the whole day. Without
 * either bound: the 30 Moscow days ending with today.
 */
export function themeListPeriod(after?: Date, before?: Date, now = new Date()): DayRange {
  return wholeDays(after, before) ?? lastDays(THEME_LIST_DEFAULT_DAYS, now);
}
