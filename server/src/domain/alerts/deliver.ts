import { EXTERNAL_ALERT_CHANNELS, hasPermission } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { OutboundClient } from '../../http/outbound.ts';
import type { Mailer } from '../../mail.ts';
import {
  claimDeliveries,
  type DeliveryJob,
  disableOrphanDeliveries,
  loadDeliveryJobs,
  recordDeliveryFailure,
  recordDeliverySent,
  telegramToken,
} from './deliveries-queries.ts';
import { DeliveryError, outboundReason } from './delivery-error.ts';
import { eventMessages } from './events-queries.ts';
import { type AlertNotice, alertMail, telegramText, webhookPayload } from './message-texts.ts';
import type { Owner } from './target.ts';
import { loadOwners } from './target-queries.ts';
import { sendTelegram } from './telegram.ts';
import { sendWebhook } from './webhook.ts';

// The deliveries' round (docs/alerts.md "Engine"): claim under a lease, send outside any transaction, record.

/** How long a claimed delivery is one engine's: a send that outlives it (a crash) is claimed again. */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** Deliveries claimed per round. */
export const DELIVERY_BATCH = 20;
/** A webhook's or Telegram's whole exchange. */
export const SEND_TIMEOUT_MS = 10_000;

/** The pause before the next attempt after failure n (1, 2, …): 30 s × 2^(n−1), at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 60 * 60_000);
}

export interface DeliveryContext {
  db: Db;
  mailer: Mailer;
  outbound: OutboundClient;
  publicUrl: string;
  telegramApiBase: string;
  sendTimeoutMs: number;
  leaseMs: number;
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  failed: number;
  disabled: number;
}

function emails(config: Record<string, unknown>): string[] {
  return Array.isArray(config.to)
    ? config.to.filter((t): t is string => typeof t === 'string' && t !== '')
    : [];
}

/** Sends one delivery; throws a DeliveryError (or anything) when it failed. */
async function send(
  ctx: DeliveryContext,
  job: DeliveryJob,
  notice: AlertNotice,
  token: () => Promise<string | null>,
  at: Date,
) {
  const config = job.config;
  switch (job.channel_type) {
    case 'webhook':
      return sendWebhook(ctx.outbound, {
        url: typeof config.url === 'string' ? config.url : '',
        secret: typeof config.secret === 'string' ? config.secret : '',
        deliveryId: job.id,
        payload: webhookPayload(notice, ctx.publicUrl),
        now: at,
        timeoutMs: ctx.sendTimeoutMs,
      });
    case 'telegram':
      return sendTelegram(ctx.outbound, {
        apiBase: ctx.telegramApiBase,
        token: await token(),
        chatId: typeof config.chat_id === 'string' ? config.chat_id : String(config.chat_id ?? ''),
        text: telegramText(notice, ctx.publicUrl),
        timeoutMs: ctx.sendTimeoutMs,
      });
    case 'email': {
      const to = emails(config);
      if (to.length === 0) throw new DeliveryError('У канала почты нет адресов');
      const mail = alertMail(notice, ctx.publicUrl);
      try {
        await ctx.mailer({ to: to.join(', '), subject: mail.subject, body: mail.body, html: mail.html });
      } catch (error) {
        throw new DeliveryError(
          `Почта не отправлена: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return;
    }
    default:
      throw new DeliveryError(`Неизвестный канал: ${job.channel_type}`);
  }
}

/** The reason an outside channel is disabled when its owner lost the permission to send outside. */
export const OWNER_MAY_NOT_SEND_OUTSIDE =
  'у владельца оповещения больше нет права «Оповещения во внешние каналы» (send_external_alerts)';

const isExternal = (type: string) => (EXTERNAL_ALERT_CHANNELS as readonly string[]).includes(type);

/** Whether the owner may still send outside: active and holding send_external_alerts. */
function mayLeave(owner: Owner | undefined): boolean {
  return Boolean(owner?.isActive && hasPermission(owner, 'send_external_alerts'));
}

/**
 * One round: the deliveries of removed or disabled channels are closed, up to DELIVERY_BATCH due ones are claimed
 * (lease, attempt counted, committed), sent concurrently outside any transaction, and each recorded: sent, or failed
 * with its Russian reason and the next attempt after retryDelayMs (the channel disabled at the tenth failure in a
 * row).
 */
export async function runDeliveries(ctx: DeliveryContext, now: () => Date): Promise<DeliveryRound> {
  const at = now();
  await disableOrphanDeliveries(ctx.db, at);
  const ids = await claimDeliveries(ctx.db, at, ctx.leaseMs, DELIVERY_BATCH);
  const round: DeliveryRound = { claimed: ids.length, sent: 0, failed: 0, disabled: 0 };
  if (ids.length === 0) return round;
  const jobs = await loadDeliveryJobs(ctx.db, ids);
  const messages = new Map(
    (await eventMessages(ctx.db, [...new Set(jobs.flatMap((j) => j.message_ids))])).map((m) => [m.id, m]),
  );
  // Outside channels go out only while the owner may send outside (send_external_alerts, checked at every send,
  // not only when the alert was saved): a revoked permission disables the channel at its next delivery.
  const owners = await loadOwners(
    ctx.db,
    jobs.filter((j) => isExternal(j.channel_type)).map((j) => j.owner_id),
  );
  let tokenRead: Promise<string | null> | null = null;
  const token = () => {
    tokenRead ??= telegramToken(ctx.db);
    return tokenRead;
  };
  await Promise.all(
    jobs.map(async (job) => {
      const notice: AlertNotice = {
        alertId: job.alert_id,
        alertName: job.alert_name,
        alertKind: job.alert_kind,
        eventId: job.event_id,
        firedAt: job.fired_at,
        windowStart: job.window_start,
        windowEnd: job.window_end,
        summary: job.summary,
        messageCount: job.message_count,
        messages: job.message_ids.flatMap((id) => {
          const m = messages.get(id);
          return m ? [m] : [];
        }),
      };
      const refused = isExternal(job.channel_type) && !mayLeave(owners.get(job.owner_id));
      try {
        if (refused) throw new DeliveryError(OWNER_MAY_NOT_SEND_OUTSIDE);
        await send(ctx, job, notice, token, now());
      } catch (error) {
        const reason = outboundReason(error).slice(0, 500);
        const failedAt = now();
        const disabled = await recordDeliveryFailure(
          ctx.db,
          job,
          reason,
          failedAt,
          new Date(failedAt.getTime() + retryDelayMs(job.attempts)),
          refused,
        );
        round.failed++;
        if (disabled) round.disabled++;
        return;
      }
      await recordDeliverySent(ctx.db, job, now());
      round.sent++;
    }),
  );
  return round;
}
