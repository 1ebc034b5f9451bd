import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * PostgreSQL notifications (LISTEN/NOTIFY) of one server process, heard on one dedicated connection and handed to
 * in-process listeners through an EventEmitter: a thousand streams cost one connection, not a thousand. On the
 * embedded PGlite the database's own `listen` feeds the same emitter (one process holds the database, so the
 * notification never needs to leave it). A notification arrives when the writing transaction commits.
 *
 * A lost connection is reconnected after a second; the listeners then hear `reconnected` (any notification sent
 * while it was down is lost, so they recount).
 */
export interface Notifications {
  /**
   * `listener` runs on every notification of `channel` with its payload (`''` when the trigger sent none), and
   * after a reconnection without one (`undefined`: anything may have changed); answers the unsubscribe.
   */
  on(channel: string, listener: (payload?: string) => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

export function listenNotifications(
  database: Database,
  channels: readonly string[],
  onError: (error: Error) => void = () => {},
): Notifications {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = (channel: string, listener: (payload?: string) => void) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  const everyChannel = () => {
    for (const channel of channels) emitter.emit(channel);
  };

  if (database.pglite) {
    const pglite = database.pglite;
    const stops = channels.map((channel) =>
      pglite.listen(channel, (payload) => emitter.emit(channel, payload)),
    );
    return {
      on,
      close: async () => {
        for (const stop of await Promise.allSettled(stops)) {
          if (stop.status === 'fulfilled') await stop.value().catch(() => {});
        }
      },
    };
  }

  const pool = database.pool;
  if (!pool) throw new Error('listenNotifications: the database has neither PGlite nor a PostgreSQL pool');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (reconnecting: boolean) => {
    if (closed) return;
    const next = new pg.Client(pool.options);
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (closed) return;
      if (error) onError(error);
      retry = setTimeout(() => void connect(true), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost(new Error('the LISTEN connection ended')));
    next.on('notification', (message) => emitter.emit(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (reconnecting) everyChannel();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const ready = connect(false);

  return {
    on,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
