import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';

// What fired (docs/alerts.md "Engine"): an event, unique per alert and window, written in one transaction with one
// delivery per enabled channel and, for the app channel, the owner's notification (sent at once).

/** The numbers of an evaluation and the loms that drive it (alert_events.details). */
export interface EventDetails {
  metric?: string;
  value?: number;
  baseline?: number | null;
  z?: number | null;
  ratio?: number | null;
  change_percent?: number | null;
  share?: number | null;
  threshold?: number;
  loms: { id: number; name: string; count: number }[];
}

export interface EventInput {
  alertId: number;
  userId: number;
  alertName: string;
  kind: string;
  windowKey: string;
  windowStart: Date;
  windowEnd: Date;
  summary: string;
  messageCount: number;
  /** The listed messages, in order. */
  messageIds: number[];
  details: EventDetails;
  /** The bell's list: the listed messages' first words. */
  notificationMessages: { id: number; text: string }[];
  /** How many more messages than listed. */
  more: number;
}

/** The app channel's delivery target as shown. */
export const APP_TARGET = 'Колокольчик';

/**
 * Writes the event, its deliveries and the app notification; call inside a transaction. Answers the event's id, or
 * null when the alert already has an event for this window (nothing is written: never twice).
 */
export async function insertEvent(tx: Db, input: EventInput, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const [event] = await queryRows<{ id: number }>(
    tx,
    sql`insert into alert_events (alert_id, kind, window_key, window_start, window_end, created_at, summary,
          message_count, message_ids, details)
        values (${input.alertId}, ${input.kind}, ${input.windowKey}, ${input.windowStart.toISOString()},
          ${input.windowEnd.toISOString()}, ${at}, ${input.summary}, ${input.messageCount},
          ${pgArray(input.messageIds)}::int[], ${JSON.stringify(input.details)}::jsonb)
        on conflict (alert_id, window_key) do nothing
        returning id`,
  );
  if (!event) return null;
  const eventId = Number(event.id);
  const channels = await queryRows<{ type: string }>(
    tx,
    sql`insert into alert_deliveries (event_id, channel_id, channel_type, target, status, attempts, next_attempt_at,
          sent_at, created_at)
        select ${eventId}, c.id, c.type,
               case c.type
                 when 'app' then ${APP_TARGET}
                 when 'email' then coalesce((select string_agg(t, ', ') from jsonb_array_elements_text(
                   case when jsonb_typeof(c.config -> 'to') = 'array' then c.config -> 'to' else '[]'::jsonb end) t), '')
                 when 'webhook' then coalesce(substring(c.config ->> 'url'
                   from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)'), c.config ->> 'url', '')
                 else coalesce(c.config ->> 'chat_id', '')
               end,
               case when c.type = 'app' then 'sent' else 'pending' end,
               case when c.type = 'app' then 1 else 0 end,
               ${at}::timestamptz,
               case when c.type = 'app' then ${at}::timestamptz end,
               ${at}::timestamptz
          from alert_channels c
         where c.alert_id = ${input.alertId} and c.disabled_at is null
         order by c.position, c.id
        returning channel_type as type`,
  );
  if (channels.some((c) => c.type === 'app')) {
    await tx.execute(
      sql`insert into notifications (user_id, alert_id, event_id, title, body, messages, more, created_at)
          values (${input.userId}, ${input.alertId}, ${eventId}, ${input.alertName}, ${input.summary},
            ${JSON.stringify(input.notificationMessages)}::jsonb, ${input.more}, ${at})`,
    );
  }
  await tx.execute(sql`update alerts set last_fired_at = ${at} where id = ${input.alertId}`);
  return eventId;
}

/** A message as events, notifications, mails and webhooks show it. */
export interface EventMessageRow {
  id: number;
  text: string;
  url: string | null;
  lom_name: string | null;
  wrote_at: Date;
}

/** The messages by id, in the order given (missing ones left out). */
export async function eventMessages(db: Db, ids: readonly number[]): Promise<EventMessageRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<EventMessageRow>(
    db,
    sql`select m.id, left(m.text, 2000) as text, m.url, coalesce(l.name, m.lom_name) as lom_name, m.wrote_at
          from unnest(${pgArray(ids)}::int[]) with ordinality as x(id, n)
          join messages m on m.id = x.id
          left join loms l on l.id = m.lom_id
         order by x.n`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), wrote_at: new Date(row.wrote_at) }));
}
