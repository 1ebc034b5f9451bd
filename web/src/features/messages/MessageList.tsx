import type { MessageFilterParams } from '@monitoring/contracts';
import { useMessagesList } from '../../api/messages.ts';
import { MessageListView } from '../../ui/MessageListView.tsx';
import { useMessageTotal } from './useMessageTotal.ts';

interface MessageListProps {
  filter: MessageFilterParams;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  showAiMood?: boolean;
}

/**
 * The messages of a filter with «Показать ещё» (the list itself is ui/MessageListView, shared with news), their
 * number counted past a search's bound, and links that carry the search to the message card.
 */
export function MessageList({ filter, selectable, selected, onSelect, showAiMood }: MessageListProps) {
  const query = useMessagesList(filter);
  const total = useMessageTotal(filter);
  return (
    <MessageListView
      query={query}
      total={total}
      search={filter.search}
      selectable={selectable}
      selected={selected}
      onSelect={onSelect}
      showAiMood={showAiMood}
    />
  );
}
