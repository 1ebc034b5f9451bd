import type { RubricLomOrdering, RubricType } from '@monitoring/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messageRubrics, rubrics, rubricThemes, themes } from '../../db/schema/index.ts';
import type { MoodTuple } from '../../domain/aggregates/mood-table-presenter.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** The period of the sums as instants [after, before). */
export interface Period {
  after?: Date;
  before?: Date;
}

export interface RubricFilter {
  search?: string;
  type?: RubricType;
  archived?: boolean;
  ids?: readonly number[];
}

/** One mood's sums as json_build_array: mood, messages, si, views, loms, subscribers. */

export interface RubricRow {
  id: number;
  name: string;
  type: RubricType;
  archived: boolean;
  created_at: string;
  total: string | number;
  message_count: string | number;
  total_si: number | string | null;
  total_views: string | number | null;
  moods: MoodTuple[] | null;
  themes: { id: number; name: string }[] | null;
}

export interface RubricLomRow {
  id: number;
  name: string;
  avatar: string | null;
  total: string | number;
  message_count: string | number;
  total_si: number | string | null;
  total_views: string | number | null;
  moods: MoodTuple[] | null;
}

/** Messages counted anywhere in a rubric: live (not trash, archived or delayed) and in the period. */
function liveInPeriod(period: Period): SQL {
  const parts = [sql`not m.trash and not m.archived and not m.delayed`];
  if (period.after) parts.push(sql`m.wrote_at >= ${period.after.toISOString()}::timestamptz`);
  if (period.before) parts.push(sql`m.wrote_at < ${period.before.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

function rubricWhere(filter: RubricFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.search) parts.push(sql`r.name ilike ${likePattern(filter.search)}`);
  if (filter.type) parts.push(sql`r.type = ${filter.type}`);
  if (filter.archived !== undefined) parts.push(sql`r.archived = ${filter.archived}`);
  if (filter.ids) {
    const ids = filter.ids.length
      ? sql.join(
          filter.ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
    parts.push(sql`r.id in (${ids})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * One page of rubrics (by name) with their sums over the period, in one statement: the
 * (rubric, mood, lom) sums of the page's rubrics' messages give the totals and, per mood,
 * the distinct loms and their subscribers.
 */
export async function rubricPage(
  db: Db,
  filter: RubricFilter,
  period: Period,
  page: number,
  pageSize: number,
): Promise<RubricRow[]> {
  return queryRows<RubricRow>(
    db,
    sql`with page as (
          select r.id, r.name, r.type, r.archived, r.created_at, count(*) over () as total
            from ${rubrics} r
           where ${rubricWhere(filter)}
           order by lower(r.name), r.id
           limit ${pageSize} offset ${(page - 1) * pageSize}),
        per_lom as (
          select mr.rubric_id, m.mood, m.lom_id, count(*) as n, sum(m.si) as si,
                 sum(m.number_views) as views
            from page p
            join ${messageRubrics} mr on mr.rubric_id = p.id
            join messages m on m.id = mr.message_id
           where ${liveInPeriod(period)}
           group by 1, 2, 3),
        totals as (
          select rubric_id, sum(n) as n, sum(si) as si, sum(views) as views from per_lom group by 1),
        per_mood as (
          select pl.rubric_id, pl.mood, sum(pl.n) as n, sum(pl.si) as si, sum(pl.views) as views,
                 count(pl.lom_id) as lom_count, sum(l.subscribers) as subscribers
            from per_lom pl left join loms l on l.id = pl.lom_id
           where pl.mood is not null
           group by 1, 2),
        moods as (
          select rubric_id,
                 json_agg(json_build_array(mood, n, si, views, lom_count, subscribers)) as moods
            from per_mood group by 1),
        theme_lists as (
          select rt.rubric_id,
                 json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id) as themes
            from page p
            join ${rubricThemes} rt on rt.rubric_id = p.id
            join ${themes} t on t.id = rt.theme_id
           group by 1)
        select p.id, p.name, p.type, p.archived,
               to_char(p.created_at at time zone 'UTC', ${ISO_UTC}) as created_at, p.total,
               coalesce(tt.n, 0) as message_count, coalesce(tt.si, 0) as total_si,
               coalesce(tt.views, 0) as total_views, mo.moods, tl.themes
          from page p
          left join totals tt on tt.rubric_id = p.id
          left join moods mo on mo.rubric_id = p.id
          left join theme_lists tl on tl.rubric_id = p.id
         order by lower(p.name), p.id`,
  );
}

export async function countRubrics(db: Db, filter: RubricFilter): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from ${rubrics} r where ${rubricWhere(filter)}`,
  );
  return Number(row?.n ?? 0);
}

const LOM_ORDER: Record<RubricLomOrdering, string> = {
  message_count: 'message_count asc',
  '-message_count': 'message_count desc',
  total_si: 'total_si asc',
  '-total_si': 'total_si desc',
  total_views: 'total_views asc',
  '-total_views': 'total_views desc',
  name: 'lower(name) asc',
  '-name': 'lower(name) desc',
};

/**
 * One page of the loms with live messages in the rubric over the period, in the asked
 * order (ties by id), each with its own mood table, and the total in the same statement.
 */
export async function rubricLomPage(
  db: Db,
  rubricId: number,
  options: { period: Period; search?: string; ordering: RubricLomOrdering; page: number; pageSize: number },
): Promise<RubricLomRow[]> {
  const { period, search, ordering, page, pageSize } = options;
  const lomSearch = search ? sql`and l.name ilike ${likePattern(search)}` : sql``;
  const order = sql.raw(LOM_ORDER[ordering]);
  return queryRows<RubricLomRow>(
    db,
    sql`with per_mood as (
          select m.lom_id, m.mood, count(*) as n, sum(m.si) as si, sum(m.number_views) as views
            from ${messageRubrics} mr
            join messages m on m.id = mr.message_id
           where mr.rubric_id = ${rubricId} and m.lom_id is not null and ${liveInPeriod(period)}
           group by 1, 2),
        per_lom as (
          select pm.lom_id as id, l.name, l.avatar, l.subscribers,
                 sum(pm.n) as message_count, coalesce(sum(pm.si), 0) as total_si,
                 coalesce(sum(pm.views), 0) as total_views,
                 json_agg(json_build_array(pm.mood, pm.n, pm.si, pm.views, 1, l.subscribers))
                   filter (where pm.mood is not null) as moods
            from per_mood pm join loms l on l.id = pm.lom_id
           where true ${lomSearch}
           group by pm.lom_id, l.name, l.avatar, l.subscribers)
        select id, name, avatar, message_count, total_si, total_views, moods, count(*) over () as total
          from per_lom
         order by ${order}, id
         limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}

export async function countRubricLoms(db: Db, rubricId: number, period: Period, search?: string) {
  const lomSearch = search ? sql`and l.name ilike ${likePattern(search)}` : sql``;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(distinct m.lom_id) as n
          from ${messageRubrics} mr
          join messages m on m.id = mr.message_id
          join loms l on l.id = m.lom_id
         where mr.rubric_id = ${rubricId} and ${liveInPeriod(period)} ${lomSearch}`,
  );
  return Number(row?.n ?? 0);
}

export interface RubricBase {
  id: number;
  name: string;
  type: RubricType;
  archived: boolean;
}

export async function rubricById(db: Db, id: number, lock = false): Promise<RubricBase | undefined> {
  const query = db
    .select({ id: rubrics.id, name: rubrics.name, type: rubrics.type, archived: rubrics.archived })
    .from(rubrics)
    .where(eq(rubrics.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row as RubricBase | undefined;
}

export async function themeIdsOf(db: Db, rubricId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rubricThemes.themeId })
    .from(rubricThemes)
    .where(eq(rubricThemes.rubricId, rubricId))
    .orderBy(rubricThemes.themeId);
  return rows.map((r) => r.id);
}

export async function existingThemeIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: themes.id })
    .from(themes)
    .where(inArray(themes.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertRubric(db: Db, values: { name: string; type: RubricType }): Promise<number> {
  const [row] = await db.insert(rubrics).values(values).returning({ id: rubrics.id });
  return row.id;
}

export async function updateRubric(
  db: Db,
  id: number,
  values: Partial<{ name: string; type: RubricType; archived: boolean }>,
): Promise<void> {
  if (Object.keys(values).length) await db.update(rubrics).set(values).where(eq(rubrics.id, id));
}

/** Makes the rubric's themes exactly `themeIds`. */
export async function replaceThemes(db: Db, rubricId: number, themeIds: readonly number[]): Promise<void> {
  await db.delete(rubricThemes).where(eq(rubricThemes.rubricId, rubricId));
  if (themeIds.length) {
    await db.insert(rubricThemes).values(themeIds.map((themeId) => ({ rubricId, themeId })));
  }
}

/** Takes the rubric off every message; answers how many messages carried it. */
export async function removeFromMessages(db: Db, rubricId: number): Promise<number> {
  const rows = await db
    .delete(messageRubrics)
    .where(eq(messageRubrics.rubricId, rubricId))
    .returning({ id: messageRubrics.messageId });
  return rows.length;
}

export async function deleteRubric(db: Db, rubricId: number): Promise<void> {
  await db.delete(rubrics).where(eq(rubrics.id, rubricId));
}
