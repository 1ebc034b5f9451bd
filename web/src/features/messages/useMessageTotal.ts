import type { MessageFilterParams } from '@monitoring/contracts';
import { useMessagesCount, useMessagesList } from '../../api/messages.ts';
import type { ListTotal } from '../../ui/MessageListView.tsx';

/**
 * How many messages a filter has. A search counts only to a bound on the list's page (`elements_count_exact:
 * false`): then the exact number is asked from pagination_count/ in the background and replaces the bound when it
 * comes; if that too stops at a bound, the bound («более N») stays.
 */
export function useMessageTotal(filter: MessageFilterParams): ListTotal {
  const list = useMessagesList(filter);
  const last = list.data?.pages[list.data.pages.length - 1];
  const bounded = last?.elements_count_exact === false;
  // The previous filter's list stands in while the new one loads: its bound is not this filter's.
  const counted = useMessagesCount(filter, { enabled: bounded && !list.isPlaceholderData });
  if (!last) return { count: 0, exact: true, counting: false };
  if (!bounded || list.isPlaceholderData) {
    return { count: last.elements_count, exact: !bounded, counting: false };
  }
  if (counted.data) {
    return {
      count: counted.data.elements_count,
      exact: counted.data.elements_count_exact !== false,
      counting: false,
    };
  }
  return { count: last.elements_count, exact: false, counting: counted.isFetching };
}
