import {
  DASHBOARD_LIST_TYPES,
  DASHBOARD_RANGE_STEPS,
  type DashboardListType,
  type DashboardPool,
  type DashboardRangeStep,
  type QueryParams,
} from '@monitoring/contracts';
import type { Dayjs } from 'dayjs';
import { type DayPeriod, readPeriod, writePeriod } from '../../lib/day-period.ts';

/**
 * Everything a dashboard's URL holds: the period (default the last 6 months), the pool
 * (all loms, 1 constant loms, 4 regional loms), the graph's range step, the page of each
 * of the three lom lists, and the dashboard's own key (`theme` or `rubric` id).
 */
export interface DashboardUrlState {
  period: DayPeriod;
  pool?: DashboardPool;
  step: DashboardRangeStep;
  pages: Record<DashboardListType, number>;
  /** `theme` or `rubric` of /dashboards/theme and /dashboards/rubric. */
  subject?: number;
}

export const DEFAULT_RANGE_STEP: DashboardRangeStep = 'day';

export const POOL_OPTIONS: { value: 'all' | '1' | '4'; label: string }[] = [
  { value: 'all', label: 'Все ЛОМ' },
  { value: '1', label: 'Постоянные ЛОМ' },
  { value: '4', label: 'Региональные ЛОМ' },
];

export const RANGE_STEP_LABELS: Record<DashboardRangeStep, string> = {
  day: 'По дням',
  week: 'По неделям',
  month: 'По месяцам',
};

const pageKey = (type: DashboardListType) => `${type}_page`;

function positive(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function parseDashboardUrl(
  params: URLSearchParams,
  subjectKey?: 'theme' | 'rubric',
  today?: Dayjs,
): DashboardUrlState {
  const pool = params.get('pool');
  const step = params.get('range_step');
  return {
    period: readPeriod(params, today),
    pool: pool === '1' ? 1 : pool === '4' ? 4 : undefined,
    step: (DASHBOARD_RANGE_STEPS as readonly string[]).includes(step ?? '')
      ? (step as DashboardRangeStep)
      : DEFAULT_RANGE_STEP,
    pages: Object.fromEntries(
      DASHBOARD_LIST_TYPES.map((type) => [type, positive(params.get(pageKey(type))) ?? 1]),
    ) as Record<DashboardListType, number>,
    subject: subjectKey ? positive(params.get(subjectKey)) : undefined,
  };
}

export function dashboardUrlParams(
  state: DashboardUrlState,
  subjectKey?: 'theme' | 'rubric',
  today?: Dayjs,
): URLSearchParams {
  const params = new URLSearchParams();
  if (subjectKey && state.subject) params.set(subjectKey, String(state.subject));
  writePeriod(params, state.period, today);
  if (state.pool) params.set('pool', String(state.pool));
  if (state.step !== DEFAULT_RANGE_STEP) params.set('range_step', state.step);
  for (const type of DASHBOARD_LIST_TYPES) {
    if (state.pages[type] > 1) params.set(pageKey(type), String(state.pages[type]));
  }
  return params;
}

/** A change of anything but a list page starts every list on page 1. */
export function patchDashboardState(
  state: DashboardUrlState,
  change: Partial<DashboardUrlState>,
): DashboardUrlState {
  const pages =
    change.pages ??
    (Object.fromEntries(DASHBOARD_LIST_TYPES.map((type) => [type, 1])) as Record<DashboardListType, number>);
  return { ...state, ...change, pages };
}

export function periodQuery(period: DayPeriod): QueryParams {
  return { wrote_at_after: period.after, wrote_at_before: period.before };
}

export function moodTableQuery(state: DashboardUrlState): QueryParams {
  return { ...periodQuery(state.period), pool: state.pool };
}

export function graphQuery(state: DashboardUrlState): QueryParams {
  return { ...periodQuery(state.period), pool: state.pool, range_step: state.step };
}

export function listQuery(state: DashboardUrlState, type: DashboardListType, pageSize: number): QueryParams {
  return { ...periodQuery(state.period), page: state.pages[type], page_size: pageSize };
}

/** The period part of a link to another page (empty when it is the default). */
export function periodSearch(period: DayPeriod, today?: Dayjs): string {
  const params = new URLSearchParams();
  writePeriod(params, period, today);
  const text = params.toString();
  return text ? `?${text}` : '';
}
