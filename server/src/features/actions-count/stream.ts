import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ActionsCountEvent } from '@monitoring/contracts';
import { openEventStream } from '../../http/event-stream.ts';
import type { ActionsCounter } from './service.ts';

export { HEARTBEAT_MS } from '../../http/event-stream.ts';

/**
 * Writes the count as Server-Sent Events until the client goes away (a closed tab frees the stream at once) or the
 * counter fails (a stream error closes the connection; the browser reconnects by itself). http/event-stream.ts
 * writes the stream.
 */
export function openStream(
  request: IncomingMessage,
  response: ServerResponse,
  counter: ActionsCounter,
  first: ActionsCountEvent,
): void {
  openEventStream(
    request,
    response,
    first,
    (send, fail) => counter.subscribe(send, fail),
    (a, b) => a.count === b.count && a.day === b.day,
  );
}
