import {
  DEFAULT_MESSAGE_STAT,
  encodeQuery,
  MESSAGE_STATS,
  type MessageFilterParams,
  type MessageStat,
  parseMessageFilterFromUrl,
} from '@monitoring/contracts';

// The messages page keeps everything in its URL (the single source of truth):
// the filter in the wire form of contracts, the tab (§5 numeric `tab`) and the
// stat of the lom list.

/** §2 tabs: 0 and 1 message lists, 2 mood table and lom list, 3 the special-source (Zefir) list. */
export const MESSAGE_TABS = { all: 0, verified: 1, stats: 2, zefir: 3 } as const;
export type MessagesTab = (typeof MESSAGE_TABS)[keyof typeof MESSAGE_TABS];
const TAB_VALUES: readonly number[] = Object.values(MESSAGE_TABS);

export interface MessagesPageState {
  filter: MessageFilterParams;
  tab: MessagesTab;
  stat: MessageStat;
}

export function readMessagesUrl(params: URLSearchParams): MessagesPageState {
  const tab = Number(params.get('tab') ?? MESSAGE_TABS.all);
  const stat = params.get('stat');
  return {
    filter: parseMessageFilterFromUrl(params),
    tab: (TAB_VALUES.includes(tab) ? tab : MESSAGE_TABS.all) as MessagesTab,
    stat: (MESSAGE_STATS as readonly string[]).includes(stat ?? '')
      ? (stat as MessageStat)
      : DEFAULT_MESSAGE_STAT,
  };
}

/** The query string of a page state; defaults (tab 0, stat views) are left out. */
export function writeMessagesUrl({ filter, tab, stat }: MessagesPageState): string {
  return encodeQuery({
    ...filter,
    tab: tab === MESSAGE_TABS.all ? undefined : tab,
    stat: stat === DEFAULT_MESSAGE_STAT ? undefined : stat,
  });
}

/** The filter a tab asks the server for: the URL's filter and the tab's own condition. */
export function tabFilter(tab: MessagesTab, filter: MessageFilterParams): MessageFilterParams {
  if (tab === MESSAGE_TABS.verified) return { ...filter, verified: true };
  if (tab === MESSAGE_TABS.zefir) return { ...filter, from_zephyr: true };
  return filter;
}
