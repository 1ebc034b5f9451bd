import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  authTokens,
  organizations,
  permissionGroups,
  userPermissionGroups,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { totalCount } from '../../domain/pick-lists/pick-list-queries.ts';
import { groupPermissionsOf } from '../../http/auth.ts';
import { offsetOf } from '../../http/pagination.ts';

export interface UserFilter {
  search?: string;
  role?: number;
  organization?: number;
  isActive?: boolean;
  ids?: readonly number[];
}

const userGroupsJson = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id)
  from ${userPermissionGroups} ug join ${permissionGroups} g on g.id = ug.group_id
  where ug.user_id = "users"."id"), '[]'::json)`;

const userFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  uiPermissions: users.uiPermissions,
  extraPermissions: users.extraPermissions,
  dailyDashboardPermissions: users.dailyDashboardPermissions,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationKind: organizations.kind,
  groups: userGroupsJson,
  groupPermissions: groupPermissionsOf(users.id),
};

function userWhere(filter: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    parts.push(
      sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern}
        or (${users.lastName} || ' ' || ${users.firstName}) ilike ${pattern}
        or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`,
    );
  }
  if (filter.role !== undefined) parts.push(eq(users.role, filter.role));
  if (filter.organization !== undefined) parts.push(eq(users.organizationId, filter.organization));
  if (filter.isActive !== undefined) parts.push(eq(users.isActive, filter.isActive));
  if (filter.ids) parts.push(inArray(users.id, [...filter.ids]));
  return and(...parts);
}

/** One page of users by login, with the count of all that match in the same statement. */
export async function userPage(db: Db, filter: UserFilter, page: number, pageSize: number) {
  return db
    .select({ ...userFields, total: totalCount() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(userWhere(filter))
    .orderBy(sql`lower(${users.username})`, asc(users.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countUsers(db: Db, filter: UserFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(userWhere(filter));
  return row?.n ?? 0;
}

export type UserRow = Awaited<ReturnType<typeof userPage>>[number];

export async function userById(db: Db, id: number, lock = false) {
  const query = db
    .select(userFields)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id));
  // Lock the user row alone (the organisation join may be null).
  const rows = lock ? await query.for('update', { of: users }) : await query;
  return rows[0] ?? null;
}
export type UserDetailRow = NonNullable<Awaited<ReturnType<typeof userById>>>;

export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

export interface UserValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  organizationId: number | null;
  isActive: boolean;
  uiPermissions: string[];
  extraPermissions: string[];
  dailyDashboardPermissions: string[];
  passwordHash: string;
}

export async function insertUser(db: Db, values: UserValues): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: Db, id: number, changes: Partial<UserValues>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, id));
}

export async function replaceUserGroups(db: Db, userId: number, groupIds: readonly number[]): Promise<void> {
  await db.delete(userPermissionGroups).where(eq(userPermissionGroups.userId, userId));
  if (groupIds.length) {
    await db.insert(userPermissionGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
  }
}

/** Ends every session of the user, or every one but `keepTokenId`. */
export async function revokeTokens(db: Db, userId: number, keepTokenId?: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), keepTokenId ? ne(authTokens.id, keepTokenId) : undefined));
}

export async function organizationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  return rows.length > 0;
}

export async function groupsByIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: permissionGroups.id, uiPermissions: permissionGroups.uiPermissions })
    .from(permissionGroups)
    .where(inArray(permissionGroups.id, [...ids]));
}

/** The editors of the pick list: super editors, editors and whoever edits messages by a personal grant. */
export const editorName = sql<string>`trim(${users.lastName} || ' ' || ${users.firstName} || ' (' || ${users.username} || ')')`;

export function editorSelect(db: Db) {
  return db.select({ id: users.id, name: editorName, total: totalCount() }).from(users).$dynamic();
}

export const editorConditions: SQL[] = [
  eq(users.isActive, true),
  sql`(${users.role} in (1, 2) or 'edit_messages' = any(${users.uiPermissions}) or 'EDIT_MESSAGE_ATTRIBUTES' = any(${users.extraPermissions}))`,
];
