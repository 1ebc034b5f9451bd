/**
 * Failed sign-ins per login name, so that a guess at one account spread over many addresses is slowed too
 * (the per-address limit is the rate-limit plugin's). After `max` failures within the window the account
 * answers 429 until the window ends, whatever the password; a success clears the count.
 *
 * The counts live in this server process: with N instances behind a balancer an account gets N times the
 * allowance, which still bounds a guess. The map is capped, so names sprayed at random can't grow it.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_TRACKED_LOGINS = 50_000;

interface Failures {
  count: number;
  windowEndsAt: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `login` may try again, or 0 when it may now. */
  retryAfter(login: string): number {
    const entry = this.failures.get(key(login));
    if (!entry) return 0;
    const left = entry.windowEndsAt - this.now();
    if (left <= 0) {
      this.failures.delete(key(login));
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  fail(login: string): void {
    const k = key(login);
    const entry = this.failures.get(k);
    if (entry && entry.windowEndsAt > this.now()) {
      entry.count += 1;
      return;
    }
    if (this.failures.size >= MAX_TRACKED_LOGINS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(k, { count: 1, windowEndsAt: this.now() + LOGIN_FAILURE_WINDOW_MS });
  }

  succeed(login: string): void {
    this.failures.delete(key(login));
  }
}

const key = (login: string) => login.trim().toLowerCase();
