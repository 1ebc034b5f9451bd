import { ADMIN_LIST_PAGE_SIZE, type QueryParams } from '@monitoring/contracts';

/** The URL of /admin-panel/themes and /admin-panel/info-reasons: search, ai (default false), flags, theme, page. */
export interface AdminListUrlState {
  search: string;
  ai: boolean;
  archived?: boolean;
  active?: boolean;
  /** Info reasons of one theme. */
  theme?: number;
  page: number;
}

function flag(text: string | null): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

function positive(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function parseAdminListUrl(params: URLSearchParams): AdminListUrlState {
  return {
    search: params.get('search')?.trim() ?? '',
    ai: params.get('ai') === 'true',
    archived: flag(params.get('archived')),
    active: flag(params.get('is_active')),
    theme: positive(params.get('theme')),
    page: positive(params.get('page')) ?? 1,
  };
}

export function adminListUrlParams(state: AdminListUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.ai) params.set('ai', 'true');
  if (state.archived !== undefined) params.set('archived', String(state.archived));
  if (state.active !== undefined) params.set('is_active', String(state.active));
  if (state.theme !== undefined) params.set('theme', String(state.theme));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The list's query: ai is always sent (false by default, product.md §9). */
export function adminListQuery(state: AdminListUrlState): QueryParams {
  return {
    page: state.page,
    page_size: ADMIN_LIST_PAGE_SIZE,
    search: state.search || undefined,
    ai: state.ai,
    archived: state.archived,
    is_active: state.active,
    theme: state.theme,
  };
}

/** A tri-state filter's select value and back: 'all', 'true', 'false'. */
export function triValue(value: boolean | undefined): string {
  return value === undefined ? 'all' : String(value);
}

export function fromTri(value: string): boolean | undefined {
  return value === 'all' ? undefined : value === 'true';
}
