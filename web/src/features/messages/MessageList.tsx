import type { MessageFilterParams } from '@monitoring/contracts';
import { useMessagesList } from '../../api/messages.ts';
import { MessageListView } from '../../ui/MessageListView.tsx';

interface MessageListProps {
  filter: MessageFilterParams;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  showAiMood?: boolean;
}

/** The messages of a filter with «Показать ещё» (the list itself is ui/MessageListView, shared with news). */
export function MessageList({ filter, selectable, selected, onSelect, showAiMood }: MessageListProps) {
  const query = useMessagesList(filter);
  return (
    <MessageListView
      query={query}
      selectable={selectable}
      selected={selected}
      onSelect={onSelect}
      showAiMood={showAiMood}
    />
  );
}
