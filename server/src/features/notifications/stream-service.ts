import type { UnreadCount } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { NOTIFICATIONS_CHANNEL, unreadCounts } from './queries.ts';

type Send = (event: UnreadCount) => void;
type Fail = (error: Error) => void;

interface Stream {
  send: Send;
  fail: Fail;
}

/**
 * One unread counter per server process, shared by every open bell: a notification names its user (the trigger's
 * payload), and only that user's streams are recounted, once for all of them. A notification without a user (the
 * LISTEN connection came back; anything may have changed) recounts every user with an open stream. Recounts of
 * one user never run side by side: notifications that arrive during one ask for exactly one more after it.
 */
export class UnreadCounter {
  private readonly streams = new Map<number, Set<Stream>>();
  private readonly running = new Set<number>();
  private readonly again = new Set<number>();
  private readonly stopListening: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    notifications: Notifications | undefined,
  ) {
    this.stopListening = notifications?.on(NOTIFICATIONS_CHANNEL, (payload) => this.changed(payload));
  }

  /** Open streams, all users together. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  subscribe(userId: number, send: Send, fail: Fail): () => void {
    const stream = { send, fail };
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    return () => {
      const current = this.streams.get(userId);
      current?.delete(stream);
      if (current?.size === 0) this.streams.delete(userId);
    };
  }

  /** The payload of a notification: a user's id, or nothing (recount everyone listening). */
  changed(payload?: string): void {
    if (payload === undefined || payload === '') {
      for (const userId of [...this.streams.keys()]) this.recount(userId);
      return;
    }
    const userId = Number(payload);
    if (Number.isInteger(userId) && this.streams.has(userId)) this.recount(userId);
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    this.stopListening?.();
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    this.streams.clear();
    for (const stream of all) stream.fail(new Error('server closing'));
  }

  private recount(userId: number): void {
    if (this.running.has(userId)) {
      this.again.add(userId);
      return;
    }
    this.running.add(userId);
    void (async () => {
      try {
        do {
          this.again.delete(userId);
          if (!this.streams.has(userId)) return;
          const unread = (await unreadCounts(this.db, [userId])).get(userId) ?? 0;
          for (const stream of [...(this.streams.get(userId) ?? [])]) stream.send({ unread });
        } while (this.again.has(userId));
      } catch (error) {
        this.failUser(userId, error instanceof Error ? error : new Error(String(error)));
      } finally {
        // Synchronously after the last check of `again`: a notification in between is never lost.
        this.running.delete(userId);
      }
    })();
  }

  private failUser(userId: number, error: Error): void {
    const set = this.streams.get(userId);
    this.streams.delete(userId);
    for (const stream of [...(set ?? [])]) stream.fail(error);
  }
}
