import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors.ts';

/**
 * A signal that aborts when the client goes away before the answer is written (the web cancels
 * a report request in flight when a new one for the same table starts, product.md §4). The
 * statement already running finishes (it reads rollups, so it is short), but no further
 * statement of the request starts.
 */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Stops the work of a request whose client has gone (499: client closed request). */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new HttpError(499, 'Запрос отменён клиентом');
}
