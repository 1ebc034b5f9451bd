import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.ts';
import { authTokens, organizations, users } from '../db/schema/index.ts';
import { hashToken, newTokenKey } from '../http/auth.ts';

let sequence = 0;
const next = () => ++sequence;

export interface UserOverrides {
  username?: string;
  password?: string;
  email?: string;
  role?: number;
  uiPermissions?: string[];
  extraPermissions?: string[];
  /** Daily dashboard codenames (users.daily_dashboard_permissions). */
  dailyDashboardPermissions?: string[];
  isActive?: boolean;
  organizationId?: number | null;
}

export async function buildUser(db: Db, overrides: UserOverrides = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      username: overrides.username ?? `user${n}`,
      email: overrides.email ?? `user${n}@example.test`,
      passwordHash: await hash(overrides.password ?? 'secret-password'),
      firstName: 'Тест',
      lastName: `Пользователь ${n}`,
      role: overrides.role ?? 3,
      uiPermissions: overrides.uiPermissions ?? [],
      extraPermissions: overrides.extraPermissions ?? [],
      dailyDashboardPermissions: overrides.dailyDashboardPermissions ?? [],
      isActive: overrides.isActive ?? true,
      organizationId: overrides.organizationId ?? null,
    })
    .returning();
  return user;
}

/** A user and a ready token, without going through the login endpoint. */
export async function buildUserWithToken(db: Db, overrides: UserOverrides = {}) {
  const user = await buildUser(db, overrides);
  const token = newTokenKey();
  await db.insert(authTokens).values({ userId: user.id, keyHash: hashToken(token) });
  return { user, token, headers: { authorization: `Token ${token}` } };
}

export async function buildOrganization(db: Db, overrides: { name?: string; kind?: number } = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: overrides.name ?? `Организация ${next()}`, kind: overrides.kind ?? 1 })
    .returning();
  return org;
}
