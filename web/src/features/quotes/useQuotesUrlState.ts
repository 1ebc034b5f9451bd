import type { QuoteFilterParams } from '@monitoring/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type QuotesPageState, readQuotesUrl, writeQuotesUrl } from './quotes-url.ts';

export interface QuotesUrlState extends QuotesPageState {
  setFilter: (filter: QuoteFilterParams) => void;
  /** `replace` keeps typing out of the history. */
  patchFilter: (patch: Partial<QuoteFilterParams>, options?: { replace?: boolean }) => void;
  setStat: (stat: QuotesPageState['stat']) => void;
}

/** The quotes page state, read from and written to the URL. */
export function useQuotesUrlState(): QuotesUrlState {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => readQuotesUrl(params), [key]);

  const write = useCallback(
    (next: QuotesPageState, replace = false) => setParams(writeQuotesUrl(next), { replace }),
    [setParams],
  );

  return {
    ...state,
    setFilter: (filter) => write({ ...state, filter }),
    patchFilter: (patch, options) =>
      write({ ...state, filter: { ...state.filter, ...patch } }, options?.replace),
    setStat: (stat) => write({ ...state, stat }),
  };
}
