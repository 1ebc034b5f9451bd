import type { ActionsCountEvent } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { Notifications } from '../../db/notifications.ts';
import { addDays, moscowDay, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { countEditorActionsSince } from './queries.ts';

/** The channel the user_actions trigger notifies on every insert statement (migration 0017). */
export const ACTIONS_CHANNEL = 'user_actions';

export type CountListener = (event: ActionsCountEvent) => void;
/** A stream that must end: the count could not be read. */
export type FailListener = (error: Error) => void;

interface Stream {
  send: CountListener;
  fail: FailListener;
}

/**
 * One counter per server process, shared by every open stream: a notification (or Moscow midnight) recounts once
 * and sends the result to all of them, so a thousand clients cost one query, not a thousand. Recounts never run
 * side by side: notifications that arrive during one ask for exactly one more after it.
 */
export class ActionsCounter {
  private current: ActionsCountEvent | null = null;
  private readonly streams = new Set<Stream>();
  private running: Promise<ActionsCountEvent> | null = null;
  private again = false;
  private midnight: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    notifications: Notifications | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = notifications?.on(ACTIONS_CHANNEL, () => this.changed());
  }

  get size(): number {
    return this.streams.size;
  }

  /** The count now (read once when nobody is listening yet; then the shared value, kept fresh by notifications). */
  async read(): Promise<ActionsCountEvent> {
    const day = moscowDay(this.now());
    if (this.current && this.current.day === day && this.streams.size > 0) return this.current;
    return this.recount();
  }

  subscribe(send: CountListener, fail: FailListener): () => void {
    const stream = { send, fail };
    this.streams.add(stream);
    this.scheduleMidnight();
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) this.clearMidnight();
    };
  }

  /** Something was written to the log: recount and tell every stream. */
  changed(): void {
    if (this.streams.size === 0) {
      this.current = null;
      return;
    }
    void this.recount().then(
      (event) => this.broadcast(event),
      (error: unknown) => this.failAll(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    this.stopListening?.();
    this.clearMidnight();
    this.failAll(new Error('server closing'));
  }

  private recount(): Promise<ActionsCountEvent> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<ActionsCountEvent> => {
      let event: ActionsCountEvent;
      do {
        this.again = false;
        const day = moscowDay(this.now());
        event = { count: await countEditorActionsSince(this.db, moscowMidnight(day)), day };
      } while (this.again);
      this.current = event;
      return event;
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private broadcast(event: ActionsCountEvent): void {
    for (const stream of [...this.streams]) stream.send(event);
  }

  private failAll(error: Error): void {
    this.current = null;
    const streams = [...this.streams];
    this.streams.clear();
    for (const stream of streams) stream.fail(error);
  }

  /** Midnight in Moscow starts a new day: the count goes back to that day's (zero, or what was written since). */
  private scheduleMidnight(): void {
    if (this.midnight) return;
    const next = moscowMidnight(addDays(moscowDay(this.now()), 1)).getTime();
    this.midnight = setTimeout(
      () => {
        this.midnight = undefined;
        this.changed();
        if (this.streams.size > 0) this.scheduleMidnight();
      },
      Math.max(0, next - this.now()) + 50,
    );
    this.midnight.unref();
  }

  private clearMidnight(): void {
    clearTimeout(this.midnight);
    this.midnight = undefined;
  }
}
