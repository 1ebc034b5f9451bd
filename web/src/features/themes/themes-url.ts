import {
  DEFAULT_THEME_LIST_ORDERING,
  type QueryParams,
  THEME_LIST_PAGE_SIZE,
  type ThemeListSortField,
  themeListOrdering,
} from '@monitoring/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { presetRange } from '../../ui/PeriodPicker.tsx';

/** The tabs of /themes/info-reasons. */
export const THEMES_PAGE_TABS = ['themes', 'info-reasons', 'favourites'] as const;
export type ThemesPageTab = (typeof THEMES_PAGE_TABS)[number];

/**
 * Everything the themes pages keep in the URL (product.md §3 "List state", §5):
 * the tab, «Активные» / «Архив», search, the period of the sums (Moscow days,
 * inclusive), the sort and the page.
 */
export interface ThemesUrlState {
  tab: ThemesPageTab;
  archived: boolean;
  search: string;
  /** YYYY-MM-DD; undefined: the default period (the last month). */
  after?: string;
  before?: string;
  ordering: string;
  page: number;
}

function day(text: string | null): string | undefined {
  const value = text?.slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, 'YYYY-MM-DD').isValid()
    ? value
    : undefined;
}

/** The ordering of the URL when the table can sort by it, else the default. */
export function readOrdering(text: string | null): string {
  if (!text) return DEFAULT_THEME_LIST_ORDERING;
  return themeListOrdering.safeParse(text).success ? text : DEFAULT_THEME_LIST_ORDERING;
}

export function parseThemesUrl(params: URLSearchParams): ThemesUrlState {
  const page = Number(params.get('page'));
  const tab = params.get('tab');
  return {
    tab: (THEMES_PAGE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ThemesPageTab) : 'themes',
    archived: params.get('archived') === 'true',
    search: params.get('search')?.trim() ?? '',
    after: day(params.get('wrote_at_after')),
    before: day(params.get('wrote_at_before')),
    ordering: readOrdering(params.get('ordering')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The URL of a state; defaults and empty values are left out. */
export function themesUrlParams(state: ThemesUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'themes') params.set('tab', state.tab);
  if (state.archived) params.set('archived', 'true');
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.after) params.set('wrote_at_after', state.after);
  if (state.before) params.set('wrote_at_before', state.before);
  if (state.ordering !== DEFAULT_THEME_LIST_ORDERING) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The period the table sums over: the URL's, or the last month (product.md §2 default). */
export function effectivePeriod(
  state: ThemesUrlState,
  today: Dayjs = dayjs(),
): { after: string; before: string } {
  const [start, end] = presetRange('month', today);
  // One open end keeps the other of the default month.
  return {
    after: state.after ?? start.format('YYYY-MM-DD'),
    before: state.before ?? end.format('YYYY-MM-DD'),
  };
}

/** GET themes/ for a state; `ai` picks the AI themes list (/themes-ai). */
export function themeListQuery(state: ThemesUrlState, ai = false, today?: Dayjs): QueryParams {
  const period = effectivePeriod(state, today);
  return {
    archived: state.archived,
    ai,
    ordering: state.ordering,
    page: state.page,
    page_size: THEME_LIST_PAGE_SIZE,
    wrote_at_after: period.after,
    wrote_at_before: period.before,
    search: state.search || undefined,
  };
}

/** The sort of one column as antd shows it: the first key of the ordering only. */
export function columnSortOrder(ordering: string, field: ThemeListSortField): 'ascend' | 'descend' | null {
  const first = ordering.split(',')[0]?.trim() ?? '';
  if (first === field) return 'ascend';
  if (first === `-${field}`) return 'descend';
  return null;
}

/** A click on a column header: that column first (ties by the default), or the default when cleared. */
export function orderingFor(
  field: ThemeListSortField | undefined,
  order: 'ascend' | 'descend' | null | undefined,
) {
  if (!field || !order) return DEFAULT_THEME_LIST_ORDERING;
  const key = order === 'ascend' ? field : `-${field}`;
  if (field === 'total_si') return order === 'descend' ? DEFAULT_THEME_LIST_ORDERING : key;
  return `${key},-total_si`;
}
