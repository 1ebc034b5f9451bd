import {
  ACTION_TYPE,
  type ListEnvelope,
  type OrganizationBody,
  type OrganizationEditBody,
  type OrganizationItem,
  type OrganizationListQuery,
  pageInfo,
  USER_TEXTS,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { presentOrganization } from './presenter.ts';
import {
  countOrganizations,
  deleteOrganization,
  insertOrganization,
  type OrganizationRow,
  organizationById,
  organizationPage,
  updateOrganization,
} from './queries.ts';

export async function listOrganizations(
  db: Db,
  query: OrganizationListQuery,
): Promise<ListEnvelope<OrganizationItem>> {
  const filter = { search: query.search || undefined, kind: query.kind };
  const rows = await organizationPage(db, filter, query.page, query.page_size);
  const total = rows.length
    ? Number(rows[0].total)
    : query.page > 1
      ? await countOrganizations(db, filter)
      : 0;
  return { results: rows.map(presentOrganization), ...pageInfo(query.page, query.page_size, total) };
}

async function requireOrganization(db: Db, id: number, lock = false): Promise<OrganizationRow> {
  const row = await organizationById(db, id, lock);
  if (!row) throw notFound(USER_TEXTS.organizationNotFound);
  return row;
}

export async function getOrganization(db: Db, id: number): Promise<OrganizationItem> {
  return presentOrganization(await requireOrganization(db, id));
}

export async function createOrganization(
  db: Db,
  actor: AuthUser,
  body: OrganizationBody,
): Promise<OrganizationItem> {
  const id = await db.transaction(async (tx) => {
    const orgId = await insertOrganization(tx, body.name, body.kind);
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'organization.create',
      newValue: { id: orgId, name: body.name, kind: body.kind },
    });
    return orgId;
  });
  return getOrganization(db, id);
}

export async function editOrganization(
  db: Db,
  actor: AuthUser,
  id: number,
  body: OrganizationEditBody,
): Promise<OrganizationItem> {
  await db.transaction(async (tx) => {
    const before = await requireOrganization(tx, id, true);
    const changes: { name?: string; kind?: number } = {};
    if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
    if (body.kind !== undefined && body.kind !== before.kind) changes.kind = body.kind;
    if (!Object.keys(changes).length) return;
    await updateOrganization(tx, id, changes);
    const oldValue: Record<string, unknown> = { id };
    for (const key of Object.keys(changes) as (keyof typeof changes)[]) oldValue[key] = before[key];
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'organization.update',
      oldValue,
      newValue: { id, ...changes },
    });
  });
  return getOrganization(db, id);
}

/** An organisation with users is kept (400): its users would silently lose it. */
export async function removeOrganization(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await requireOrganization(tx, id, true);
    if (org.usersCount > 0) {
      throw badRequest(`${USER_TEXTS.organizationHasUsers} (пользователей: ${org.usersCount})`, 'id');
    }
    await deleteOrganization(tx, id);
    await logAction(tx, {
      userId: actor.id,
      type: ACTION_TYPE.user,
      action: 'organization.delete',
      oldValue: { id, name: org.name, kind: org.kind },
    });
  });
}
