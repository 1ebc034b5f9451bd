import type {
  AdminInfoReasonListQuery,
  AdminRubricLomsQuery,
  AdminThemeListQuery,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';

// SQL of the admin directories (docs/admin-directories.md): the two lists with their message counts from the
// rollups, the locks and the small writes of the admin calls. The moves of a merge are domain/editing's.

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

export interface AdminThemeRow {
  id: number;
  name: string;
  created_at: string;
  active: boolean;
  archived: boolean;
  approved: boolean;
  ai: boolean;
  message_count: number;
  info_reason_count: number;
  total: number;
}

export interface AdminInfoReasonRow {
  id: number;
  name: string;
  theme_id: number | null;
  theme_name: string | null;
  created_at: string;
  active: boolean;
  archived: boolean;
  ai: boolean;
  message_count: number;
  total: number;
}

function flagWhere(column: SQL, value: boolean | undefined): SQL | undefined {
  return value === undefined ? undefined : sql`${column} = ${value}`;
}

function whereOf(parts: (SQL | undefined)[]): SQL {
  const present = parts.filter((part): part is SQL => part !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

function themeWhere(query: AdminThemeListQuery | { ids: readonly number[] }): SQL {
  if ('ids' in query) return sql`t.id = any(${pgArray(query.ids)}::int[])`;
  return whereOf([
    sql`t.created_by_ai = ${query.ai}`,
    flagWhere(sql`t.archived`, query.archived),
    flagWhere(sql`t.active`, query.is_active),
    query.search ? sql`t.name ilike ${likePattern(query.search)}` : undefined,
  ]);
}

/**
 * A page of themes by name (duplicates sit side by side), with their live messages of all time summed from
 * theme_day_stats (an index-only range per theme of the page: theme_day_stats_theme_count_idx) and their info
 * reasons counted by the theme index.
 */
export async function adminThemeRows(
  db: Db,
  query: AdminThemeListQuery | { ids: readonly number[] },
  page = { page: 1, page_size: 1000 },
): Promise<AdminThemeRow[]> {
  return queryRows<AdminThemeRow>(
    db,
    sql`with page as (
          select t.*, count(*) over () as total from themes t
           where ${themeWhere(query)}
           order by lower(t.name), t.id
           limit ${page.page_size} offset ${(page.page - 1) * page.page_size})
        select p.id, p.name, to_char(p.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
               p.active, p.archived, p.approved, p.created_by_ai as ai, p.total::int as total,
               coalesce((select sum(s.message_count) from theme_day_stats s where s.theme_id = p.id), 0)::int
                 as message_count,
               (select count(*) from info_reasons ir where ir.theme_id = p.id)::int as info_reason_count
          from page p order by lower(p.name), p.id`,
  );
}

export async function countAdminThemes(db: Db, query: AdminThemeListQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from themes t where ${themeWhere(query)}`,
  );
  return Number(row.n);
}

function infoReasonWhere(query: AdminInfoReasonListQuery | { ids: readonly number[] }): SQL {
  if ('ids' in query) return sql`ir.id = any(${pgArray(query.ids)}::int[])`;
  return whereOf([
    sql`ir.ai = ${query.ai}`,
    flagWhere(sql`ir.archived`, query.archived),
    flagWhere(sql`ir.active`, query.is_active),
    query.theme === undefined ? undefined : sql`ir.theme_id = ${query.theme}`,
    query.search ? sql`ir.name ilike ${likePattern(query.search)}` : undefined,
  ]);
}

/**
 * A page of info reasons by name, with their live messages of all time summed from info_reason_day_stats (an
 * index-only range of its (info_reason_id, message_count) index, one entry per reason and day).
 */
export async function adminInfoReasonRows(
  db: Db,
  query: AdminInfoReasonListQuery | { ids: readonly number[] },
  page = { page: 1, page_size: 1000 },
): Promise<AdminInfoReasonRow[]> {
  return queryRows<AdminInfoReasonRow>(
    db,
    sql`with page as (
          select ir.*, count(*) over () as total from info_reasons ir
           where ${infoReasonWhere(query)}
           order by lower(ir.name), ir.id
           limit ${page.page_size} offset ${(page.page - 1) * page.page_size})
        select p.id, p.name, p.theme_id, t.name as theme_name,
               to_char(p.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
               p.active, p.archived, p.ai, p.total::int as total,
               coalesce((select sum(c.message_count) from info_reason_day_stats c
                          where c.info_reason_id = p.id), 0)::int as message_count
          from page p left join themes t on t.id = p.theme_id
         order by lower(p.name), p.id`,
  );
}

export async function countAdminInfoReasons(db: Db, query: AdminInfoReasonListQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from info_reasons ir where ${infoReasonWhere(query)}`,
  );
  return Number(row.n);
}

// ---- Locks and writes (inside the service's transaction) ----

export interface LockedEntry {
  id: number;
  name: string;
  active: boolean;
  archived: boolean;
  theme_id: number | null;
  ai: boolean;
}

/** The themes among `ids`, locked in id order (two merges cannot deadlock). */
export function lockThemes(db: Db, ids: readonly number[]): Promise<LockedEntry[]> {
  return queryRows<LockedEntry>(
    db,
    sql`select id, name, active, archived, null::int as theme_id, created_by_ai as ai from themes
         where id = any(${pgArray(ids)}::int[]) order by id for update`,
  );
}

/** The info reasons among `ids`, locked in id order. */
export function lockInfoReasons(db: Db, ids: readonly number[]): Promise<LockedEntry[]> {
  return queryRows<LockedEntry>(
    db,
    sql`select id, name, active, archived, theme_id, ai from info_reasons
         where id = any(${pgArray(ids)}::int[]) order by id for update`,
  );
}

export type Directory = 'themes' | 'info_reasons';

export async function setFlag(
  db: Db,
  table: Directory,
  ids: readonly number[],
  column: 'active' | 'archived',
  value: boolean,
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value}
         where id = any(${pgArray(ids)}::int[])`,
  );
}

export async function insertTheme(db: Db, name: string, ai: boolean, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into themes (name, created_by_ai, created_by) values (${name}, ${ai}, ${userId}) returning id`,
  );
  return Number(row.id);
}

/**
 * Marks every message that carries the info reason (as its primary classification or in a markup) with the
 * theme: one markup per message, without an info reason, with the mood of that classification (the primary one
 * first). Answers how many markups were made.
 */
export async function markMessagesWithTheme(
  db: Db,
  infoReasonId: number,
  themeId: number,
  userId: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with carriers as (
          select m.id as message_id, m.mood, 0 as rank from messages m where m.info_reason_id = ${infoReasonId}
          union all
          select mm.message_id, mm.mood, 1 as rank from message_markups mm where mm.info_reason_id = ${infoReasonId}),
        one as (select distinct on (message_id) message_id, mood from carriers order by message_id, rank),
        made as (
          insert into message_markups (message_id, theme_id, info_reason_id, mood, created_by)
          select o.message_id, ${themeId}::int, null, o.mood, ${userId}::int from one o
           where not exists (select 1 from message_markups x
                              where x.message_id = o.message_id and x.theme_id = ${themeId}
                                and x.info_reason_id is null)
          returning 1)
        select count(*)::int as n from made`,
  );
  return Number(row.n);
}

// ---- Rubric loms ----

export interface RubricRow {
  id: number;
  name: string;
}

export async function findRubric(db: Db, id: number, lock = false): Promise<RubricRow | null> {
  const rows = await queryRows<RubricRow>(
    db,
    sql`select id, name from rubrics where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0] ?? null;
}

export interface RubricLomRow {
  id: number;
  name: string;
  avatar: string | null;
  is_active: boolean;
  total: number;
}

export function rubricLomRows(
  db: Db,
  rubricId: number,
  query: AdminRubricLomsQuery,
): Promise<RubricLomRow[]> {
  const search = query.search ? sql`and l.name ilike ${likePattern(query.search)}` : sql``;
  return queryRows<RubricLomRow>(
    db,
    sql`select l.id, l.name, l.avatar, l.is_active, (count(*) over ())::int as total
          from lom_rubrics lr join loms l on l.id = lr.lom_id
         where lr.rubric_id = ${rubricId} ${search}
         order by lower(l.name), l.id
         limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
}

export async function countRubricLoms(
  db: Db,
  rubricId: number,
  query: AdminRubricLomsQuery,
): Promise<number> {
  const search = query.search ? sql`and l.name ilike ${likePattern(query.search)}` : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from lom_rubrics lr join loms l on l.id = lr.lom_id
         where lr.rubric_id = ${rubricId} ${search}`,
  );
  return Number(row.n);
}

export async function existingLoms(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from loms where id = any(${pgArray(ids)}::int[]) order by id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Answers the loms that became members. */
export async function addRubricLoms(db: Db, rubricId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ lom_id: number }>(
    db,
    sql`insert into lom_rubrics (lom_id, rubric_id)
        select unnest(${pgArray(ids)}::int[]), ${rubricId}::int
        on conflict do nothing returning lom_id`,
  );
  return rows.map((row) => Number(row.lom_id)).sort((a, b) => a - b);
}

/** Answers the loms that stopped being members. */
export async function removeRubricLoms(db: Db, rubricId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ lom_id: number }>(
    db,
    sql`delete from lom_rubrics where rubric_id = ${rubricId} and lom_id = any(${pgArray(ids)}::int[])
        returning lom_id`,
  );
  return rows.map((row) => Number(row.lom_id)).sort((a, b) => a - b);
}
