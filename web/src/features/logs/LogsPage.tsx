import './logs.css';
import {
  formatNumber,
  USER_ACTIONS_COUNT_CAP,
  USER_ACTIONS_PAGE_SIZE,
  type UserActionItem,
} from '@monitoring/contracts';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useUserActions, useUserActionsReport } from '../../api/logs.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { LogActionCell } from './LogActionCell.tsx';
import { LogsFilters } from './LogsFilters.tsx';
import {
  hasLogFilters,
  type LogsUrlState,
  logsFilterQuery,
  logsListQuery,
  logsUrlParams,
  parseLogsUrl,
} from './logs-url.ts';

const parse = (params: URLSearchParams) => parseLogsUrl(params);
const write = (state: LogsUrlState) => logsUrlParams(state);

/** «Найдено: 1 234», or «более 10 000» past the count's cap (docs/logs.md "Speed"). */
export function foundText(count: number): string {
  return count >= USER_ACTIONS_COUNT_CAP
    ? `Найдено: более ${formatNumber(USER_ACTIONS_COUNT_CAP)}`
    : `Найдено: ${formatNumber(count)}`;
}

/** /logs: who did what to which object, when (Moscow time) and what changed; filters in the URL; Excel export. */
export function LogsPage() {
  usePageTitle(PAGE_TITLES.logs);
  const { state, patch } = useUrlState(parse, write);
  const list = useUserActions(logsListQuery(state));
  const report = useUserActionsReport();

  const columns: TableColumnsType<UserActionItem> = [
    {
      key: 'created_at',
      title: 'Когда (МСК)',
      width: 170,
      render: (_, row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      key: 'user',
      title: 'Кто',
      width: 220,
      render: (_, row) =>
        row.user ? (
          <Button
            type="link"
            className="logs-user"
            title="Показать действия этого пользователя"
            onClick={() => row.user && patch({ user_in: [row.user.id] })}
          >
            {row.user.full_name}
            <span className="logs-user__login"> ({row.user.username})</span>
          </Button>
        ) : row.action === 'message.ingest' ? (
          // Scheduled collection loads messages on no one's behalf (docs/collectors.md).
          <span className="logs-user--deleted">сбор по расписанию</span>
        ) : (
          <span className="logs-user--deleted">удалённый пользователь</span>
        ),
    },
    { key: 'type', title: 'Раздел', width: 130, render: (_, row) => <Tag>{row.type_name}</Tag> },
    { key: 'action', title: 'Что сделано', render: (_, row) => <LogActionCell row={row} /> },
  ];

  const download = () =>
    report.mutate(logsFilterQuery(state), {
      onError: notifyBadRequest('Не удалось выгрузить журнал в Excel'),
    });

  return (
    <section className="page logs-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.logs}</PageHeading>
        <div className="page__actions">
          <Button onClick={download} loading={report.isPending} disabled={list.data?.elements_count === 0}>
            Скачать Excel
          </Button>
        </div>
      </div>
      <LogsFilters state={state} patch={patch} />
      <div className="logs-page__summary" aria-live="polite">
        {list.data ? <span>{foundText(list.data.elements_count)}</span> : null}
        {hasLogFilters(state) ? (
          <Button type="link" size="small" onClick={() => patch(parseLogsUrl(new URLSearchParams()))}>
            Сбросить фильтры
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить журнал"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : null}
      <DataTable<UserActionItem>
        aria-label="Журнал действий"
        size="middle"
        rowKey="id"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        empty={hasLogFilters(state) ? 'Нет действий по этим фильтрам' : 'Действий пока нет'}
        paging={{
          page: state.page,
          pageSize: USER_ACTIONS_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
    </section>
  );
}
