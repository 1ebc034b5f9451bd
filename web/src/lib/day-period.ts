import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** A period of whole Moscow days, both ends inclusive (YYYY-MM-DD). */
export interface DayPeriod {
  after: string;
  before: string;
}

/** The default period of the segments and dashboards (product.md §2: last 6 months, ending today). */
export function halfYearPeriod(today: Dayjs = dayjs()): DayPeriod {
  const end = today.startOf('day');
  return { after: end.subtract(6, 'month').format(DAY), before: end.format(DAY) };
}

/** The last `days` whole days ending today (7: the picture of the day, 30: a card's statistics). */
export function lastDaysPeriod(days: number, today: Dayjs = dayjs()): DayPeriod {
  const end = today.startOf('day');
  return { after: end.subtract(days - 1, 'day').format(DAY), before: end.format(DAY) };
}

function day(text: string | null): string | undefined {
  const value = text?.slice(0, 10);
  return value && dayjs(value, DAY, true).isValid() ? value : undefined;
}

/**
 * The period of a URL: `wrote_at_after` / `wrote_at_before` (the spec's link filters);
 * a missing end takes the default's, so a bare URL shows the last 6 months.
 */
export function readPeriod(params: URLSearchParams, today?: Dayjs): DayPeriod {
  return readPeriodOr(params, halfYearPeriod(today));
}

/** The period of a URL, each missing (or bad) end taken from `fallback`. */
export function readPeriodOr(params: URLSearchParams, fallback: DayPeriod): DayPeriod {
  return {
    after: day(params.get('wrote_at_after')) ?? fallback.after,
    before: day(params.get('wrote_at_before')) ?? fallback.before,
  };
}

/** Writes the period unless it is the default (the URL stays short and a day later moves with today). */
export function writePeriod(params: URLSearchParams, period: DayPeriod, today?: Dayjs): void {
  writePeriodUnless(params, period, halfYearPeriod(today));
}

/** Writes the period unless it is `fallback` (a page's own default). */
export function writePeriodUnless(params: URLSearchParams, period: DayPeriod, fallback: DayPeriod): void {
  if (period.after !== fallback.after || period.before !== fallback.before) {
    params.set('wrote_at_after', period.after);
    params.set('wrote_at_before', period.before);
  }
}
