import { expandMoodFilter, type MessageFilter } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { messageFilterConditions } from '../../domain/filters/message-filter-queries.ts';
import { moscowDayStart } from '../../domain/moscow-calendar.ts';

/**
 * SQL of the dashboards (docs/dashboards.md). Every read goes through `statsSource`: the
 * dashboard's messages in the period summed per (Moscow day, lom, mood), from the rollup
 * message_daily_stats for a theme over whole days, else from messages.
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
      from (${statsSource(scope)}) s group by 1, 2`,
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

function likeOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

export interface AvailableLomRow {
  id: number;
  name: string;
  avatar: string | null;
  total: string | number;
}

/** Loms not constant in the dashboard, by name: the pick list of add-loms-arr/. */
export async function availableLoms(
  db: Db,
  set: DashboardSet,
  search: string | undefined,
  paging: { limit: number; offset: number },
): Promise<AvailableLomRow[]> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  return queryRows(
    db,
    sql`select l.id, l.name, l.avatar, count(*) over () as total from loms l
         where not l.archived and ${byName}
           and l.id not in (select c.lom_id from (${constantLomsSql(set)}) c)
         order by lower(l.name), l.id limit ${paging.limit} offset ${paging.offset}`,
  );
}

export async function countAvailableLoms(
  db: Db,
  set: DashboardSet,
  search: string | undefined,
): Promise<number> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from loms l where not l.archived and ${byName}
           and l.id not in (select c.lom_id from (${constantLomsSql(set)}) c)`,
  );
  return Number(row?.n ?? 0);
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export async function existingLomIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select id from loms where id in (${idList(ids)})`);
  return new Set(rows.map((row) => Number(row.id)));
}

type WritableSet =
  | Extract<DashboardSet, { kind: 'theme' | 'personal' }>
  | { kind: 'theme' | 'personal'; id: number };

function table(set: WritableSet) {
  return set.kind === 'theme'
    ? { name: sql.raw('theme_dashboard_loms'), key: sql.raw('theme_id') }
    : { name: sql.raw('personal_theme_loms'), key: sql.raw('personal_theme_id') };
}

/** The current list of each of the loms (absent when not constant). */
export async function tonalitiesOf(
  db: Db,
  set: WritableSet,
  lomIds: readonly number[] | null,
): Promise<Map<number, number>> {
  const t = table(set);
  const only = lomIds ? (lomIds.length ? sql`and lom_id in (${idList(lomIds)})` : sql`and false`) : sql``;
  const rows = await queryRows<{ lom_id: number; tonality: number }>(
    db,
    sql`select lom_id, tonality from ${t.name} where ${t.key} = ${set.id} ${only} for update`,
  );
  return new Map(rows.map((row) => [Number(row.lom_id), Number(row.tonality)]));
}

export async function upsertConstantLoms(
  db: Db,
  set: WritableSet,
  entries: readonly { lomId: number; tonality: number }[],
): Promise<void> {
  if (!entries.length) return;
  const t = table(set);
  const values = sql.join(
    entries.map((e) => sql`(${set.id}, ${e.lomId}, ${e.tonality})`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${t.name} (${t.key}, lom_id, tonality) values ${values}
        on conflict (${t.key}, lom_id) do update set tonality = excluded.tonality`,
  );
}

export async function deleteConstantLoms(db: Db, set: WritableSet, lomIds: readonly number[]): Promise<void> {
  if (!lomIds.length) return;
  const t = table(set);
  await db.execute(sql`delete from ${t.name} where ${t.key} = ${set.id} and lom_id in (${idList(lomIds)})`);
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

// ---- Pinned themes ----

export interface PinnedThemeRow {
  id: number;
  name: string;
  position: number;
  constant_lom_count: string | number;
}

export async function pinnedThemes(db: Db): Promise<PinnedThemeRow[]> {
  return queryRows<PinnedThemeRow>(
    db,
    sql`select t.id, t.name, d.position,
               (select count(*) from theme_dashboard_loms c where c.theme_id = t.id) as constant_lom_count
          from dashboard_themes d join themes t on t.id = d.theme_id
         order by d.position, d.id`,
  );
}

export async function isPinned(db: Db, themeId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from dashboard_themes where theme_id = ${themeId}`);
  return rows.length > 0;
}

export async function pinTheme(db: Db, themeId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`insert into dashboard_themes (theme_id, created_by, position)
        select ${themeId}, ${userId}, coalesce(max(position), -1) + 1 from dashboard_themes
        returning position`,
  );
  return Number(row.position);
}

export async function unpinTheme(db: Db, themeId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from dashboard_themes where theme_id = ${themeId} returning id`,
  );
  return rows.length > 0;
}

export interface ThemeMoodSumRow {
  theme_id: number;
  mood: number | null;
  n: string | number;
  si: number | null;
  views: string | number;
  lom_count: string | number;
  subscribers: string | number | null;
}

/** Per-theme, per-mood sums of verified live messages over whole days (the rollup). */
export async function themeMoodSums(
  db: Db,
  themeIds: readonly number[],
  afterDay: string,
  beforeDay: string,
): Promise<ThemeMoodSumRow[]> {
  if (!themeIds.length) return [];
  return queryRows(
    db,
    sql`with p as (
          select r.theme_id, r.mood, r.lom_id, sum(r.message_count)::bigint as n, sum(r.si_sum) as si,
                 sum(r.views_sum)::bigint as views
            from message_daily_stats r
           where r.theme_id in (${idList(themeIds)}) and r.day >= ${afterDay}::date and r.day < ${beforeDay}::date
             and r.live and r.verified
           group by 1, 2, 3)
        select p.theme_id, p.mood, sum(p.n) as n, sum(p.si) as si, sum(p.views) as views,
               count(p.lom_id) as lom_count, sum(l.subscribers) as subscribers
          from p left join loms l on l.id = p.lom_id
         group by 1, 2`,
  );
}

export interface ThemeChoiceRow {
  id: number;
  name: string;
  constant_lom_count: string | number;
  pinned: boolean;
}

/** Non-archived themes with constant loms or pinned, by name. */
export async function dashboardThemeChoices(db: Db): Promise<ThemeChoiceRow[]> {
  return queryRows(
    db,
    sql`select t.id, t.name, coalesce(c.n, 0) as constant_lom_count, (d.theme_id is not null) as pinned
          from themes t
          left join (select theme_id, count(*) as n from theme_dashboard_loms group by 1) c on c.theme_id = t.id
          left join dashboard_themes d on d.theme_id = t.id
         where not t.archived and (c.n is not null or d.theme_id is not null)
         order by lower(t.name), t.id`,
  );
}
