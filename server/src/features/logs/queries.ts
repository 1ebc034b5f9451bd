import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userActions, users } from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

export interface UserActionFilter {
  message_in?: number[];
  theme_in?: number[];
  info_reason_in?: number[];
  type_not_in?: number[];
  page: number;
  page_size: number;
}

function conditions(f: UserActionFilter): SQL[] {
  const where: SQL[] = [];
  if (f.message_in?.length) where.push(inArray(userActions.messageId, f.message_in));
  if (f.theme_in?.length) where.push(inArray(userActions.themeId, f.theme_in));
  if (f.info_reason_in?.length) where.push(inArray(userActions.infoReasonId, f.info_reason_in));
  if (f.type_not_in?.length) where.push(notInArray(userActions.type, f.type_not_in));
  return where;
}

/** The number of log rows of the filter, as a subquery: an index-only count, not a walk of the joined rows. */
function countSql(f: UserActionFilter): SQL {
  return sql`select count(*) from ${userActions} where ${and(...conditions(f)) ?? sql`true`}`;
}

export async function listUserActions(db: Db, f: UserActionFilter) {
  return db
    .select({
      id: userActions.id,
      type: userActions.type,
      action: userActions.action,
      userId: users.id,
      username: users.username,
      messageId: userActions.messageId,
      themeId: userActions.themeId,
      infoReasonId: userActions.infoReasonId,
      lomId: userActions.lomId,
      oldValue: userActions.oldValue,
      newValue: userActions.newValue,
      createdAt: userActions.createdAt,
      // The filter's own count, once: a window over the joined page rows would materialise the whole log.
      total: sql<number>`(${countSql(f)})`.mapWith(Number),
    })
    .from(userActions)
    .leftJoin(users, eq(users.id, userActions.userId))
    .where(and(...conditions(f)))
    .orderBy(desc(userActions.createdAt), desc(userActions.id))
    .limit(f.page_size)
    .offset(offsetOf(f.page, f.page_size));
}

export async function countUserActions(db: Db, f: UserActionFilter) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(userActions)
    .where(and(...conditions(f)));
  return row?.n ?? 0;
}

export type UserActionRow = Awaited<ReturnType<typeof listUserActions>>[number];
