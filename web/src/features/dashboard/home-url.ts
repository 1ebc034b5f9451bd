import type { ReportOrdering } from '@monitoring/contracts';
import type { Dayjs } from 'dayjs';
import { type DayPeriod, lastDaysPeriod } from '../../lib/day-period.ts';
import { readReportUrl, writeReportUrl } from '../../ui/report/report-url.ts';

/**
 * The picture of the day's URL: the period (default the last 7 days ending today, product.md
 * §2), the open tab (a daily dashboard id) and the sort of the report tables.
 */
export interface HomeUrlState {
  period: DayPeriod;
  /** The open dashboard; undefined opens the first. */
  tab?: number;
  ordering: ReportOrdering;
}

/** §2 "Picture of the day … period last 7 days ending today". */
export function weekPeriod(today?: Dayjs): DayPeriod {
  return lastDaysPeriod(7, today);
}

export function parseHomeUrl(params: URLSearchParams, today?: Dayjs): HomeUrlState {
  const tab = Number(params.get('tab'));
  return {
    ...readReportUrl(params, weekPeriod(today)),
    tab: Number.isSafeInteger(tab) && tab > 0 ? tab : undefined,
  };
}

/** Defaults are left out, so a bare `/` moves with today. */
export function homeUrlParams(state: HomeUrlState, today?: Dayjs): URLSearchParams {
  const params = new URLSearchParams();
  writeReportUrl(params, state, weekPeriod(today));
  if (state.tab !== undefined) params.set('tab', String(state.tab));
  return params;
}
