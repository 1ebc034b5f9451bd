import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { pgliteTemplate } from './pglite-template.ts';

/** A migrated database for one test file: in-memory PGlite, or a copy of TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // Loaded from the migrated template (test/pglite-template.ts); migrate then only checks that nothing is missing.
    const database = openDatabase({ loadDataDir: pgliteTemplate() });
    await database.migrate();
    return database;
  }
  const template = new URL(url).pathname.slice(1);
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const copyUrl = new URL(url);
  copyUrl.pathname = `/${name}`;
  const database = openDatabase({ url: copyUrl.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropTestDatabase(url, name);
    },
  };
}

/**
 * Drops a test file's copy `name` of TEST_DATABASE_URL's database once its connections are gone. pool.end() resolves
 * once it has asked its clients to end, not once their sockets have closed: a forced drop right away can terminate
 * a backend whose client is still ending, which then throws "terminating connection due to administrator command"
 * into whatever test file runs next. So wait (up to 5 s) for the copy's connections to be gone first.
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: url });
  await cleanup.connect();
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await cleanup.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (Number(rows[0].n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await cleanup.query(`drop database if exists "${name}" with (force)`);
  await cleanup.end();
}
