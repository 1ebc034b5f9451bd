import { createHash, randomBytes } from 'node:crypto';
import { hasPermission, type Permission, type PermissionHolder } from '@monitoring/contracts';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { onPrimary, onReplica } from '../db/read-routing.ts';
import { authTokens, permissionGroups, userPermissionGroups, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Every API route declares its guard as data (CONVENTIONS: "the guard is data on the route"):
 * 'public' needs nothing, 'authenticated' needs a valid token, a permission needs the check to pass,
 * `{anyOf}` needs one of its permissions (a read that several pages share, e.g. the pick lists).
 */
export type Guard = 'public' | 'authenticated' | Permission | { anyOf: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /**
     * The route also takes the token from the `token` cookie: only the live-counter stream (an EventSource
     * can't send headers). Everywhere else only the Authorization header counts, so no call can be forged
     * from another site (no CSRF surface).
     */
    tokenFromCookie?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface AuthUser {
  id: number;
  /** The row of the token this request came with (a password change keeps that session). */
  tokenId: number;
  username: string;
  role: number;
  ui_permissions: string[];
  extra_permissions: string[];
  /** Named permissions of the user's permission groups. */
  group_permissions?: string[];
}

export function newTokenKey(): string {
  return randomBytes(20).toString('hex');
}

export function hashToken(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key of `Authorization: Token <key>` (or `Bearer <key>`), whatever the route's guard. */
export function headerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(Token|Bearer)\s+([A-Za-z0-9]+)$/.exec(header.trim());
  return match ? match[2] : null;
}

/** `Authorization: Token <key>` (or `Bearer <key>`); the `token` cookie only where the route allows it. */
function tokenFrom(request: FastifyRequest): string | null {
  if (request.headers.authorization) return headerToken(request);
  if (!request.routeOptions.config?.tokenFromCookie) return null;
  const cookie = request.headers.cookie;
  const fromCookie = cookie ? /(?:^|;\s*)token=([A-Za-z0-9]+)/.exec(cookie) : null;
  return fromCookie ? fromCookie[1] : null;
}

/** The named permissions of the groups of the user in `userId` (a column of the outer query), as one text[]. */
export function groupPermissionsOf(userId: Column): SQL<string[]> {
  return sql<string[]>`coalesce((
    select array_agg(distinct p order by p)
    from ${userPermissionGroups} ug
    join ${permissionGroups} g on g.id = ug.group_id
    cross join unnest(g.ui_permissions) p
    where ug.user_id = ${userId}), '{}'::text[])`;
}

async function userForToken(db: Db, key: string): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      tokenId: authTokens.id,
      username: users.username,
      role: users.role,
      ui_permissions: users.uiPermissions,
      extra_permissions: users.extraPermissions,
      group_permissions: groupPermissionsOf(users.id),
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.keyHash, hashToken(key)), eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const guard = request.routeOptions.config?.guard;
    if (!guard || guard === 'public') return;
    const key = tokenFrom(request);
    if (!key) throw unauthorized('Требуется вход в систему');
    // A token issued a moment ago (login) may not have reached the replica yet: ask the primary before refusing.
    const user =
      (await userForToken(db, key)) ?? (onReplica() ? await onPrimary(() => userForToken(db, key)) : null);
    if (!user) throw unauthorized('Сессия недействительна, войдите снова');
    request.user = user;
    if (guard !== 'authenticated' && !passesGuard(user, guard)) throw forbidden();
  });
}

export function passesGuard(
  user: PermissionHolder,
  guard: Permission | { anyOf: readonly Permission[] },
): boolean {
  if (typeof guard === 'string') return hasPermission(user, guard);
  return guard.anyOf.some((permission) => hasPermission(user, permission));
}

/** The authenticated user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
