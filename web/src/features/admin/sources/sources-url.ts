import type { QueryParams } from '@monitoring/contracts';
import { flagOf, pageOf, setFlag } from '../admin-url.ts';

/** /admin-panel/sources: filter text, lom_isnull, probable_loms_isnull, page. */
export interface SourcesUrlState {
  filter: string;
  lomIsNull?: boolean;
  probableIsNull?: boolean;
  page: number;
}

export const SOURCES_PAGE_SIZE = 25;

/** The page's two views: the accounts (no `view` in the URL) and the feeds of «Сбор» (`view=collect`). */
export type SourcesView = 'accounts' | 'collect';
export const SOURCES_VIEW_PARAM = 'view';

export function sourcesViewOf(params: URLSearchParams): SourcesView {
  return params.get(SOURCES_VIEW_PARAM) === 'collect' ? 'collect' : 'accounts';
}

export function parseSourcesUrl(params: URLSearchParams): SourcesUrlState {
  return {
    filter: params.get('filter')?.trim() ?? '',
    lomIsNull: flagOf(params.get('lom_isnull')),
    probableIsNull: flagOf(params.get('probable_loms_isnull')),
    page: pageOf(params.get('page')),
  };
}

export function sourcesUrlParams(state: SourcesUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter.trim()) params.set('filter', state.filter.trim());
  setFlag(params, 'lom_isnull', state.lomIsNull);
  setFlag(params, 'probable_loms_isnull', state.probableIsNull);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function sourcesQuery(state: SourcesUrlState): QueryParams {
  return {
    page: state.page,
    page_size: SOURCES_PAGE_SIZE,
    filter: state.filter || undefined,
    lom_isnull: state.lomIsNull,
    probable_loms_isnull: state.probableIsNull,
  };
}
