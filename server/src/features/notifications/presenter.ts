import type { NotificationItem } from '@monitoring/contracts';
import type { NotificationRow } from './queries.ts';

/** The messages a notification lists ([{id, text}], as the engine stored them): anything else is dropped. */
function listedMessages(value: unknown): NotificationItem['messages'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const { id, text } = (item ?? {}) as Record<string, unknown>;
    return Number.isInteger(id) ? [{ id: id as number, text: typeof text === 'string' ? text : '' }] : [];
  });
}

export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    alert_id: row.alertId,
    event_id: row.eventId,
    title: row.title,
    body: row.body,
    messages: listedMessages(row.messages),
    more: row.more,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}
