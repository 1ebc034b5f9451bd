// The comparison keeps its state in the URL: the loms (id_in, in the order chosen), the
// period (wrote_at_after / wrote_at_before, Moscow days, both included) and the page.

export interface CompareUrlState {
  ids: number[];
  after?: string;
  before?: string;
  page: number;
}

function ids(text: string | null): number[] {
  if (!text) return [];
  const seen = new Set<number>();
  for (const part of text.split(',')) {
    const id = Number(part.trim());
    if (Number.isInteger(id) && id > 0) seen.add(id);
  }
  return [...seen];
}

function day(text: string | null): string | undefined {
  const value = text?.slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export function parseCompareUrl(params: URLSearchParams): CompareUrlState {
  const page = Number(params.get('page'));
  return {
    ids: ids(params.get('id_in')),
    after: day(params.get('wrote_at_after') ?? params.get('message__wrote_at_after')),
    before: day(params.get('wrote_at_before') ?? params.get('message__wrote_at_before')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The URL of a state; empty values and page 1 are left out (product.md §5). */
export function compareUrlParams(state: CompareUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.ids.length > 0) params.set('id_in', state.ids.join(','));
  if (state.after) params.set('wrote_at_after', state.after);
  if (state.before) params.set('wrote_at_before', state.before);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
