import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';

/**
 * The search index's build (docs/search.md "The index"). Migration 0038 adds the vector column and the trigger that
 * keeps it on every write; the rows that were there before it get their vectors here, in batches of their own
 * transactions, and only then is the GIN index built: CONCURRENTLY on PostgreSQL, so neither step holds a lock that
 * makes writes wait for the length of the build. Idempotent: a valid index means the work is done (from then on the
 * trigger keeps every row), and an instance that stops half-way leaves batches that the next start goes on from.
 */

/** The GIN indexes of the search: the messages' stored vectors, and the quotes' texts read by the same function. */
export const SEARCH_INDEXES = [
  { name: 'messages_search_idx', on: 'messages using gin (search_vector)' },
  { name: 'quotes_search_idx', on: 'quotes using gin (message_search_vector(text, null, null, null, null))' },
] as const;
const BATCH = 5000;

type IndexState = 'valid' | 'invalid' | 'building' | 'missing';

async function indexState(db: Db, name: string): Promise<IndexState> {
  const [row] = await queryRows<{ valid: boolean; building: boolean }>(
    db,
    sql`select i.indisvalid as valid,
               exists (select 1 from pg_stat_progress_create_index p where p.index_relid = c.oid) as building
          from pg_index i join pg_class c on c.oid = i.indexrelid
         where c.relname = ${name}`,
  );
  if (!row) return 'missing';
  if (row.valid) return 'valid';
  // An index being built CONCURRENTLY is invalid until it is done: another instance is on it.
  return row.building ? 'building' : 'invalid';
}

async function createIndex(database: Database, index: (typeof SEARCH_INDEXES)[number]): Promise<void> {
  const state = await indexState(database.db, index.name);
  if (state === 'valid' || state === 'building') return;
  if (state === 'invalid') await database.db.execute(sql.raw(`drop index if exists ${index.name}`));
  // CONCURRENTLY builds without blocking writes (PostgreSQL; outside a transaction). PGlite has one connection and
  // no concurrent writers to spare.
  const concurrently = database.kind === 'postgres' ? 'concurrently' : '';
  await database.db.execute(
    sql.raw(`create index ${concurrently} if not exists ${index.name} on ${index.on}`),
  );
}

/** Fills the vectors of one id range; the rollup and foreign-key triggers stand aside where the role may ask it. */
async function fillRange(db: Db, from: number, to: number): Promise<number> {
  return db.transaction(async (tx) => {
    // Only search_vector changes, which no rollup reads: skip the statement triggers of messages (as the demo loader
    // does) when the role may; otherwise they run and find nothing to change.
    await tx.execute(sql`savepoint search_fill`);
    try {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`release savepoint search_fill`);
    } catch {
      await tx.execute(sql`rollback to savepoint search_fill`);
    }
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with filled as (
            update messages
               set search_vector = message_search_vector(text, extra_source_text, extra_ocr_text, lom_name, url)
             where id >= ${from} and id < ${to} and search_vector is null
            returning 1)
          select count(*)::int as n from filled`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

export type SearchIndexProgress = (line: string) => void;

/**
 * Makes the search index whole: vectors for every message, then the GIN index. Returns at once when the index is
 * already valid (the usual start).
 */
export async function buildSearchIndex(database: Database, onProgress?: SearchIndexProgress): Promise<void> {
  const { db } = database;
  const states = await Promise.all(SEARCH_INDEXES.map((index) => indexState(db, index.name)));
  if (states.every((state) => state === 'valid')) return;
  if (states[0] !== 'valid' && states[0] !== 'building') {
    const [bounds] = await queryRows<{ low: number | null; high: number | null }>(
      db,
      sql`select min(id) as low, max(id) as high from messages`,
    );
    const low = Number(bounds?.low ?? 0);
    const high = Number(bounds?.high ?? -1);
    let filled = 0;
    for (let from = low; from <= high; from += BATCH) {
      filled += await fillRange(db, from, from + BATCH);
      if (onProgress && filled > 0 && ((from - low) / BATCH) % 40 === 0)
        onProgress(`Поисковый индекс: векторы до id ${Math.min(from + BATCH - 1, high)} из ${high}`);
    }
    // The planner chooses between the GIN index and a walk by date from the vectors' statistics (the frequency of
    // each lexeme): without them every word looks rare.
    if (filled > 0) await db.execute(sql`analyze messages (search_vector)`);
    onProgress?.(`Поисковый индекс: ${filled} векторов заполнено, строятся GIN-индексы…`);
  }
  for (const index of SEARCH_INDEXES) await createIndex(database, index);
  onProgress?.('Поисковый индекс готов');
}
