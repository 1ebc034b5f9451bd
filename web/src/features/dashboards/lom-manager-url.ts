import { DASHBOARD_LIST_TYPES, type DashboardListType, type QueryParams } from '@monitoring/contracts';
import type { Dayjs } from 'dayjs';
import { type DayPeriod, readPeriod, writePeriod } from '../../lib/day-period.ts';

/** The lom management page's tabs: who wrote in the period, and the three constant lists. */
export type LomManagerTab = 'wrote' | DashboardListType;
export const LOM_MANAGER_TABS: readonly LomManagerTab[] = ['wrote', ...DASHBOARD_LIST_TYPES];

export interface LomManagerUrlState {
  period: DayPeriod;
  tab: LomManagerTab;
  search: string;
  page: number;
}

export function parseLomManagerUrl(params: URLSearchParams, today?: Dayjs): LomManagerUrlState {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    period: readPeriod(params, today),
    tab: (LOM_MANAGER_TABS as readonly string[]).includes(tab ?? '') ? (tab as LomManagerTab) : 'wrote',
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function lomManagerUrlParams(state: LomManagerUrlState, today?: Dayjs): URLSearchParams {
  const params = new URLSearchParams();
  writePeriod(params, state.period, today);
  if (state.tab !== 'wrote') params.set('tab', state.tab);
  if (state.search && state.tab === 'wrote') params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query of the tab's list: loms/ takes the search, the constant lists do not. */
export function lomManagerQuery(state: LomManagerUrlState, pageSize: number): QueryParams {
  return {
    wrote_at_after: state.period.after,
    wrote_at_before: state.period.before,
    page: state.page,
    page_size: pageSize,
    search: state.tab === 'wrote' && state.search ? state.search : undefined,
  };
}
