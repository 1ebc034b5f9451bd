import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { groupPermissionsOf } from '../../http/auth.ts';

export async function findUserWithOrganization(db: Db, id: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      uiPermissions: users.uiPermissions,
      extraPermissions: users.extraPermissions,
      dailyDashboardPermissions: users.dailyDashboardPermissions,
      groupPermissions: groupPermissionsOf(users.id),
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationKind: organizations.kind,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export type UserWithOrganization = NonNullable<Awaited<ReturnType<typeof findUserWithOrganization>>>;
