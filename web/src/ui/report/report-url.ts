import { DEFAULT_REPORT_ORDERING, REPORT_ORDERINGS, type ReportOrdering } from '@monitoring/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DayPeriod, lastDaysPeriod, readPeriodOr, writePeriodUnless } from '../../lib/day-period.ts';

/**
 * The URL of a report view: the period (`wrote_at_after`, `wrote_at_before`) and the sort
 * (`ordering`), defaults left out so a bare URL moves with today.
 */
export interface ReportUrlState {
  period: DayPeriod;
  ordering: ReportOrdering;
}

/** The query keys a report view owns (the page's other keys, such as `tab`, are left alone). */
const REPORT_URL_KEYS = ['wrote_at_after', 'wrote_at_before', 'ordering'] as const;

/** The statistics tab of a theme or info reason card: the last 30 days ending today. */
export const STATISTICS_DAYS = 30;

export function readReportUrl(params: URLSearchParams, fallback: DayPeriod): ReportUrlState {
  const ordering = params.get('ordering') ?? '';
  return {
    period: readPeriodOr(params, fallback),
    ordering: (REPORT_ORDERINGS as readonly string[]).includes(ordering)
      ? (ordering as ReportOrdering)
      : DEFAULT_REPORT_ORDERING,
  };
}

/** Sets the state's keys on `params` (removing those at their default). */
export function writeReportUrl(params: URLSearchParams, state: ReportUrlState, fallback: DayPeriod): void {
  for (const key of REPORT_URL_KEYS) params.delete(key);
  writePeriodUnless(params, state.period, fallback);
  if (state.ordering !== DEFAULT_REPORT_ORDERING) params.set('ordering', state.ordering);
}

/**
 * The period and sort of a card's statistics tab in the URL, next to the card's own keys (the
 * tab). Default: the last STATISTICS_DAYS days and SI.
 */
export function useStatisticsUrl(): {
  state: ReportUrlState;
  patch: (change: Partial<ReportUrlState>) => void;
} {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => readReportUrl(params, lastDaysPeriod(STATISTICS_DAYS)), [key]);
  const patch = useCallback(
    (change: Partial<ReportUrlState>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const fallback = lastDaysPeriod(STATISTICS_DAYS);
        writeReportUrl(next, { ...readReportUrl(current, fallback), ...change }, fallback);
        return next;
      }),
    [setParams],
  );
  return { state, patch };
}
