import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { totalCount } from '../../domain/pick-lists/pick-list-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

export interface OrganizationFilter {
  search?: string;
  kind?: number;
}

const fields = {
  id: organizations.id,
  name: organizations.name,
  kind: organizations.kind,
  createdAt: organizations.createdAt,
  usersCount:
    sql<number>`(select count(*) from ${users} u where u.organization_id = "organizations"."id")`.mapWith(
      Number,
    ),
};

function where(filter: OrganizationFilter) {
  return and(
    filter.search ? sql`${organizations.name} ilike ${likePattern(filter.search)}` : undefined,
    filter.kind !== undefined ? eq(organizations.kind, filter.kind) : undefined,
  );
}

export async function organizationPage(db: Db, filter: OrganizationFilter, page: number, pageSize: number) {
  return db
    .select({ ...fields, total: totalCount() })
    .from(organizations)
    .where(where(filter))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countOrganizations(db: Db, filter: OrganizationFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(organizations)
    .where(where(filter));
  return row?.n ?? 0;
}

export async function organizationById(db: Db, id: number, lock = false) {
  const query = db.select(fields).from(organizations).where(eq(organizations.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof organizationById>>>;

export async function insertOrganization(db: Db, name: string, kind: number): Promise<number> {
  const [row] = await db.insert(organizations).values({ name, kind }).returning({ id: organizations.id });
  return row.id;
}

export async function updateOrganization(db: Db, id: number, changes: { name?: string; kind?: number }) {
  await db.update(organizations).set(changes).where(eq(organizations.id, id));
}

export async function deleteOrganization(db: Db, id: number): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, id));
}
