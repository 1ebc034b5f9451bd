import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type RoutingEvents, RoutingPool } from './read-routing.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: hand-written SQL is PostgreSQL and never forks per driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw PostgreSQL pool of the primary, only for COPY in the demo loader and LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** With a read replica (DATABASE_READ_URL): the pool that `db` runs on, sending reads of GETs to the replica. */
  routing?: RoutingPool;
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise embedded PGlite. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data directory dumped by `dumpDataDir` to start from instead of an empty one (test/pglite-template.ts). */
  loadDataDir?: Blob;
  /** postgres://… of a streaming replica of `url`: reads of GET requests go there (db/read-routing.ts). */
  readUrl?: string;
  /** What the read routing reports: writes the replica refused, a replica that could not answer. */
  routingEvents?: RoutingEvents;
}

export const READ_URL_NEEDS_POSTGRES =
  'DATABASE_READ_URL needs DATABASE_URL: the embedded PGlite has no replicas; set DATABASE_URL to the primary or drop DATABASE_READ_URL';

/**
 * Settings of every server connection. No parallel workers: a request is one statement on one
 * core, and the server's parallelism is its concurrent requests; the issue measured the ranked
 * queries at 62–76 ms p95 without workers against 93–100 ms with them under 10 clients
 * (docs/aggregates.md "Speed"). A statement that truly wants workers can SET LOCAL them.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export function openDatabase(options: DatabaseOptions): Database {
  if (options.readUrl && !options.url) throw new Error(READ_URL_NEEDS_POSTGRES);
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20, options: SESSION_OPTIONS });
    // An idle connection that the server closes (a restart, a failover, pg_terminate_backend) is an 'error' event of
    // the pool; unheard, it would end the process. The pool has dropped that connection: the next query connects
    // again, and a server that stays down fails the queries themselves.
    pool.on('error', (error) =>
      console.warn(`База данных закрыла простаивающее соединение: ${error.message}`),
    );
    // A replica that does not answer a connection within 2 s is passed over for the primary (db/read-routing.ts).
    const replica = options.readUrl
      ? new pg.Pool({
          connectionString: options.readUrl,
          max: 20,
          connectionTimeoutMillis: 2000,
          options: SESSION_OPTIONS,
        })
      : undefined;
    // An idle connection that the replica closes (restart, failover) is an 'error' event of the pool, which would
    // end the process unheard; the pool drops that connection and the next read connects again or uses the primary.
    replica?.on('error', (error) => options.routingEvents?.onReplicaUnavailable?.(error));
    const routing = replica ? new RoutingPool(pool, replica, options.routingEvents) : undefined;
    // Drizzle takes the routing pool for a pg.Pool (it only calls query and connect).
    const db = drizzlePg({ client: (routing ?? pool) as unknown as pg.Pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      routing,
      // Migrations run on the primary's own pool, never through the routing.
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => (routing ?? pool).end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the admin lists' substring search (migration 0021); PGlite loads it on demand.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Rows of a hand-written query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a hot hand-written query, sent as a named prepared statement: PostgreSQL parses
 * it once per connection and keeps its plan in the connection's plan cache, instead of
 * parsing and planning the whole text on every call (docs/loms.md "Speed"). One builder
 * yields a few texts (filters, period shapes), so the name carries a hash of the text.
 * PGlite runs it as any other query.
 */
export async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(built.sql).digest('base64url').slice(0, 12);
  const prepared = session.prepareQuery(built, undefined, `${name}_${hash}`, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
