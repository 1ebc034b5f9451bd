import type { QueryParams } from '@monitoring/contracts';
import { pageOf } from '../admin-url.ts';

/** /admin-panel/mlg-report: search, page. */
export interface MlgUrlState {
  search: string;
  page: number;
}

export const MLG_PAGE_SIZE = 25;

export function parseMlgUrl(params: URLSearchParams): MlgUrlState {
  return { search: params.get('search')?.trim() ?? '', page: pageOf(params.get('page')) };
}

export function mlgUrlParams(state: MlgUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function mlgQuery(state: MlgUrlState): QueryParams {
  return { page: state.page, page_size: MLG_PAGE_SIZE, search: state.search || undefined };
}
