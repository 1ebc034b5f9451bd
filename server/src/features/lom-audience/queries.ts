import type { Period } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** Days of a period, both inclusive; a missing end is open. */
export interface DayRange {
  from?: string;
  to?: string;
}

function dayConditions(column: SQL, range: DayRange): SQL {
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${column} >= ${range.from}::date`);
  if (range.to) parts.push(sql`${column} <= ${range.to}::date`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/** The first day of the step (date_trunc on a timestamp without zone, so no session time zone shifts it). */
const stepOf = (column: SQL, step: Period) =>
  sql`to_char(date_trunc(${step}, ${column}::timestamp), 'YYYY-MM-DD')`;

export async function lomExists(db: Db, lomId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from loms where id = ${lomId}`);
  return rows.length > 0;
}

export interface AudienceRow {
  lom_source_id: number | null;
  female_sum: number;
  male_sum: number;
  a0_17: number;
  a18_24: number;
  a25_34: number;
  a35_44: number;
  a45_54: number;
  amore_55: number;
  married: number;
  single: number;
  middle: number;
  higher: number;
  correlated_sum: number;
  anti_correlated_sum: number;
  non_correlated_sum: number;
  updated_at: string;
  url: string | null;
  is_active: boolean | null;
  source_id: number | null;
  source_name: string | null;
  source_icon: string | null;
}

const SHARE_COLUMNS = [
  'female_sum',
  'male_sum',
  'a0_17',
  'a18_24',
  'a25_34',
  'a35_44',
  'a45_54',
  'amore_55',
  'married',
  'single',
  'middle',
  'higher',
  'correlated_sum',
  'anti_correlated_sum',
  'non_correlated_sum',
] as const;

/**
 * The lom's own audience row first, then its accounts' by subscribers. lom_audiences has no
 * index on lom_id alone: the own row is found through its partial unique index, the accounts'
 * rows through lom_sources (lom_id) and the unique lom_source_id.
 */
export function audienceRows(db: Db, lomId: number): Promise<AudienceRow[]> {
  const shares = sql.join(
    SHARE_COLUMNS.map((column) => sql`a.${sql.identifier(column)}::float8 as ${sql.identifier(column)}`),
    sql`, `,
  );
  const updatedAt = sql`to_char(a.updated_at at time zone 'UTC', ${ISO_UTC}) as updated_at`;
  return queryRows<AudienceRow>(
    db,
    sql`select x.* from (
          select a.lom_source_id, ${shares}, ${updatedAt}, null::text as url, null::boolean as is_active,
                 null::int as source_id, null::text as source_name, null::text as source_icon,
                 null::bigint as coverage
            from lom_audiences a
           where a.lom_id = ${lomId} and a.lom_source_id is null
          union all
          select a.lom_source_id, ${shares}, ${updatedAt}, ls.url, ls.is_active,
                 s.id, s.name, s.icon, ls.coverage
            from lom_sources ls
            join lom_audiences a on a.lom_source_id = ls.id and a.lom_id = ls.lom_id
            join sources s on s.id = ls.source_id
           where ls.lom_id = ${lomId}) x
         order by x.lom_source_id is not null, x.coverage desc, x.lom_source_id`,
  );
}

export interface InterestRow {
  id: number;
  name: string;
  is_ai: boolean;
  share: number;
}

export function interestRows(db: Db, lomId: number): Promise<InterestRow[]> {
  return queryRows<InterestRow>(
    db,
    sql`select i.id, i.name, li.is_ai, li.share::float8 as share
          from lom_interests li join interests i on i.id = li.interest_id
         where li.lom_id = ${lomId}
         order by li.share desc, i.name, i.id`,
  );
}

export interface PeriodThemeRow {
  theme_id: number | null;
  name: string | null;
  n: string | number;
  si: number;
}

/**
 * Live publications of the lom in the period by their (primary) theme, from the rollup
 * through its (lom_id, day) index; the null theme is the untagged rest.
 */
export function periodThemeRows(db: Db, lomId: number, range: DayRange): Promise<PeriodThemeRow[]> {
  return queryRows<PeriodThemeRow>(
    db,
    sql`select r.theme_id, t.name, sum(r.message_count) as n, coalesce(sum(r.si_sum), 0)::float8 as si
          from message_daily_stats r left join themes t on t.id = r.theme_id
         where r.lom_id = ${lomId} and r.live${dayConditions(sql`r.day`, range)}
         group by r.theme_id, t.name
         order by n desc, t.name, r.theme_id`,
  );
}

export interface QualityRow {
  source_id: number;
  source_name: string;
  source_icon: string;
  subscribers: number;
  quality_part: number;
  mass_part: number;
  lom_part: number;
  bot_part: number;
}

/** Per platform; subscribers are the coverage of the lom's active accounts there. */
export function qualityRows(db: Db, lomId: number): Promise<QualityRow[]> {
  return queryRows<QualityRow>(
    db,
    sql`select q.source_id, s.name as source_name, s.icon as source_icon,
               q.quality_part::float8 as quality_part, q.mass_part::float8 as mass_part,
               q.lom_part::float8 as lom_part, q.bot_part::float8 as bot_part,
               coalesce((select sum(ls.coverage) from lom_sources ls
                          where ls.lom_id = q.lom_id and ls.source_id = q.source_id and ls.is_active), 0)::float8
                 as subscribers
          from lom_quality_audiences q join sources s on s.id = q.source_id
         where q.lom_id = ${lomId}
         order by subscribers desc, s.name, s.id`,
  );
}

export interface BrandRow {
  id: number;
  name: string;
  avatar: string | null;
  mentions: number;
  si_sum: number;
  total: string | number;
}

export function brandRows(db: Db, lomId: number, limit: number): Promise<BrandRow[]> {
  return queryRows<BrandRow>(
    db,
    sql`select l.id, l.name, l.avatar, b.mentions, b.si_sum::float8 as si_sum, count(*) over () as total
          from lom_brands b join loms l on l.id = b.brand_lom_id
         where b.lom_id = ${lomId}
         order by b.mentions desc, b.si_sum desc, l.name, l.id
         limit ${limit}`,
  );
}

export interface PointRow {
  date: string;
  value: number;
}

/** The last stored subscriber count of each step (a level, so the step's end value). */
export function subscriberPoints(db: Db, lomId: number, step: Period, range: DayRange): Promise<PointRow[]> {
  return queryRows<PointRow>(
    db,
    sql`select distinct on (p.date) p.date, p.value
          from (select ${stepOf(sql`h.day`, step)} as date, h.day, h.subscribers::float8 as value
                  from lom_subscriber_history h
                 where h.lom_id = ${lomId}${dayConditions(sql`h.day`, range)}) p
         order by p.date, p.day desc`,
  );
}

const METRIC_SUMS = {
  si: sql`sum(r.si_sum)`,
  views: sql`sum(r.views_sum)`,
} as const;

/** The sum of SI or views of the lom's live publications per step, from the rollup's (lom_id, day) index. */
export function metricPoints(
  db: Db,
  lomId: number,
  metric: keyof typeof METRIC_SUMS,
  step: Period,
  range: DayRange,
): Promise<PointRow[]> {
  return queryRows<PointRow>(
    db,
    sql`select ${stepOf(sql`r.day`, step)} as date, coalesce(${METRIC_SUMS[metric]}, 0)::float8 as value
          from message_daily_stats r
         where r.lom_id = ${lomId} and r.live${dayConditions(sql`r.day`, range)}
         group by 1
         order by 1`,
  );
}
