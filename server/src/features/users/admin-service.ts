import {
  ACTION_TYPE,
  ADMIN_VIEW_PERMISSIONS,
  type EditorPickQuery,
  effectiveScope,
  hasPermission,
  type ListEnvelope,
  NAMED_PERMISSIONS,
  NARROWING_PERMISSIONS,
  type Permission,
  type PermissionHolder,
  type PickItem,
  pageInfo,
  type SetPermissionsBody,
  USER_TEXTS,
  type UserCreateBody,
  type UserEditBody,
  type UserItem,
  type UserListQuery,
  type UserPermsTreeBody,
} from '@monitoring/contracts';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { pickPage } from '../../domain/pick-lists/pick-list-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, listedIds, notFound } from '../../http/errors.ts';
import { presentUserItem } from './admin-presenter.ts';
import {
  countUsers,
  editorConditions,
  editorName,
  editorSelect,
  groupsByIds,
  insertUser,
  organizationExists,
  replaceUserGroups,
  revokeTokens,
  type UserDetailRow,
  type UserValues,
  updateUser,
  userById,
  usernameTaken,
  userPage,
} from './admin-queries.ts';

const NAMED = new Set<string>(NAMED_PERMISSIONS);
const NARROWING = new Set<string>(NARROWING_PERMISSIONS);

export async function listUsers(db: Db, query: UserListQuery): Promise<ListEnvelope<UserItem>> {
  const filter = {
    search: query.search,
    role: query.role,
    organization: query.organization,
    isActive: query.is_active,
  };
  const rows = await userPage(db, filter, query.page, query.page_size);
  const total = rows.length ? Number(rows[0].total) : query.page > 1 ? await countUsers(db, filter) : 0;
  return { results: rows.map(presentUserItem), ...pageInfo(query.page, query.page_size, total) };
}

export async function editorPicks(db: Db, query: EditorPickQuery): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () => editorSelect(db),
    { id: users.id, name: editorName, where: editorConditions },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

async function requireUser(db: Db, id: number, lock = false): Promise<UserDetailRow> {
  const row = await userById(db, id, lock);
  if (!row) throw notFound(USER_TEXTS.userNotFound);
  return row;
}

/** The named permissions of the groups; 400 naming `groups` for one that does not exist. */
async function permissionsOfGroups(db: Db, ids: readonly number[]): Promise<string[]> {
  const found = await groupsByIds(db, ids);
  const missing = ids.filter((id) => !found.some((g) => g.id === id));
  if (missing.length) throw badRequest(`${USER_TEXTS.groupsMissing}: ${listedIds(missing)}`, 'groups');
  return [...new Set(found.flatMap((g) => g.uiPermissions))];
}

/** What decides a user's scope. */
interface Grants {
  role: number;
  ui: string[];
  extra: string[];
  groupPermissions: string[];
}

const holderOf = (g: Grants): PermissionHolder => ({
  role: g.role,
  ui_permissions: g.ui,
  extra_permissions: g.extra,
  group_permissions: g.groupPermissions,
});

/**
 * No privilege escalation: every permission the change newly gives the user (through the role, a group, a named or
 * an old-style grant) must be one the administrator passes a check for. Narrowing permissions are exempt.
 */
function checkEscalation(actor: AuthUser, before: readonly Permission[], after: Grants): void {
  const had = new Set<string>(before);
  const sources: [string, PermissionHolder][] = [
    ['role', { role: after.role, ui_permissions: [] }],
    ['groups', { role: -1, ui_permissions: [], group_permissions: after.groupPermissions }],
    ['user_ui_permissions', { role: -1, ui_permissions: after.ui }],
    ['permissions', { role: -1, ui_permissions: [], extra_permissions: after.extra }],
  ];
  for (const [field, holder] of sources) {
    const missing = effectiveScope(holder).filter(
      (p) => !had.has(p) && !NARROWING.has(p) && !hasPermission(actor, p),
    );
    if (missing.length) throw forbidden(`${USER_TEXTS.escalation}: ${missing.join(', ')}`, field);
  }
}

const isAdmin = (scope: readonly string[]) => ADMIN_VIEW_PERMISSIONS.some((p) => scope.includes(p));

const grantsOf = (row: UserDetailRow): Grants => ({
  role: row.role,
  ui: row.uiPermissions,
  extra: row.extraPermissions,
  groupPermissions: row.groupPermissions,
});

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

async function uniqueUsername(db: Db, username: string, exceptId?: number): Promise<void> {
  if (await usernameTaken(db, username, exceptId)) throw badRequest(USER_TEXTS.usernameTaken, 'username');
}

async function checkOrganization(db: Db, id: number | null): Promise<void> {
  if (id !== null && !(await organizationExists(db, id))) {
    throw badRequest(USER_TEXTS.organizationMissing, 'organization');
  }
}

/** A concurrent insert of the same login (the unique index) answers like the check before it. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createUser(db: Db, actor: AuthUser, body: UserCreateBody): Promise<UserItem> {
  const passwordHash = await hash(body.password);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await uniqueUsername(tx, body.username);
      await checkOrganization(tx, body.organization);
      const groupPermissions = await permissionsOfGroups(tx, body.groups);
      checkEscalation(actor, [], {
        role: body.role,
        ui: body.user_ui_permissions,
        extra: body.permissions,
        groupPermissions,
      });
      const values: UserValues = {
        username: body.username,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        role: body.role,
        organizationId: body.organization,
        isActive: body.is_active,
        uiPermissions: body.user_ui_permissions,
        extraPermissions: body.permissions,
        dailyDashboardPermissions: body.daily_dashboard_permissions,
        passwordHash,
      };
      const userId = await insertUser(tx, values);
      await replaceUserGroups(tx, userId, body.groups);
      const { password: _password, ...logged } = body;
      await logAction(tx, {
        userId: actor.id,
        type: ACTION_TYPE.user,
        action: 'user.create',
        newValue: { id: userId, ...logged },
      });
      return userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(USER_TEXTS.usernameTaken, 'username');
    throw error;
  }
  return presentUserItem(await requireUser(db, id));
}

/** A change of one user: any of the fields of the edit dialog, in the names of the API. */
interface UserChange {
  username?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: number;
  organization?: number | null;
  groups?: number[];
  user_ui_permissions?: string[];
  permissions?: string[];
  daily_dashboard_permissions?: string[];
  is_active?: boolean;
  password?: string;
}

const PERMISSION_FIELDS = ['user_ui_permissions', 'permissions', 'groups', 'role'] as const;

/**
 * Applies a change to a user under the rules of docs/users.md, in one transaction with its action-log entry:
 * unique login, existing organisation and groups, no escalation, an administrator keeps their own admin view and
 * their activity, and a deactivation or a new password ends the user's sessions at once.
 */
async function changeUser(
  db: Db,
  actor: AuthUser,
  id: number,
  change: UserChange,
  action: string,
): Promise<UserItem> {
  const passwordHash = change.password === undefined ? undefined : await hash(change.password);
  try {
    await db.transaction(async (tx) => {
      const before = await requireUser(tx, id, true);
      const self = id === actor.id;
      if (self && change.is_active === false) throw badRequest(USER_TEXTS.selfDeactivate, 'is_active');
      const beforeGroups = before.groups.map((g) => g.id);
      const old: Record<string, unknown> = {
        username: before.username,
        email: before.email,
        first_name: before.firstName,
        last_name: before.lastName,
        role: before.role,
        organization: before.organizationId,
        groups: beforeGroups,
        user_ui_permissions: before.uiPermissions,
        permissions: before.extraPermissions,
        daily_dashboard_permissions: before.dailyDashboardPermissions,
        is_active: before.isActive,
      };
      const changed = new Set<string>();
      for (const [key, value] of Object.entries(change)) {
        if (key === 'password' || value === undefined) continue;
        const was = old[key];
        const differs = Array.isArray(value) ? !sameSet(value, was as unknown[]) : value !== was;
        if (differs) changed.add(key);
      }
      if (change.username !== undefined && changed.has('username')) {
        await uniqueUsername(tx, change.username, id);
      }
      if (change.organization !== undefined && changed.has('organization')) {
        await checkOrganization(tx, change.organization);
      }
      const groups = change.groups ?? beforeGroups;
      const after: Grants = {
        role: change.role ?? before.role,
        ui: change.user_ui_permissions ?? before.uiPermissions,
        extra: change.permissions ?? before.extraPermissions,
        groupPermissions: changed.has('groups')
          ? await permissionsOfGroups(tx, groups)
          : before.groupPermissions,
      };
      const beforeScope = effectiveScope(holderOf(grantsOf(before)));
      checkEscalation(actor, beforeScope, after);
      if (self && isAdmin(beforeScope) && !isAdmin(effectiveScope(holderOf(after)))) {
        const field = PERMISSION_FIELDS.find((f) => changed.has(f)) ?? 'user_ui_permissions';
        throw badRequest(USER_TEXTS.selfLastAdmin, field);
      }
      if (!changed.size && passwordHash === undefined) return;

      const values: Partial<UserValues> = {};
      if (changed.has('username')) values.username = change.username;
      if (changed.has('email')) values.email = change.email;
      if (changed.has('first_name')) values.firstName = change.first_name;
      if (changed.has('last_name')) values.lastName = change.last_name;
      if (changed.has('role')) values.role = change.role;
      if (changed.has('organization')) values.organizationId = change.organization;
      if (changed.has('user_ui_permissions')) values.uiPermissions = change.user_ui_permissions;
      if (changed.has('permissions')) values.extraPermissions = change.permissions;
      if (changed.has('daily_dashboard_permissions')) {
        values.dailyDashboardPermissions = change.daily_dashboard_permissions;
      }
      if (changed.has('is_active')) values.isActive = change.is_active;
      if (passwordHash !== undefined) values.passwordHash = passwordHash;
      await updateUser(tx, id, values);
      if (changed.has('groups')) await replaceUserGroups(tx, id, groups);
      // A deactivated user is out at once; a password set by an administrator ends the user's sessions
      // (an administrator setting their own keeps the session they do it from).
      if (changed.has('is_active') && change.is_active === false) await revokeTokens(tx, id);
      else if (passwordHash !== undefined) await revokeTokens(tx, id, self ? actor.tokenId : undefined);

      const oldValue: Record<string, unknown> = { id };
      const newValue: Record<string, unknown> = { id };
      for (const key of changed) {
        oldValue[key] = old[key];
        newValue[key] = change[key as keyof UserChange];
      }
      if (passwordHash !== undefined) newValue.password_changed = true;
      await logAction(tx, { userId: actor.id, type: ACTION_TYPE.user, action, oldValue, newValue });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(USER_TEXTS.usernameTaken, 'username');
    throw error;
  }
  return presentUserItem(await requireUser(db, id));
}

export function editUser(db: Db, actor: AuthUser, id: number, body: UserEditBody): Promise<UserItem> {
  return changeUser(db, actor, id, body, 'user.update');
}

/** set-permissions: the list replaces both personal lists, split into named and old-style permissions. */
export function setPermissions(
  db: Db,
  actor: AuthUser,
  id: number,
  body: SetPermissionsBody,
): Promise<UserItem> {
  return changeUser(
    db,
    actor,
    id,
    {
      user_ui_permissions: body.permissions.filter((p) => NAMED.has(p)),
      permissions: body.permissions.filter((p) => !NAMED.has(p)),
    },
    'user.set_permissions',
  );
}

export async function addPermission(
  db: Db,
  actor: AuthUser,
  id: number,
  permission: Permission,
): Promise<UserItem> {
  const user = await requireUser(db, id);
  const named = NAMED.has(permission);
  const list = named ? user.uiPermissions : user.extraPermissions;
  if (list.includes(permission)) return presentUserItem(user);
  const next = [...list, permission];
  return changeUser(
    db,
    actor,
    id,
    named ? { user_ui_permissions: next } : { permissions: next },
    'user.add_permission',
  );
}

export async function deletePermission(
  db: Db,
  actor: AuthUser,
  id: number,
  permission: Permission,
): Promise<UserItem> {
  const user = await requireUser(db, id);
  const named = NAMED.has(permission);
  const list = named ? user.uiPermissions : user.extraPermissions;
  if (!list.includes(permission)) {
    throw badRequest(
      'Это право не выдано пользователю лично (оно может приходить от роли или группы)',
      'permission',
    );
  }
  const next = list.filter((p) => p !== permission);
  return changeUser(
    db,
    actor,
    id,
    named ? { user_ui_permissions: next } : { permissions: next },
    'user.delete_permission',
  );
}

export function savePermsTree(
  db: Db,
  actor: AuthUser,
  id: number,
  body: UserPermsTreeBody,
): Promise<UserItem> {
  return changeUser(
    db,
    actor,
    id,
    { user_ui_permissions: body.ui_permissions, groups: body.groups },
    'user.ui_perms_tree',
  );
}
