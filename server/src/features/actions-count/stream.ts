import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ActionsCountEvent } from '@monitoring/contracts';
import type { ActionsCounter } from './service.ts';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before it reconnects (the SSE `retry` field). */
const RETRY_MS = 2000;

const eventText = (event: ActionsCountEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * Writes the count as Server-Sent Events until the client goes away (a closed tab frees the stream at once) or the
 * counter fails (a stream error closes the connection; the browser reconnects by itself).
 */
export function openStream(
  request: IncomingMessage,
  response: ServerResponse,
  counter: ActionsCounter,
  first: ActionsCountEvent,
): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx buffers answers unless told not to.
    'x-accel-buffering': 'no',
  });
  let last = first.count;
  let lastDay = first.day;
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
  const unsubscribe = counter.subscribe(
    (event) => {
      if (event.count === last && event.day === lastDay) return;
      last = event.count;
      lastDay = event.day;
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
