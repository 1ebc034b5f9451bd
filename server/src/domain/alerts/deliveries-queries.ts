import { ALERT_LIMITS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import { TELEGRAM_BOT_TOKEN_KEY } from './app-secret-keys.ts';

// Deliveries leave under a lease (docs/alerts.md "Engine"): claimed in one statement (FOR UPDATE SKIP LOCKED, lease
// and attempt set, committed), sent outside any transaction, then recorded. A send that outlives its lease (a crash)
// is claimed again by any engine: sent again rather than lost.

/** Claims up to `limit` due deliveries for `leaseMs`; answers their ids. Commits on its own (one statement). */
export async function claimDeliveries(db: Db, now: Date, leaseMs: number, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update alert_deliveries d
           set lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000}), attempts = d.attempts + 1
         where d.id in (
           select id from alert_deliveries
            where status in ('pending', 'failed') and next_attempt_at <= ${at}::timestamptz
              and (lease_until is null or lease_until < ${at}::timestamptz)
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning d.id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Deliveries whose channel was removed from the alert or disabled: 'disabled', with the channel's reason, so they
 * are neither claimed nor left pending forever.
 */
export async function disableOrphanDeliveries(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`update alert_deliveries d
           set status = 'disabled', lease_until = null,
               last_error = coalesce((select c.disabled_reason from alert_channels c where c.id = d.channel_id),
                                     'Канал удалён из оповещения')
         where d.status in ('pending', 'failed')
           and (d.lease_until is null or d.lease_until < ${at}::timestamptz)
           and (d.channel_id is null
                or exists (select 1 from alert_channels c where c.id = d.channel_id and c.disabled_at is not null))`,
  );
}

/** What a send needs: the delivery, its event, its alert and its channel's current settings. */
export interface DeliveryJob {
  id: number;
  attempts: number;
  channel_id: number;
  channel_type: string;
  config: Record<string, unknown>;
  event_id: number;
  fired_at: Date;
  window_start: Date;
  window_end: Date;
  summary: string;
  message_count: number;
  message_ids: number[];
  alert_id: number;
  alert_name: string;
  alert_kind: string;
  /** The alert's owner: an outside channel is sent only while they may send outside. */
  owner_id: number;
}

export async function loadDeliveryJobs(db: Db, ids: readonly number[]): Promise<DeliveryJob[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<DeliveryJob>(
    db,
    sql`select d.id, d.attempts, d.channel_id, d.channel_type, c.config, e.id as event_id, e.created_at as fired_at,
               e.window_start, e.window_end, e.summary, e.message_count, e.message_ids,
               a.id as alert_id, a.name as alert_name, a.kind as alert_kind,
               a.user_id as owner_id
          from alert_deliveries d
          join alert_channels c on c.id = d.channel_id
          join alert_events e on e.id = d.event_id
          join alerts a on a.id = e.alert_id
         where d.id = any(${pgArray(ids)}::int[])
         order by d.id`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    channel_id: Number(row.channel_id),
    event_id: Number(row.event_id),
    alert_id: Number(row.alert_id),
    owner_id: Number(row.owner_id),
    message_count: Number(row.message_count),
    message_ids: (row.message_ids ?? []).map(Number),
    fired_at: new Date(row.fired_at),
    window_start: new Date(row.window_start),
    window_end: new Date(row.window_end),
    config: (row.config ?? {}) as Record<string, unknown>,
  }));
}

/** A sent delivery: its channel's failures in a row start again from 0. */
export async function recordDeliverySent(db: Db, job: DeliveryJob, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update alert_deliveries set status = 'sent', sent_at = ${now.toISOString()}, lease_until = null,
            last_error = null
          where id = ${job.id}`,
    );
    await tx.execute(sql`update alert_channels set failures = 0 where id = ${job.channel_id}`);
  });
}

/**
 * A failed attempt: retried at `retryAt`; the channel's failures in a row grow, and at ALERT_LIMITS.maxFailures the
 * channel is disabled with this error as its reason and its waiting deliveries are 'disabled'. Answers whether it
 * was disabled now.
 */
export async function recordDeliveryFailure(
  db: Db,
  job: DeliveryJob,
  error: string,
  now: Date,
  retryAt: Date,
  /** Disable the channel now, whatever its failures: retrying cannot help (the owner may no longer send outside). */
  disableNow = false,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`update alert_deliveries set status = 'failed', last_error = ${error}, lease_until = null,
            next_attempt_at = ${retryAt.toISOString()}
          where id = ${job.id} and status <> 'sent'`,
    );
    const [channel] = await queryRows<{ failures: number }>(
      tx,
      sql`update alert_channels set failures = failures + 1 where id = ${job.channel_id} returning failures`,
    );
    if (!channel || (!disableNow && Number(channel.failures) < ALERT_LIMITS.maxFailures)) return false;
    const reason = disableNow
      ? `Канал отключён: ${error}`
      : `Канал отключён после ${ALERT_LIMITS.maxFailures} ошибок подряд: ${error}`;
    await tx.execute(
      sql`update alert_channels set disabled_at = ${now.toISOString()},
            disabled_reason = ${reason}
          where id = ${job.channel_id} and disabled_at is null`,
    );
    await tx.execute(
      sql`update alert_deliveries set status = 'disabled', lease_until = null
          where channel_id = ${job.channel_id} and status in ('pending', 'failed')`,
    );
    return true;
  });
}

/** The Telegram bot's token, or null when an administrator has not set one. */
export async function telegramToken(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from app_secrets where key = ${TELEGRAM_BOT_TOKEN_KEY}`,
  );
  return row?.value ?? null;
}
