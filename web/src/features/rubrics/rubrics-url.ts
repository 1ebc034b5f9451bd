import {
  DEFAULT_RUBRIC_LOM_ORDERING,
  type QueryParams,
  RUBRIC_LOM_ORDERINGS,
  type RubricLomOrdering,
  type RubricType,
} from '@monitoring/contracts';
import type { Dayjs } from 'dayjs';
import { type DayPeriod, readPeriod, writePeriod } from '../../lib/day-period.ts';

function page(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

export const RUBRIC_TYPE_LABELS: Record<RubricType, string> = {
  rubric: 'Рубрика',
  theme: 'Тематическая',
};

/** /rubrics: the period, search, type and page. */
export interface RubricsUrlState {
  period: DayPeriod;
  search: string;
  type?: RubricType;
  page: number;
}

export function parseRubricsUrl(params: URLSearchParams, today?: Dayjs): RubricsUrlState {
  const type = params.get('type');
  return {
    period: readPeriod(params, today),
    search: params.get('search')?.trim() ?? '',
    type: type === 'rubric' || type === 'theme' ? type : undefined,
    page: page(params.get('page')),
  };
}

export function rubricsUrlParams(state: RubricsUrlState, today?: Dayjs): URLSearchParams {
  const params = new URLSearchParams();
  writePeriod(params, state.period, today);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.type) params.set('type', state.type);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET api/v2/rubrics/: archived segments stay with the admin page. */
export function rubricListQuery(state: RubricsUrlState, pageSize: number): QueryParams {
  return {
    page: state.page,
    page_size: pageSize,
    search: state.search || undefined,
    type: state.type,
    archived: false,
    wrote_at_after: state.period.after,
    wrote_at_before: state.period.before,
  };
}

/** /rubrics/{id}: the period, the lom table's search, order and page. */
export interface RubricUrlState {
  period: DayPeriod;
  search: string;
  ordering: RubricLomOrdering;
  page: number;
}

export function parseRubricUrl(params: URLSearchParams, today?: Dayjs): RubricUrlState {
  const ordering = params.get('ordering') ?? params.get('sort');
  return {
    period: readPeriod(params, today),
    search: params.get('search')?.trim() ?? '',
    ordering: (RUBRIC_LOM_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as RubricLomOrdering)
      : DEFAULT_RUBRIC_LOM_ORDERING,
    page: page(params.get('page')),
  };
}

export function rubricUrlParams(state: RubricUrlState, today?: Dayjs): URLSearchParams {
  const params = new URLSearchParams();
  writePeriod(params, state.period, today);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.ordering !== DEFAULT_RUBRIC_LOM_ORDERING) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function rubricLomsQuery(state: RubricUrlState, pageSize: number): QueryParams {
  return {
    page: state.page,
    page_size: pageSize,
    search: state.search || undefined,
    ordering: state.ordering,
    wrote_at_after: state.period.after,
    wrote_at_before: state.period.before,
  };
}

/** An antd column sort of the lom table as the server's ordering, and back. */
export type SortOrder = 'ascend' | 'descend' | null;

export function orderingOf(field: string, order: SortOrder): RubricLomOrdering {
  if (!order) return DEFAULT_RUBRIC_LOM_ORDERING;
  const value = order === 'descend' ? `-${field}` : field;
  return (RUBRIC_LOM_ORDERINGS as readonly string[]).includes(value)
    ? (value as RubricLomOrdering)
    : DEFAULT_RUBRIC_LOM_ORDERING;
}

export function sortOrderOf(ordering: RubricLomOrdering, field: string): SortOrder {
  if (ordering === field) return 'ascend';
  if (ordering === `-${field}`) return 'descend';
  return null;
}
