import type { Table } from 'drizzle-orm';
import { CopyBuffer } from '../copy.ts';
import type { BulkTarget } from '../writer.ts';

/** What a flush needs of a buffer, whatever its row type. */
interface Flushable {
  readonly tableName: string;
  readonly columnNames: string[];
  readonly size: number;
  take(): string;
}

/**
 * Buffered rows are flushed in blobs of a few megabytes: PGlite reads a COPY blob
 * noticeably slower once it grows large, and small blobs keep memory flat at a million messages.
 */
const FLUSH_CHARS = 2_000_000;

/**
 * COPY buffers over one transaction. Flushes are queued on a chain: while PostgreSQL
 * (another process, another core) writes one batch, the generator builds the next.
 * At most one batch waits behind the one being written, which bounds memory.
 */
export class Loader {
  private readonly buffers: Flushable[] = [];
  private inflight: Promise<void> = Promise.resolve();

  constructor(readonly target: BulkTarget) {}

  /** A buffer for `table` with the given columns (Drizzle property names), flushed by flushAll. */
  buffer<T extends Table, K extends keyof T['_']['columns'] & string>(
    table: T,
    keys: readonly K[],
  ): CopyBuffer<T, K> {
    const buffer = new CopyBuffer(table, keys);
    this.buffers.push(buffer);
    return buffer;
  }

  /**
   * Queues the rows of `buffers` (in the given order, which must be foreign-key order)
   * and returns once the batch queued before them has been written.
   */
  async flush(...buffers: Flushable[]): Promise<void> {
    const batch = buffers
      .map((b) => ({ table: b.tableName, columns: b.columnNames, rows: b.take() }))
      .filter((b) => b.rows);
    if (!batch.length) return;
    const previous = this.inflight;
    const current = previous.then(async () => {
      for (const b of batch) await this.target.copy(b.table, b.columns, b.rows);
    });
    // Marks the promise as observed; errors still surface through drain() or the next flush.
    current.catch(() => undefined);
    this.inflight = current;
    await previous;
  }

  /** Flushes when the buffer is large; call after adding rows in a loop. */
  async flushIfLarge(buffer: Flushable): Promise<void> {
    if (buffer.size >= FLUSH_CHARS) await this.flush(buffer);
  }

  /** Flushes every buffer in creation order (parents are created first) and waits until all is written. */
  async flushAll(): Promise<void> {
    await this.flush(...this.buffers);
    await this.drain();
  }

  async drain(): Promise<void> {
    await this.inflight;
  }
}
