import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lomGroups, newDashboardLomGroups, newDashboards, users } from '../../db/schema/index.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the new dashboards themselves: always one owner's rows (another user's dashboard does not exist
// for the caller), newest change first.

export interface DashboardRow {
  id: number;
  userId: number;
  username: string;
  name: string;
  filters: unknown;
  isDashboard: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface DashboardGroupRow {
  dashboardId: number;
  id: number;
  title: string | null;
  reportId: number | null;
}

const dashboardColumns = {
  id: newDashboards.id,
  userId: newDashboards.userId,
  username: users.username,
  name: newDashboards.name,
  filters: newDashboards.filters,
  isDashboard: newDashboards.isDashboard,
  createdAt: newDashboards.createdAt,
  updatedAt: newDashboards.updatedAt,
};

/** One page of the owner's dashboards and the count of all that match, in one round trip. */
export async function dashboardPage(
  db: Db,
  userId: number,
  search: string | undefined,
  page: number,
  pageSize: number,
): Promise<Array<DashboardRow & { total: number }>> {
  const where: SQL[] = [eq(newDashboards.userId, userId)];
  if (search?.trim()) where.push(ilike(newDashboards.name, likePattern(search.trim())));
  return db
    .select({ ...dashboardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(newDashboards)
    .innerJoin(users, eq(users.id, newDashboards.userId))
    .where(and(...where))
    .orderBy(desc(newDashboards.updatedAt), desc(newDashboards.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function findDashboard(db: Db, userId: number, id: number): Promise<DashboardRow | null> {
  const [row] = await db
    .select(dashboardColumns)
    .from(newDashboards)
    .innerJoin(users, eq(users.id, newDashboards.userId))
    .where(and(eq(newDashboards.id, id), eq(newDashboards.userId, userId)));
  return row ?? null;
}

/** The lom groups of the given dashboards, in the order of their ids. */
export function dashboardGroups(db: Db, dashboardIds: readonly number[]): Promise<DashboardGroupRow[]> {
  if (dashboardIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      dashboardId: newDashboardLomGroups.dashboardId,
      id: lomGroups.id,
      title: lomGroups.title,
      reportId: lomGroups.reportId,
    })
    .from(newDashboardLomGroups)
    .innerJoin(lomGroups, eq(lomGroups.id, newDashboardLomGroups.lomGroupId))
    .where(inArray(newDashboardLomGroups.dashboardId, [...dashboardIds]))
    .orderBy(asc(lomGroups.id));
}

/** Of `ids`, the lom groups the user sees: public ones and their own (docs/lom-groups.md "Seeing"). */
export async function visibleGroupIds(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: lomGroups.id })
    .from(lomGroups)
    .where(
      and(inArray(lomGroups.id, [...ids]), or(eq(lomGroups.public, true), eq(lomGroups.ownerId, userId))),
    );
  return rows.map((row) => row.id);
}

export async function insertDashboard(
  db: Db,
  values: { userId: number; name: string; filters: Record<string, unknown>; isDashboard: boolean },
): Promise<number> {
  const [row] = await db.insert(newDashboards).values(values).returning({ id: newDashboards.id });
  return row.id;
}

export async function updateDashboardRow(
  db: Db,
  id: number,
  values: Partial<{ name: string; filters: Record<string, unknown>; isDashboard: boolean }>,
): Promise<void> {
  await db
    .update(newDashboards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(newDashboards.id, id));
}

export async function replaceDashboardGroups(db: Db, id: number, groupIds: readonly number[]): Promise<void> {
  await db.delete(newDashboardLomGroups).where(eq(newDashboardLomGroups.dashboardId, id));
  if (groupIds.length > 0)
    await db
      .insert(newDashboardLomGroups)
      .values(groupIds.map((lomGroupId) => ({ dashboardId: id, lomGroupId })));
}

export async function deleteDashboardRow(db: Db, id: number): Promise<void> {
  await db.delete(newDashboards).where(eq(newDashboards.id, id));
}
