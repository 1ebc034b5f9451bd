import type { Feed, FeedRun } from '@monitoring/contracts';
import { Drawer } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { FEED_RUNS_PAGE_SIZE, useFeedRuns } from '../../../api/feeds.ts';
import { formatDateTime, formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { formatDuration } from './feed-format.ts';
import { FEEDS_TEXTS as T } from './texts.ts';

const count = (value: number) => formatExact(value);

const columns: ColumnsType<FeedRun> = [
  { key: 'when', title: T.runColumns.when, width: 200, render: (_, run) => formatDateTime(run.started_at) },
  { key: 'trigger', title: T.runColumns.trigger, width: 130, render: (_, run) => T.triggers[run.trigger] },
  {
    key: 'status',
    title: T.runColumns.status,
    width: 70,
    align: 'right',
    render: (_, run) => run.http_status ?? '—',
  },
  { key: 'fetched', title: T.runColumns.fetched, align: 'right', render: (_, run) => count(run.fetched) },
  { key: 'created', title: T.runColumns.created, align: 'right', render: (_, run) => count(run.created) },
  { key: 'updated', title: T.runColumns.updated, align: 'right', render: (_, run) => count(run.updated) },
  { key: 'skipped', title: T.runColumns.skipped, align: 'right', render: (_, run) => count(run.skipped) },
  {
    key: 'duration',
    title: T.runColumns.duration,
    align: 'right',
    render: (_, run) => formatDuration(run.duration_ms),
  },
  {
    key: 'error',
    title: T.runColumns.error,
    width: 280,
    render: (_, run) => (run.error ? <span className="feeds-table__error-text">{run.error}</span> : '—'),
  },
];

interface FeedRunsDrawerProps {
  /** The feed whose log is open, or null. */
  feed: Feed | null;
  onClose: () => void;
}

/** «Журнал»: a feed's fetches, newest first: when, how started, HTTP status, counts, time taken, error. */
export function FeedRunsDrawer({ feed, onClose }: FeedRunsDrawerProps) {
  const [page, setPage] = useState(1);
  const runs = useFeedRuns(feed?.id ?? null, page);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer
      open={feed !== null}
      onClose={close}
      size={1000}
      title={T.runsTitle(feed?.url ?? '')}
      destroyOnHidden
    >
      {runs.isError && !runs.data ? (
        <LoadErrorAlert title={T.runsLoadError} error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <DataTable<FeedRun>
          rowKey="id"
          columns={columns}
          rows={runs.data?.results}
          loading={runs.isFetching}
          empty={T.runsEmpty}
          paging={
            runs.data
              ? { page, pageSize: FEED_RUNS_PAGE_SIZE, total: runs.data.elements_count, onPage: setPage }
              : undefined
          }
        />
      )}
    </Drawer>
  );
}
