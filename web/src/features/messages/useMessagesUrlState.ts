import type { MessageFilterParams } from '@monitoring/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type MessagesPageState, readMessagesUrl, writeMessagesUrl } from './filter-url.ts';

export interface MessagesUrlState extends MessagesPageState {
  /** Replaces the filter; `replace` keeps typing out of the history. */
  setFilter: (filter: MessageFilterParams, options?: { replace?: boolean }) => void;
  patchFilter: (patch: Partial<MessageFilterParams>, options?: { replace?: boolean }) => void;
  setTab: (tab: MessagesPageState['tab']) => void;
  setStat: (stat: MessagesPageState['stat']) => void;
}

/** The messages page state, read from and written to the URL. */
export function useMessagesUrlState(): MessagesUrlState {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => readMessagesUrl(params), [key]);

  const write = useCallback(
    (next: MessagesPageState, replace = false) => setParams(writeMessagesUrl(next), { replace }),
    [setParams],
  );

  return {
    ...state,
    setFilter: (filter, options) => write({ ...state, filter }, options?.replace),
    patchFilter: (patch, options) =>
      write({ ...state, filter: { ...state.filter, ...patch } }, options?.replace),
    setTab: (tab) => write({ ...state, tab }),
    setStat: (stat) => write({ ...state, stat }),
  };
}
