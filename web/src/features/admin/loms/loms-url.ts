import type { QueryParams } from '@monitoring/contracts';
import { flagOf, pageOf, setFlag } from '../admin-url.ts';

/** /admin-panel/loms: filter text, is_active, page. */
export interface AdminLomsUrlState {
  filter: string;
  isActive?: boolean;
  page: number;
}

export const ADMIN_LOMS_PAGE_SIZE = 25;

export function parseAdminLomsUrl(params: URLSearchParams): AdminLomsUrlState {
  return {
    filter: params.get('filter')?.trim() ?? '',
    isActive: flagOf(params.get('is_active')),
    page: pageOf(params.get('page')),
  };
}

export function adminLomsUrlParams(state: AdminLomsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter.trim()) params.set('filter', state.filter.trim());
  setFlag(params, 'is_active', state.isActive);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function adminLomsQuery(state: AdminLomsUrlState): QueryParams {
  return {
    page: state.page,
    page_size: ADMIN_LOMS_PAGE_SIZE,
    filter: state.filter || undefined,
    is_active: state.isActive,
  };
}
