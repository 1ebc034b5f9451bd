import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { ActionsCountEvent } from '@monitoring/contracts';

/** A test and measurement client of the counter stream: the events as they arrive, and a way to wait for one. */
export interface SseClient {
  status: number;
  events: ActionsCountEvent[];
  /** Resolves with the first event (from now on, or already received past `after`) that `match` accepts. */
  next(match?: (event: ActionsCountEvent) => boolean, timeoutMs?: number): Promise<ActionsCountEvent>;
  close(): void;
  /** The raw text received (comments included). */
  text(): string;
  response: IncomingMessage;
}

export function connectSse(url: string, cookie?: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      let buffer = '';
      let raw = '';
      const events: ActionsCountEvent[] = [];
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as ActionsCountEvent);
          }
          end = buffer.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      });
      response.on('error', () => {});
      let seen = 0;
      resolve({
        status: response.statusCode ?? 0,
        events,
        response,
        text: () => raw,
        next(match = () => true, timeoutMs = 5000) {
          return new Promise((done, fail) => {
            const check = () => {
              while (seen < events.length) {
                const event = events[seen++];
                if (match(event)) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  done(event);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => {
          req.destroy();
          response.destroy();
        },
      });
    });
    req.end();
  });
}
