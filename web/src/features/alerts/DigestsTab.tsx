import { DIGEST_FORMAT_LABELS, type DigestItem } from '@monitoring/contracts';
import { Button, Popconfirm, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useDigests, useDigestWrites } from '../../api/alerts.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { RunStatusTag } from './DigestRunsDrawer.tsx';
import { scheduleText } from './digest-form.ts';
import { OwnListTable } from './OwnListTable.tsx';
import { ALERTS_TEXTS, DIGEST_TEXTS as T } from './texts.ts';

interface DigestsTabProps {
  page: number;
  onPage: (page: number) => void;
  onRuns: (digest: DigestItem) => void;
  onEdit: (digest: DigestItem | null) => void;
}

/** The caller's digests: schedule, format, what goes in, recipients, the last send; send now, sends, edit, delete. */
export function DigestsTab({ page, onPage, onRuns, onEdit }: DigestsTabProps) {
  const digests = useDigests(page);
  const { update, remove, send } = useDigestWrites();
  const { message } = useFeedback();

  const columns: ColumnsType<DigestItem> = [
    { key: 'name', title: T.columns.name, dataIndex: 'name', width: 200 },
    { key: 'schedule', title: T.columns.schedule, width: 200, render: (_, d) => scheduleText(d) },
    { key: 'format', title: T.columns.format, width: 90, render: (_, d) => DIGEST_FORMAT_LABELS[d.format] },
    { key: 'target', title: T.columns.target, dataIndex: 'target_label', width: 220 },
    {
      key: 'recipients',
      title: T.columns.recipients,
      width: 220,
      render: (_, d) => <span className="alerts-table__recipients">{d.recipients.join(', ')}</span>,
    },
    {
      key: 'next',
      title: T.columns.nextRun,
      width: 160,
      render: (_, d) => (d.muted ? '—' : formatDateTime(d.next_run_at) || '—'),
    },
    {
      key: 'last',
      title: T.columns.lastRun,
      width: 220,
      render: (_, d) =>
        d.last_run ? (
          <>
            <RunStatusTag status={d.last_run.status} />
            <div className="alerts-table__muted">{formatDateTime(d.last_run.at)}</div>
            {d.last_run.error ? <div className="alerts-table__disabled">{d.last_run.error}</div> : null}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'enabled',
      title: ALERTS_TEXTS.enabled,
      width: 100,
      render: (_, d) => (
        <Switch
          checked={!d.muted}
          aria-label={T.enabledLabel(d.name)}
          loading={update.isPending && update.variables?.id === d.id}
          onChange={(on) =>
            update.mutate({ id: d.id, body: { muted: !on } }, { onError: notifyBadRequest(T.muteFailed) })
          }
        />
      ),
    },
    {
      key: 'actions',
      title: ALERTS_TEXTS.columns.actions,
      width: 320,
      // Kept in view while the wide table scrolls sideways.
      fixed: 'right',
      render: (_, d) => (
        <Space size={4} wrap>
          <Button
            size="small"
            loading={send.isPending && send.variables === d.id}
            onClick={() =>
              send.mutate(d.id, {
                onSuccess: () => {
                  message.success(T.sent);
                  onRuns(d);
                },
                onError: notifyBadRequest(T.sendFailed),
              })
            }
          >
            {T.sendNow}
          </Button>
          <Button size="small" onClick={() => onRuns(d)}>
            {T.runs}
          </Button>
          <Button size="small" onClick={() => onEdit(d)}>
            {ALERTS_TEXTS.edit}
          </Button>
          <Popconfirm
            title={T.deleteConfirm(d.name)}
            okText={ALERTS_TEXTS.remove}
            cancelText={ALERTS_TEXTS.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutate(d.id, {
                onSuccess: () => message.success(T.deleted),
                onError: notifyBadRequest(T.deleteFailed),
              })
            }
          >
            <Button size="small" danger>
              {ALERTS_TEXTS.remove}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <OwnListTable<DigestItem>
      list={digests}
      columns={columns}
      scrollX={1530}
      texts={T}
      page={page}
      onPage={onPage}
      onCreate={() => onEdit(null)}
    />
  );
}
