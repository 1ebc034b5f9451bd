import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import { type Database, openDatabase } from './client.ts';

// The primary pool outlives a connection that the server closes while it is idle (a restart, a failover): the
// process goes on, and the next query connects again (db/client.ts).

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let database: Database;
  let url: string;

  beforeAll(async () => {
    const copy = await openTestDatabase();
    database = copy;
    // The test's own pool on the copy, as the server opens it.
    const { rows } = await (copy.pool as pg.Pool).query<{ name: string }>(
      'select current_database() as name',
    );
    const address = new URL(process.env.TEST_DATABASE_URL as string);
    address.pathname = `/${rows[0].name}`;
    url = address.toString();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('survives an idle connection terminated by the server, and queries again', async () => {
    const server = openDatabase({ url });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const pool = server.pool as pg.Pool;
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(pool.idleCount).toBe(1);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      for (let i = 0; i < 100 && pool.totalCount > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(pool.totalCount).toBe(0);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('terminating connection'));
      const again = await pool.query<{ n: number }>('select 1 as n');
      expect(again.rows[0].n).toBe(1);
    } finally {
      warn.mockRestore();
      await server.close();
    }
  });
});
