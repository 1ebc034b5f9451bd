import { ACTION_TYPES, type QueryParams, USER_ACTIONS_PAGE_SIZE } from '@monitoring/contracts';

/** /logs: every filter of the action log and the page, in the URL under the API's own names. */
export interface LogsUrlState {
  user_in: number[];
  type_in: number[];
  type_not_in: number[];
  action_in: string[];
  message_in: number[];
  theme_in: number[];
  info_reason_in: number[];
  lom_in: number[];
  /** Moscow days, YYYY-MM-DD, inclusive. */
  created_at_after?: string;
  created_at_before?: string;
  page: number;
}

export const LOG_ID_FILTERS = ['user_in', 'message_in', 'theme_in', 'info_reason_in', 'lom_in'] as const;
export type LogIdFilter = (typeof LOG_ID_FILTERS)[number];

const TYPE_IDS = new Set(Object.keys(ACTION_TYPES).map(Number));
const ACTION = /^[a-z_]{1,40}\.[a-z_]{1,40}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole positive ids of a comma list; anything else is dropped (a lenient read of the browser's URL). */
export function idsOf(text: string | null, allowed?: Set<number>): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^\d{1,10}$/.test(item))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647 && (!allowed || allowed.has(id)));
  return [...new Set(ids)];
}

function page(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

function day(text: string | null): string | undefined {
  return text && DAY.test(text) ? text : undefined;
}

export function parseLogsUrl(params: URLSearchParams): LogsUrlState {
  return {
    user_in: idsOf(params.get('user_in')),
    type_in: idsOf(params.get('type_in'), TYPE_IDS),
    type_not_in: idsOf(params.get('type_not_in'), TYPE_IDS),
    action_in: [
      ...new Set(
        (params.get('action_in') ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter((a) => ACTION.test(a)),
      ),
    ],
    message_in: idsOf(params.get('message_in')),
    theme_in: idsOf(params.get('theme_in')),
    info_reason_in: idsOf(params.get('info_reason_in')),
    lom_in: idsOf(params.get('lom_in')),
    created_at_after: day(params.get('created_at_after')),
    created_at_before: day(params.get('created_at_before')),
    page: page(params.get('page')),
  };
}

export function logsUrlParams(state: LogsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['user_in', 'type_in', 'type_not_in', 'action_in', ...LOG_ID_FILTERS.slice(1)] as const) {
    const values = state[key];
    if (values.length > 0) params.set(key, values.join(','));
  }
  if (state.created_at_after) params.set('created_at_after', state.created_at_after);
  if (state.created_at_before) params.set('created_at_before', state.created_at_before);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The filter of the list and of the Excel export (without paging). */
export function logsFilterQuery(state: LogsUrlState): QueryParams {
  const { page: _page, ...filters } = state;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value) ? value.length > 0 : value)
      query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

export function logsListQuery(state: LogsUrlState): QueryParams {
  return { ...logsFilterQuery(state), page: state.page, page_size: USER_ACTIONS_PAGE_SIZE };
}

export function hasLogFilters(state: LogsUrlState): boolean {
  return Object.keys(logsFilterQuery(state)).length > 0;
}
