import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The health check's round trip: fails when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
