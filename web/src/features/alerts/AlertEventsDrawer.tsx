import {
  ALERT_CHANNEL_LABELS,
  ALERT_KIND_LABELS,
  type AlertDelivery,
  type AlertEvent,
  apiPath,
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  ROUTES,
} from '@monitoring/contracts';
import { Drawer, Empty, Pagination, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_EVENTS_PAGE_SIZE, useAlertEvents } from '../../api/alerts.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime, formatExact } from '../../lib/format.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { EVENTS_TEXTS as T } from './texts.ts';

/** Tag colours of the delivery statuses (antd's AA shades; the text says it too). */
export const DELIVERY_STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'blue',
  sent: 'green',
  failed: 'orange',
  disabled: 'red',
};

function Deliveries({ deliveries }: { deliveries: AlertDelivery[] }) {
  return (
    <Table<AlertDelivery>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={deliveries}
      className="alert-event__deliveries"
      columns={[
        { key: 'channel', title: T.channel, render: (_, d) => ALERT_CHANNEL_LABELS[d.channel_type] },
        { key: 'target', title: T.target, dataIndex: 'target' },
        {
          key: 'status',
          title: T.status,
          render: (_, d) => (
            <Tag color={DELIVERY_STATUS_COLORS[d.status]}>{DELIVERY_STATUS_LABELS[d.status]}</Tag>
          ),
        },
        { key: 'attempts', title: T.attempts, align: 'right', render: (_, d) => formatExact(d.attempts) },
        {
          key: 'error',
          title: T.error,
          render: (_, d) => d.last_error ?? '—',
        },
        {
          key: 'when',
          title: `${T.sentAt} / ${T.next.toLowerCase()}`,
          render: (_, d) =>
            d.sent_at
              ? formatDateTime(d.sent_at)
              : d.next_attempt_at
                ? formatDateTime(d.next_attempt_at)
                : '—',
        },
      ]}
    />
  );
}

function EventCard({ event }: { event: AlertEvent }) {
  const canOpenLoms = useCan()('LOMS');
  const more = event.message_count - event.messages.length;
  return (
    <article className="alert-event" aria-label={`${T.firedAt} ${formatDateTime(event.fired_at)}`}>
      <header className="alert-event__head">
        <strong>{formatDateTime(event.fired_at)}</strong>
        <Tag>{ALERT_KIND_LABELS[event.kind]}</Tag>
        {/* A `new` event speaks of the messages since the last one, not of a window of its own. */}
        {event.kind === 'new' ? null : (
          <span className="alert-event__window">
            {T.window}: {formatDateTime(event.window_start)} — {formatDateTime(event.window_end)}
          </span>
        )}
      </header>
      <p className="alert-event__summary">{event.summary}</p>
      {event.messages.length > 0 ? (
        <section>
          <h3 className="alert-event__heading">
            {T.messages} <span className="alert-event__count">({formatExact(event.message_count)})</span>
          </h3>
          <ul className="alert-event__messages">
            {event.messages.map((m) => (
              <li key={m.id}>
                <Link to={apiPath(ROUTES['messages-id'], { id: m.id })}>{m.text || `Сообщение ${m.id}`}</Link>
                <span className="alert-event__meta">
                  {[m.lom_name, formatDateTime(m.wrote_at)].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="alert-event__more">{T.more(more)}</p> : null}
        </section>
      ) : null}
      {event.loms.length > 0 ? (
        <section>
          <h3 className="alert-event__heading">{T.loms[event.kind]}</h3>
          <div className="alert-event__loms">
            {event.loms.map((lom) => (
              <Tag key={lom.id}>
                {canOpenLoms ? (
                  <Link to={apiPath(ROUTES['loms-id'], { id: lom.id })}>{lom.name}</Link>
                ) : (
                  lom.name
                )}
                {` · ${formatExact(lom.count)}`}
              </Tag>
            ))}
          </div>
        </section>
      ) : null}
      <section>
        <h3 className="alert-event__heading">{T.deliveries}</h3>
        <Deliveries deliveries={event.deliveries} />
      </section>
    </article>
  );
}

interface AlertEventsDrawerProps {
  /** The alert whose events are open (the URL's `alert`), or null. */
  alertId: number | null;
  /** Its name, when the table knows it. */
  name: string | undefined;
  onClose: () => void;
}

/** What an alert fired, newest first: why, which messages and loms, and each channel's delivery. */
export function AlertEventsDrawer({ alertId, name, onClose }: AlertEventsDrawerProps) {
  const [page, setPage] = useState(1);
  const events = useAlertEvents(alertId, page);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer open={alertId !== null} onClose={close} size={760} title={T.title(name)} destroyOnHidden>
      {events.isError ? (
        <LoadErrorAlert title={T.loadError} error={events.error} onRetry={() => void events.refetch()} />
      ) : events.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : events.data.results.length === 0 ? (
        <Empty description={T.empty} />
      ) : (
        <div className="alert-events">
          {events.data.results.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
          {events.data.last_page > 1 ? (
            <Pagination
              current={page}
              pageSize={ALERT_EVENTS_PAGE_SIZE}
              total={events.data.elements_count}
              onChange={setPage}
              showSizeChanger={false}
            />
          ) : null}
        </div>
      )}
    </Drawer>
  );
}
