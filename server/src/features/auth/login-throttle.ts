/**
 * Failed sign-ins per login name and per login name and address (docs/input-validation.md "Sign-in"). A guess at
 * one account spread over many addresses is slowed, and no one can lock the owner out by failing on purpose:
 *
 * - each name counts its failures from every address within a window of LOGIN_FAILURE_WINDOW_MS;
 * - an address remembers its failures on a name for ADDRESS_FAILURE_MEMORY_MS;
 * - once the name has `max` failures, an address that has itself failed on it answers 429 until the name's window
 *   (or the address's memory) ends, whatever the password;
 * - an address that has not failed on the name may always try it, so the right password from it still works.
 *   A wrong one makes it an address that has failed: under attack, each address gets one guess an hour.
 *
 * A success forgets that address's failures on the name; the name's count runs out with its window. The per-address
 * limit over all names is the rate-limit plugin's (LOGIN_RATE_LIMIT). The counts live in this server process: with
 * N instances behind a balancer a name gets N times the allowance, which still bounds a guess. Both maps are capped,
 * so names or addresses sprayed at random can't grow them.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const ADDRESS_FAILURE_MEMORY_MS = 60 * 60_000;
const MAX_TRACKED_LOGINS = 50_000;
const MAX_TRACKED_PAIRS = 100_000;

interface Failures {
  count: number;
  windowEndsAt: number;
}

export class LoginThrottle {
  /** Failures per login name, from any address. */
  private readonly byLogin = new Map<string, Failures>();
  /** Failures per login name and address. */
  private readonly byPair = new Map<string, Failures>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `address` may try `login` again, or 0 when it may now. */
  retryAfter(login: string, address: string): number {
    const pair = this.current(this.byPair, pairKey(login, address));
    if (!pair) return 0;
    const name = this.current(this.byLogin, nameKey(login));
    if (!name || name.count < this.max) return 0;
    return Math.min(pair.windowEndsAt, name.windowEndsAt) - this.now();
  }

  fail(login: string, address: string): void {
    this.count(this.byLogin, nameKey(login), MAX_TRACKED_LOGINS, LOGIN_FAILURE_WINDOW_MS);
    this.count(this.byPair, pairKey(login, address), MAX_TRACKED_PAIRS, ADDRESS_FAILURE_MEMORY_MS);
  }

  succeed(login: string, address: string): void {
    this.byPair.delete(pairKey(login, address));
  }

  /** The entry under `key` while its window lasts; an ended one is dropped. */
  private current(map: Map<string, Failures>, key: string): Failures | undefined {
    const entry = map.get(key);
    if (entry && entry.windowEndsAt <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private count(map: Map<string, Failures>, key: string, cap: number, windowMs: number): void {
    const entry = this.current(map, key);
    if (entry) {
      entry.count += 1;
      return;
    }
    if (map.size >= cap) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { count: 1, windowEndsAt: this.now() + windowMs });
  }
}

const nameKey = (login: string) => login.trim().toLowerCase();
const pairKey = (login: string, address: string) => `${nameKey(login)}\n${address}`;
