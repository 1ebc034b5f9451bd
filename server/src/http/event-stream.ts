import type { IncomingMessage, ServerResponse } from 'node:http';

// Server-Sent Events of one live value (the actions counter, the bell's unread count): the headers, the reconnect
// delay, a heartbeat comment, and the end of the stream when the client goes away or the source fails.

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before it reconnects (the SSE `retry` field). */
export const RETRY_MS = 2000;

/** Where the stream's values come from: `subscribe` answers the unsubscribe. */
export type EventSubscribe<E> = (send: (event: E) => void, fail: (error: Error) => void) => () => void;

const eventText = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * Writes `first` at once, then every value `subscribe` sends that differs from the last one written (`same`), as
 * `data: <json>`, until the client goes away (a closed tab frees the stream at once) or the source fails (a
 * stream error closes the connection; the browser reconnects by itself).
 */
export function openEventStream<E>(
  request: IncomingMessage,
  response: ServerResponse,
  first: E,
  subscribe: EventSubscribe<E>,
  same: (a: E, b: E) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx buffers answers unless told not to.
    'x-accel-buffering': 'no',
  });
  let last = first;
  response.write(`retry: ${RETRY_MS}\n${eventText(first)}`);

  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!response.writableEnded) response.end();
  };
  const write = (text: string) => {
    if (done) return;
    if (response.destroyed) return finish();
    response.write(text);
  };
  const unsubscribe = subscribe(
    (event) => {
      if (same(event, last)) return;
      last = event;
      write(eventText(event));
    },
    () => finish(),
  );
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // The response's 'close' is the connection going away (a closed tab, a lost network); the request's own 'close'
  // only says its body was read.
  response.on('close', finish);
  request.socket.on('close', finish);
  response.on('error', finish);
}
