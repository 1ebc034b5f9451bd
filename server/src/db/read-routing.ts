import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Read routing over a PostgreSQL primary and a streaming replica (DATABASE_READ_URL; docs/operations.md
 * "Read replica"). Drizzle is given one `RoutingPool`; each statement, and each transaction's connection, goes
 * to the side that the request's store names. The store is set per request by `http/read-routing.ts`: GET and
 * HEAD of a user outside their read-your-writes window read the replica, everything else uses the primary.
 * Outside any request (migrations, the seed, start-up, scripts) there is no store and everything uses the
 * primary, as does any code that runs in `onPrimary`.
 */

export type DbSide = 'primary' | 'replica';

export interface RouteStore {
  side: DbSide;
}

const routeStore = new AsyncLocalStorage<RouteStore>();

/** Runs `fn` with its statements sent to `side` (the request hook's entry point; tests). */
export function runOn<T>(side: DbSide, fn: () => T): T {
  return routeStore.run({ side }, fn);
}

/** The store of the running request, to switch it (read-your-writes), or undefined outside one. */
export function currentRoute(): RouteStore | undefined {
  return routeStore.getStore();
}

/** Whether the statements of the running code go to the replica. */
export function onReplica(): boolean {
  return routeStore.getStore()?.side === 'replica';
}

/**
 * Runs `fn` against the primary: a write made while answering a GET (a cache the GET fills), or a read that must
 * see a write that the replica may not have replayed yet (a token issued a moment ago).
 */
export function onPrimary<T>(fn: () => Promise<T>): Promise<T> {
  if (!onReplica()) return fn();
  return routeStore.run({ side: 'primary' }, fn);
}

/** What drizzle's node-postgres session calls on its client: `query` for a statement, `connect` for a transaction. */
export interface PoolLike {
  query(...args: unknown[]): Promise<unknown>;
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

/** SQLSTATE read_only_sql_transaction: the replica refused a write. */
const READ_ONLY = '25006';

/**
 * The replica could not answer, though the primary can: it is down or unreachable (a socket error, SQLSTATE class
 * 08, 57P01 shut down, 57P03 still starting), or it cancelled the statement because it conflicted with the replay
 * of the primary's changes (40001). The statement ran nowhere, so the primary may run it.
 */
function replicaUnavailable(error: unknown): boolean {
  return replicaDown(error) || (error as { code?: string } | null)?.code === '40001';
}

/** The replica itself is down or unreachable (not one cancelled statement). */
function replicaDown(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  // pg reports a connect timeout as a plain Error without a code.
  const timeout = code === '' && /timeout/i.test((error as Error | null)?.message ?? '');
  return /^E[A-Z]+$/.test(code) || code.startsWith('08') || code === '57P01' || code === '57P03' || timeout;
}

/** After the replica was found down, how long every read goes straight to the primary before it is tried again. */
export const REPLICA_RETRY_MS = 5000;

export interface RoutingEvents {
  /** The replica refused a statement as a write and the primary ran it instead. */
  onWriteOnReplica?: (statement: string) => void;
  /** The replica could not run a statement or give a connection, and the primary did. */
  onReplicaUnavailable?: (error: Error) => void;
  /** The clock; tests move it. */
  now?: () => number;
}

/**
 * A pg.Pool look-alike that sends each call to the primary or the replica pool. Its class name contains "Pool"
 * on purpose: drizzle's session checks that to take a dedicated connection (`connect`) for a transaction, which
 * then stays on the side chosen when it began.
 *
 * Falls back to the primary rather than fail a request:
 * - a single statement that the replica refuses as a write (25006) runs again on the primary and is reported
 *   through `onWriteOnReplica`: a write reached from a GET that nobody put in `onPrimary` costs a warning, not a
 *   500. A write inside a transaction that began on the replica cannot be moved and fails;
 *   `read-replica-walk.test.ts` walks every GET route against a read-only "replica" to find such writes;
 * - a statement or a connection that the replica cannot give (down, starting, a replay conflict) comes from the
 *   primary, reported through `onReplicaUnavailable`. A transaction already open on the replica is not moved.
 *   A replica found down is passed over for REPLICA_RETRY_MS, so that an unreachable one does not cost every read
 *   a connect timeout.
 */
export class RoutingPool {
  /** Statements and transactions sent to each side since the start (the bench and tests read them). */
  readonly counts: Record<DbSide, number> = { primary: 0, replica: 0 };

  constructor(
    readonly primary: PoolLike,
    readonly replica: PoolLike,
    private readonly events: RoutingEvents = {},
  ) {}

  /** Until when the replica counts as down (epoch ms). */
  private replicaDownUntil = 0;

  private get now(): number {
    return (this.events.now ?? Date.now)();
  }

  private pick(): PoolLike {
    const side: DbSide = onReplica() && this.now >= this.replicaDownUntil ? 'replica' : 'primary';
    this.counts[side] += 1;
    return side === 'replica' ? this.replica : this.primary;
  }

  async query(...args: unknown[]): Promise<unknown> {
    const pool = this.pick();
    if (pool === this.primary) return pool.query(...args);
    try {
      return await pool.query(...args);
    } catch (error) {
      if ((error as { code?: string }).code === READ_ONLY) {
        this.events.onWriteOnReplica?.(statementText(args[0]));
      } else if (replicaUnavailable(error)) {
        this.passOver(error);
      } else {
        throw error;
      }
      this.counts.primary += 1;
      return this.primary.query(...args);
    }
  }

  async connect(): Promise<unknown> {
    const pool = this.pick();
    if (pool === this.primary) return pool.connect();
    try {
      return await pool.connect();
    } catch (error) {
      if (!replicaUnavailable(error)) throw error;
      this.passOver(error);
      this.counts.primary += 1;
      return this.primary.connect();
    }
  }

  private passOver(error: unknown): void {
    if (replicaDown(error)) this.replicaDownUntil = this.now + REPLICA_RETRY_MS;
    this.events.onReplicaUnavailable?.(error as Error);
  }

  async end(): Promise<void> {
    await Promise.all([this.primary.end(), this.replica.end()]);
  }
}

function statementText(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
}
