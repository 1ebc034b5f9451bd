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
  /** A search counted to a bound («более 1 000») and stopped. */
  shownOfMore: (shown: number, bound: string) => `Найдено более ${bound}, показано ${shown}`,
  counting: 'считаем…',
} as const;

/** How many messages the list has: exact, or a bound («более N») while or after counting the rest. */
export interface ListTotal {
  count: number;
  exact: boolean;
  /** The exact number is being counted. */
  counting: boolean;
}

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
  /** The number of messages when the caller knows better than the list's answer (a count past a search's bound). */
  total?: ListTotal;
  /** The list's search: the cards link to the message with it, so the editor marks what it found. */
  search?: string;
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
  total: knownTotal,
  search,
}: MessageListViewProps) {
  const messages = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = knownTotal ?? {
    count: query.data?.pages[query.data.pages.length - 1]?.elements_count ?? 0,
    exact: true,
    counting: false,
  };

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
      <p className="message-list__count muted" aria-live="polite">
        {total.exact
          ? MESSAGE_LIST_TEXTS.shown(messages.length, formatExact(total.count))
          : MESSAGE_LIST_TEXTS.shownOfMore(
              messages.length,
              formatExact(Math.max(total.count, messages.length)),
            )}
        {total.counting ? (
          <span className="message-list__counting">{MESSAGE_LIST_TEXTS.counting}</span>
        ) : null}
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
            search={search}
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
