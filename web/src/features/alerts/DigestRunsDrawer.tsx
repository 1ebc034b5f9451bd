import {
  DIGEST_RUN_STATUS_LABELS,
  type DigestRun,
  type DigestRunStatus,
  formatNumber,
} from '@monitoring/contracts';
import { Drawer, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ALERT_EVENTS_PAGE_SIZE, useDigestRuns } from '../../api/alerts.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { DIGEST_TEXTS as T } from './texts.ts';

export const RUN_STATUS_COLORS: Record<DigestRunStatus, string> = {
  pending: 'blue',
  sent: 'green',
  failed: 'red',
};

/** The run's status as a tag. */
export function RunStatusTag({ status }: { status: DigestRunStatus }) {
  return <Tag color={RUN_STATUS_COLORS[status]}>{DIGEST_RUN_STATUS_LABELS[status]}</Tag>;
}

const columns: ColumnsType<DigestRun> = [
  { key: 'scheduled', title: T.runColumns.scheduled, render: (_, run) => formatDateTime(run.scheduled_for) },
  {
    key: 'period',
    title: T.runColumns.period,
    render: (_, run) => `${formatDateTime(run.period_start)} — ${formatDateTime(run.period_end)}`,
  },
  {
    key: 'status',
    title: T.runColumns.status,
    render: (_, run) => (
      <>
        <RunStatusTag status={run.status} />
        {run.status === 'pending' && run.next_attempt_at && run.attempts > 0 ? (
          <div className="alerts-table__muted">повтор {formatDateTime(run.next_attempt_at)}</div>
        ) : null}
      </>
    ),
  },
  {
    key: 'attempts',
    title: T.runColumns.attempts,
    align: 'right',
    render: (_, run) => formatNumber(run.attempts),
  },
  {
    key: 'count',
    title: T.runColumns.count,
    align: 'right',
    render: (_, run) => (run.message_count === null ? '—' : formatNumber(run.message_count)),
  },
  { key: 'error', title: T.runColumns.error, render: (_, run) => run.error ?? '—' },
  { key: 'sent', title: T.runColumns.sentAt, render: (_, run) => formatDateTime(run.sent_at) || '—' },
];

interface DigestRunsDrawerProps {
  /** The digest whose sends are open (the URL's `digest`), or null. */
  digestId: number | null;
  name: string | undefined;
  onClose: () => void;
}

/** A digest's sends, newest first: when, for which period, status, attempts, the error; refreshed while pending. */
export function DigestRunsDrawer({ digestId, name, onClose }: DigestRunsDrawerProps) {
  const [page, setPage] = useState(1);
  const runs = useDigestRuns(digestId, page);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer open={digestId !== null} onClose={close} size={900} title={T.runsTitle(name)} destroyOnHidden>
      {runs.isError && !runs.data ? (
        <LoadErrorAlert title={T.runsLoadError} error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <DataTable<DigestRun>
          rowKey="id"
          columns={columns}
          rows={runs.data?.results}
          loading={runs.isFetching && !runs.data}
          empty={T.runsEmpty}
          paging={
            runs.data
              ? {
                  page,
                  pageSize: ALERT_EVENTS_PAGE_SIZE,
                  total: runs.data.elements_count,
                  onPage: setPage,
                }
              : undefined
          }
        />
      )}
    </Drawer>
  );
}
