import type { MessageFilterParams } from '@monitoring/contracts';
import { replaceFields, useUrlState } from '../../lib/useUrlState.ts';
import { type MessagesPageState, readMessagesUrl, writeMessagesUrl } from './filter-url.ts';

export interface MessagesUrlState extends MessagesPageState {
  /** Replaces the filter; `replace` keeps typing out of the history. */
  setFilter: (filter: MessageFilterParams, options?: { replace?: boolean }) => void;
  patchFilter: (patch: Partial<MessageFilterParams>, options?: { replace?: boolean }) => void;
  setTab: (tab: MessagesPageState['tab']) => void;
  setStat: (stat: MessagesPageState['stat']) => void;
}

/** The messages page state, read from and written to the URL (lib/useUrlState). */
export function useMessagesUrlState(): MessagesUrlState {
  const { state, patch } = useUrlState(readMessagesUrl, writeMessagesUrl, replaceFields);
  return {
    ...state,
    setFilter: (filter, options) => patch({ filter }, options),
    patchFilter: (change, options) =>
      patch((latest) => ({ filter: { ...latest.filter, ...change } }), options),
    setTab: (tab) => patch({ tab }),
    setStat: (stat) => patch({ stat }),
  };
}
