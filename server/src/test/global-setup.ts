import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { buildSearchIndex } from '../domain/search/search-index-queries.ts';
import { ensurePgliteTemplate } from './pglite-template.ts';

/**
 * With TEST_DATABASE_URL, the whole suite runs again on PostgreSQL: that database
 * is migrated once here and every test file gets its own copy of it (CREATE DATABASE … TEMPLATE).
 * Without it, a migrated PGlite data directory is dumped once, and every test file loads it.
 */
export async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    await ensurePgliteTemplate();
    return;
  }
  const database = openDatabase({ url });
  await database.migrate();
  await buildSearchIndex(database);
  await database.close();
  // Copies made by an earlier, interrupted run.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = new URL(url).pathname.slice(1);
  const stale = await admin.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${template}_f%`],
  );
  for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}"`);
  await admin.end();
}
