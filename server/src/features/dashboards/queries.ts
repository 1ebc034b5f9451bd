import { DASHBOARD_POOLS, expandMoodFilter, type MessageFilter } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { type ThemeCellFilter, themeCellRows } from '../../domain/aggregates/theme-cells-queries.ts';
import { messageFilterConditions } from '../../domain/filters/message-filter-queries.ts';
import { moscowDayStart } from '../../domain/moscow-calendar.ts';

/**
 * SQL of the dashboards (docs/dashboards.md). Every read goes through `statsSource`: the
 * dashboard's messages in the period summed per (Moscow day, lom, mood), from the rollup
 * message_daily_stats for a theme over whole days, else from messages. The constant lom lists'
 * pick list and writes are in lom-queries.ts, the pinned themes in pinned-queries.ts.
 */

export type DashboardKind = 'theme' | 'personal' | 'rubric';

/** The message set of one dashboard. */
export type DashboardSet =
  | { kind: 'theme'; id: number }
  | { kind: 'rubric'; id: number }
  | { kind: 'personal'; id: number; filter: Omit<MessageFilter, 'ordering'> };

export interface Scope {
  set: DashboardSet;
  /** Inclusive. */
  after: Date;
  /** Exclusive. */
  before: Date;
  /** 1: the dashboard's constant loms only; 4: regional loms only. */
  pool?: 1 | 4;
  /** Mood tables and graphs count verified messages only. */
  verifiedOnly?: boolean;
  /** As sent: 3 also takes 4. */
  moods?: readonly number[];
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An ILIKE pattern matching `search` anywhere, its wildcards taken literally. */
export function likeOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The constant loms of a dashboard as a subquery of lom ids (and their list tonality). */
export function constantLomsSql(set: DashboardSet): SQL {
  if (set.kind === 'theme')
    return sql`select lom_id, tonality from theme_dashboard_loms where theme_id = ${set.id}`;
  if (set.kind === 'personal')
    return sql`select lom_id, tonality from personal_theme_loms where personal_theme_id = ${set.id}`;
  return sql`select lom_id, null::smallint as tonality from lom_rubrics where rubric_id = ${set.id}`;
}

function poolCondition(scope: Scope, lomColumn: SQL): SQL | null {
  if (scope.pool === 1) return sql`${lomColumn} in (select c.lom_id from (${constantLomsSql(scope.set)}) c)`;
  // Regional loms: region_type 2 («региональный»; 1 is federal). Every lom may have a region set.
  // theme_regional_days (migration 0010) holds the same definition.
  if (scope.pool === 4) return sql`${lomColumn} in (select id from loms where region_type = 2)`;
  return null;
}

/** Whether the rollup can answer exactly: a theme over whole Moscow days. */
export function usesRollup(scope: Scope): boolean {
  return (
    scope.set.kind === 'theme' &&
    moscowDayStart(scope.after) !== null &&
    moscowDayStart(scope.before) !== null
  );
}

/**
 * Whether the theme cells answer: a theme over whole Moscow days, over every lom (theme_mood_days)
 * or the regional ones (theme_regional_days). The constant loms' pool needs each lom's counts,
 * which only message_daily_stats keeps.
 */
export function usesThemeCells(scope: Scope): boolean {
  return usesRollup(scope) && (scope.pool === undefined || scope.pool === DASHBOARD_POOLS.REGIONAL_LOMS);
}

/** The theme cells' filter of a scope that usesThemeCells. */
export function themeCellsOf(scope: Scope): ThemeCellFilter {
  return {
    themeId: scope.set.id,
    range: { from: moscowDayStart(scope.after) ?? undefined, to: moscowDayStart(scope.before) ?? undefined },
    verifiedOnly: scope.verifiedOnly,
    moods: scope.moods,
    regional: scope.pool === DASHBOARD_POOLS.REGIONAL_LOMS,
  };
}

/**
 * Rows (day text YYYY-MM-DD, lom_id, mood, n, si, views) of the dashboard's live messages in
 * the period, grouped per day, lom and mood.
 */
export function statsSource(scope: Scope): SQL {
  const moods = scope.moods?.length ? expandMoodFilter(scope.moods) : null;
  const moodList = moods
    ? sql.join(
        moods.map((mood) => sql`${mood}`),
        sql`, `,
      )
    : null;
  if (usesRollup(scope)) {
    const parts: SQL[] = [
      sql`r.theme_id = ${scope.set.id}`,
      sql`r.day >= ${moscowDayStart(scope.after)}::date`,
      sql`r.day < ${moscowDayStart(scope.before)}::date`,
      sql`r.live`,
    ];
    if (scope.verifiedOnly) parts.push(sql`r.verified`);
    if (moodList) parts.push(sql`r.mood in (${moodList})`);
    const pool = poolCondition(scope, sql`r.lom_id`);
    if (pool) parts.push(pool);
    return sql`select to_char(r.day, 'YYYY-MM-DD') as day, r.lom_id, r.mood, sum(r.message_count)::bigint as n,
        sum(r.si_sum) as si, sum(r.views_sum)::bigint as views
      from message_daily_stats r where ${sql.join(parts, sql` and `)} group by r.day, r.lom_id, r.mood`;
  }
  // Unaliased: messageFilterConditions names the columns as "messages"."…".
  const parts: SQL[] = [
    sql`messages.wrote_at >= ${iso(scope.after)}`,
    sql`messages.wrote_at < ${iso(scope.before)}`,
    sql`not messages.trash and not messages.archived and not messages.delayed`,
  ];
  const set = scope.set;
  if (set.kind === 'theme') parts.push(sql`messages.theme_id = ${set.id}`);
  else if (set.kind === 'rubric')
    parts.push(
      sql`exists (select 1 from message_rubrics mr where mr.message_id = messages.id and mr.rubric_id = ${set.id})`,
    );
  else parts.push(...messageFilterConditions(set.filter));
  if (scope.verifiedOnly) parts.push(sql`messages.verified`);
  if (moodList) parts.push(sql`messages.mood in (${moodList})`);
  const pool = poolCondition(scope, sql`messages.lom_id`);
  if (pool) parts.push(pool);
  return sql`select to_char((messages.wrote_at at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as day, messages.lom_id, messages.mood,
      count(*)::bigint as n, sum(messages.si) as si, sum(messages.number_views)::bigint as views
    from messages where ${sql.join(parts, sql` and `)} group by 1, 2, 3`;
}

/** Per (lom, mood) sums: the input of the shared mood table builder. */
export function perLomMoodSql(scope: Scope): SQL {
  return sql`select s.lom_id, s.mood, sum(s.n)::bigint as n, sum(s.si) as si, sum(s.views)::bigint as views
    from (${statsSource(scope)}) s group by 1, 2`;
}

export interface BucketRow {
  bucket: string;
  mood: number | null;
  n: string | number;
  si: number | string | null;
}

const BUCKET_SQL = {
  day: sql`s.day`,
  week: sql`to_char(date_trunc('week', s.day::timestamp), 'YYYY-MM-DD')`,
  month: sql`to_char(date_trunc('month', s.day::timestamp), 'YYYY-MM-DD')`,
} as const;

export async function graphBuckets(
  db: Db,
  scope: Scope,
  step: keyof typeof BUCKET_SQL,
): Promise<BucketRow[]> {
  return queryPrepared<BucketRow>(
    db,
    'dashboard_graph',
    sql`select ${BUCKET_SQL[step]} as bucket, s.mood, sum(s.n)::bigint as n, sum(s.si) as si
      from (${
        usesThemeCells(scope)
          ? themeCellRows(
              themeCellsOf(scope),
              sql`to_char(day, 'YYYY-MM-DD') as day, mood, message_count as n, si_sum as si`,
            )
          : statsSource(scope)
      }) s group by 1, 2`,
  );
}

/** One lom's period sums: `moods` holds [mood, count] pairs. */
export interface LomStatsRow {
  id: number;
  name: string;
  avatar: string | null;
  subscribers: string | number;
  tonality: number | null;
  message_count: string | number | null;
  total_si: number | string | null;
  total_views: string | number | null;
  moods: [number, number][] | null;
  total: string | number;
}

const lomStatsCte = (scope: Scope) => sql`per_lom as (
    select s.lom_id, sum(s.n)::bigint as n, sum(s.si) as si, sum(s.views)::bigint as views,
           json_agg(json_build_array(s.mood, s.n)) filter (where s.mood is not null) as moods
      from (select lom_id, mood, sum(n)::bigint as n, sum(si) as si, sum(views)::bigint as views
              from (${statsSource(scope)}) x where x.lom_id is not null group by 1, 2) s
     group by s.lom_id)`;

const LOM_ORDER = sql`coalesce(p.si, 0) desc, coalesce(p.n, 0) desc, l.name, l.id`;

/**
 * The constant loms of one list (tonality given) or all of them (null), with their sums;
 * paged when `page` is given, else every one (rubric lists are classified in code).
 */
export async function constantLomStats(
  db: Db,
  scope: Scope,
  tonality: number | null,
  paging: { limit: number; offset: number } | null,
): Promise<LomStatsRow[]> {
  const byList = tonality === null ? sql`true` : sql`c.tonality = ${tonality}`;
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  return queryRows<LomStatsRow>(
    db,
    sql`with ${lomStatsCte(scope)}, c as (${constantLomsSql(scope.set)})
      select l.id, l.name, l.avatar, l.subscribers, c.tonality, p.n as message_count, p.si as total_si,
             p.views as total_views, p.moods, count(*) over () as total
        from c join loms l on l.id = c.lom_id left join per_lom p on p.lom_id = l.id
       where ${byList}
       order by ${LOM_ORDER} ${page}`,
  );
}

/** Every lom that wrote messages of the dashboard in the period, with its list (or null). */
export async function writingLomStats(
  db: Db,
  scope: Scope,
  search: string | undefined,
  paging: { limit: number; offset: number },
): Promise<LomStatsRow[]> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  return queryRows<LomStatsRow>(
    db,
    sql`with ${lomStatsCte(scope)}, c as (${constantLomsSql(scope.set)})
      select l.id, l.name, l.avatar, l.subscribers, c.tonality, p.n as message_count, p.si as total_si,
             p.views as total_views, p.moods, count(*) over () as total
        from per_lom p join loms l on l.id = p.lom_id left join c on c.lom_id = l.id
       where ${byName}
       order by ${LOM_ORDER} limit ${paging.limit} offset ${paging.offset}`,
  );
}

export async function countWritingLoms(db: Db, scope: Scope, search: string | undefined): Promise<number> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(distinct s.lom_id) as n from (${statsSource(scope)}) s join loms l on l.id = s.lom_id
         where ${byName}`,
  );
  return Number(row?.n ?? 0);
}

export async function countConstantLoms(db: Db, set: DashboardSet): Promise<Map<number | null, number>> {
  const rows = await queryRows<{ tonality: number | null; n: string | number }>(
    db,
    sql`select c.tonality, count(*) as n from (${constantLomsSql(set)}) c group by 1`,
  );
  return new Map(rows.map((row) => [row.tonality === null ? null : Number(row.tonality), Number(row.n)]));
}

// ---- Themes, rubrics, personal themes ----

export async function themeById(
  db: Db,
  id: number,
): Promise<{ id: number; name: string; archived: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; name: string; archived: boolean }>(
    db,
    sql`select id, name, archived from themes where id = ${id}`,
  );
  return row;
}

export async function rubricExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from rubrics where id = ${id}`);
  return rows.length > 0;
}

export async function personalThemeById(
  db: Db,
  id: number,
): Promise<{ id: number; user_id: number; name: string; filters: unknown } | undefined> {
  const [row] = await queryRows<{ id: number; user_id: number; name: string; filters: unknown }>(
    db,
    sql`select id, user_id, name, filters from personal_themes where id = ${id}`,
  );
  return row;
}
