import { PRODUCER_ORDERINGS, type ProducerOrdering } from '@monitoring/contracts';
import type { ProducerFilter } from '../../api/producers.ts';

/** /producers: the list's filters, order and page, and the open center, in the URL under the API's names. */
export interface ProducersUrlState extends ProducerFilter {
  pc_in: number[];
  source_in: number[];
  ordering: ProducerOrdering;
  page: number;
  /** The center whose charts are open; none: the charts of the filtered centers. */
  center?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole positive ids of a comma list; anything else is dropped (a lenient read of the browser's URL). */
function ids(text: string | null): number[] {
  if (!text) return [];
  const list = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^\d{1,10}$/.test(item))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(list)];
}

const day = (text: string | null) => (text && DAY.test(text) ? text : undefined);

function positive(text: string | null): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

export function parseProducersUrl(params: URLSearchParams): ProducersUrlState {
  const ordering = params.get('ordering');
  return {
    period_after: day(params.get('period_after')),
    period_before: day(params.get('period_before')),
    pc_in: ids(params.get('pc_in')),
    source_in: ids(params.get('source_in')),
    ordering: (PRODUCER_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as ProducerOrdering)
      : 'name',
    page: positive(params.get('page')) ?? 1,
    center: positive(params.get('center')),
  };
}

export function producersUrlParams(state: ProducersUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.period_after) params.set('period_after', state.period_after);
  if (state.period_before) params.set('period_before', state.period_before);
  if (state.pc_in.length) params.set('pc_in', state.pc_in.join(','));
  if (state.source_in.length) params.set('source_in', state.source_in.join(','));
  if (state.ordering !== 'name') params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.center) params.set('center', String(state.center));
  return params;
}

/** The filter of the charts: the open center alone, else the filtered centers. */
export function chartFilter(state: ProducersUrlState): ProducerFilter {
  return {
    period_after: state.period_after,
    period_before: state.period_before,
    pc_in: state.center ? [state.center] : state.pc_in,
    source_in: state.source_in,
  };
}
