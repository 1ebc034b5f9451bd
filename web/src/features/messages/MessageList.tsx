import type { MessageFilterParams } from '@monitoring/contracts';
import { Alert, Button, Empty } from 'antd';
import { useMessagesList } from '../../api/messages.ts';
import { formatExact } from '../../lib/format.ts';
import { MessageCard } from '../../ui/MessageCard.tsx';
import { MessageListSkeleton } from './MessageListSkeleton.tsx';
import { TEXTS } from './texts.ts';

interface MessageListProps {
  filter: MessageFilterParams;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  showAiMood?: boolean;
}

/** A message list with «Показать ещё»: page 1 replaces the list, later pages append. */
export function MessageList({ filter, selectable, selected, onSelect, showAiMood }: MessageListProps) {
  const query = useMessagesList(filter);
  const messages = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.elements_count ?? 0;

  if (query.isPending) return <MessageListSkeleton />;
  if (query.isError && messages.length === 0) {
    return <Alert type="error" title={TEXTS.loadError} description={query.error.message} showIcon />;
  }
  if (messages.length === 0) {
    return <Empty className="page__empty" description={TEXTS.empty} />;
  }
  return (
    <div className="message-list" aria-busy={query.isFetching}>
      <p className="message-list__count muted">{TEXTS.shown(messages.length, formatExact(total))}</p>
      <div
        className={
          query.isPlaceholderData ? 'message-list__items message-list__items--stale' : 'message-list__items'
        }
      >
        {messages.map((message) => (
          <MessageCard
            key={message.id}
            message={message}
            selectable={selectable}
            selected={selected.has(message.id)}
            onSelect={onSelect}
            showAiMood={showAiMood}
          />
        ))}
      </div>
      {query.hasNextPage ? (
        <div className="message-list__more">
          <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage} size="large">
            {TEXTS.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
