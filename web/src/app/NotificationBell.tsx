import { BellOutlined } from '@ant-design/icons';
import {
  apiPath,
  formatNumber,
  type NotificationItem,
  pluralRu,
  ROUTES,
  type RuPluralForms,
} from '@monitoring/contracts';
import { Badge, Button, Popover, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import {
  useLatestNotifications,
  useMarkNotificationsRead,
  useUnreadNotifications,
} from '../api/notifications.ts';
import { useCan } from '../api/useCan.ts';
import { formatDateTime } from '../lib/format.ts';

const UNREAD_FORMS: RuPluralForms = ['непрочитанное', 'непрочитанных', 'непрочитанных'];

export const BELL_TEXTS = {
  title: 'Уведомления',
  label: (unread: number | undefined) =>
    unread === undefined
      ? 'Уведомления'
      : `Уведомления: ${formatNumber(unread)} ${pluralRu(unread, UNREAD_FORMS)}`,
  markAll: 'Отметить все прочитанными',
  empty: 'Уведомлений пока нет',
  all: 'Все оповещения',
  more: (count: number) => `и ещё ${formatNumber(count)}`,
  loadError: 'Не удалось загрузить уведомления',
} as const;

/** The page of an alert's events (the mails link there too): /alerts?alert=<id>. */
const alertLink = (alertId: number) => `${ROUTES.alerts}?alert=${alertId}`;

function NotificationEntry({
  item,
  onOpen,
}: {
  item: NotificationItem;
  /** A link of the notification was followed: it is read now, and the panel closes. */
  onOpen: (item: NotificationItem) => void;
}) {
  const unread = item.read_at === null;
  const open = () => onOpen(item);
  return (
    <li className={`bell-panel__item${unread ? ' bell-panel__item--unread' : ''}`}>
      <div className="bell-panel__head">
        {item.alert_id !== null ? (
          <Link to={alertLink(item.alert_id)} onClick={open} className="bell-panel__title">
            {item.title}
          </Link>
        ) : (
          <span className="bell-panel__title">{item.title}</span>
        )}
        {unread ? <span className="bell-panel__sr-only">(не прочитано)</span> : null}
        <time className="bell-panel__time" dateTime={item.created_at}>
          {formatDateTime(item.created_at)}
        </time>
      </div>
      <p className="bell-panel__body">{item.body}</p>
      {item.messages.length > 0 ? (
        <ul className="bell-panel__messages">
          {item.messages.map((message) => (
            <li key={message.id}>
              <Link to={apiPath(ROUTES['messages-id'], { id: message.id })} onClick={open}>
                {message.text || `Сообщение ${message.id}`}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {item.more > 0 ? (
        item.alert_id !== null ? (
          <Link to={alertLink(item.alert_id)} onClick={open} className="bell-panel__more">
            {BELL_TEXTS.more(item.more)}
          </Link>
        ) : (
          <span className="bell-panel__more">{BELL_TEXTS.more(item.more)}</span>
        )
      ) : null}
    </li>
  );
}

function BellPanel({ unreadNow, onClose }: { unreadNow: number | undefined; onClose: () => void }) {
  const latest = useLatestNotifications(true);
  const markRead = useMarkNotificationsRead();
  const canOpenAlerts = useCan()('view_messages');
  const items = latest.data?.results ?? [];
  const unread = unreadNow ?? latest.data?.unread ?? 0;
  const onOpen = (item: NotificationItem) => {
    if (item.read_at === null) markRead.mutate({ ids: [item.id] });
    onClose();
  };
  return (
    <section className="bell-panel" aria-label={BELL_TEXTS.title}>
      <div className="bell-panel__top">
        <h2 className="bell-panel__heading">{BELL_TEXTS.title}</h2>
        <Button
          size="small"
          type="link"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {BELL_TEXTS.markAll}
        </Button>
      </div>
      {latest.isError ? (
        <p role="alert">{BELL_TEXTS.loadError}</p>
      ) : latest.isPending ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <p className="bell-panel__empty">{BELL_TEXTS.empty}</p>
      ) : (
        <ul className="bell-panel__list">
          {items.map((item) => (
            <NotificationEntry key={item.id} item={item} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {canOpenAlerts ? (
        <div className="bell-panel__footer">
          <Link to={ROUTES.alerts} onClick={onClose}>
            {BELL_TEXTS.all}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The bell of the header (issue 30): the unread in-app notifications, live over Server-Sent Events, for every
 * signed-in user. A click opens the latest ten: a followed link marks its notification read, a button marks all.
 */
export function NotificationBell() {
  const { data: user } = useCurrentUser();
  const unread = useUnreadNotifications(Boolean(user));
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // Rendered only while open (destroyOnHidden): the list is asked for when the panel opens.
      content={<BellPanel unreadNow={unread} onClose={() => setOpen(false)} />}
      destroyOnHidden
    >
      <Button
        type="text"
        className="notification-bell"
        aria-label={BELL_TEXTS.label(unread)}
        aria-expanded={open}
        data-testid="notification-bell"
        icon={
          <Badge count={unread ?? 0} overflowCount={99} size="small" aria-hidden="true">
            <BellOutlined className="notification-bell__icon" />
          </Badge>
        }
      />
    </Popover>
  );
}
