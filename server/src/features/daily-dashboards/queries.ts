import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dashboardConfigurations, users } from '../../db/schema/index.ts';

const d = dashboardConfigurations;

const columns = {
  id: d.id,
  userId: d.userId,
  name: d.name,
  shortName: d.shortName,
  position: d.position,
  types: d.types,
  filters: d.filters,
  isPrivate: d.isPrivate,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerUsername: users.username,
};

export type DailyDashboardRow = Awaited<ReturnType<typeof listVisibleDashboards>>[number];

/** What the user sees: their own and everyone's public ones; their own first, then by position. */
export function listVisibleDashboards(db: Db, userId: number) {
  return db
    .select(columns)
    .from(d)
    .leftJoin(users, eq(users.id, d.userId))
    .where(or(eq(d.userId, userId), eq(d.isPrivate, false)))
    .orderBy(sql`(${d.userId} = ${userId}) desc`, asc(d.position), asc(d.id));
}

/** One dashboard the user may see (their own, or public); `lock` takes its row for update. */
export async function findVisibleDashboard(db: Db, userId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(d)
    .leftJoin(users, eq(users.id, d.userId))
    .where(and(eq(d.id, id), or(eq(d.userId, userId), eq(d.isPrivate, false))));
  return row ?? null;
}

/** The user's own dashboard, its row locked until the transaction ends. */
export async function lockOwnDashboard(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ id: d.id, isPrivate: d.isPrivate })
    .from(d)
    .where(and(eq(d.id, id), eq(d.userId, userId)))
    .for('update');
  return row ?? null;
}

/**
 * The user's own row, locked for the rest of the transaction: the one mutex of a user's
 * dashboard writes. Row locks on the dashboards alone would not do: a create's new row is not
 * among the rows a concurrent writer locked, so both would number from the same list.
 * `no key update` does not conflict with the key-share lock an insert's foreign key takes.
 */
export async function lockDashboardOwner(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Every dashboard of the user, rows locked in id order (so two reorders of one user wait on
 * each other instead of deadlocking), in position order.
 */
export async function lockOwnDashboards(db: Db, userId: number) {
  const locked = await db
    .select({ id: d.id, position: d.position })
    .from(d)
    .where(eq(d.userId, userId))
    .orderBy(asc(d.id))
    .for('update');
  return locked.sort((a, b) => a.position - b.position || a.id - b.id);
}

export async function insertDashboard(db: Db, values: typeof d.$inferInsert): Promise<number> {
  const [row] = await db.insert(d).values(values).returning({ id: d.id });
  return row.id;
}

export async function updateDashboardRow(db: Db, id: number, values: Partial<typeof d.$inferInsert>) {
  await db
    .update(d)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(d.id, id));
}

export async function setPositions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
    sql` `,
  );
  await db.execute(
    sql`update ${d} set position = case ${d.id} ${cases} end, updated_at = now()
         where ${d.id} in (${sql.join(
           ids.map((id) => sql`${id}::int`),
           sql`, `,
         )})`,
  );
}

export async function deleteDashboardRow(db: Db, id: number): Promise<void> {
  await db.delete(d).where(eq(d.id, id));
}

/** The user's daily dashboard codenames (users.daily_dashboard_permissions). */
export async function userDashboardCodenames(db: Db, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ codenames: users.dailyDashboardPermissions })
    .from(users)
    .where(eq(users.id, userId));
  return row?.codenames ?? [];
}
