import { VK_TOKEN_SECRET_KEY } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { secretInfo } from '../secrets-queries.ts';
import { claimDueFeeds, type FeedRow } from './collect-queries.ts';
import { type CollectDeps, collectFeed, FEED_LEASE_MS, FeedNotFoundError } from './collector.ts';

// The collectors' scheduler (docs/collectors.md "Collection"): each process that runs it (COLLECT=on) keeps up to
// `concurrency` fetches going. Due feeds are claimed in one statement under a lease (FOR UPDATE SKIP LOCKED), so
// any number of processes on one database collect each feed once; a process that dies mid-fetch leaves a lease
// that expires, and the feed is claimed again. A finished fetch makes room for the next claim at once; the poll
// finds feeds that fell due meanwhile.

export const COLLECT_POLL_MS = 5000;
export const COLLECT_CONCURRENCY = 4;

export interface CollectorOptions {
  db: Db;
  deps: CollectDeps;
  /** This process's name as the feeds' lease_owner: unique per process. */
  instanceId: string;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Where a failed claim or fetch is told (the next poll tries again); console.error by default. */
  onError?: (error: unknown) => void;
}

export class Collector {
  private readonly options: CollectorOptions;
  private readonly concurrency: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** Claims run one at a time, so the fetches never pass `concurrency`. */
  private claims: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private vkToken: { set: boolean; at: number } | null = null;

  constructor(options: CollectorOptions) {
    this.options = options;
    this.concurrency = Math.max(1, options.concurrency ?? COLLECT_CONCURRENCY);
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

  /** Claims as many due feeds as there are free places and starts their fetches; answers the started runs. */
  private claim(): Promise<Promise<void>[]> {
    const next = this.claims.then(async () => {
      const free = this.concurrency - this.inFlight.size;
      if (this.stopped || free <= 0) return [];
      const { db, deps, instanceId } = this.options;
      const now = deps.now?.() ?? new Date();
      const withVk = await this.vkTokenSet(now);
      const claimed = await claimDueFeeds(
        db,
        instanceId,
        now,
        this.options.leaseMs ?? FEED_LEASE_MS,
        free,
        withVk,
      );
      return claimed.map((feed) => this.launch(feed));
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
      leaseMs: this.options.leaseMs ?? FEED_LEASE_MS,
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

  /** One claim and its fetches, awaited: the number of feeds collected. */
  async runOnce(): Promise<number> {
    const runs = await this.claim();
    await Promise.all(runs);
    return runs.length;
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

  /** No new claims; waits for the fetches in progress (call before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.claims;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

/** Starts the collectors of this process (main.ts, when config.collect). */
export function startCollector(options: CollectorOptions): {
  stop(): Promise<void>;
  runOnce(): Promise<number>;
} {
  return new Collector(options).start();
}
