import {
  ACTION_TYPE,
  formatNumber,
  hasPermission,
  type ListEnvelope,
  LOM_GROUP_MAX_LOMS,
  type LomGroupCreateForm,
  type LomGroupItem,
  type LomGroupListQuery,
  type LomGroupLomsChange,
  type LomGroupLomsQuery,
  type LomGroupMember,
  type LomGroupUpdateForm,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, listedIds, notFound } from '../../http/errors.ts';
import { presentGroup, presentMember } from './presenter.ts';
import {
  addGroupLoms,
  deleteGroup,
  existingLoms,
  type GroupChanges,
  type GroupRow,
  groupLomIds,
  groupPage,
  insertGroup,
  memberPage,
  removeGroupLoms,
  updateGroup,
  visibleGroup,
} from './queries.ts';

const NOT_FOUND = 'Группа ЛОМ не найдена';

/** Making and changing one's own groups: whoever builds lom reports, or holds api_edit. */
export function mayWriteGroups(user: AuthUser): boolean {
  return hasPermission(user, 'CREATE_LOM_REPORT') || hasPermission(user, 'api_edit');
}

/** Publishing, and changing the public groups of others: api_edit_public. */
export function mayPublish(user: AuthUser): boolean {
  return hasPermission(user, 'api_edit_public');
}

export function mayEdit(user: AuthUser, group: Pick<GroupRow, 'owner' | 'public'>): boolean {
  if (!mayWriteGroups(user)) return false;
  return group.owner?.id === user.id || (group.public && mayPublish(user));
}

/** The group the user sees, or 404 (a group of someone else that is not public does not exist for them). */
export async function requireVisibleGroup(db: Db, groupId: number, user: AuthUser, lock = false) {
  const group = await visibleGroup(db, groupId, user.id, lock);
  if (!group) throw notFound(NOT_FOUND);
  return group;
}

async function requireEditableGroup(db: Db, groupId: number, user: AuthUser) {
  const group = await requireVisibleGroup(db, groupId, user, true);
  if (!mayEdit(user, group)) {
    throw forbidden(
      group.public
        ? 'Изменять чужую публичную группу можно только с правом api_edit_public'
        : 'Изменять группу может только её владелец',
    );
  }
  return group;
}

function requirePublishRight(user: AuthUser) {
  if (!mayPublish(user)) {
    throw forbidden(
      'Делать группу публичной или скрывать её можно только с правом api_edit_public',
      'public',
    );
  }
}

/** Refuses ids of loms that do not exist (400 naming `loms`). */
export async function requireLoms(db: Db, lomIds: readonly number[]) {
  const found = await existingLoms(db, lomIds);
  if (found.length !== lomIds.length) {
    const known = new Set(found.map((l) => l.id));
    const missing = lomIds.filter((id) => !known.has(id));
    throw badRequest(`ЛОМ не найдены: ${listedIds(missing)}`, 'loms');
  }
  return found;
}

function tooManyLoms(): Error {
  return badRequest(`В группе может быть не больше ${formatNumber(LOM_GROUP_MAX_LOMS)} ЛОМ`, 'loms');
}

async function reread(db: Db, groupId: number, user: AuthUser): Promise<LomGroupItem> {
  const row = await visibleGroup(db, groupId, user.id);
  if (!row) throw notFound(NOT_FOUND);
  return presentGroup(row, mayEdit(user, row));
}

/** GET mlg-reports/. */
export async function listGroups(
  db: Db,
  query: LomGroupListQuery,
  user: AuthUser,
): Promise<ListEnvelope<LomGroupItem>> {
  const { rows, total } = await groupPage(db, query, user.id);
  return {
    results: rows.map((row) => presentGroup(row, mayEdit(user, row))),
    ...pageInfo(query.page, query.page_size, total),
  };
}

/** Adds and removes loms of a locked group and logs each side; answers how many changed. */
async function changeMembers(
  tx: Db,
  user: AuthUser,
  groupId: number,
  add: readonly number[],
  remove: readonly number[],
): Promise<number> {
  const before = new Set(await groupLomIds(tx, groupId));
  const joining = [...new Set(add)].filter((id) => !before.has(id));
  const leaving = [...new Set(remove)].filter((id) => before.has(id));
  if (before.size - leaving.length + joining.length > LOM_GROUP_MAX_LOMS) throw tooManyLoms();
  if (leaving.length > 0) {
    await removeGroupLoms(tx, groupId, leaving);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_group.loms_remove',
      oldValue: { group_id: groupId, loms: leaving },
      newValue: { group_id: groupId, loms_count: before.size - leaving.length },
    });
  }
  if (joining.length > 0) {
    await addGroupLoms(tx, groupId, joining);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_group.loms_add',
      oldValue: { group_id: groupId, loms_count: before.size - leaving.length },
      newValue: { group_id: groupId, loms: joining },
    });
  }
  return joining.length + leaving.length;
}

/** POST mlg-reports/ and POST create_or_update_loms_group/: a new group of the caller. */
export async function createGroup(db: Db, user: AuthUser, form: LomGroupCreateForm): Promise<LomGroupItem> {
  if (form.public) requirePublishRight(user);
  return db.transaction(async (tx) => {
    await requireLoms(tx, form.loms);
    const id = await insertGroup(tx, {
      title: form.group_name,
      public: form.public,
      mood: form.mood,
      ownerId: user.id,
    });
    await addGroupLoms(tx, id, form.loms);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_group.create',
      newValue: {
        group_id: id,
        title: form.group_name,
        public: form.public,
        mood: form.mood,
        loms: form.loms,
      },
    });
    return reread(tx, id, user);
  });
}

/** PATCH create_or_update_loms_group/: title, public, mood and, when sent, the whole lom list. */
export async function updateGroupForm(
  db: Db,
  user: AuthUser,
  form: LomGroupUpdateForm,
): Promise<LomGroupItem> {
  return db.transaction(async (tx) => {
    const group = await requireEditableGroup(tx, form.group_id, user);
    const changes: GroupChanges = {};
    const oldValue: Record<string, unknown> = {};
    const newValue: Record<string, unknown> = {};
    const note = <K extends keyof GroupChanges>(key: K, before: GroupChanges[K], after: GroupChanges[K]) => {
      if (after === undefined || after === before) return;
      changes[key] = after;
      oldValue[key] = before;
      newValue[key] = after;
    };
    note('title', group.title, form.group_name);
    note('public', group.public, form.public);
    note('mood', group.mood === null ? null : Number(group.mood), form.mood);
    if (changes.public !== undefined) requirePublishRight(user);
    if (Object.keys(changes).length > 0) {
      await updateGroup(tx, group.id, changes);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom_group.update',
        oldValue: { group_id: group.id, ...oldValue },
        newValue: { group_id: group.id, ...newValue },
      });
    }
    if (form.loms !== undefined) {
      await requireLoms(tx, form.loms);
      const wanted = new Set(form.loms);
      const current = await groupLomIds(tx, group.id);
      await changeMembers(
        tx,
        user,
        group.id,
        form.loms,
        current.filter((id) => !wanted.has(id)),
      );
    }
    return reread(tx, group.id, user);
  });
}

/** POST mlg-reports/{id}/loms/. */
export async function addLoms(
  db: Db,
  user: AuthUser,
  groupId: number,
  lomIds: readonly number[],
): Promise<LomGroupLomsChange> {
  return db.transaction(async (tx) => {
    await requireEditableGroup(tx, groupId, user);
    await requireLoms(tx, lomIds);
    const changed = await changeMembers(tx, user, groupId, lomIds, []);
    return { changed, group: await reread(tx, groupId, user) };
  });
}

/** DELETE mlg-reports/{id}/loms/: loms not in the group are ignored. */
export async function removeLoms(
  db: Db,
  user: AuthUser,
  groupId: number,
  lomIds: readonly number[],
): Promise<LomGroupLomsChange> {
  return db.transaction(async (tx) => {
    await requireEditableGroup(tx, groupId, user);
    const changed = await changeMembers(tx, user, groupId, [], lomIds);
    return { changed, group: await reread(tx, groupId, user) };
  });
}

/** DELETE mlg-reports/{id}/. */
export async function removeGroup(db: Db, user: AuthUser, groupId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await requireEditableGroup(tx, groupId, user);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_group.delete',
      oldValue: {
        group_id: group.id,
        title: group.title,
        public: group.public,
        mood: group.mood,
        report_id: group.report_id,
        loms: await groupLomIds(tx, group.id),
      },
    });
    await deleteGroup(tx, group.id);
  });
}

/** GET mlg-reports/{id}/get_loms/. */
export async function lomIdsOfGroup(db: Db, user: AuthUser, groupId: number) {
  await requireVisibleGroup(db, groupId, user);
  return { ids: await groupLomIds(db, groupId) };
}

/** GET mlg-reports/{id}/loms/. */
export async function membersOfGroup(
  db: Db,
  user: AuthUser,
  groupId: number,
  query: LomGroupLomsQuery,
): Promise<ListEnvelope<LomGroupMember>> {
  await requireVisibleGroup(db, groupId, user);
  const { rows, total } = await memberPage(db, groupId, query);
  return {
    results: rows.map(presentMember),
    ...pageInfo(query.page, query.page_size, total),
  };
}
