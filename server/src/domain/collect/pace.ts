// The collectors' pace (docs/collectors.md "Pace"): the items one process sends to the ingestion per second, at
// most. Collection shares its process and its database with the readers; a first collection of many feeds is a
// bulk load, and unpaced it takes what CPU it can. Each batch waits for its turn, and the next may start once this
// one's share of the second has passed, so the work comes in small bursts with room between them.

/** Hands out turns for batches of items at `perSecond` items a second, shared by all the fetches of a process. */
export class Pace {
  private next = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    if (!(perSecond > 0)) throw new Error('the pace must be positive');
  }

  /** Waits for the turn of a batch of `items`; the batch after it waits for this one's share of the second. */
  async take(items: number): Promise<void> {
    if (items <= 0) return;
    const now = this.now();
    const start = Math.max(now, this.next);
    this.next = start + (items * 1000) / this.perSecond;
    if (start > now) await this.sleep(start - now);
  }
}
