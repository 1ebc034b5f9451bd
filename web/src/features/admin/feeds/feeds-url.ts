import { FEED_KINDS, FEED_STATES, type FeedKind, type FeedState } from '@monitoring/contracts';
import type { FeedListParams } from '../../../api/feeds.ts';
import { pageOf } from '../admin-url.ts';
import { SOURCES_VIEW_PARAM } from '../sources/sources-url.ts';

/** /admin-panel/sources?view=collect: kind, state, search (address or lom name), page. */
export interface FeedsUrlState {
  kind: FeedKind | undefined;
  state: FeedState;
  search: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.find((value) => value === text);

/** Lenient: an unknown kind or state is «all». */
export function parseFeedsUrl(params: URLSearchParams): FeedsUrlState {
  return {
    kind: oneOf(FEED_KINDS, params.get('kind')),
    state: oneOf(FEED_STATES, params.get('state')) ?? 'all',
    search: params.get('search')?.trim() ?? '',
    page: pageOf(params.get('page')),
  };
}

/** The view stays first; defaults are left out. */
export function feedsUrlParams(state: FeedsUrlState): URLSearchParams {
  const params = new URLSearchParams({ [SOURCES_VIEW_PARAM]: 'collect' });
  if (state.kind) params.set('kind', state.kind);
  if (state.state !== 'all') params.set('state', state.state);
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function feedsQuery(state: FeedsUrlState): FeedListParams {
  return { page: state.page, kind: state.kind, state: state.state, search: state.search || undefined };
}

/** Whether any filter narrows the list (an empty answer then says «по этим условиям»). */
export function feedsFiltered(state: FeedsUrlState): boolean {
  return state.kind !== undefined || state.state !== 'all' || state.search !== '';
}
