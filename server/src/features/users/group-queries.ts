import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissionGroups, userPermissionGroups } from '../../db/schema/index.ts';

const groupFields = {
  id: permissionGroups.id,
  name: permissionGroups.name,
  uiPermissions: permissionGroups.uiPermissions,
  usersCount:
    sql<number>`(select count(*) from ${userPermissionGroups} ug where ug.group_id = "permission_groups"."id")`.mapWith(
      Number,
    ),
};

export async function listGroups(db: Db) {
  return db
    .select(groupFields)
    .from(permissionGroups)
    .orderBy(sql`lower(${permissionGroups.name})`, asc(permissionGroups.id));
}
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

export async function groupById(db: Db, id: number, lock = false) {
  const query = db.select(groupFields).from(permissionGroups).where(eq(permissionGroups.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function insertGroup(db: Db, name: string, uiPermissions: string[]): Promise<number> {
  const [row] = await db
    .insert(permissionGroups)
    .values({ name, uiPermissions })
    .returning({ id: permissionGroups.id });
  return row.id;
}

export async function updateGroup(db: Db, id: number, changes: { name?: string; uiPermissions?: string[] }) {
  if (Object.keys(changes).length === 0) return;
  await db.update(permissionGroups).set(changes).where(eq(permissionGroups.id, id));
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.delete(permissionGroups).where(eq(permissionGroups.id, id));
}

export async function groupNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(
      exceptId
        ? sql`lower(${permissionGroups.name}) = lower(${name}) and ${permissionGroups.id} <> ${exceptId}`
        : sql`lower(${permissionGroups.name}) = lower(${name})`,
    )
    .limit(1);
  return rows.length > 0;
}
