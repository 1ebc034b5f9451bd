import type { ActionNameKind, ActionNames } from '@monitoring/contracts';
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  infoReasons,
  loms,
  personalThemes,
  rubrics,
  tags,
  themes,
  userActions,
  users,
} from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

export interface UserActionFilter {
  user_in?: number[];
  type_in?: number[];
  type_not_in?: number[];
  action_in?: string[];
  message_in?: number[];
  theme_in?: number[];
  info_reason_in?: number[];
  lom_in?: number[];
  created_at_after?: Date;
  created_at_before?: Date;
}

export interface UserActionPage extends UserActionFilter {
  page: number;
  page_size: number;
}

function conditions(f: UserActionFilter): SQL[] {
  const where: SQL[] = [];
  if (f.user_in?.length) where.push(inArray(userActions.userId, f.user_in));
  if (f.type_in?.length) where.push(inArray(userActions.type, f.type_in));
  if (f.type_not_in?.length) where.push(notInArray(userActions.type, f.type_not_in));
  if (f.action_in?.length) where.push(inArray(userActions.action, f.action_in));
  if (f.message_in?.length) where.push(inArray(userActions.messageId, f.message_in));
  if (f.theme_in?.length) where.push(inArray(userActions.themeId, f.theme_in));
  if (f.info_reason_in?.length) where.push(inArray(userActions.infoReasonId, f.info_reason_in));
  if (f.lom_in?.length) where.push(inArray(userActions.lomId, f.lom_in));
  if (f.created_at_after) where.push(gte(userActions.createdAt, f.created_at_after));
  if (f.created_at_before) where.push(lt(userActions.createdAt, f.created_at_before));
  return where;
}

const columns = {
  id: userActions.id,
  type: userActions.type,
  action: userActions.action,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  messageId: userActions.messageId,
  themeId: userActions.themeId,
  infoReasonId: userActions.infoReasonId,
  lomId: userActions.lomId,
  oldValue: userActions.oldValue,
  newValue: userActions.newValue,
  createdAt: userActions.createdAt,
};

/** A page of the log, newest first: read off the index of the filter (created_at, id), never the whole log. */
export async function listUserActions(db: Db, f: UserActionPage) {
  return db
    .select(columns)
    .from(userActions)
    .leftJoin(users, eq(users.id, userActions.userId))
    .where(and(...conditions(f)))
    .orderBy(desc(userActions.createdAt), desc(userActions.id))
    .limit(f.page_size)
    .offset(offsetOf(f.page, f.page_size));
}

/**
 * The number of log rows of the filter, counted no further than `cap + 1`: a bounded walk of the filter's index,
 * so the count costs the same on a log of a thousand rows and of a million (docs/logs.md "Speed"). The page's
 * order makes it the index-only walk of the page's own index, newest first (2–5 ms for 10,001 entries at 1M rows);
 * without it the planner read the wide rows from the oldest (6–70 ms).
 */
export async function countUserActions(db: Db, f: UserActionFilter, cap: number): Promise<number> {
  const bounded = db
    .select({ one: sql`1` })
    .from(userActions)
    .where(and(...conditions(f)))
    .orderBy(desc(userActions.createdAt), desc(userActions.id))
    .limit(cap + 1)
    .as('bounded');
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bounded);
  return row?.n ?? 0;
}

export type UserActionRow = Awaited<ReturnType<typeof listUserActions>>[number];

/** The filter's rows newest first, `size` at a time, by key (created_at, id): no offset walks for a long export. */
export async function* userActionBatches(
  db: Db,
  f: UserActionFilter,
  size: number,
  limit: number,
): AsyncGenerator<UserActionRow[]> {
  let afterId: number | null = null;
  let left = limit;
  while (left > 0) {
    const where = conditions(f);
    // The key is the last row's own (created_at, id), read in SQL: a JS Date would drop the microseconds.
    if (afterId !== null) {
      where.push(
        sql`(${userActions.createdAt}, ${userActions.id}) < (select k.created_at, k.id from ${userActions} k where k.id = ${afterId})`,
      );
    }
    const rows = await db
      .select(columns)
      .from(userActions)
      .leftJoin(users, eq(users.id, userActions.userId))
      .where(and(...where))
      .orderBy(desc(userActions.createdAt), desc(userActions.id))
      .limit(Math.min(size, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    afterId = rows[rows.length - 1].id;
    if (rows.length < size) return;
  }
}

const NAMED = {
  theme: themes,
  info_reason: infoReasons,
  rubric: rubrics,
  tag: tags,
  lom: loms,
  personal_theme: personalThemes,
} as const;

/** The names of the objects a page of the log names in its values (ids by kind, from actionNameRefs). */
export async function actionObjectNames(
  db: Db,
  refs: Record<ActionNameKind, number[]>,
): Promise<ActionNames> {
  const names: ActionNames = {};
  await Promise.all(
    (Object.keys(NAMED) as ActionNameKind[]).map(async (kind) => {
      const ids = refs[kind];
      if (ids.length === 0) return;
      const table = NAMED[kind];
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(inArray(table.id, ids));
      names[kind] = new Map(rows.map((r) => [r.id, r.name]));
    }),
  );
  return names;
}
