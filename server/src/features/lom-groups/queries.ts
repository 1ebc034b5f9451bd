import type { LomGroupListQuery, LomGroupLomsQuery } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { lomGroupLoms } from '../../db/schema/index.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const INSERT_CHUNK = 5_000;

const idList = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The loms of group `g`: its own and those of its lom sources. */
const membersOf = (groupId: SQL | number) => sql`
  select gl.lom_id from lom_group_loms gl where gl.group_id = ${groupId}
  union
  select ls.lom_id from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
   where gs.group_id = ${groupId} and ls.lom_id is not null`;

/** Groups a user may see: the public ones and their own. */
const visibleTo = (userId: number) => sql`(g.public or g.owner_id = ${userId})`;

export interface GroupRow {
  id: number;
  title: string | null;
  public: boolean;
  report_id: number | null;
  owner: { id: number; username: string } | null;
  last_processed: string | null;
  active: boolean;
  is_lomsource: boolean;
  mood: number | null;
  loms_count: string | number;
  loms_sources_count: string | number;
  created_at: string;
}

const GROUP_COLUMNS = sql`
  g.id, g.title, g.public, g.report_id, g.active, g.is_lomsource, g.mood,
  to_char(g.last_processed at time zone 'UTC', ${ISO_UTC}) as last_processed,
  to_char(g.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
  case when u.id is null then null else json_build_object('id', u.id, 'username', u.username) end as owner,
  (select count(*) from (${membersOf(sql`g.id`)}) m) as loms_count,
  (select count(*) from lom_group_lom_sources gs where gs.group_id = g.id) as loms_sources_count`;

/** One page of the groups the user sees, newest first, with the total. */
export async function groupPage(db: Db, query: LomGroupListQuery, userId: number) {
  const where: SQL[] = [visibleTo(userId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(sql`(g.title ilike ${pattern} or g.report_id::text like ${pattern})`);
  }
  if (query.id_in?.length) where.push(sql`g.id in (${idList(query.id_in)})`);
  if (query.public !== undefined) where.push(sql`g.public = ${query.public}`);
  if (query.mine) where.push(sql`g.owner_id = ${userId}`);
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows<GroupRow & { total: string | number }>(
    db,
    sql`select ${GROUP_COLUMNS}, count(*) over () as total
          from lom_groups g left join users u on u.id = g.owner_id
         where ${condition}
         order by g.created_at desc, g.id desc
         limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`,
  );
  if (rows.length > 0 || query.page === 1) {
    return { rows, total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }
  const [count] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from lom_groups g where ${condition}`,
  );
  return { rows, total: Number(count.n) };
}

/** The group if the user may see it; `lock` takes it for an update in a transaction. */
export async function visibleGroup(
  db: Db,
  groupId: number,
  userId: number,
  lock = false,
): Promise<GroupRow | undefined> {
  if (lock) {
    // Row locks cannot be taken through the outer join to users: lock the group alone first.
    await queryRows(db, sql`select id from lom_groups where id = ${groupId} for update`);
  }
  const [row] = await queryRows<GroupRow>(
    db,
    sql`select ${GROUP_COLUMNS} from lom_groups g left join users u on u.id = g.owner_id
         where g.id = ${groupId} and ${visibleTo(userId)}`,
  );
  return row;
}

export interface GroupValues {
  title: string | null;
  public: boolean;
  mood: number | null;
  ownerId: number;
}

export async function insertGroup(db: Db, values: GroupValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into lom_groups (title, public, mood, owner_id)
        values (${values.title}, ${values.public}, ${values.mood}, ${values.ownerId}) returning id`,
  );
  return Number(row.id);
}

export interface GroupChanges {
  title?: string | null;
  public?: boolean;
  mood?: number | null;
}

export async function updateGroup(db: Db, groupId: number, changes: GroupChanges): Promise<void> {
  const sets: SQL[] = [];
  if (changes.title !== undefined) sets.push(sql`title = ${changes.title}`);
  if (changes.public !== undefined) sets.push(sql`public = ${changes.public}`);
  if (changes.mood !== undefined) sets.push(sql`mood = ${changes.mood}`);
  if (sets.length === 0) return;
  await db.execute(sql`update lom_groups set ${sql.join(sets, sql`, `)} where id = ${groupId}`);
}

export async function deleteGroup(db: Db, groupId: number): Promise<void> {
  await db.execute(sql`delete from lom_groups where id = ${groupId}`);
}

/** Every lom id of the group, ascending. */
export async function groupLomIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ lom_id: number }>(
    db,
    sql`select m.lom_id from (${membersOf(groupId)}) m order by m.lom_id`,
  );
  return rows.map((r) => Number(r.lom_id));
}

/** Those of `lomIds` that exist, with the moment each was created. */
export async function existingLoms(db: Db, lomIds: readonly number[]) {
  if (lomIds.length === 0) return [];
  const rows = await queryRows<{ id: number; created_at: string }>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', ${ISO_UTC}) as created_at
          from loms where id in (${idList(lomIds)})`,
  );
  return rows.map((r) => ({ id: Number(r.id), createdAt: new Date(r.created_at) }));
}

export async function addGroupLoms(db: Db, groupId: number, lomIds: readonly number[]): Promise<void> {
  if (lomIds.length === 0) return;
  for (let i = 0; i < lomIds.length; i += INSERT_CHUNK) {
    const chunk = lomIds.slice(i, i + INSERT_CHUNK);
    await db
      .insert(lomGroupLoms)
      .values(chunk.map((lomId) => ({ groupId, lomId })))
      .onConflictDoNothing();
  }
}

/** Takes the loms out of the group, both as loms and through their accounts. */
export async function removeGroupLoms(db: Db, groupId: number, lomIds: readonly number[]): Promise<void> {
  if (lomIds.length === 0) return;
  await db.execute(
    sql`delete from lom_group_loms where group_id = ${groupId} and lom_id in (${idList(lomIds)})`,
  );
  await db.execute(
    sql`delete from lom_group_lom_sources gs using lom_sources ls
         where gs.group_id = ${groupId} and ls.id = gs.lom_source_id and ls.lom_id in (${idList(lomIds)})`,
  );
}

export interface MemberRow {
  id: number;
  name: string;
  avatar: string | null;
  is_active: boolean;
  subscribers: string | number;
  via_sources: boolean;
  total: string | number;
}

/** A page of the group's loms by name. */
export async function memberPage(db: Db, groupId: number, query: LomGroupLomsQuery) {
  const search = query.search ? sql`and l.name ilike ${likePattern(query.search)}` : sql``;
  const from = sql`from (${membersOf(groupId)}) m join loms l on l.id = m.lom_id where true ${search}`;
  const rows = await queryRows<MemberRow>(
    db,
    sql`select l.id, l.name, l.avatar, l.is_active, l.subscribers,
               not exists (select 1 from lom_group_loms gl where gl.group_id = ${groupId} and gl.lom_id = l.id)
                 as via_sources,
               count(*) over () as total
          ${from}
         order by lower(l.name), l.id
         limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`,
  );
  if (rows.length > 0 || query.page === 1) {
    return { rows, total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }
  const [count] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n ${from}`);
  return { rows, total: Number(count.n) };
}
