import { FOREIGN_AGENT_THEMATIC_GROUP, isLomPeriodMetric, type LomListQuery } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRows } from '../../db/client.ts';
import { offsetOf } from '../../http/pagination.ts';
import { periodRows } from '../aggregates/lom-days-queries.ts';
import { PERIOD_SCOPE, storedPeriodOf } from '../aggregates/standard-periods.ts';
import { likePattern } from '../filters/message-filter-queries.ts';
import { type DayRange, moscowMidnight, wholeDays } from '../moscow-calendar.ts';
import { pgArray } from '../pg-array.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** The period widened to whole Moscow days [from, to): the per-lom rollups count by day. */
export type DayPeriod = DayRange;

/** Null when no bound is given (all-time metrics from the lom's own columns). */
export const dayPeriod = (after?: Date, before?: Date): DayPeriod | null => wholeDays(after, before);

/**
 * `= any(…)` of one array parameter: a page's 100 lom ids are one bind value, not 100 (drizzle
 * builds, and PostgreSQL parses, one chunk instead of a hundred in each of the page's queries).
 */
const anyOf = (values: readonly number[]) => sql`any(${pgArray(values)}::int[])`;

/** Conditions on `loms l` of the list's filters; archived loms never show. */
function filterConditions(query: LomListQuery, userId: number): SQL[] {
  const where: SQL[] = [sql`not l.archived`];
  if (query.search) where.push(sql`l.name ilike ${likePattern(query.search)}`);
  if (query.is_active !== undefined) where.push(sql`l.is_active = ${query.is_active}`);
  if (query.region_in?.length) where.push(sql`l.region_id = ${anyOf(query.region_in)}`);
  const link = (table: string, column: string, values?: number[]) => {
    if (!values?.length) return;
    where.push(
      sql`exists (select 1 from ${sql.identifier(table)} x where x.lom_id = l.id and x.${sql.identifier(column)} = ${anyOf(values)})`,
    );
  };
  link('lom_lom_types', 'lom_type_id', query.lom_types_in);
  link('lom_lom_types', 'lom_type_id', query.segment_in);
  link('lom_lom_types', 'lom_type_id', query.category_in);
  link('lom_lom_focuses', 'lom_focus_id', query.lom_focuses_in);
  link('lom_producer_centers', 'producer_center_id', query.producer_centers_in);
  link('lom_sources', 'source_id', query.source_in);
  if (query.is_favourite !== undefined) {
    const fav = sql`exists (select 1 from favourite_loms f where f.user_id = ${userId} and f.lom_id = l.id)`;
    where.push(query.is_favourite ? fav : sql`not ${fav}`);
  }
  return where;
}

/** Live messages (not trash, archived or delayed) of the given loms, on the rollups' alias `s`. */
function liveOf(lomIds?: readonly number[]): SQL[] {
  const where = [sql`not s.trash and not s.archived and not s.delayed`];
  if (lomIds) where.push(sql`s.lom_id = ${anyOf(lomIds)}`);
  return where;
}

function quotesWhere(period: DayPeriod, lomIds?: readonly number[]): SQL {
  const parts: SQL[] = [sql`q.lom_id is not null`];
  if (period.from) parts.push(sql`q.wrote_at >= ${moscowMidnight(period.from).toISOString()}::timestamptz`);
  if (period.to) parts.push(sql`q.wrote_at < ${moscowMidnight(period.to).toISOString()}::timestamptz`);
  if (lomIds) parts.push(sql`q.lom_id = ${anyOf(lomIds)}`);
  return sql.join(parts, sql` and `);
}

/**
 * Per-lom sums of the period's live messages from the per-lom rollups (lom-days-queries.ts:
 * whole weeks from lom_week_stats, edge days from lom_day_stats): in a period
 * messages_count is the live count too and verified_count the live verified ones. For a
 * page's loms the primary keys (lom_id, week | day, …) read those loms only.
 */
const periodSums = (period: DayPeriod, lomIds?: readonly number[]) => sql`
  select x.lom_id,
         sum(x.message_count) as n,
         sum(x.si_sum) as si,
         sum(x.views_sum) as views,
         sum(x.verified_count) as verified
    from (${periodRows(period, liveOf(lomIds))}) x group by x.lom_id`;

const periodQuotes = (period: DayPeriod, lomIds?: readonly number[]) => sql`
  select q.lom_id, count(*) as n from quotes q where ${quotesWhere(period, lomIds)} group by q.lom_id`;

/**
 * The period of a list request: its Moscow days, and the standard period whose window they
 * are exactly (lom_period_stats, src/domain/aggregates/standard-periods.ts), if any.
 */
export interface ListPeriod {
  range: DayPeriod;
  stored: number | null;
}

/** The list period of a request's days, with its stored period when it is a standard one. */
export async function listPeriodOf(db: Db, range: DayPeriod | null): Promise<ListPeriod | null> {
  return range ? { range, stored: await storedPeriodOf(db, range) } : null;
}

/** Each period metric as a column of lom_period_stats (`ps`), live scope; quotes are not there. */
const STORED_METRICS: Record<string, SQL> = {
  total_si: sql`ps.si_sum`,
  total_views: sql`ps.views_sum`,
  message_number: sql`ps.message_count`,
  messages_count: sql`ps.message_count`,
  verified_count: sql`ps.verified_count`,
  average_si: sql`ps.si_sum / nullif(ps.message_count, 0)`,
};

/** The stored metrics with an index (period, scope, metric desc, lom_id) on lom_period_stats: all but the ratio. */
const { average_si: _ratio, ...INDEXED_METRICS } = STORED_METRICS;

/**
 * A descending page of a standard period by an indexed metric: a walk of the metric's index from
 * the top, each lom checked against the list's filters, when the page holds loms with a positive
 * value only (the usual first pages); past them, where loms without messages are ordered by id,
 * `all` (every filtered lom joined with its stored row) answers instead. The choice is a one-time
 * filter of the same statement, so the page stays one prepared statement.
 */
function topByIndex(stored: number, metric: SQL, where: SQL, query: LomListQuery, all: SQL): SQL {
  const size = query.page_size;
  return sql`with top as materialized (
               select l.id, ${metric} as v
                 from lom_period_stats ps join loms l on l.id = ps.lom_id
                where ps.period = ${stored} and ps.scope = ${PERIOD_SCOPE.live} and ${metric} > 0 and ${where}
                order by ${metric} desc nulls last, ps.lom_id
                limit ${size} offset ${offsetOf(query.page, size)})
             select id, v from top where (select count(*) from top) = ${size}
             union all
             select id, v from (${all}) a where (select count(*) from top) < ${size}`;
}

/** The live rows of lom_period_stats (`ps`) of the stored period, for the lom `lomId`. */
const storedRowOf = (stored: number, lomId: SQL) =>
  sql`ps.period = ${stored} and ps.scope = ${PERIOD_SCOPE.live} and ps.lom_id = ${lomId}`;

/** Each period metric as one aggregate over the period's live rows (`x`, periodRows). */
const PERIOD_AGGREGATES: Record<string, SQL> = {
  total_si: sql`sum(x.si_sum)`,
  total_views: sql`sum(x.views_sum)`,
  message_number: sql`sum(x.message_count)`,
  messages_count: sql`sum(x.message_count)`,
  verified_count: sql`sum(x.verified_count)`,
  average_si: sql`sum(x.si_sum) / nullif(sum(x.message_count), 0)`,
};

/**
 * The one metric the list is ordered by, per lom (`lom_id`, `n`), for every lom: only that
 * sum is aggregated over index-only scans of the period's stretch of
 * lom_week_stats_week_idx (whole weeks) and lom_day_stats_day_idx (edge days).
 */
function periodMetricOf(field: string, period: DayPeriod): SQL {
  if (field === 'quotes_count') return periodQuotes(period);
  return sql`select x.lom_id, ${PERIOD_AGGREGATES[field]} as n
               from (${periodRows(period, liveOf())}) x group by x.lom_id`;
}

function columnExpression(field: string): SQL {
  if (field === 'name') return sql`lower(l.name)`;
  return sql`l.${sql.identifier(field)}`;
}

export interface PageIds {
  ids: number[];
  total: number;
}

/**
 * The select of one page of the list: `id` and the ordering value `v`, in order. Ordering by
 * a period metric joins the filtered loms with that metric summed over the period for every
 * lom; any other ordering pages the loms first (the default -subscribers reads
 * loms_list_idx).
 */
function pageSelect(query: LomListQuery, userId: number, period: ListPeriod | null) {
  const desc = query.ordering.startsWith('-');
  const field = desc ? query.ordering.slice(1) : query.ordering;
  const where = sql.join(filterConditions(query, userId), sql` and `);
  const direction = desc ? sql`desc` : sql`asc`;
  const limit = sql`limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`;
  let page: SQL;
  if (period?.stored && field in STORED_METRICS) {
    // A standard period: one stored row per lom, whatever the number of messages.
    const all = sql`select l.id, coalesce(${STORED_METRICS[field]}, 0) as v from loms l
                 left join lom_period_stats ps on ${storedRowOf(period.stored, sql`l.id`)}
                where ${where}
                order by v ${direction} nulls last, l.id ${limit}`;
    const indexed = desc ? INDEXED_METRICS[field] : undefined;
    page = indexed ? topByIndex(period.stored, indexed, where, query, all) : all;
  } else if (period && isLomPeriodMetric(field)) {
    page = sql`select l.id, coalesce(pm.n, 0) as v from loms l
                 left join (${periodMetricOf(field, period.range)}) pm on pm.lom_id = l.id
                where ${where}
                order by v ${direction} nulls last, l.id ${limit}`;
  } else {
    page = sql`select l.id, ${columnExpression(field)} as v from loms l where ${where}
                order by v ${direction} nulls last, l.id ${limit}`;
  }
  return { page, where, direction };
}

/**
 * The ids of one page of the list, in order, and the total, in one round trip. The total is
 * its own count (an index-only scan without filters), not a window over the joined rows: a
 * window would keep all 20,000 of them to count them.
 */
export async function lomPageIds(
  db: Db,
  query: LomListQuery,
  userId: number,
  period: ListPeriod | null,
): Promise<PageIds> {
  const { page, where, direction } = pageSelect(query, userId, period);
  // A page past the end still answers the total (one row with a null id).
  const rows = await queryRows<{ id: number | null; total: string | number }>(
    db,
    sql`with page as (${page}), total as (select count(*) as n from loms l where ${where})
        select page.id, total.n as total from total left join page on true
         order by page.v ${direction} nulls last, page.id`,
  );
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
    total: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}

export interface PeriodMetricRow {
  lom_id: number;
  n: string | number | null;
  si: number | null;
  views: string | number | null;
  verified: string | number | null;
}

export async function periodMetrics(db: Db, period: DayPeriod, lomIds: readonly number[]) {
  const [sums, quotes] = await Promise.all([
    queryRows<PeriodMetricRow>(db, periodSums(period, lomIds)),
    queryRows<{ lom_id: number; n: string | number }>(db, periodQuotes(period, lomIds)),
  ]);
  return { sums, quotes };
}

export interface LomListRow {
  id: number;
  name: string;
  avatar: string | null;
  is_active: boolean;
  is_favourite: boolean;
  is_foreign_agent: boolean;
  category: string | null;
  segment: string | null;
  region: { id: number; name: string } | null;
  lom_sources: {
    id: number;
    lom_source_url: string;
    external_link: string | null;
    coverage: number;
    is_active: boolean;
    source: { id: number; name: string; icon: string };
  }[];
  subscribers: string | number;
  sum_coverage: string | number;
  total_si: number;
  total_views: string | number;
  message_number: number;
  messages_count: number;
  verified_count: number;
  quotes_count: number;
  average_si: number;
  audience_age: number | null;
  trust_index: number | null;
  influence_index: number | null;
  integration_index: number | null;
  last_message_at: string | null;
}

export interface LomRow extends LomListRow {
  lom_types: { id: number; name: string; assigned_by_ai: boolean }[];
}

/** A lom's own columns of a list row, all but the metrics a period changes. */
const IDENTITY_COLUMNS = sql`
  l.id, l.name, l.avatar, l.is_active, l.category, l.segment, l.subscribers, l.sum_coverage,
  l.audience_age, l.trust_index, l.influence_index, l.integration_index,
  to_char(l.last_message_at at time zone 'UTC', ${ISO_UTC}) as last_message_at,
  case when r.id is null then null else json_build_object('id', r.id, 'name', r.name) end as region,
  (select coalesce(json_agg(json_build_object('id', ls.id, 'lom_source_url', ls.url,
            'external_link', ls.external_link, 'coverage', ls.coverage, 'is_active', ls.is_active,
            'source', json_build_object('id', s.id, 'name', s.name, 'icon', s.icon))
            order by ls.coverage desc, ls.id), '[]'::json)
     from lom_sources ls join sources s on s.id = ls.source_id where ls.lom_id = l.id) as lom_sources`;

/** The metrics of LOM_PERIOD_METRICS, all-time: the lom's own columns. */
const ALL_TIME_METRICS = sql`
  l.total_si, l.total_views, l.message_number, l.messages_count, l.verified_count, l.quotes_count,
  l.average_si`;

/** The columns a list row, the card, the comparison and the lom reports share. */
const ROW_COLUMNS = sql`${IDENTITY_COLUMNS}, ${ALL_TIME_METRICS},
  (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'assigned_by_ai', lt.assigned_by_ai)
            order by t.sort, t.name, t.id), '[]'::json)
     from lom_lom_types lt join lom_types t on t.id = lt.lom_type_id where lt.lom_id = l.id) as lom_types`;

const flagsOf = (userId: number) => sql`
  exists (select 1 from favourite_loms f where f.user_id = ${userId} and f.lom_id = l.id) as is_favourite,
  exists (select 1 from lom_thematic_groups g where g.lom_id = l.id
           and g.thematic_group_type_id = ${FOREIGN_AGENT_THEMATIC_GROUP}) as is_foreign_agent`;

export async function lomRows(db: Db, lomIds: readonly number[], userId: number): Promise<LomRow[]> {
  if (lomIds.length === 0) return [];
  return queryRows<LomRow>(
    db,
    sql`select ${ROW_COLUMNS}, ${flagsOf(userId)}
          from loms l left join regions r on r.id = l.region_id where l.id = ${anyOf(lomIds)}`,
  );
}

/** One lom's (`l`) sums of the period's live messages from the rollups, one row (`pm`). */
const lomPeriodSums = (period: DayPeriod) => sql`
  select sum(x.message_count) as n, sum(x.si_sum) as si, sum(x.views_sum) as views,
         sum(x.verified_count) as verified
    from (${periodRows(period, [sql`s.lom_id = l.id`, ...liveOf()])}) x`;

/** The metrics of LOM_PERIOD_METRICS over the period: the lom's sums `pm` and its quotes. */
const periodMetricColumns = (period: DayPeriod) => sql`
  coalesce(pm.si, 0) as total_si, coalesce(pm.views, 0) as total_views,
  coalesce(pm.n, 0) as message_number, coalesce(pm.n, 0) as messages_count,
  coalesce(pm.verified, 0) as verified_count,
  (select count(*) from quotes q where q.lom_id = l.id and ${quotesWhere(period)}) as quotes_count,
  coalesce(pm.si / nullif(pm.n, 0), 0) as average_si`;

/** A page row: the list's total and the row as JSON text, a LomListItem. */
export interface LomPageJsonRow {
  total: string | number;
  item: string;
}

/**
 * One page of the list, in order, each row already the JSON of its LomListItem, with the
 * list's total: ONE prepared statement, whose text PostgreSQL parses and plans once per
 * connection. The server passes the rows through rather than parsing them into objects,
 * checking them against the contract and serialising them again: for 100 rows that was
 * most of its work per request (docs/loms.md "Speed"). The page is 100 primary-key lookups
 * of loms and, per lom, a few rows of the rollups' primary keys and of
 * quotes_lom_wrote_at_idx. An empty page (past the end, or nothing matches) answers no
 * rows; `lomListTotal` counts then.
 */
export async function lomListPageJson(
  db: Db,
  query: LomListQuery,
  userId: number,
  period: ListPeriod | null,
): Promise<LomPageJsonRow[]> {
  const { page, where, direction } = pageSelect(query, userId, period);
  const metrics = period ? periodMetricColumns(period.range) : ALL_TIME_METRICS;
  let sums = sql``;
  if (period?.stored) {
    sums = sql`left join lateral (
                 select ps.message_count as n, ps.si_sum as si, ps.views_sum as views, ps.verified_count as verified
                   from lom_period_stats ps where ${storedRowOf(period.stored, sql`l.id`)}) pm on true`;
  } else if (period) {
    sums = sql`left join lateral (${lomPeriodSums(period.range)}) pm on true`;
  }
  return queryPrepared<LomPageJsonRow>(
    db,
    'lom_list_page',
    sql`with page as (
          select p.id, row_number() over (order by p.v ${direction} nulls last, p.id) as ord
            from (${page}) p)
        select (select count(*) from loms l where ${where}) as total, row_to_json(o)::text as item
          from page join loms l on l.id = page.id
          left join regions r on r.id = l.region_id
          ${sums}
          cross join lateral (select ${IDENTITY_COLUMNS}, ${flagsOf(userId)}, ${metrics}) o
         order by page.ord`,
  );
}

/** The list's total alone, for an empty page. */
export async function lomListTotal(db: Db, query: LomListQuery, userId: number): Promise<number> {
  const where = sql.join(filterConditions(query, userId), sql` and `);
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from loms l where ${where}`,
  );
  return Number(row.n);
}

export interface LomDetailRow extends LomRow {
  middlename: string | null;
  nickname: string | null;
  age: number | null;
  birth_date: string | null;
  is_manual: boolean;
  archived: boolean;
  residence_address: string | null;
  occupation: string | null;
  created_at: string;
  region_type: number | null;
  city: { id: number; name: string } | null;
  typology: string | null;
  lom_type_category: string | null;
  producer_name: string | null;
  awards: string | null;
  agency: string | null;
  cooperation: { id: number; name: string };
  lom_focuses: { id: number; name: string; actial_percent: number }[];
  producer_centers: { id: number; name: string }[];
  producer_center_types: { id: number; name: string }[];
  thematic_group_types: { id: number; name: string }[];
  list_and_types: { id: number; name: string }[];
  interests: { id: number; name: string; isAi: boolean }[];
  lom_data: Record<string, unknown> | null;
}

const linked = (select: SQL) =>
  sql`(select coalesce(json_agg(x.o order by x.k, x.id), '[]'::json) from (${select}) x)`;

export async function lomDetailRow(db: Db, lomId: number, userId: number): Promise<LomDetailRow | undefined> {
  const [row] = await queryRows<LomDetailRow>(
    db,
    sql`select ${ROW_COLUMNS}, ${flagsOf(userId)},
          l.middlename, l.nickname, l.age, to_char(l.birth_date, 'YYYY-MM-DD') as birth_date, l.is_manual,
          l.archived, l.residence_address, l.occupation,
          to_char(l.created_at at time zone 'UTC', ${ISO_UTC}) as created_at, l.region_type,
          case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as city,
          l.typology, l.lom_type_category, l.producer_name, l.awards, l.agency,
          json_build_object('id', l.cooperation_id, 'name', coalesce(cs.name, 'Статус не выбран')) as cooperation,
          ${linked(sql`select f.id, f.name as k, json_build_object('id', f.id, 'name', f.name,
              'actial_percent', lf.actial_percent) as o
              from lom_lom_focuses lf join lom_focuses f on f.id = lf.lom_focus_id where lf.lom_id = l.id`)}
            as lom_focuses,
          ${linked(sql`select p.id, p.name as k, json_build_object('id', p.id, 'name', p.name) as o
              from lom_producer_centers lp join producer_centers p on p.id = lp.producer_center_id
             where lp.lom_id = l.id`)} as producer_centers,
          ${linked(sql`select pt.id, pt.name as k, json_build_object('id', pt.id, 'name', pt.name) as o
              from producer_center_types pt where pt.id in (select p.type_id
                from lom_producer_centers lp join producer_centers p on p.id = lp.producer_center_id
               where lp.lom_id = l.id)`)} as producer_center_types,
          ${linked(sql`select g.id, g.name as k, json_build_object('id', g.id, 'name', g.name) as o
              from lom_thematic_groups lg join thematic_group_types g on g.id = lg.thematic_group_type_id
             where lg.lom_id = l.id`)} as thematic_group_types,
          ${linked(sql`select a.id, a.name as k, json_build_object('id', a.id, 'name', a.name) as o
              from lom_list_and_types la join list_and_types a on a.id = la.list_and_type_id
             where la.lom_id = l.id`)} as list_and_types,
          ${linked(sql`select i.id, i.name as k, json_build_object('id', i.id, 'name', i.name, 'isAi', li.is_ai) as o
              from lom_interests li join interests i on i.id = li.interest_id where li.lom_id = l.id`)} as interests,
          case when d.lom_id is null then null else json_build_object(
            'birth_date', to_char(d.birth_date, 'YYYY-MM-DD'), 'birth_day', d.birth_day,
            'birth_month', d.birth_month, 'country', d.country, 'city', d.city, 'gender', d.gender,
            'family_status', d.family_status, 'occupation', d.occupation, 'activities', d.activities,
            'status', d.status, 'description', d.description) end as lom_data
        from loms l
        left join regions r on r.id = l.region_id
        left join cities c on c.id = l.city_id
        left join cooperation_statuses cs on cs.id = l.cooperation_id
        left join lom_data d on d.lom_id = l.id
       where l.id = ${lomId}`,
  );
  return row;
}

export async function lomCount(db: Db, isActive?: boolean): Promise<number> {
  const active = isActive === undefined ? sql`true` : sql`is_active = ${isActive}`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from loms where not archived and ${active}`,
  );
  return Number(row.n);
}
