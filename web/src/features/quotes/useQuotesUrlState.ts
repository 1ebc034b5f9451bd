import type { QuoteFilterParams } from '@monitoring/contracts';
import { replaceFields, useUrlState } from '../../lib/useUrlState.ts';
import { type QuotesPageState, readQuotesUrl, writeQuotesUrl } from './quotes-url.ts';

export interface QuotesUrlState extends QuotesPageState {
  setFilter: (filter: QuoteFilterParams) => void;
  /** `replace` keeps typing out of the history. */
  patchFilter: (patch: Partial<QuoteFilterParams>, options?: { replace?: boolean }) => void;
  setStat: (stat: QuotesPageState['stat']) => void;
}

/** The quotes page state, read from and written to the URL (lib/useUrlState). */
export function useQuotesUrlState(): QuotesUrlState {
  const { state, patch } = useUrlState(readQuotesUrl, writeQuotesUrl, replaceFields);
  return {
    ...state,
    setFilter: (filter) => patch({ filter }),
    patchFilter: (change, options) =>
      patch((latest) => ({ filter: { ...latest.filter, ...change } }), options),
    setStat: (stat) => patch({ stat }),
  };
}
