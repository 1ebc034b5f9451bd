import { WarningOutlined } from '@ant-design/icons';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_KIND_LABELS,
  type AlertItem,
  SPIKE_METRIC_LABELS,
  SPIKE_SENSITIVITY_LABELS,
  SPIKE_WINDOW_LABELS,
} from '@monitoring/contracts';
import { Button, Popconfirm, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAlerts, useAlertWrites } from '../../api/alerts.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { formatDateTime, formatExact } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { OwnListTable } from './OwnListTable.tsx';
import { ALERTS_TEXTS as T } from './texts.ts';

/** «15 мин», «1 ч», «1 ч 30 мин». */
export function formatInterval(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${formatExact(rest)} мин`;
  return rest === 0 ? `${formatExact(hours)} ч` : `${formatExact(hours)} ч ${formatExact(rest)} мин`;
}

/** The kind's settings in a line: «не чаще раза в 15 мин», «Час · SI · средняя», «порог 30 % · Сутки». */
export function kindDetails(alert: AlertItem): string {
  switch (alert.kind) {
    case 'new':
      return alert.interval_minutes ? `не чаще раза в ${formatInterval(alert.interval_minutes)}` : '';
    case 'spike':
      return [
        alert.window ? SPIKE_WINDOW_LABELS[alert.window] : null,
        alert.metric ? SPIKE_METRIC_LABELS[alert.metric] : null,
        alert.sensitivity
          ? `чувствительность: ${SPIKE_SENSITIVITY_LABELS[alert.sensitivity].toLowerCase()}`
          : null,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'negative':
      return [
        alert.threshold !== null ? `порог ${formatExact(alert.threshold)} %` : null,
        alert.window ? SPIKE_WINDOW_LABELS[alert.window] : null,
      ]
        .filter(Boolean)
        .join(' · ');
  }
}

/** The channels as tags; a disabled one in orange with a warning sign, and why under the tags. */
function ChannelTags({ alert }: { alert: AlertItem }) {
  const disabled = alert.channels.filter((c) => c.disabled_at !== null);
  return (
    <div className="alerts-table__channels">
      <div>
        {alert.channels.map((channel) =>
          channel.disabled_at === null ? (
            <Tag key={channel.id}>{ALERT_CHANNEL_LABELS[channel.type]}</Tag>
          ) : (
            <Tag key={channel.id} color="orange" icon={<WarningOutlined />}>
              {ALERT_CHANNEL_LABELS[channel.type]}
            </Tag>
          ),
        )}
      </div>
      {disabled.map((channel) => (
        <p key={channel.id} className="alerts-table__disabled" role="note">
          {T.channelDisabled(ALERT_CHANNEL_LABELS[channel.type], channel.disabled_reason)}
        </p>
      ))}
    </div>
  );
}

interface AlertsTabProps {
  page: number;
  onPage: (page: number) => void;
  onEvents: (alert: AlertItem) => void;
  onEdit: (alert: AlertItem | null) => void;
}

/** The caller's alerts: what each watches, how it speaks, its last check; switch, events, edit, delete. */
export function AlertsTab({ page, onPage, onEvents, onEdit }: AlertsTabProps) {
  const alerts = useAlerts(page);
  const { update, remove } = useAlertWrites();
  const { message } = useFeedback();

  const columns: ColumnsType<AlertItem> = [
    {
      key: 'name',
      title: T.columns.name,
      width: 200,
      render: (_, alert) => <span className="alerts-table__name">{alert.name}</span>,
    },
    {
      key: 'kind',
      title: T.columns.kind,
      width: 180,
      render: (_, alert) => (
        <>
          <div>{ALERT_KIND_LABELS[alert.kind]}</div>
          <div className="alerts-table__muted">{kindDetails(alert)}</div>
        </>
      ),
    },
    { key: 'target', title: T.columns.target, dataIndex: 'target_label', width: 220 },
    {
      key: 'channels',
      title: T.columns.channels,
      width: 220,
      render: (_, alert) => <ChannelTags alert={alert} />,
    },
    {
      key: 'last_result',
      title: T.columns.lastResult,
      width: 240,
      render: (_, alert) =>
        alert.last_result ? (
          <>
            <div>{alert.last_result}</div>
            <div className="alerts-table__muted">{formatDateTime(alert.last_evaluated_at)}</div>
          </>
        ) : (
          <span className="alerts-table__muted">{T.notChecked}</span>
        ),
    },
    {
      key: 'last_fired_at',
      title: T.columns.lastFired,
      width: 160,
      render: (_, alert) =>
        alert.last_fired_at ? (
          formatDateTime(alert.last_fired_at)
        ) : (
          <span className="alerts-table__muted">{T.neverFired}</span>
        ),
    },
    {
      key: 'enabled',
      title: T.enabled,
      width: 100,
      render: (_, alert) => (
        <Switch
          checked={!alert.muted}
          aria-label={T.enabledLabel(alert.name)}
          loading={update.isPending && update.variables?.id === alert.id}
          onChange={(on) =>
            update.mutate({ id: alert.id, body: { muted: !on } }, { onError: notifyBadRequest(T.muteFailed) })
          }
        />
      ),
    },
    {
      key: 'actions',
      title: T.columns.actions,
      width: 260,
      // Kept in view while the wide table scrolls sideways.
      fixed: 'right',
      render: (_, alert) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => onEvents(alert)}>
            {T.events}
          </Button>
          <Button size="small" onClick={() => onEdit(alert)}>
            {T.edit}
          </Button>
          <Popconfirm
            title={T.deleteConfirm(alert.name)}
            okText={T.remove}
            cancelText={T.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutate(alert.id, {
                onSuccess: () => message.success(T.deleted),
                onError: notifyBadRequest(T.deleteFailed),
              })
            }
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
    <OwnListTable<AlertItem>
      list={alerts}
      columns={columns}
      scrollX={1500}
      texts={T}
      page={page}
      onPage={onPage}
      onCreate={() => onEdit(null)}
    />
  );
}
