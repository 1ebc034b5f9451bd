import { isRoleId, type QueryParams } from '@monitoring/contracts';

/** /admin-panel/users: search, role, organisation, active and page, all in the URL. */
export interface UsersUrlState {
  search: string;
  role?: number;
  organization?: number;
  active?: boolean;
  page: number;
}

const positive = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : undefined;
};

export function parseUsersUrl(params: URLSearchParams): UsersUrlState {
  const role = params.get('role');
  const active = params.get('is_active');
  return {
    search: params.get('search')?.trim() ?? '',
    role: role !== null && role !== '' && isRoleId(Number(role)) ? Number(role) : undefined,
    organization: positive(params.get('organization')),
    active: active === 'true' ? true : active === 'false' ? false : undefined,
    page: positive(params.get('page')) ?? 1,
  };
}

export function usersUrlParams(state: UsersUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.role !== undefined) params.set('role', String(state.role));
  if (state.organization !== undefined) params.set('organization', String(state.organization));
  if (state.active !== undefined) params.set('is_active', String(state.active));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export const USERS_PAGE_SIZE = 25;

export function usersQuery(state: UsersUrlState): QueryParams {
  return {
    page: state.page,
    page_size: USERS_PAGE_SIZE,
    search: state.search || undefined,
    role: state.role,
    organization: state.organization,
    is_active: state.active,
  };
}
