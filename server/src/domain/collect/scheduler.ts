import { VK_TOKEN_SECRET_KEY } from '@monitoring/contracts';
import { COLLECT_CONCURRENCY } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { secretInfo } from '../secrets-queries.ts';
import {
  claimDueFeeds,
  type FeedRow,
  type FeedRunRecord,
  recordFeedRuns,
  releaseFeedLeases,
} from './collect-queries.ts';
import { type CollectDeps, collectFeed, FEED_LEASE_MS, FeedNotFoundError } from './collector.ts';
import { Pace } from './pace.ts';

// The collectors' scheduler (docs/collectors.md "Collection"): each process that runs it (COLLECT=on) keeps up to
// `concurrency` fetches going. Due feeds are claimed in one statement under a lease (FOR UPDATE SKIP LOCKED), so
// any number of processes on one database collect each feed once; a process that dies mid-fetch leaves a lease
// that expires, and the feed is claimed again. A claim takes up to CLAIM_AHEAD feeds a free place and queues them,
// and finished runs are recorded several to a statement (RunRecorder), so that a pass over unchanged feeds costs
// about one HTTP exchange a feed and few statements. A finished fetch makes room for the next at once; the poll
// finds feeds that fell due meanwhile.

export const COLLECT_POLL_MS = 5000;
/** Feeds one claim takes per free place; the ones not started yet wait in the process's queue, leased. */
export const CLAIM_AHEAD = 4;
/** Runs one statement records at most, and how long a finished run waits for others to go with it. */
export const RECORD_BATCH = 32;
export const RECORD_WAIT_MS = 200;

export interface CollectorOptions {
  db: Db;
  deps: CollectDeps;
  /** This process's name as the feeds' lease_owner: unique per process. */
  instanceId: string;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** The items this process sends to the ingestion per second at most (Pace); 0 or unset: as fast as it goes. */
  itemsPerSecond?: number;
  /** Where a failed claim, fetch or record is told (the next poll tries again); console.error by default. */
  onError?: (error: unknown) => void;
}

/**
 * Records finished runs in batches (recordFeedRuns): RECORD_BATCH at once, or RECORD_WAIT_MS after the first.
 * A feed's lease holds until its run is recorded, so no other fetch of it starts meanwhile. Were the process to
 * die before a flush, the run's record is lost and its lease expires: the feed is fetched again, and the ingestion
 * dedupes what it had stored.
 */
class RunRecorder {
  private pending: FeedRunRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly report: (error: unknown) => void,
  ) {}

  add(run: FeedRunRecord): Promise<void> {
    this.pending.push(run);
    if (this.pending.length >= RECORD_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), RECORD_WAIT_MS);
      this.timer.unref();
    }
    return Promise.resolve();
  }

  /** Writes what waits; resolves once every run handed over so far is written (or its failure told). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const runs = this.pending;
    this.pending = [];
    if (runs.length > 0)
      this.written = this.written
        .then(() => recordFeedRuns(this.db, runs))
        .catch((error) => this.report(error));
    return this.written;
  }
}

export class Collector {
  private readonly options: CollectorOptions;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Claimed, not started yet: each with when it was claimed (by the deps' clock). */
  private queue: { feed: FeedRow; claimedAt: number }[] = [];
  private readonly recorder: RunRecorder;
  /** The turns of the ingestion (Pace), when the process is paced. */
  private readonly pace?: (items: number) => Promise<void>;
  /** Claims run one at a time, so the fetches never pass `concurrency`. */
  private claims: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private vkToken: { set: boolean; at: number } | null = null;

  constructor(options: CollectorOptions) {
    this.options = options;
    this.concurrency = Math.max(1, options.concurrency ?? COLLECT_CONCURRENCY);
    this.leaseMs = options.leaseMs ?? FEED_LEASE_MS;
    this.recorder = new RunRecorder(options.db, (error) => this.report(error));
    if (options.itemsPerSecond) {
      const pace = new Pace(options.itemsPerSecond);
      this.pace = (items) => pace.take(items);
    }
  }

  /** VK walls wait, not fail, while the service token is not set; read again once per poll at most. */
  private async vkTokenSet(now: Date): Promise<boolean> {
    const pollMs = this.options.pollMs ?? COLLECT_POLL_MS;
    if (!this.vkToken || now.getTime() - this.vkToken.at >= pollMs || now.getTime() < this.vkToken.at) {
      const set = Boolean(await secretInfo(this.options.db, VK_TOKEN_SECRET_KEY));
      this.vkToken = { set, at: now.getTime() };
    }
    return this.vkToken.set;
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error('Сбор: шаг не выполнен, повторим:', error);
  }

  /** Lets the queued feeds go (all of them, or those claimed before `before`), so that any instance may take them. */
  private async release(before = Number.POSITIVE_INFINITY): Promise<void> {
    const gone = this.queue.filter((entry) => entry.claimedAt < before);
    if (gone.length === 0) return;
    this.queue = this.queue.filter((entry) => entry.claimedAt >= before);
    await releaseFeedLeases(
      this.options.db,
      gone.map((entry) => entry.feed.id),
      this.options.instanceId,
    );
  }

  /**
   * Starts as many queued feeds as there are free places, claiming more first when the queue runs short (unless
   * `claimMore` is false); answers the started runs.
   */
  private claim(claimMore = true): Promise<Promise<void>[]> {
    const next = this.claims.then(async () => {
      const free = this.concurrency - this.inFlight.size;
      if (this.stopped || free <= 0) return [];
      const { db, deps, instanceId } = this.options;
      const now = deps.now?.() ?? new Date();
      // A feed queued for half its lease could lose it mid-fetch: let it go, it is claimed again.
      await this.release(now.getTime() - this.leaseMs / 2);
      if (claimMore && this.queue.length < free) {
        const withVk = await this.vkTokenSet(now);
        const limit = free * CLAIM_AHEAD - this.queue.length;
        const claimed = await claimDueFeeds(db, instanceId, now, this.leaseMs, limit, withVk);
        for (const feed of claimed) this.queue.push({ feed, claimedAt: now.getTime() });
      }
      return this.queue.splice(0, free).map(({ feed }) => this.launch(feed));
    });
    this.claims = next.catch(() => undefined);
    return next;
  }

  private launch(feed: FeedRow): Promise<void> {
    const { db, deps, instanceId } = this.options;
    const run: Promise<void> = collectFeed(db, deps, feed.id, {
      feed,
      trigger: 'schedule',
      userId: null,
      lease: 'held',
      owner: instanceId,
      leaseMs: this.leaseMs,
      record: (record) => this.recorder.add(record),
      pace: this.pace,
    })
      .then(
        () => undefined,
        // A feed deleted between the claim and the fetch is no failure.
        (error: unknown) => (error instanceof FeedNotFoundError ? undefined : this.report(error)),
      )
      .finally(() => {
        this.inFlight.delete(run);
        if (this.running && !this.stopped) this.fill();
      });
    this.inFlight.add(run);
    return run;
  }

  /** Fills the free places (the loop's step). */
  private fill(): void {
    this.claim().catch((error: unknown) => this.report(error));
  }

  /** One claim and the fetches of every feed it took, awaited and recorded: the number of feeds collected. */
  async runOnce(): Promise<number> {
    let collected = 0;
    for (let runs = await this.claim(); runs.length > 0; runs = await this.claim(false)) {
      collected += runs.length;
      await Promise.all(runs);
    }
    await this.recorder.flush();
    return collected;
  }

  /** The poll, and the first claim at once. */
  start(): this {
    if (this.running || this.stopped) return this;
    this.running = true;
    this.timer = setInterval(() => this.fill(), this.options.pollMs ?? COLLECT_POLL_MS);
    this.timer.unref();
    this.fill();
    return this;
  }

  /** No new claims; waits for the fetches in progress, records them and lets the queued feeds go. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.claims;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    await this.recorder.flush();
    await this.release().catch((error: unknown) => this.report(error));
  }
}

/** Starts the collectors of this process (main.ts, when config.collect). */
export function startCollector(options: CollectorOptions): {
  stop(): Promise<void>;
  runOnce(): Promise<number>;
} {
  return new Collector(options).start();
}
