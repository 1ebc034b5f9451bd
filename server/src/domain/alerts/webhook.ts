import { createHmac } from 'node:crypto';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@monitoring/contracts';
import type { OutboundClient } from '../../http/outbound.ts';
import { DeliveryError, outboundReason } from './delivery-error.ts';

// The signed webhook (docs/alerts.md "Webhook"): a JSON POST through the outbound client, signed
// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with the delivery's id for the receiver to dedupe.

/** The signature header's value for a body sent at `seconds` (unix time). */
export function signWebhook(secret: string, body: string, seconds: number): string {
  const digest = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${digest}`;
}

export interface WebhookSend {
  url: string;
  secret: string;
  deliveryId: number;
  payload: unknown;
  now: Date;
  timeoutMs: number;
}

/** Sends it; a 2xx answer is sent, anything else throws a DeliveryError with the Russian reason. */
export async function sendWebhook(outbound: OutboundClient, send: WebhookSend): Promise<void> {
  if (!send.url) throw new DeliveryError('У вебхука нет адреса');
  const body = JSON.stringify(send.payload);
  const seconds = Math.floor(send.now.getTime() / 1000);
  let status: number;
  try {
    const answer = await outbound.fetch(send.url, {
      method: 'POST',
      body,
      timeoutMs: send.timeoutMs,
      maxBytes: 1024 * 1024,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(send.secret, body, seconds),
        [WEBHOOK_DELIVERY_HEADER]: String(send.deliveryId),
      },
    });
    status = answer.status;
  } catch (error) {
    throw new DeliveryError(outboundReason(error));
  }
  if (status < 200 || status >= 300) throw new DeliveryError(`Получатель ответил кодом ${status}`);
}
