import type { BulkTarget } from './writer.ts';

/** Every table of the application (public schema); Drizzle's migration journal lives in schema "drizzle". */
export async function applicationTables(target: BulkTarget): Promise<string[]> {
  const rows = await target.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.tablename);
}

export async function truncateAll(target: BulkTarget): Promise<void> {
  const tables = await applicationTables(target);
  if (tables.length)
    await target.exec(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
}

/**
 * Skips foreign-key triggers for the rest of the transaction, as pg_restore
 * --disable-triggers does: the generator writes consistent ids, and checking a dozen
 * references per message row would dominate the load. Needs superuser rights (PGlite
 * and a local server have them); without them the load simply runs with the checks.
 */
export async function skipForeignKeyChecks(target: BulkTarget): Promise<boolean> {
  await target.exec('savepoint replica_role');
  try {
    await target.exec('set local session_replication_role = replica');
    await target.exec('release savepoint replica_role');
    return true;
  } catch {
    await target.exec('rollback to savepoint replica_role');
    return false;
  }
}

export async function restoreForeignKeyChecks(target: BulkTarget): Promise<void> {
  await target.exec('set local session_replication_role = origin');
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the secondary indexes (not those behind primary keys or unique constraints) of
 * the given tables and returns their definitions, so they can be built once after the
 * load instead of being maintained row by row. Inside the seed's transaction, so a
 * failure rolls the drop back too.
 */
export async function dropSecondaryIndexes(
  target: BulkTarget,
  tables: readonly string[],
): Promise<IndexDefinition[]> {
  const rows = await target.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef
       from pg_indexes i
      where i.schemaname = 'public'
        and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const row of rows) await target.exec(`drop index "${row.indexname}"`);
  return rows.map((r) => ({ name: r.indexname, definition: r.indexdef }));
}

export async function createIndexes(target: BulkTarget, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) await target.exec(index.definition);
}

/** Moves every serial sequence past the largest id, since the loader wrote ids itself. */
export async function resetSequences(target: BulkTarget): Promise<void> {
  const rows = await target.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const row of rows) {
    await target.exec(
      `select setval('${row.sequence}', coalesce((select max("${row.column_name}") from "${row.table_name}"), 0) + 1, false)`,
    );
  }
}
