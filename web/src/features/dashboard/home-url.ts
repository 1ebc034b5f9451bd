import { REPORT_ORDERINGS, type ReportOrdering } from '@monitoring/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { DayPeriod } from '../../lib/day-period.ts';

const DAY = 'YYYY-MM-DD';

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
export function weekPeriod(today: Dayjs = dayjs()): DayPeriod {
  const end = today.startOf('day');
  return { after: end.subtract(6, 'day').format(DAY), before: end.format(DAY) };
}

function day(text: string | null): string | undefined {
  const value = text?.slice(0, 10);
  return value && dayjs(value, DAY, true).isValid() ? value : undefined;
}

export function parseHomeUrl(params: URLSearchParams, today?: Dayjs): HomeUrlState {
  const fallback = weekPeriod(today);
  const tab = Number(params.get('tab'));
  const ordering = params.get('ordering');
  return {
    period: {
      after: day(params.get('wrote_at_after')) ?? fallback.after,
      before: day(params.get('wrote_at_before')) ?? fallback.before,
    },
    tab: Number.isSafeInteger(tab) && tab > 0 ? tab : undefined,
    ordering: (REPORT_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as ReportOrdering)
      : 'si',
  };
}

/** Defaults are left out, so a bare `/` moves with today. */
export function homeUrlParams(state: HomeUrlState, today?: Dayjs): URLSearchParams {
  const params = new URLSearchParams();
  const fallback = weekPeriod(today);
  if (state.period.after !== fallback.after || state.period.before !== fallback.before) {
    params.set('wrote_at_after', state.period.after);
    params.set('wrote_at_before', state.period.before);
  }
  if (state.tab !== undefined) params.set('tab', String(state.tab));
  if (state.ordering !== 'si') params.set('ordering', state.ordering);
  return params;
}
