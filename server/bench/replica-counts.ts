/**
 * `npm run bench -- --read-url postgres://…`: what the primary and the replica each served during a run, from
 * PostgreSQL's own statistics (pg_stat_statements is not assumed): committed transactions and rows read of the
 * database (pg_stat_database), and table scans, sequential plus index (pg_stat_user_tables). A hot standby keeps
 * these counters for the queries it runs itself, so the replica's deltas are the reads it took off the primary.
 */
import pg from 'pg';

export interface SideCounts {
  side: 'primary' | 'replica';
  transactions: number;
  rowsRead: number;
  tableScans: number;
}

async function countsOf(side: SideCounts['side'], url: string): Promise<SideCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ xact: string; tup: string; scans: string | null }>(
      `select d.xact_commit as xact, d.tup_returned as tup,
              (select sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)) from pg_stat_user_tables) as scans
         from pg_stat_database d where d.datname = current_database()`,
    );
    const row = rows[0];
    // This statement's own transaction is counted by the next reading, one per reading on each side.
    return {
      side,
      transactions: Number(row.xact),
      rowsRead: Number(row.tup),
      tableScans: Number(row.scans ?? 0),
    };
  } finally {
    await client.end();
  }
}

export async function readCounts(primaryUrl: string, replicaUrl: string): Promise<SideCounts[]> {
  return Promise.all([countsOf('primary', primaryUrl), countsOf('replica', replicaUrl)]);
}

/** The counters' growth between two readings, less the reading's own transaction. */
export function countsBetween(before: SideCounts[], after: SideCounts[]): SideCounts[] {
  return after.map((a, i) => ({
    side: a.side,
    transactions: a.transactions - before[i].transactions - 1,
    rowsRead: a.rowsRead - before[i].rowsRead,
    tableScans: a.tableScans - before[i].tableScans,
  }));
}

/** Waits until the replica has replayed everything the primary has written so far (the seed), up to `timeoutMs`. */
export async function waitForReplica(
  primaryUrl: string,
  replicaUrl: string,
  timeoutMs = 120_000,
): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  await primary.connect();
  await replica.connect();
  try {
    const { rows } = await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    if (!rows[0].standby)
      throw new Error(`--read-url ${replicaUrl} is not a standby (pg_is_in_recovery() is false)`);
    const target = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]
      .lsn;
    const started = Date.now();
    for (;;) {
      const behind = await replica.query<{ bytes: string | null }>(
        'select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()) as bytes',
        [target],
      );
      if (Number(behind.rows[0].bytes ?? 0) <= 0) return;
      if (Date.now() - started > timeoutMs)
        throw new Error(`The replica did not catch up within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await primary.end();
    await replica.end();
  }
}

/** Statistics reach pg_stat_* when a backend's transaction ends, at most about once a second: wait for them. */
export const STATS_SETTLE_MS = 1500;

export function countsTable(counts: SideCounts[]): string {
  return [
    '| side | transactions | rows read | table scans |',
    '|---|---|---|---|',
    ...counts.map((c) => `| ${c.side} | ${c.transactions} | ${c.rowsRead} | ${c.tableScans} |`),
  ].join('\n');
}
