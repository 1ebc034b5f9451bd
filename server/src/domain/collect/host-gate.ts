// Politeness per host within one instance (docs/collectors.md "Collection"): at most one request at a time to a
// host, a pause between two requests to it, and the host left alone after it asked to be (429 or 503 with
// Retry-After). Every instance keeps its own gate: across instances, the leases keep each feed to one poller.

/** The pause between the end of one request to a host and the start of the next. */
export const HOST_DELAY_MS = 1000;
/** A request waits for a paused host at most this long; a longer pause postpones it (HostPausedError). */
export const HOST_MAX_WAIT_MS = 10_000;
/** Hosts remembered before the idle ones are forgotten. */
const SWEEP_AT = 1000;

export interface HostGateOptions {
  delayMs?: number;
  maxWaitMs?: number;
  /** The clock in milliseconds (tests move it). */
  now?: () => number;
  /** How a wait is spent (tests record it instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

/** The host asked to be left alone until `until`, longer than a request may wait. */
export class HostPausedError extends Error {
  readonly until: Date;

  constructor(host: string, until: Date, now: number) {
    super(`Сервер ${host} просил повторить позже: ${waitText(until.getTime() - now)}`);
    this.name = 'HostPausedError';
    this.until = until;
  }
}

interface HostState {
  /** Settles when the last queued request to the host is done. */
  tail: Promise<void>;
  /** The earliest start of the next request (the last one's end plus the delay). */
  nextAt: number;
  pausedUntil: number;
  /** Requests queued or running. */
  waiting: number;
}

/** «через 45 с», «через 15 мин», «через 3 ч». */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `через ${seconds} с`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `через ${minutes} мин` : `через ${Math.ceil(minutes / 60)} ч`;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HostGate {
  private readonly hosts = new Map<string, HostState>();
  private readonly delayMs: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: HostGateOptions = {}) {
    this.delayMs = Math.max(0, options.delayMs ?? HOST_DELAY_MS);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? HOST_MAX_WAIT_MS);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      if (this.hosts.size >= SWEEP_AT) this.sweep();
      state = { tail: Promise.resolve(), nextAt: 0, pausedUntil: 0, waiting: 0 };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Forgets the hosts nobody waits for whose delay and pause are over. */
  private sweep(): void {
    const now = this.now();
    for (const [host, state] of this.hosts) {
      if (state.waiting === 0 && state.nextAt <= now && state.pausedUntil <= now) this.hosts.delete(host);
    }
  }

  /**
   * Runs `task` when the host's turn comes: after the request before it to the same host has ended and the delay
   * has passed, and after the host's pause. A pause longer than maxWaitMs throws HostPausedError without running.
   */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(host.toLowerCase());
    state.waiting++;
    const before = state.tail;
    let release = () => {};
    state.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await before;
      const now = this.now();
      if (state.pausedUntil - now > this.maxWaitMs)
        throw new HostPausedError(host, new Date(state.pausedUntil), now);
      const start = Math.max(state.nextAt, state.pausedUntil);
      if (start > now) await this.sleep(start - now);
      try {
        return await task();
      } finally {
        state.nextAt = this.now() + this.delayMs;
      }
    } finally {
      state.waiting--;
      release();
    }
  }

  /** Leaves the host alone until `until` (a later pause wins over an earlier one). */
  pause(host: string, until: Date): void {
    const state = this.state(host.toLowerCase());
    state.pausedUntil = Math.max(state.pausedUntil, until.getTime());
  }

  /** When the host's pause ends, or null when it is not paused. */
  pausedUntil(host: string): Date | null {
    const until = this.hosts.get(host.toLowerCase())?.pausedUntil ?? 0;
    return until > this.now() ? new Date(until) : null;
  }
}
