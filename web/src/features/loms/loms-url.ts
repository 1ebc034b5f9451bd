import {
  DEFAULT_LOM_ORDERING,
  LOM_ORDERINGS,
  type LomOrdering,
  type QueryParams,
} from '@monitoring/contracts';

/** The id-list filters of the lom table, by URL key (the server's query names). */
export const LOM_ID_FILTERS = [
  'lom_types_in',
  'segment_in',
  'category_in',
  'lom_focuses_in',
  'producer_centers_in',
  'region_in',
  'source_in',
] as const;
export type LomIdFilter = (typeof LOM_ID_FILTERS)[number];

export type TriState = 'true' | 'false' | undefined;

/** Everything the /loms URL holds. Dates are Moscow days YYYY-MM-DD, both inclusive. */
export interface LomsUrlState {
  page: number;
  ordering: LomOrdering;
  search: string;
  after?: string;
  before?: string;
  ids: Record<LomIdFilter, number[]>;
  isActive: TriState;
  favourites: boolean;
}

function ids(text: string | null): number[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

function day(text: string | null): string | undefined {
  const value = text?.slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/**
 * Reads the URL. The period is `wrote_at_after` / `wrote_at_before` (product.md §2 link
 * filters); the lom-selection landing's `message__wrote_at_*` are read too.
 */
export function parseLomsUrl(params: URLSearchParams): LomsUrlState {
  const page = Number(params.get('page'));
  const ordering = params.get('ordering');
  const isActive = params.get('is_active');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ordering: (LOM_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as LomOrdering)
      : DEFAULT_LOM_ORDERING,
    search: params.get('search') ?? '',
    after: day(params.get('wrote_at_after') ?? params.get('message__wrote_at_after')),
    before: day(params.get('wrote_at_before') ?? params.get('message__wrote_at_before')),
    ids: Object.fromEntries(LOM_ID_FILTERS.map((key) => [key, ids(params.get(key))])) as Record<
      LomIdFilter,
      number[]
    >,
    isActive: isActive === 'true' || isActive === 'false' ? isActive : undefined,
    favourites: params.get('is_favourite') === 'true',
  };
}

/** The URL of a state; defaults and empty values are left out (product.md §5). */
export function lomsUrlParams(state: LomsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.ordering !== DEFAULT_LOM_ORDERING) params.set('ordering', state.ordering);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.after) params.set('wrote_at_after', state.after);
  if (state.before) params.set('wrote_at_before', state.before);
  for (const key of LOM_ID_FILTERS) {
    if (state.ids[key].length > 0) params.set(key, state.ids[key].join(','));
  }
  if (state.isActive) params.set('is_active', state.isActive);
  if (state.favourites) params.set('is_favourite', 'true');
  return params;
}

/** The query of GET loms/new-loms/ for a state: the list filters without the page. */
export function lomFilterQuery(state: LomsUrlState): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { ordering: state.ordering };
  if (state.search.trim()) query.search = state.search.trim();
  if (state.after) query.wrote_at_after = state.after;
  if (state.before) query.wrote_at_before = state.before;
  for (const key of LOM_ID_FILTERS) {
    if (state.ids[key].length > 0) query[key] = state.ids[key].join(',');
  }
  if (state.isActive) query.is_active = state.isActive;
  if (state.favourites) query.is_favourite = true;
  return query;
}

export function lomListQuery(state: LomsUrlState): QueryParams {
  return { ...lomFilterQuery(state), page: state.page };
}

/** How many filters beyond the period and search are set (the «Фильтры» badge). */
export function activeFilterCount(state: LomsUrlState): number {
  return LOM_ID_FILTERS.filter((key) => state.ids[key].length > 0).length + (state.isActive ? 1 : 0);
}
