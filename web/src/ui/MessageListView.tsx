import './message-list.css';
import type { MessageListItem } from '@monitoring/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty } from 'antd';
import { formatExact } from '../lib/format.ts';
import { MessageCard } from './MessageCard.tsx';
import { MessageListSkeleton } from './MessageListSkeleton.tsx';

export const MESSAGE_LIST_TEXTS = {
  empty: 'Сообщений не найдено',
  loadMore: 'Показать ещё',
  loadError: 'Не удалось загрузить сообщения',
  shown: (shown: number, total: string) => `Показано ${shown} из ${total}`,
} as const;

/** Any paged call answering messages in the list's shape (the message list, a news story's messages). */
export type MessagePagesQuery = UseInfiniteQueryResult<
  InfiniteData<{ results: MessageListItem[]; elements_count: number }>,
  Error
>;

interface MessageListViewProps {
  query: MessagePagesQuery;
  selectable?: boolean;
  selected?: ReadonlySet<number>;
  onSelect?: (id: number, selected: boolean) => void;
  showAiMood?: boolean;
  /** The empty state, «Сообщений не найдено» unless told. */
  empty?: string;
}

const NO_SELECTION: ReadonlySet<number> = new Set();
const noSelect = () => {};

/** A message list with «Показать ещё»: page 1 replaces the list, later pages append. */
export function MessageListView({
  query,
  selectable = false,
  selected = NO_SELECTION,
  onSelect = noSelect,
  showAiMood,
  empty = MESSAGE_LIST_TEXTS.empty,
}: MessageListViewProps) {
  const messages = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.elements_count ?? 0;

  if (query.isPending) return <MessageListSkeleton />;
  if (query.isError && messages.length === 0) {
    return (
      <Alert type="error" title={MESSAGE_LIST_TEXTS.loadError} description={query.error.message} showIcon />
    );
  }
  if (messages.length === 0) {
    return <Empty className="page__empty" description={empty} />;
  }
  return (
    <div className="message-list" aria-busy={query.isFetching}>
      <p className="message-list__count muted">
        {MESSAGE_LIST_TEXTS.shown(messages.length, formatExact(total))}
      </p>
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
            {MESSAGE_LIST_TEXTS.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
