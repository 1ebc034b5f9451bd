import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messages, users } from '../../db/schema/index.ts';
import { groupPermissionsOf } from '../../http/auth.ts';
import {
  type FlagFilterPart,
  type ListFilterPart,
  messageFilterConditions,
  messageFilterParts,
} from '../filters/message-filter-queries.ts';
import { pgArray } from '../pg-array.ts';
import { searchTsquery } from '../search/search-queries.ts';
import { type Owner, type TargetFilter, TargetProblem, type TargetRow, targetFilter } from './target.ts';

// The SQL of a target (docs/alerts.md "Engine"): the owners as http/auth.ts builds an AuthUser, and the conditions
// over `messages` of what an alert or a digest watches, for its owner.

/** The owners by id, with their role, named permissions and group permissions, active or not. */
export async function loadOwners(db: Db, userIds: readonly number[]): Promise<Map<number, Owner>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      ui_permissions: users.uiPermissions,
      extra_permissions: users.extraPermissions,
      group_permissions: groupPermissionsOf(users.id),
      isActive: users.isActive,
    })
    .from(users)
    .where(sql`${users.id} = any(${pgArray(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, { ...row, tokenId: 0 }]));
}

/**
 * The loms of the lom groups that `ownerId` may see (public or their own): the groups' own loms and those of their
 * lom sources, as a subquery (docs/lom-groups.md "Membership").
 */
export function visibleGroupLoms(groupIds: readonly number[], ownerId: number): SQL {
  const ids = sql`${pgArray(groupIds)}::int[]`;
  return sql`(select gl.lom_id from lom_group_loms gl join lom_groups g on g.id = gl.group_id
       where gl.group_id = any(${ids}) and (g.public or g.owner_id = ${ownerId})
     union
     select ls.lom_id from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
       join lom_groups g on g.id = gs.group_id
       where gs.group_id = any(${ids}) and (g.public or g.owner_id = ${ownerId}) and ls.lom_id is not null)`;
}

/** The conditions over `messages` of a target filter for its owner (lom groups as a subquery). */
export function filterConditions(target: TargetFilter, ownerId: number): SQL[] {
  const conditions = messageFilterConditions(target.filter);
  if (target.lomGroupIds.length)
    conditions.push(sql`${messages.lomId} in ${visibleGroupLoms(target.lomGroupIds, ownerId)}`);
  return conditions;
}

const allOf = (conditions: SQL[]): SQL =>
  conditions.length ? sql`(${sql.join(conditions, sql` and `)})` : sql`true`;

/**
 * A target whose whole condition is a search that is one tsquery, list filters and flag filters, as values: the
 * alert engine matches many such alerts in one statement (docs/alerts.md "Speed"). The condition is then exactly
 * `search_vector @@ tsquery`, each list's `column in ids` and each flag's `column = value`.
 */
export interface TargetValues {
  tsquery: SQL;
  lists: ListFilterPart[];
  flags: FlagFilterPart[];
}

/** What the target watches for its owner: its condition, and the same as values when it has that form. */
export interface TargetMatch {
  condition: SQL;
  values: TargetValues | null;
}

/**
 * The condition over `messages` (or a relation aliased `messages`) of what the target watches for its owner, with
 * its values when it has their form. Throws TargetProblem with the Russian reason when the target can't be read
 * for them.
 */
export function targetMatch(target: TargetRow, owner: Owner): TargetMatch {
  const filter = targetFilter(target, owner);
  try {
    const condition = allOf(filterConditions(filter, owner.id));
    const search = filter.filter.search;
    if (!search || filter.lomGroupIds.length) return { condition, values: null };
    const tsquery = searchTsquery(search);
    const { lists, flags, others } = messageFilterParts({ ...filter.filter, search: undefined });
    return { condition, values: tsquery && others.length === 0 ? { tsquery, lists, flags } : null };
  } catch (error) {
    // A query that no longer compiles (saved before a change of the language).
    throw new TargetProblem(
      `Запрос оповещения не разобран: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * One condition over `messages` (or a relation aliased `messages`) of what the target watches for its owner.
 * Throws TargetProblem with the Russian reason when the target can't be read for them.
 */
export function targetCondition(target: TargetRow, owner: Owner): SQL {
  return targetMatch(target, owner).condition;
}

/** The loms of lom groups that the owner may see, as a list (a digest's report filter takes lom ids). */
export async function groupLomIds(db: Db, groupIds: readonly number[], ownerId: number): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await queryRows<{ lom_id: number }>(
    db,
    sql`select lom_id from ${visibleGroupLoms(groupIds, ownerId)} s(lom_id) order by lom_id`,
  );
  return rows.map((row) => Number(row.lom_id));
}
