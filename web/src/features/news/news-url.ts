import {
  DEFAULT_NEWS_ORDERING,
  isCalendarDayText,
  NEWS_ORDERINGS,
  type NewsOrdering,
} from '@monitoring/contracts';
import { type DayPeriod, lastDaysPeriod, readPeriodOr, writePeriodUnless } from '../../lib/day-period.ts';

/** /news in the URL: the period (the nav link's wrote_at_after/before, today by default), search, ordering, page. */
export interface NewsUrlState {
  period: DayPeriod;
  search?: string;
  ordering: NewsOrdering;
  page: number;
}

export const ORDERING_LABELS: Record<NewsOrdering, string> = {
  '-total_si': 'По Si',
  '-total_views': 'По просмотрам',
  '-message_count': 'По числу сообщений',
  '-wrote_at': 'Сначала новые',
  wrote_at: 'Сначала старые',
};

const today = () => lastDaysPeriod(1);

export function parseNewsUrl(params: URLSearchParams): NewsUrlState {
  const ordering = params.get('ordering');
  const page = Number(params.get('page'));
  const fallback = today();
  const read = readPeriodOr(params, fallback);
  // A day the calendar lacks (2025-02-30) is the default's, as the server would refuse it.
  const period = {
    after: isCalendarDayText(read.after) ? read.after : fallback.after,
    before: isCalendarDayText(read.before) ? read.before : fallback.before,
  };
  return {
    period,
    search: params.get('search')?.trim() || undefined,
    ordering: (NEWS_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as NewsOrdering)
      : DEFAULT_NEWS_ORDERING,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function newsUrlParams(state: NewsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  writePeriodUnless(params, state.period, today());
  if (state.search) params.set('search', state.search);
  if (state.ordering !== DEFAULT_NEWS_ORDERING) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
