import { OutboundError } from '../../http/outbound.ts';

/** A failed send with its Russian reason (recorded on the delivery, and on the channel when it is disabled). */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The Russian reason of an outbound failure (the client's own message), or of anything else that broke. */
export function outboundReason(error: unknown): string {
  if (error instanceof OutboundError) return error.message;
  if (error instanceof DeliveryError) return error.message;
  return `Ошибка отправки: ${error instanceof Error ? error.message : String(error)}`;
}
