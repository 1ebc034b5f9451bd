import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../../domain/pg-array.ts';

/** Verified messages with a mood, per mood 1..6. */
export async function verifiedByMood(db: Db): Promise<number[]> {
  const rows = await queryRows<{ mood: number; n: number }>(
    db,
    sql`select mood::int as mood, count(*)::int as n from messages
         where verified and mood between 1 and 6 group by mood`,
  );
  const counts = [0, 0, 0, 0, 0, 0];
  for (const row of rows) counts[row.mood - 1] = row.n;
  return counts;
}

/** Display names of users by id. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name
          from users where id = any(${pgArray(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
