import type { ThemeListCountQuery, ThemeListQuery, ThemeListSortKey } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import type { MoodTuple } from '../../domain/aggregates/mood-table-presenter.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { type DayRange, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { offsetOf } from '../../http/pagination.ts';

/**
 * SQL of the themes table (GET api/v2/themes/, pagination_count/); docs/themes.md
 * "The themes table". The period sums come from theme_day_stats; the distinct loms, mood
 * tables, medians and first lom of the page's themes come from theme_period_stats while its
 * stamps are current, else from messages.
 */

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** The period as whole Moscow days [from, to) (YYYY-MM-DD); a missing side is open. */
export type ThemeListPeriod = DayRange;

const ids = (values: readonly number[]) => sql`${pgArray(values)}::int[]`;

/** Conditions on `themes t` of the table's filters. */
function themeWhere(query: ThemeListCountQuery, userId: number): SQL {
  const parts: SQL[] = [sql`t.archived = ${query.archived}`, sql`t.created_by_ai = ${query.ai}`];
  if (query.search) parts.push(sql`t.name ilike ${likePattern(query.search)}`);
  if (query.id_in?.length) parts.push(sql`t.id = any(${ids(query.id_in)})`);
  if (query.rubric_in?.length) {
    parts.push(
      sql`exists (select 1 from rubric_themes rt where rt.theme_id = t.id and rt.rubric_id = any(${ids(query.rubric_in)}))`,
    );
  }
  if (query.is_favorite !== undefined) {
    parts.push(
      sql`${query.is_favorite ? sql`` : sql`not`} exists (select 1 from favourite_themes f where f.theme_id = t.id and f.user_id = ${userId})`,
    );
  }
  return sql.join(parts, sql` and `);
}

function dayWhere(period: ThemeListPeriod, alias: string): SQL[] {
  const parts: SQL[] = [];
  if (period.from) parts.push(sql`${sql.raw(alias)}.day >= ${period.from}::date`);
  if (period.to) parts.push(sql`${sql.raw(alias)}.day < ${period.to}::date`);
  return parts;
}

const dayStart = (day: string) => moscowMidnight(day).toISOString();

function wroteWhere(period: ThemeListPeriod): SQL[] {
  const parts: SQL[] = [];
  if (period.from) parts.push(sql`m.wrote_at >= ${dayStart(period.from)}::timestamptz`);
  if (period.to) parts.push(sql`m.wrote_at < ${dayStart(period.to)}::timestamptz`);
  return parts;
}

/** The column of `r` (the ranked rows) each sort field orders by. */
const SORT_COLUMNS: Record<ThemeListSortKey['field'], string> = {
  total_si: 'r.total_si',
  is_favorite: 'r.is_favorite',
  subscribers: 'r.subscribers',
  lom_count: 'r.lom_count',
  total_views: 'r.total_views',
  message_number: 'r.message_number',
  approved_message_number: 'r.approved_message_number',
  name: 'lower(r.name)',
  created_at: 'r.created_at',
  id: 'r.id',
};

function orderBy(ordering: readonly ThemeListSortKey[]): SQL {
  const keys = ordering.map((key) => `${SORT_COLUMNS[key.field]} ${key.desc ? 'desc' : 'asc'}`);
  if (!ordering.some((key) => key.field === 'id')) keys.push('r.id asc');
  return sql.raw(keys.join(', '));
}

/** One mood's sums as json_build_array: mood, messages, si, views, loms, subscribers. */

/** A median group: [median Si or null, messages in the group]. */
export type GroupTuple = [number | null, number];

export interface ThemeListRow {
  total: number | string;
  id: number;
  name: string;
  created_at: string;
  active: boolean;
  archived: boolean;
  approved: boolean;
  draft: boolean;
  created_by_ai: boolean;
  hidden: boolean;
  is_favorite: boolean;
  has_info_reasons: boolean;
  subscribers: number | string | null;
  total_si: number | string | null;
  lom_count: number | string | null;
  total_views: number | string | null;
  message_number: number | string | null;
  approved_message_number: number | string | null;
  moods: MoodTuple[] | null;
  initial_lom_id: number | null;
  initial_lom_name: string | null;
  all_count: number | string | null;
  trash: GroupTuple | null;
  with_mood: GroupTuple | null;
  not_trash: GroupTuple | null;
  /** Computed from messages by this page, at this stamp of the theme (null: read from theme_period_stats). */
  fresh_version: number | string | null;
  /** The loms' subscriber stamp the page read. */
  lom_version: number | string;
}

/** Sorting by these needs every theme's distinct loms of the period, not only the page's. */
const LOM_SORT_FIELDS: readonly string[] = ['lom_count', 'subscribers'];

/**
 * Whether the filters keep only some themes: then the day sums are read for those alone.
 * Otherwise (the working table, the archive, the AI list: most themes) summing every theme's
 * days and dropping the rest in the join is cheaper than testing each day row against them.
 */
const narrowed = (query: ThemeListCountQuery) =>
  Boolean(query.search || query.id_in?.length || query.rubric_in?.length || query.is_favorite !== undefined);

/** The key of a period in theme_period_stats: an open side is -infinity / infinity. */
const periodKey = (period: ThemeListPeriod) => ({
  from: sql`${period.from ?? '-infinity'}::date`,
  to: sql`${period.to ?? 'infinity'}::date`,
});

/** Results computed at a current stamp are kept this long (a quiet theme's past periods). */
const KEPT_RESULTS = sql.raw(`interval '7 days'`);

/**
 * One page of the table with the list's total, in ONE prepared statement:
 *  1. `f`: the filtered themes (a few hundred at most);
 *  2. `ts`: their period sums from theme_day_stats (one row per theme and day); when the
 *     ordering sorts by lom_count or subscribers, from message_daily_stats instead, as those
 *     need every theme's distinct loms of the period;
 *  3. `p`: every filtered theme ranked in the asked order, the page cut out, count(*) over ();
 *  4. `hit`: the page's themes whose results for this period are kept in theme_period_stats
 *     at their current stamps (theme_stat_versions, and the loms' subscriber stamp);
 *  5. for the others (`miss`) only: their messages of the period (`pm`), an index-only scan of
 *     messages_theme_cover_idx, giving the distinct loms and their subscribers (`pt`), the
 *     verified mood table (`moods`), the medians and group sizes (`med`) and the first lom,
 *     answered with the stamp they were computed at (`fresh_version`).
 * The stamps and the messages are read from the statement's one snapshot, so a result is
 * kept under the stamp it was computed at; a write committed later changes the stamp. The
 * statement only reads: `keepThemePeriodStats` stores the fresh results afterwards.
 */
export async function themeListPage(
  db: Db,
  query: ThemeListQuery,
  userId: number,
  period: ThemeListPeriod,
): Promise<ThemeListRow[]> {
  return queryPrepared<ThemeListRow>(db, 'theme_list_page', themeListPageSql(query, userId, period));
}

/** The statement of themeListPage (apart for EXPLAIN). */
export function themeListPageSql(query: ThemeListQuery, userId: number, period: ThemeListPeriod): SQL {
  const days = dayWhere(period, 's');
  const wrote = wroteWhere(period);
  const key = periodKey(period);
  const dayCond = days.length ? sql` and ${sql.join(days, sql` and `)}` : sql``;
  const wroteCond = wrote.length ? sql` and ${sql.join(wrote, sql` and `)}` : sql``;
  const byLoms = query.ordering.some((key) => LOM_SORT_FIELDS.includes(key.field));
  const sums = byLoms
    ? sql`select tl.theme_id, sum(tl.n) as n, sum(tl.si) as si, sum(tl.views) as views,
                 sum(tl.approved) as approved, count(tl.lom_id) as lom_count,
                 coalesce(sum(l.subscribers), 0) as subscribers
            from (select s.theme_id, s.lom_id, sum(s.message_count) as n, sum(s.si_sum) as si,
                         sum(s.views_sum) as views,
                         coalesce(sum(s.message_count) filter (where s.verified), 0) as approved
                    from message_daily_stats s
                   where s.theme_id in (select id from f) and s.live${dayCond}
                   group by 1, 2) tl
            left join loms l on l.id = tl.lom_id
           group by 1`
    : sql`select s.theme_id, sum(s.message_count) as n, sum(s.si_sum) as si, sum(s.views_sum) as views,
                 sum(s.verified_count) as approved, 0 as lom_count, 0 as subscribers
            from theme_day_stats s
           where ${narrowed(query) ? sql`s.theme_id in (select id from f)` : sql`true`}${dayCond}
           group by 1`;
  return sql`with f as (
          select t.id, t.name, t.created_at, t.active, t.archived, t.approved, t.draft, t.created_by_ai, t.hidden,
                 exists (select 1 from favourite_themes fv where fv.theme_id = t.id and fv.user_id = ${userId})
                   as is_favorite
            from themes t
           where ${themeWhere(query, userId)}),
        ts as (${sums}),
        r as (
          select f.*, coalesce(ts.n, 0) as message_number, coalesce(ts.si, 0) as total_si,
                 coalesce(ts.views, 0) as total_views, coalesce(ts.approved, 0) as approved_message_number,
                 coalesce(ts.lom_count, 0) as lom_count, coalesce(ts.subscribers, 0) as subscribers
            from f left join ts on ts.theme_id = f.id),
        p as (
          select r.*, count(*) over () as total, row_number() over (order by ${orderBy(query.ordering)}) as rn
            from r
           order by rn
           limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}),
        lv as (select coalesce((select version from stat_versions where name = 'lom_subscribers'), 0) as v),
        cur as (
          select p.id, coalesce(v.version, 0) as version
            from p left join theme_stat_versions v on v.theme_id = p.id),
        hit as (
          select c.theme_id, c.lom_count, c.subscribers, c.moods, c.initial_lom_id, c.all_count,
                 c.trash, c.with_mood, c.not_trash
            from cur
            join theme_period_stats c
              on c.theme_id = cur.id and c.day_from = ${key.from} and c.day_to = ${key.to}
             and c.version = cur.version and c.lom_version = (select v from lv)),
        miss as (select cur.id, cur.version from cur where cur.id not in (select theme_id from hit)),
        pm as (
          select m.theme_id, m.lom_id, m.mood, m.verified, m.trash, m.si, m.number_views,
                 not m.trash and not m.archived and not m.delayed as live
            from messages m
           where m.theme_id = any(array(select id from miss))${wroteCond}),
        ls as (select l.id, l.subscribers from loms l where l.id in (select lom_id from pm)),
        pt as (
          select d.theme_id, count(*) as lom_count, coalesce(sum(l.subscribers), 0) as subscribers
            from (select distinct theme_id, lom_id from pm where live and lom_id is not null) d
            join ls l on l.id = d.lom_id
           group by 1),
        moods as (
          select theme_id, json_agg(json_build_array(mood, n, si, views, lom_count, subscribers)) as moods
            from (select x.theme_id, x.mood, sum(x.n) as n, sum(x.si) as si, sum(x.views) as views,
                         count(x.lom_id) as lom_count, coalesce(sum(l.subscribers), 0) as subscribers
                    from (select theme_id, mood, lom_id, count(*) as n, sum(si) as si, sum(number_views) as views
                            from pm where live and verified and mood is not null
                           group by 1, 2, 3) x
                    left join ls l on l.id = x.lom_id
                   group by 1, 2) mm
           group by 1),
        med as (
          select theme_id, count(*) as all_count,
                 json_build_array(
                   percentile_cont(0.5) within group (order by si) filter (where trash),
                   count(*) filter (where trash)) as trash,
                 json_build_array(
                   percentile_cont(0.5) within group (order by si) filter (where live and mood is not null),
                   count(*) filter (where live and mood is not null)) as with_mood,
                 json_build_array(
                   percentile_cont(0.5) within group (order by si) filter (where not trash),
                   count(*) filter (where not trash)) as not_trash
            from pm
           group by 1),
        fresh as (
          select miss.id as theme_id, miss.version, coalesce(pt.lom_count, 0) as lom_count,
                 coalesce(pt.subscribers, 0) as subscribers, mo.moods, il.lom_id as initial_lom_id,
                 coalesce(med.all_count, 0) as all_count, med.trash, med.with_mood, med.not_trash
            from miss
            left join pt on pt.theme_id = miss.id
            left join moods mo on mo.theme_id = miss.id
            left join med on med.theme_id = miss.id
            left join lateral (
              select m.lom_id
                from messages m
               where m.theme_id = miss.id and m.lom_id is not null
                 and m.wrote_at = (select min(m2.wrote_at) from messages m2
                                    where m2.theme_id = miss.id and m2.lom_id is not null)
               order by m.id
               limit 1) il on true),
        st as (
          select theme_id, null::bigint as fresh_version, lom_count, subscribers, moods, initial_lom_id, all_count,
                 trash, with_mood, not_trash
            from hit
          union all
          select theme_id, version, lom_count, subscribers, moods, initial_lom_id, all_count, trash, with_mood,
                 not_trash
            from fresh)
        select p.total, p.id, p.name, to_char(p.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
               p.active, p.archived, p.approved, p.draft, p.created_by_ai, p.hidden, p.is_favorite,
               exists (select 1 from info_reasons ir where ir.theme_id = p.id) as has_info_reasons,
               coalesce(st.subscribers, 0) as subscribers, p.total_si, coalesce(st.lom_count, 0) as lom_count,
               p.total_views, p.message_number, p.approved_message_number,
               st.moods, il.id as initial_lom_id, il.name as initial_lom_name,
               st.all_count, st.trash, st.with_mood, st.not_trash, st.fresh_version,
               (select v from lv) as lom_version
          from p
          left join st on st.theme_id = p.id
          left join loms il on il.id = st.initial_lom_id
         order by p.rn`;
}

/**
 * Stores the results a page computed (`fresh_version` set) under their stamps, then drops those
 * themes' results of other periods that are stale or older than a week. Two statements of their
 * own, outside any transaction, so no deadlock can form: the upsert takes its rows in theme order,
 * and the delete skips every row another session holds (it never waits, so it never closes a
 * cycle). A theme deleted meanwhile is not stored.
 */
export async function keepThemePeriodStats(db: Db, period: ThemeListPeriod, rows: readonly ThemeListRow[]) {
  const fresh = rows.filter((row) => row.fresh_version !== null);
  if (fresh.length === 0) return;
  const key = periodKey(period);
  const lomVersion = fresh[0].lom_version;
  const values = JSON.stringify(
    fresh.map((row) => ({
      theme_id: row.id,
      version: row.fresh_version,
      lom_count: row.lom_count ?? 0,
      subscribers: row.subscribers ?? 0,
      moods: row.moods,
      initial_lom_id: row.initial_lom_id,
      all_count: row.all_count ?? 0,
      trash: row.trash,
      with_mood: row.with_mood,
      not_trash: row.not_trash,
    })),
  );
  await queryRows(
    db,
    sql`insert into theme_period_stats as c (theme_id, day_from, day_to, version, lom_version, lom_count,
                                             subscribers, moods, initial_lom_id, all_count, trash, with_mood,
                                             not_trash)
        select x.theme_id, ${key.from}, ${key.to}, x.version, ${lomVersion}::bigint, x.lom_count, x.subscribers,
               x.moods, x.initial_lom_id, x.all_count, x.trash, x.with_mood, x.not_trash
          from json_to_recordset(${values}::json) as x(theme_id int, version bigint, lom_count int,
               subscribers bigint, moods json, initial_lom_id int, all_count int, trash json, with_mood json,
               not_trash json)
         where exists (select 1 from themes t where t.id = x.theme_id)
         order by x.theme_id
        on conflict (theme_id, day_from, day_to) do update set
          version = excluded.version, lom_version = excluded.lom_version, computed_at = now(),
          lom_count = excluded.lom_count, subscribers = excluded.subscribers, moods = excluded.moods,
          initial_lom_id = excluded.initial_lom_id, all_count = excluded.all_count, trash = excluded.trash,
          with_mood = excluded.with_mood, not_trash = excluded.not_trash
        where (c.version, c.lom_version) is distinct from (excluded.version, excluded.lom_version)`,
  );
  const stamps = JSON.stringify(fresh.map((row) => ({ theme_id: row.id, version: row.fresh_version })));
  await queryRows(
    db,
    sql`delete from theme_period_stats
         where ctid in (
           select c.ctid
             from theme_period_stats c
             join json_to_recordset(${stamps}::json) as x(theme_id int, version bigint) on x.theme_id = c.theme_id
            where (c.day_from, c.day_to) <> (${key.from}, ${key.to})
              and (c.version <> x.version or c.lom_version <> ${lomVersion}::bigint
                   or c.computed_at < now() - ${KEPT_RESULTS})
              for update of c skip locked)`,
  );
}

/** How many themes the filters select (pagination_count/). */
export async function countThemeList(db: Db, query: ThemeListCountQuery, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from themes t where ${themeWhere(query, userId)}`,
  );
  return Number(row?.n ?? 0);
}
