import {
  ACTION_TYPE,
  ADMIN_VIEW_PERMISSIONS,
  effectiveScope,
  hasPermission,
  NAMED_PERMISSION_LABELS,
  NARROWING_PERMISSIONS,
  type Permission,
  type PermissionGroupBody,
  type PermissionGroupEditBody,
  type PermissionGroupItem,
  type PermsTreeResponse,
  permissionTree,
  USER_TEXTS,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { presentGroup } from './admin-presenter.ts';
import { userById } from './admin-queries.ts';
import {
  deleteGroup,
  groupById,
  groupNameTaken,
  insertGroup,
  listGroups,
  updateGroup,
} from './group-queries.ts';

const NAME_TAKEN = 'Группа с таким названием уже есть';

export async function groupList(db: Db): Promise<{ results: PermissionGroupItem[] }> {
  return { results: (await listGroups(db)).map(presentGroup) };
}

export async function permsTree(db: Db): Promise<PermsTreeResponse> {
  return {
    tree: permissionTree(),
    groups: (await listGroups(db)).map(presentGroup),
    labels: { ...NAMED_PERMISSION_LABELS },
  };
}

/** A group may only carry permissions its editor holds (no escalation through a group). */
function checkGrant(actor: AuthUser, added: readonly string[]): void {
  const missing = added.filter(
    (p) =>
      !(NARROWING_PERMISSIONS as readonly string[]).includes(p) && !hasPermission(actor, p as Permission),
  );
  if (missing.length) throw forbidden(`${USER_TEXTS.escalation}: ${missing.join(', ')}`, 'ui_permissions');
}

/** An administrator cannot lose their own last admin view through a group they belong to. */
async function checkStillAdmin(db: Db, actor: AuthUser, field: string): Promise<void> {
  const wasAdmin = ADMIN_VIEW_PERMISSIONS.some((p) => hasPermission(actor, p));
  if (!wasAdmin) return;
  const now = await userById(db, actor.id);
  if (!now) return;
  const scope = effectiveScope({
    role: now.role,
    ui_permissions: now.uiPermissions,
    extra_permissions: now.extraPermissions,
    group_permissions: now.groupPermissions,
  });
  if (!ADMIN_VIEW_PERMISSIONS.some((p) => scope.includes(p)))
    throw badRequest(USER_TEXTS.selfLastAdmin, field);
}

async function requireGroup(db: Db, id: number, lock = false) {
  const group = await groupById(db, id, lock);
  if (!group) throw notFound(USER_TEXTS.groupNotFound);
  return group;
}

export async function createGroup(
  db: Db,
  actor: AuthUser,
  body: PermissionGroupBody,
): Promise<PermissionGroupItem> {
  checkGrant(actor, body.ui_permissions);
  const id = await db.transaction(async (tx) => {
    if (await groupNameTaken(tx, body.name)) throw badRequest(NAME_TAKEN, 'name');
    const groupId = await insertGroup(tx, body.name, body.ui_permissions);
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'permission_group.create',
      newValue: { id: groupId, name: body.name, ui_permissions: body.ui_permissions },
    });
    return groupId;
  });
  return presentGroup(await requireGroup(db, id));
}

export async function editGroup(
  db: Db,
  actor: AuthUser,
  id: number,
  body: PermissionGroupEditBody,
): Promise<PermissionGroupItem> {
  await db.transaction(async (tx) => {
    const before = await requireGroup(tx, id, true);
    const changes: { name?: string; uiPermissions?: string[] } = {};
    const oldValue: Record<string, unknown> = { id };
    const newValue: Record<string, unknown> = { id };
    if (body.name !== undefined && body.name !== before.name) {
      if (await groupNameTaken(tx, body.name, id)) throw badRequest(NAME_TAKEN, 'name');
      changes.name = body.name;
      oldValue.name = before.name;
      newValue.name = body.name;
    }
    const next = body.ui_permissions;
    if (next !== undefined) {
      const added = next.filter((p) => !before.uiPermissions.includes(p));
      const removed = before.uiPermissions.filter((p) => !(next as string[]).includes(p));
      if (added.length || removed.length) {
        checkGrant(actor, added);
        changes.uiPermissions = next;
        oldValue.ui_permissions = before.uiPermissions;
        newValue.ui_permissions = next;
      }
    }
    if (!Object.keys(changes).length) return;
    await updateGroup(tx, id, changes);
    if (changes.uiPermissions) await checkStillAdmin(tx, actor, 'ui_permissions');
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'permission_group.update',
      oldValue,
      newValue,
    });
  });
  return presentGroup(await requireGroup(db, id));
}

/** Deletes the group; its members keep their own permissions and lose the group's. */
export async function removeGroup(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await requireGroup(tx, id, true);
    await deleteGroup(tx, id);
    await checkStillAdmin(tx, actor, 'id');
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'permission_group.delete',
      oldValue: { id, name: group.name, ui_permissions: group.uiPermissions, users_count: group.usersCount },
    });
  });
}
