/** The URL of /admin-panel/rubrics: search, archived, the open rubric and its lom page. */
export interface AdminRubricsUrlState {
  search: string;
  archived?: boolean;
  rubric?: number;
  page: number;
}

function positive(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function parseAdminRubricsUrl(params: URLSearchParams): AdminRubricsUrlState {
  const archived = params.get('archived');
  return {
    search: params.get('search')?.trim() ?? '',
    archived: archived === 'true' ? true : archived === 'false' ? false : undefined,
    rubric: positive(params.get('rubric')),
    page: positive(params.get('page')) ?? 1,
  };
}

export function adminRubricsUrlParams(state: AdminRubricsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.archived !== undefined) params.set('archived', String(state.archived));
  if (state.rubric !== undefined) params.set('rubric', String(state.rubric));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
