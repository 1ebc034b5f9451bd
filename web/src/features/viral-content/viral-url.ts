import { DEFAULT_VIRAL_STAT, VIRAL_STATS, type ViralStat } from '@monitoring/contracts';
import dayjs from 'dayjs';

/** /viral-content: the period (the nav link's wrote_at_after / wrote_at_before), the stat and the page. */
export interface ViralUrlState {
  /** Moscow days, inclusive; absent: the last day (yesterday and today). */
  wrote_at_after?: string;
  wrote_at_before?: string;
  stat: ViralStat;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (text: string | null) => (text && DAY.test(text.slice(0, 10)) ? text.slice(0, 10) : undefined);

export function parseViralUrl(params: URLSearchParams): ViralUrlState {
  const stat = params.get('stat');
  const page = Number(params.get('page'));
  return {
    wrote_at_after: day(params.get('wrote_at_after')),
    wrote_at_before: day(params.get('wrote_at_before')),
    stat: VIRAL_STATS.includes(stat as ViralStat) ? (stat as ViralStat) : DEFAULT_VIRAL_STAT,
    page: Number.isInteger(page) && page > 0 && page <= 100 ? page : 1,
  };
}

export function viralUrlParams(state: ViralUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.wrote_at_after) params.set('wrote_at_after', state.wrote_at_after);
  if (state.wrote_at_before) params.set('wrote_at_before', state.wrote_at_before);
  params.set('stat', state.stat);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The period asked for: the URL's, or the last day; the ends put in order. */
export function viralPeriod(state: ViralUrlState, today = dayjs()): { after: string; before: string } {
  const before = state.wrote_at_before ?? today.format('YYYY-MM-DD');
  const after = state.wrote_at_after ?? dayjs(before).subtract(1, 'day').format('YYYY-MM-DD');
  return after <= before ? { after, before } : { after: before, before: after };
}
