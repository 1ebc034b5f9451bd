import {
  addDays,
  addMonths,
  addYears,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  isoDate,
  type MessageFilter,
  normalizeMessageFilter,
  parsedDashboardFilters,
  upgradeSavedSearch,
} from '@monitoring/contracts';
import { DAY_MS, moscowDay, moscowMidnight, utcDay, utcDayMs } from '../../domain/moscow-calendar.ts';
import { badRequest } from '../../http/errors.ts';

export type ChartFilter = Omit<MessageFilter, 'ordering'>;

/** Moscow days, both included. */
export interface DayPeriod {
  from: string;
  to: string;
}

const PERIOD_START: Readonly<Record<DashboardPeriod, (today: Date) => Date>> = {
  week: (today) => addDays(today, -6),
  month: (today) => addMonths(today, -1),
  quarter: (today) => addMonths(today, -3),
  half_year: (today) => addMonths(today, -6),
  year: (today) => addYears(today, -1),
};

/** The first day of a relative period ending on the Moscow day of `now` (the period pickers' arithmetic). */
export function relativePeriod(period: DashboardPeriod, now: Date): DayPeriod {
  const today = moscowDay(now.getTime());
  const [y, m, d] = today.split('-').map(Number);
  return { from: isoDate(PERIOD_START[period](new Date(y, m - 1, d))), to: today };
}

/**
 * The filter of a chart: the dashboard's saved filter, the request's extra filter over it (a field the request
 * names replaces the saved one), and the period: fixed dates when either names one, else the relative period
 * (default: the last month). Whole Moscow days, so the rollups answer.
 */
export function resolveChartFilter(
  saved: unknown,
  extra: Record<string, unknown>,
  now: Date,
): { filter: ChartFilter; period: DayPeriod } {
  const merged: Record<string, unknown> = { ...(saved as object), ...extra };
  // A search saved before the query language still opens (contracts upgradeSavedSearch).
  if ('search' in merged) merged.search = upgradeSavedSearch(merged.search);
  const parsed = parsedDashboardFilters.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`Фильтр дашборда: ${issue.message}`, ['filters', ...issue.path].join('.'));
  }
  const { period: relative, ...fields } = parsed.data;
  const filter: ChartFilter = normalizeMessageFilter({ ...fields, ordering: undefined });
  delete (filter as Partial<MessageFilter>).ordering;
  const fallback = relativePeriod(relative ?? DEFAULT_DASHBOARD_PERIOD, now);
  const after = filter.wrote_at_after;
  const before = filter.wrote_at_before;
  const from = after
    ? moscowDay(after.getTime())
    : before
      ? moscowDay(before.getTime() - 31 * DAY_MS)
      : fallback.from;
  const to = before ? moscowDay(before.getTime() - 1) : after ? fallback.to : fallback.to;
  if (from > to) throw badRequest('Начало периода позже его конца', 'filters.wrote_at_after');
  // Whole days: a bound inside a day is widened to the day that holds it.
  filter.wrote_at_after = moscowMidnight(from);
  filter.wrote_at_before = moscowMidnight(utcDay(utcDayMs(to) + DAY_MS));
  return { filter, period: { from, to } };
}
