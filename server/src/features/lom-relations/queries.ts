import { INVOLVEMENT_METRICS, VK_HOSTS } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the involvement and VK-group calls of the lom card (docs/lom-relations.md).

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** Inclusive Moscow days; either end may be missing. */
export interface DayRange {
  after?: string;
  before?: string;
}

type Numeric = string | number;

export async function lomExists(db: Db, lomId: number, lock = false): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    lock
      ? sql`select id from loms where id = ${lomId} for update`
      : sql`select id from loms where id = ${lomId}`,
  );
  return rows.length > 0;
}

// Involvements

/** A metric of `values`; anything but a JSON number counts as 0. */
const metric = (key: string) =>
  sql.raw(
    `case when jsonb_typeof(i.values -> '${key}') = 'number' then (i.values ->> '${key}')::float8 else 0 end`,
  );

const METRIC_SUMS = sql.join(
  INVOLVEMENT_METRICS.map((key) => sql`coalesce(sum(${metric(key)}), 0) as ${sql.identifier(key)}`),
  sql`, `,
);
const METRIC_COLUMNS = sql.join(
  INVOLVEMENT_METRICS.map((key) => sql`${metric(key)} as ${sql.identifier(key)}`),
  sql`, `,
);

/**
 * The lom's involvements with the Moscow day each counts on (its first release date, else
 * the day it was created), kept to the period.
 */
function involvementsOf(lomId: number, range: DayRange): SQL {
  const where: SQL[] = [];
  if (range.after) where.push(sql`i.day >= ${range.after}::date`);
  if (range.before) where.push(sql`i.day <= ${range.before}::date`);
  return sql`(select i.* from (
      select i.*, coalesce((select min(d) from unnest(i.release_dates) d),
                           (i.created_at at time zone 'Europe/Moscow')::date) as day
        from lom_involvements i where i.lom_id = ${lomId}) i
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}) i`;
}

export interface MetricRow {
  total: Numeric;
  accepted: Numeric;
  declined: Numeric;
  paid: Numeric;
  grant: Numeric;
}

export interface InvolvementRow extends MetricRow {
  id: number;
  title: string;
  lom: { id: number; name: string };
  pc_customer: { id: number; name: string } | null;
  involvement_type: string;
  grant_amount: Numeric | null;
  grant_giver: string | null;
  fee: Numeric | null;
  release_dates: string[];
  approval: string;
  day: string;
  created_at: string;
  count: Numeric;
}

export async function involvementPage(
  db: Db,
  lomId: number,
  range: DayRange,
  page: number,
  pageSize: number,
): Promise<InvolvementRow[]> {
  return queryRows<InvolvementRow>(
    db,
    sql`select i.id, i.title, json_build_object('id', l.id, 'name', l.name) as lom,
          case when pc.id is null then null else json_build_object('id', pc.id, 'name', pc.name) end as pc_customer,
          i.involvement_type, ${METRIC_COLUMNS}, i.grant as grant_amount, i.grant_giver, i.fee,
          coalesce((select json_agg(to_char(d, 'YYYY-MM-DD') order by d) from unnest(i.release_dates) d),
                   '[]'::json) as release_dates,
          i.approval, to_char(i.day, 'YYYY-MM-DD') as day,
          to_char(i.created_at at time zone 'UTC', ${ISO_UTC}) as created_at, count(*) over () as count
        from ${involvementsOf(lomId, range)}
        join loms l on l.id = i.lom_id
        left join producer_centers pc on pc.id = i.pc_customer
       order by i.day desc, i.id desc
       limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
}

export async function involvementCount(db: Db, lomId: number, range: DayRange): Promise<number> {
  const [row] = await queryRows<{ n: Numeric }>(
    db,
    sql`select count(*) as n from ${involvementsOf(lomId, range)}`,
  );
  return Number(row.n);
}

export async function involvementMonths(db: Db, lomId: number, range: DayRange) {
  return queryRows<MetricRow & { period: string; involvements: Numeric }>(
    db,
    sql`select to_char(i.day, 'YYYY-MM') as period, count(*) as involvements, ${METRIC_SUMS}
          from ${involvementsOf(lomId, range)} group by 1 order by 1`,
  );
}

export type InvolvementMonthRow = Awaited<ReturnType<typeof involvementMonths>>[number];

export async function involvementTotals(db: Db, lomId: number, range: DayRange) {
  const [row] = await queryRows<MetricRow & { involvements: Numeric; fee_sum: Numeric; grant_sum: Numeric }>(
    db,
    sql`select count(*) as involvements, ${METRIC_SUMS},
               coalesce(sum(i.fee), 0) as fee_sum, coalesce(sum(i.grant), 0) as grant_sum
          from ${involvementsOf(lomId, range)}`,
  );
  return row;
}

export type InvolvementTotalsRow = Awaited<ReturnType<typeof involvementTotals>>;

export async function involvementValues(db: Db, lomId: number, range: DayRange) {
  return queryRows<MetricRow & { id: number; title: string; involvement_type: string; day: string }>(
    db,
    sql`select i.id, i.title, i.involvement_type, to_char(i.day, 'YYYY-MM-DD') as day, ${METRIC_COLUMNS}
          from ${involvementsOf(lomId, range)} order by i.day, i.id`,
  );
}

export type InvolvementValueRow = Awaited<ReturnType<typeof involvementValues>>[number];

export async function involvementTypes(db: Db, lomId: number, range: DayRange) {
  return queryRows<MetricRow & { involvement_type: string; involvements: Numeric }>(
    db,
    sql`select i.involvement_type, count(*) as involvements, ${METRIC_SUMS}
          from ${involvementsOf(lomId, range)}
         group by i.involvement_type order by count(*) desc, i.involvement_type`,
  );
}

export type InvolvementTypeRow = Awaited<ReturnType<typeof involvementTypes>>[number];

// VK groups and subscriptions

export interface VkGroupRow {
  id: number;
  name: string;
  url: string;
  members: number;
  index: number;
  count: Numeric;
}

export async function vkGroupPage(db: Db, lomId: number, page: number, pageSize: number) {
  return queryRows<VkGroupRow>(
    db,
    sql`select g.id, g.name, g.url, g.members, g.group_index as index, count(*) over () as count
          from vk_groups g where g.lom_id = ${lomId}
         order by g.group_index desc, g.members desc, g.id
         limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
}

export async function vkGroupCount(db: Db, lomId: number): Promise<number> {
  const [row] = await queryRows<{ n: Numeric }>(
    db,
    sql`select count(*) as n from vk_groups where lom_id = ${lomId}`,
  );
  return Number(row.n);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page on VK or on one of its subdomains (m.vk.com). */
const VK_URL = `^https?://([a-z0-9-]+\\.)*(${VK_HOSTS.map(escapeRegex).join('|')})([/?#:]|$)`;
const isVk = (column: SQL) => sql`(${column} ~* ${VK_URL})`;

/** The same page whatever its scheme, `www.`/`m.` prefix, case or trailing slash. */
const pageKey = (column: SQL) =>
  sql`rtrim(regexp_replace(lower(${column}), '^https?://(www\\.|m\\.)?', ''), '/')`;

/**
 * The lom's subscriptions to VK pages that are not among its groups yet, one per page
 * (the largest audience when a page was seen twice).
 */
function loadableSubscriptions(lomId: number): SQL {
  return sql`select distinct on (${pageKey(sql`s.url`)}) s.id, s.name, s.url, s.subscribers
      from lom_subscriptions s
     where s.lom_id = ${lomId} and ${isVk(sql`s.url`)}
       and not exists (select 1 from vk_groups g
                        where g.lom_id = ${lomId} and ${pageKey(sql`g.url`)} = ${pageKey(sql`s.url`)})
     order by ${pageKey(sql`s.url`)}, s.subscribers desc, s.id`;
}

export async function loadableCount(db: Db, lomId: number): Promise<number> {
  const [row] = await queryRows<{ n: Numeric }>(
    db,
    sql`select count(*) as n from (${loadableSubscriptions(lomId)}) x`,
  );
  return Number(row.n);
}

/** Turns the loadable subscriptions into groups; their index is unknown (0). */
export async function insertGroupsFromSubscriptions(db: Db, lomId: number) {
  return queryRows<{ id: number; name: string; url: string }>(
    db,
    sql`insert into vk_groups (lom_id, name, url, members, group_index)
        select ${lomId}, x.name, x.url, least(x.subscribers, 2147483647)::int, 0
          from (${loadableSubscriptions(lomId)}) x
         order by x.subscribers desc, x.id
        returning id, name, url`,
  );
}

export interface SubscriptionRow {
  id: number;
  lom: { id: number; name: string };
  name: string;
  url: string;
  subscribers: Numeric;
  subscribed_lom: { id: number; name: string } | null;
  lom_source: { id: number; url: string; source: { id: number; name: string; icon: string } } | null;
  is_vk: boolean;
  count: Numeric;
}

function subscriptionWhere(lomIds?: readonly number[]): SQL {
  if (!lomIds?.length) return sql`true`;
  return sql`s.lom_id in (${sql.join(
    lomIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export async function subscriptionPage(
  db: Db,
  lomIds: readonly number[] | undefined,
  page: number,
  pageSize: number,
) {
  return queryRows<SubscriptionRow>(
    db,
    sql`select s.id, json_build_object('id', l.id, 'name', l.name) as lom, s.name, s.url, s.subscribers,
          case when sl.id is null then null else json_build_object('id', sl.id, 'name', sl.name) end
            as subscribed_lom,
          case when ls.id is null then null else json_build_object('id', ls.id, 'url', ls.url,
            'source', json_build_object('id', so.id, 'name', so.name, 'icon', so.icon)) end as lom_source,
          ${isVk(sql`s.url`)} as is_vk, count(*) over () as count
        from lom_subscriptions s
        join loms l on l.id = s.lom_id
        left join loms sl on sl.id = s.subscribed_lom_id
        left join lom_sources ls on ls.id = s.lom_source_id
        left join sources so on so.id = ls.source_id
       where ${subscriptionWhere(lomIds)}
       order by s.subscribers desc, s.id
       limit ${pageSize} offset ${offsetOf(page, pageSize)}`,
  );
}

export async function subscriptionCount(db: Db, lomIds: readonly number[] | undefined): Promise<number> {
  const [row] = await queryRows<{ n: Numeric }>(
    db,
    sql`select count(*) as n from lom_subscriptions s where ${subscriptionWhere(lomIds)}`,
  );
  return Number(row.n);
}
