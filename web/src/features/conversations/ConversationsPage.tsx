import './conversations.css';
import {
  CONVERSATION_ORDERINGS,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationListItem,
  type ConversationOrdering,
} from '@monitoring/contracts';
import { Button, Select, type TableColumnsType } from 'antd';
import { isApiError } from '../../api/api-error.ts';
import { useConversation, useConversations } from '../../api/conversations.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ConversationDrawer } from './ConversationDrawer.tsx';
import {
  type ConversationsUrlState,
  conversationsUrlParams,
  mergeConversations,
  ORDERING_LABELS,
  parseConversationsUrl,
} from './conversations-url.ts';

/**
 * /conversations: broadcasts and talks with their transcripts (docs/conversations.md). The list's
 * filters and the conversation open in the drawer live in the URL; an unknown one is the 404 page.
 */
export function ConversationsPage() {
  usePageTitle(PAGE_TITLES.conversations);
  const { state, patch } = useUrlState<ConversationsUrlState>(
    parseConversationsUrl,
    conversationsUrlParams,
    mergeConversations,
  );
  const list = useConversations(state);
  const detail = useConversation(state.conversation);

  if (detail.isError && isApiError(detail.error) && detail.error.status === 404) return <NotFoundPage />;

  const columns: TableColumnsType<ConversationListItem> = [
    {
      key: 'name',
      title: 'Название',
      render: (_, row) => (
        <Button type="link" className="conversation-name" onClick={() => patch({ conversation: row.id })}>
          {row.name}
        </Button>
      ),
    },
    {
      key: 'wrote_at',
      title: 'Дата',
      width: 160,
      render: (_, row) => <time dateTime={row.wrote_at}>{formatDateTime(row.wrote_at)}</time>,
    },
    { key: 'channel', title: 'Канал', width: 200, render: (_, row) => row.channel?.name ?? '—' },
    { key: 'si', title: 'Si', width: 100, align: 'right', render: (_, row) => formatCount(row.si) },
    {
      key: 'number_views',
      title: 'Просмотры',
      width: 120,
      align: 'right',
      render: (_, row) => formatCount(row.number_views),
    },
  ];
  const filtered = Boolean(
    state.after || state.before || state.search || state.sources.length || state.channels.length,
  );

  return (
    <section className="page conversations-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.conversations}</PageHeading>
      </div>
      <div className="conversations-filters">
        <PeriodPicker
          value={{ after: state.after, before: state.before }}
          onChange={(value) => patch({ after: value.after, before: value.before })}
        />
        <SearchInput
          value={state.search}
          onSearch={(search) => patch({ search }, { replace: true })}
          placeholder="Поиск по названию"
        />
        <PickSelect
          kind="source"
          mode="multiple"
          placeholder="Источник"
          value={state.sources}
          onChange={(sources) => patch({ sources })}
          className="conversations-filters__source"
        />
        <PickSelect
          kind="channel"
          mode="multiple"
          placeholder="Канал"
          value={state.channels}
          onChange={(channels) => patch({ channels })}
          className="conversations-filters__source"
        />
        <Select<ConversationOrdering>
          aria-label="Сортировка"
          value={state.ordering}
          onChange={(ordering) => patch({ ordering })}
          options={CONVERSATION_ORDERINGS.map((value) => ({ value, label: ORDERING_LABELS[value] }))}
          style={{ minWidth: 180 }}
        />
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить эфиры"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : null}
      <DataTable<ConversationListItem>
        aria-label="Эфиры"
        size="middle"
        rowKey="id"
        columns={columns}
        rows={list.data?.results}
        loading={list.isFetching}
        empty={filtered ? 'Нет эфиров по этим фильтрам' : 'Эфиров пока нет'}
        paging={{
          page: state.page,
          pageSize: CONVERSATIONS_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
      <ConversationDrawer
        open={state.conversation !== null}
        detail={detail.data}
        isPending={detail.isPending}
        error={detail.isError ? detail.error : null}
        onClose={() => patch({ conversation: null })}
      />
    </section>
  );
}
