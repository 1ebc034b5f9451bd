import dayjs from 'dayjs';
import { type DayPeriod, lastDaysPeriod, readPeriodOr, writePeriodUnless } from '../../lib/day-period.ts';

/**
 * /social-panel keeps its state in the URL: the list page, the group filter, the chosen panel
 * (§5 numeric `panel`; none means the list's first) and the period (the navigation's "today").
 */
export interface PanelPageState {
  page: number;
  group?: number;
  panel?: number;
  period: DayPeriod;
}

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export const todayPeriod = (): DayPeriod => lastDaysPeriod(1, dayjs());

export function readPanelUrl(params: URLSearchParams): PanelPageState {
  return {
    page: positive(params.get('page')) ?? 1,
    group: positive(params.get('group')),
    panel: positive(params.get('panel')),
    period: readPeriodOr(params, todayPeriod()),
  };
}

export function writePanelUrl(state: PanelPageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.group !== undefined) params.set('group', String(state.group));
  if (state.panel !== undefined) params.set('panel', String(state.panel));
  writePeriodUnless(params, state.period, todayPeriod());
  return params;
}

/** Whether the URL names a panel that cannot exist (not a positive integer): the 404 page. */
export function badPanelParam(params: URLSearchParams): boolean {
  const text = params.get('panel');
  return text !== null && positive(text) === undefined;
}
