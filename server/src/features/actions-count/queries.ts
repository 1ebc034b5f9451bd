import { COUNTED_EDITOR_ROLES } from '@monitoring/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userActions, users } from '../../db/schema/index.ts';

/**
 * Log rows written since `since` (a Moscow midnight) by users of the editor roles: one range of the
 * created_at index (today's rows only) joined to the small users table.
 */
export async function countEditorActionsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(userActions)
    .innerJoin(users, eq(users.id, userActions.userId))
    .where(and(gte(userActions.createdAt, since), inArray(users.role, [...COUNTED_EDITOR_ROLES])));
  return row?.n ?? 0;
}
