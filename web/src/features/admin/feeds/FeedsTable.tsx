import { WarningOutlined } from '@ant-design/icons';
import { FEED_KIND_LABELS, type Feed } from '@monitoring/contracts';
import { Button, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatExact } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';
import { intervalOptions, relativeTime } from './feed-format.ts';
import { FEEDS_TEXTS as T } from './texts.ts';

/** A Moscow date-time with «5 мин назад» as its title; `empty` when there is none. */
function When({ value, empty }: { value: string | null; empty: string }) {
  if (!value) return <span className="admin-muted">{empty}</span>;
  return <span title={relativeTime(value)}>{formatDateTime(value)}</span>;
}

/** Why an enabled feed is not polled (orange), or its last error (red), the whole text on hover. */
function FeedProblem({ feed }: { feed: Feed }) {
  if (feed.paused_reason)
    return (
      <span className="feeds-table__paused" role="note">
        <WarningOutlined aria-hidden /> {T.paused}: {feed.paused_reason}
      </span>
    );
  if (!feed.last_error) return <span className="admin-muted">—</span>;
  return (
    <>
      <Typography.Paragraph
        className="feeds-table__error-text"
        ellipsis={{ rows: 2, tooltip: { title: feed.last_error, placement: 'topLeft' } }}
      >
        {feed.last_error}
      </Typography.Paragraph>
      {feed.failures > 1 ? (
        <div className="admin-muted">{T.failuresInRow(formatExact(feed.failures))}</div>
      ) : null}
    </>
  );
}

interface FeedsTableProps {
  rows: Feed[] | undefined;
  loading: boolean;
  paging: DataTablePaging | undefined;
  empty: ReactNode;
  /** The feeds whose «Собрать сейчас» is running. */
  collecting: readonly number[];
  /** The feed whose switch or interval is being saved. */
  saving: number | null;
  onToggle: (feed: Feed, enabled: boolean) => void;
  onInterval: (feed: Feed, minutes: number) => void;
  onCollect: (feed: Feed) => void;
  onRuns: (feed: Feed) => void;
  onEdit: (feed: Feed) => void;
  onDelete: (feed: Feed) => void;
}

/** The feeds: kind, address, lom, on/off, interval, last fetch and success, a day's items, error, next run. */
export function FeedsTable(props: FeedsTableProps) {
  const columns: ColumnsType<Feed> = [
    {
      key: 'kind',
      title: T.columns.kind,
      width: 110,
      render: (_, feed) => (
        <>
          <div>{FEED_KIND_LABELS[feed.kind]}</div>
          {feed.source && feed.source.name !== FEED_KIND_LABELS[feed.kind] ? (
            <div className="admin-muted">{feed.source.name}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'url',
      title: T.columns.url,
      width: 240,
      render: (_, feed) => (
        <a
          className="feeds-table__url"
          href={safeExternalUrl(feed.url) ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {feed.url}
        </a>
      ),
    },
    {
      key: 'lom',
      title: T.columns.lom,
      width: 200,
      render: (_, feed) => (
        <>
          {feed.lom ? (
            <Link to={`/loms/${feed.lom.id}`}>{feed.lom.name}</Link>
          ) : (
            <span className="admin-muted">{T.noLom}</span>
          )}
          {feed.lom_source ? <div className="admin-muted feeds-table__url">{feed.lom_source.url}</div> : null}
        </>
      ),
    },
    {
      key: 'enabled',
      title: T.columns.enabled,
      width: 70,
      render: (_, feed) => (
        <Switch
          checked={feed.enabled}
          aria-label={T.enabledLabel(feed.url)}
          loading={props.saving === feed.id}
          onChange={(on) => props.onToggle(feed, on)}
        />
      ),
    },
    {
      key: 'interval',
      title: T.columns.interval,
      width: 120,
      render: (_, feed) => (
        <Select
          size="small"
          className="feeds-table__interval"
          aria-label={T.intervalLabel(feed.url)}
          value={feed.interval_minutes}
          options={intervalOptions(feed.interval_minutes)}
          disabled={props.saving === feed.id}
          onChange={(minutes: number) => props.onInterval(feed, minutes)}
        />
      ),
    },
    {
      key: 'last_fetch',
      title: T.columns.lastFetch,
      width: 160,
      render: (_, feed) => (
        <>
          <When value={feed.last_fetch_at} empty={T.never} />
          {feed.last_status !== null ? <div className="admin-muted">HTTP {feed.last_status}</div> : null}
        </>
      ),
    },
    {
      key: 'last_success',
      title: T.columns.lastSuccess,
      width: 160,
      render: (_, feed) => <When value={feed.last_success_at} empty={T.never} />,
    },
    {
      key: 'items',
      className: 'feeds-table__items',
      title: <span title={T.itemsLastDayTitle}>{T.columns.itemsLastDay}</span>,
      width: 100,
      align: 'right',
      render: (_, feed) => formatExact(feed.items_last_day),
    },
    {
      key: 'error',
      title: T.columns.error,
      width: 240,
      render: (_, feed) => <FeedProblem feed={feed} />,
    },
    {
      key: 'next_run',
      title: T.columns.nextRun,
      width: 160,
      render: (_, feed) => <When value={feed.enabled ? feed.next_run_at : null} empty="—" />,
    },
    {
      key: 'actions',
      title: T.columns.actions,
      // Two lines of buttons: the fetch and its log, then edit and delete.
      width: 260,
      // Kept in view while the wide table scrolls sideways.
      fixed: 'right',
      render: (_, feed) => (
        <Space size={4} wrap>
          <Button
            size="small"
            type="primary"
            loading={props.collecting.includes(feed.id)}
            onClick={() => props.onCollect(feed)}
          >
            {T.collect}
          </Button>
          <Button size="small" onClick={() => props.onRuns(feed)}>
            {T.runs}
          </Button>
          <Button size="small" onClick={() => props.onEdit(feed)}>
            {T.edit}
          </Button>
          <Popconfirm
            title={T.removeConfirm}
            description={T.removeHint}
            okText={T.remove}
            okButtonProps={{ danger: true }}
            cancelText={T.cancel}
            onConfirm={() => props.onDelete(feed)}
          >
            <Button size="small" danger>
              {T.remove}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <DataTable<Feed>
      rowKey="id"
      className="feeds-table"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      scroll={{ x: 1830 }}
      empty={props.empty}
    />
  );
}
