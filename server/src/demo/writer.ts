import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';

/**
 * What the loader needs from a connection inside one transaction: plain SQL and COPY.
 * Both drivers speak the same PostgreSQL; only the way COPY data reaches the server
 * differs (a stream for node-postgres, a blob read through /dev/blob for PGlite).
 */
export interface BulkTarget {
  kind: Database['kind'];
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** COPY `table (columns)` FROM the given text-format rows. */
  copy(table: string, columns: readonly string[], rows: string): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const copySql = (table: string, columns: readonly string[], source: string) =>
  `copy ${quote(table)} (${columns.map(quote).join(', ')}) from ${source}`;

function postgresTarget(client: pg.PoolClient): BulkTarget {
  return {
    kind: 'postgres',
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    copy: async (table, columns, rows) => {
      if (!rows) return;
      await pipeline(Readable.from([rows]), client.query(copyFrom(copySql(table, columns, 'stdin'))));
    },
  };
}

function pgliteTarget(tx: Transaction): BulkTarget {
  return {
    kind: 'pglite',
    exec: async (sql) => {
      await tx.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
    copy: async (table, columns, rows) => {
      if (!rows) return;
      await tx.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([rows]) });
    },
  };
}

/** Runs `work` in one transaction: it commits whole or leaves the database untouched. */
export async function inTransaction<T>(
  database: Database,
  work: (target: BulkTarget) => Promise<T>,
): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction((tx) => work(pgliteTarget(tx)));
  }
  if (!database.pool) throw new Error('The database has neither a PostgreSQL pool nor PGlite');
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    const result = await work(postgresTarget(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs one statement outside any transaction (VACUUM refuses to run inside one). */
export async function executeOutside(database: Database, sql: string): Promise<void> {
  if (database.pglite) await database.pglite.exec(sql);
  else if (database.pool) await database.pool.query(sql);
}
