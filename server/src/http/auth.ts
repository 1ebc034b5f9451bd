import { createHash, randomBytes } from 'node:crypto';
import { hasPermission, type Permission } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { authTokens, users } from '../db/schema/index.ts';
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
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface AuthUser {
  id: number;
  username: string;
  role: number;
  ui_permissions: string[];
  extra_permissions: string[];
}

export function newTokenKey(): string {
  return randomBytes(20).toString('hex');
}

export function hashToken(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** `Authorization: Token <key>`; the streaming call sends `Bearer <key>` or the `token` cookie. */
function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^(Token|Bearer)\s+([A-Za-z0-9]+)$/.exec(header.trim());
    return match ? match[2] : null;
  }
  const cookie = request.headers.cookie;
  const fromCookie = cookie ? /(?:^|;\s*)token=([A-Za-z0-9]+)/.exec(cookie) : null;
  return fromCookie ? fromCookie[1] : null;
}

async function userForToken(db: Db, key: string): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      ui_permissions: users.uiPermissions,
      extra_permissions: users.extraPermissions,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.keyHash, hashToken(key)), eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Refuses to start a server with an API route that does not say who may call it. */
export function requireGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v')) return;
    if (!route.config?.guard) {
      throw new Error(`Route ${route.method} ${route.url} declares no guard`);
    }
  });
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const guard = request.routeOptions.config?.guard;
    if (!guard || guard === 'public') return;
    const key = tokenFrom(request);
    if (!key) throw unauthorized('Требуется вход в систему');
    const user = await userForToken(db, key);
    if (!user) throw unauthorized('Сессия недействительна, войдите снова');
    request.user = user;
    if (guard !== 'authenticated' && !passesGuard(user, guard)) throw forbidden();
  });
}

export function passesGuard(user: AuthUser, guard: Permission | { anyOf: readonly Permission[] }): boolean {
  if (typeof guard === 'string') return hasPermission(user, guard);
  return guard.anyOf.some((permission) => hasPermission(user, permission));
}

/** The authenticated user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
