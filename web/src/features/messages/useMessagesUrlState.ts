import type { MessageFilterParams } from '@monitoring/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { type MessagesPageState, readMessagesUrl, writeMessagesUrl } from './filter-url.ts';

export interface MessagesUrlState extends MessagesPageState {
  /** Replaces the filter; `replace` keeps typing out of the history. */
  setFilter: (filter: MessageFilterParams, options?: { replace?: boolean }) => void;
  patchFilter: (patch: Partial<MessageFilterParams>, options?: { replace?: boolean }) => void;
  setTab: (tab: MessagesPageState['tab']) => void;
  setStat: (stat: MessagesPageState['stat']) => void;
}

/**
 * The messages page state, read from and written to the URL.
 *
 * A URL change reaches the page only after the route loaders have run and the
 * router's transition has rendered, so a second change made meanwhile (a click
 * right after the search box reported, or the search's debounce firing after a
 * filter click) must not start from the state on screen: it would write the
 * older URL back and undo the first. Each change therefore starts from the
 * latest state asked for until the navigation to it has finished.
 */
export function useMessagesUrlState(): MessagesUrlState {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => readMessagesUrl(params), [key]);
  const navigation = useNavigation();
  const pending = useRef<MessagesPageState | null>(null);

  // Once the router is idle again the URL on screen is the latest one (or one the
  // user went to with Back): changes start from it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL or the end of a navigation is the trigger.
  useEffect(() => {
    if (navigation.state === 'idle') pending.current = null;
  }, [key, navigation.state]);

  const latest = useCallback(() => pending.current ?? state, [state]);
  const write = useCallback(
    (next: MessagesPageState, replace = false) => {
      pending.current = next;
      setParams(writeMessagesUrl(next), { replace });
    },
    [setParams],
  );

  return {
    ...state,
    setFilter: (filter, options) => write({ ...latest(), filter }, options?.replace),
    patchFilter: (patch, options) => {
      const current = latest();
      write({ ...current, filter: { ...current.filter, ...patch } }, options?.replace);
    },
    setTab: (tab) => write({ ...latest(), tab }),
    setStat: (stat) => write({ ...latest(), stat }),
  };
}
