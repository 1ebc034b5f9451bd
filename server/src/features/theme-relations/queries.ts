import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { offsetOf } from '../../http/pagination.ts';

/**
 * SQL of the theme relation (docs/theme-relations.md). Everything reads the live rows of
 * message_daily_stats (its key has lom_id, so a lom_in filter is exact there), by the
 * (theme_id, day) index for one theme and by the day for the list of themes.
 */

/** Moscow days [from, to) as YYYY-MM-DD; a missing side is open. */
export interface RelationPeriod {
  from?: string;
  to?: string;
}

export interface RelationFilter {
  lomIds?: readonly number[];
  period: RelationPeriod;
}

/** Conditions on the rollup `s`: live rows of the loms and the period. */
function rollupWhere(filter: RelationFilter): SQL {
  const parts: SQL[] = [sql`s.live`];
  if (filter.lomIds?.length) parts.push(sql`s.lom_id = any(${pgArray(filter.lomIds)}::int[])`);
  if (filter.period.from) parts.push(sql`s.day >= ${filter.period.from}::date`);
  if (filter.period.to) parts.push(sql`s.day < ${filter.period.to}::date`);
  return sql.join(parts, sql` and `);
}

type Num = number | string | null;

export interface RelationListRow {
  total: number | string;
  id: number;
  name: string;
  message_count: Num;
  total_si: Num;
  lom_count: Num;
}

/** GET theme-relation/: the themes with messages of the loms in the period, by -message_count, ties by id. */
export async function relationPage(
  db: Db,
  filter: RelationFilter,
  page: number,
  pageSize: number,
): Promise<RelationListRow[]> {
  return queryRows<RelationListRow>(
    db,
    sql`with per_lom as (
          select s.theme_id, s.lom_id, sum(s.message_count) as n, sum(s.si_sum) as si
            from message_daily_stats s
           where s.theme_id is not null and ${rollupWhere(filter)}
           group by 1, 2),
        per_theme as (
          select theme_id, sum(n) as n, sum(si) as si, count(lom_id) as lom_count
            from per_lom group by 1 having sum(n) > 0)
        select count(*) over () as total, t.id, t.name, pt.n as message_count, pt.si as total_si, pt.lom_count
          from per_theme pt join themes t on t.id = pt.theme_id
         order by pt.n desc, t.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
}

export async function countRelationThemes(db: Db, filter: RelationFilter): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (
          select s.theme_id from message_daily_stats s
           where s.theme_id is not null and ${rollupWhere(filter)}
           group by 1 having sum(s.message_count) > 0) x`,
  );
  return Number(row?.n ?? 0);
}

export async function themeName(db: Db, themeId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from themes where id = ${themeId}`);
  return row?.name ?? null;
}

export interface RelationLomRow {
  id: number;
  name: string;
  message_count: Num;
  total_si: Num;
  total_views: Num;
  /** How many loms wrote about the theme (all of them, not only the `limit` answered). */
  lom_count: Num;
}

/** The theme's top loms by -message_count, -total_si, id, each row with the number of all its loms. */
export async function relationLoms(
  db: Db,
  themeId: number,
  filter: RelationFilter,
  limit: number,
): Promise<RelationLomRow[]> {
  return queryRows<RelationLomRow>(
    db,
    sql`select l.id, l.name, x.n as message_count, x.si as total_si, x.views as total_views,
               count(*) over () as lom_count
          from (select s.lom_id, sum(s.message_count) as n, sum(s.si_sum) as si, sum(s.views_sum) as views
                  from message_daily_stats s
                 where s.theme_id = ${themeId} and s.lom_id is not null and ${rollupWhere(filter)}
                 group by 1 having sum(s.message_count) > 0) x
          join loms l on l.id = x.lom_id
         order by x.n desc, x.si desc, l.id
         limit ${limit}`,
  );
}

export interface RelationTotalsRow {
  message_count: Num;
  total_si: Num;
  total_views: Num;
}

/** The theme's sums over all its live messages of the loms (messages without a lom too, when lom_in is absent). */
export async function relationTotals(
  db: Db,
  themeId: number,
  filter: RelationFilter,
): Promise<RelationTotalsRow> {
  const [row] = await queryRows<RelationTotalsRow>(
    db,
    sql`select coalesce(sum(s.message_count), 0) as message_count, coalesce(sum(s.si_sum), 0) as total_si,
               coalesce(sum(s.views_sum), 0) as total_views
          from message_daily_stats s
         where s.theme_id = ${themeId} and ${rollupWhere(filter)}`,
  );
  return row;
}

export interface RelationMoodRow {
  mood: number;
  n: Num;
  si: Num;
  views: Num;
  lom_count: Num;
  subscribers: Num;
}

/** Per mood of the theme's verified live messages: sums, distinct loms and their subscribers. */
export async function relationMoods(
  db: Db,
  themeId: number,
  filter: RelationFilter,
): Promise<RelationMoodRow[]> {
  return queryRows<RelationMoodRow>(
    db,
    sql`select x.mood, sum(x.n) as n, sum(x.si) as si, sum(x.views) as views, count(x.lom_id) as lom_count,
               coalesce(sum(l.subscribers), 0) as subscribers
          from (select s.mood, s.lom_id, sum(s.message_count) as n, sum(s.si_sum) as si, sum(s.views_sum) as views
                  from message_daily_stats s
                 where s.theme_id = ${themeId} and s.verified and s.mood is not null and ${rollupWhere(filter)}
                 group by 1, 2) x
          left join loms l on l.id = x.lom_id
         group by 1`,
  );
}

export interface RelationSourceRow {
  id: number;
  name: string;
  icon: string;
  message_count: Num;
  total_si: Num;
  total_views: Num;
}

/** Per source of the theme's live messages, by -message_count, then id. */
export async function relationSources(
  db: Db,
  themeId: number,
  filter: RelationFilter,
): Promise<RelationSourceRow[]> {
  return queryRows<RelationSourceRow>(
    db,
    sql`select so.id, so.name, so.icon, x.n as message_count, x.si as total_si, x.views as total_views
          from (select s.source_id, sum(s.message_count) as n, sum(s.si_sum) as si, sum(s.views_sum) as views
                  from message_daily_stats s
                 where s.theme_id = ${themeId} and s.source_id is not null and ${rollupWhere(filter)}
                 group by 1 having sum(s.message_count) > 0) x
          join sources so on so.id = x.source_id
         order by x.n desc, so.id`,
  );
}

export interface RelationDayRow {
  day: string;
  n: Num;
  si: Num;
  moods: Record<string, Num> | null;
}

/** Every day of [from, to) with the theme's live messages of the loms: counts, Si and counts by mood. */
export async function relationDays(
  db: Db,
  themeId: number,
  filter: RelationFilter & { period: Required<RelationPeriod> },
): Promise<RelationDayRow[]> {
  return queryRows<RelationDayRow>(
    db,
    sql`with per_mood as (
          select s.day, s.mood, sum(s.message_count) as n, sum(s.si_sum) as si
            from message_daily_stats s
           where s.theme_id = ${themeId} and ${rollupWhere(filter)}
           group by 1, 2),
        per_day as (
          select day, sum(n) as n, sum(si) as si,
                 json_object_agg(mood, n) filter (where mood is not null) as moods
            from per_mood group by 1)
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.n, 0) as n, coalesce(p.si, 0) as si, p.moods
          from generate_series(${filter.period.from}::date, ${filter.period.to}::date - 1, interval '1 day') as d(day)
          left join per_day p on p.day = d.day::date
         order by d.day`,
  );
}
