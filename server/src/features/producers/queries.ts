import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { splitRange } from '../../domain/aggregates/lom-days-queries.ts';
import { addDays, type DayRange } from '../../domain/moscow-calendar.ts';
import { pgArray } from '../../domain/pg-array.ts';

// SQL of the producer centers (docs/producers.md). Message figures come from the `producer_center_days` rollup
// (per center, day, source and mood; center 0 is every center, its distinct loms), never from `messages`.

/** Both ends inclusive Moscow days. */
export interface ClosedDays {
  after: string;
  before: string;
}

/** What every read takes: the period, the centers (none: every center) and the sources (none: every source). */
export interface ProducerFilter {
  days: ClosedDays;
  centers?: readonly number[];
  sources?: readonly number[];
}

type Numeric = string | number;

const centerIn = (column: SQL, centers?: readonly number[]) =>
  centers?.length ? sql`${column} = any(${pgArray(centers)}::int[])` : sql`true`;

/** The distinct loms of the chosen centers (a lom of two chosen centers counts once). */
const centerLoms = (centers?: readonly number[]) =>
  sql`(select distinct lpc.lom_id from lom_producer_centers lpc
        where ${centerIn(sql`lpc.producer_center_id`, centers)})`;

/** The row of `producer_center_days` that holds every center's distinct loms. */
export const EVERY_CENTER = 0;

const sourceIn = (column: SQL, sources?: readonly number[]) =>
  sources?.length ? sql`${column} = any(${pgArray(sources)}::int[])` : sql`true`;

/**
 * The live cells of the chosen centers (none: every center) in the period and the sources, as
 * `(day, source_id, mood, message_count, views_sum, reposts_sum, comments_sum)`: the centers' rows of
 * `producer_center_days`, less the cells of `message_daily_stats` of each lom linked to k > 1 of the chosen
 * centers, k - 1 times, so that such a lom counts once (exact; only those loms are read by lom). Every center is
 * row 0, which already counts each lom once.
 */
const centerCells = (filter: ProducerFilter) => {
  const ids = pgArray(filter.centers?.length ? filter.centers : [EVERY_CENTER]);
  const { after, before } = filter.days;
  return sql`(select c.day, c.source_id, c.mood, c.message_count, c.views_sum, c.reposts_sum, c.comments_sum
                from producer_center_days c
               where c.pc_id = any(${ids}::int[]) and c.day >= ${after}::date and c.day <= ${before}::date
                 and ${sourceIn(sql`c.source_id`, filter.sources)}
              union all
              select r.day, r.source_id, r.mood, -o.extra * r.message_count, -o.extra * r.views_sum,
                     -o.extra * r.reposts_sum, -o.extra * r.comments_sum
                from (select lpc.lom_id, count(*) - 1 as extra from lom_producer_centers lpc
                       where lpc.producer_center_id = any(${ids}::int[])
                       group by lpc.lom_id having count(*) > 1) o
                join message_daily_stats r on r.lom_id = o.lom_id
               where r.live and r.day >= ${after}::date and r.day <= ${before}::date
                 and ${sourceIn(sql`r.source_id`, filter.sources)})`;
};

/** An involvement of the period: one of its release dates falls in it. */
const releasedIn = (days: ClosedDays) =>
  sql`exists (select 1 from unnest(i.release_dates) d where d >= ${days.after}::date and d <= ${days.before}::date)`;

export interface CenterRow {
  id: number;
  name: string;
  type: string | null;
  linked: Numeric;
  subscribers: Numeric;
}

/** The centers (all, or the chosen ones) with their linked loms and the subscribers of those loms. */
export function centerRows(db: Db, centers?: readonly number[]) {
  return queryRows<CenterRow>(
    db,
    sql`select pc.id, pc.name, t.name as type, coalesce(s.linked, 0) as linked, coalesce(s.subscribers, 0) as subscribers
          from producer_centers pc
          left join producer_center_types t on t.id = pc.type_id
          left join lateral (
            select count(*) as linked, sum(l.subscribers) as subscribers
              from lom_producer_centers lpc join loms l on l.id = lpc.lom_id
             where lpc.producer_center_id = pc.id) s on true
         where ${centerIn(sql`pc.id`, centers)}
         order by pc.id`,
  );
}

/** Per center: its involvements released in the period. */
export function centerInvolvementCounts(db: Db, days: ClosedDays, centers?: readonly number[]) {
  return queryRows<{ center: number; involvements: Numeric }>(
    db,
    sql`select i.pc_customer as center, count(*) as involvements
          from lom_involvements i
         where i.pc_customer is not null and ${centerIn(sql`i.pc_customer`, centers)} and ${releasedIn(days)}
         group by i.pc_customer`,
  );
}

/**
 * Per center (all, or the chosen ones): its live messages of the period and the sources, and their views. The
 * centers' ids are listed (not `pc_id <> 0`) so that each center's period is one index range. Without a source
 * filter the sums come from `producer_center_day_totals` (one row per center and day, whatever the messages);
 * with one, from the (source, mood) cells of those sources.
 */
export function centerMessageTotals(db: Db, filter: ProducerFilter) {
  const { after, before } = filter.days;
  const ids = filter.centers?.length
    ? sql`${pgArray(filter.centers)}::int[]`
    : sql`array(select pc.id from producer_centers pc)`;
  const cells = filter.sources?.length
    ? sql`(select c.pc_id, c.day, c.message_count, c.views_sum from producer_center_days c
            where ${sourceIn(sql`c.source_id`, filter.sources)})`
    : sql`producer_center_day_totals`;
  return queryRows<{ center: number; messages: Numeric; views: Numeric }>(
    db,
    sql`select c.pc_id as center, sum(c.message_count) as messages, sum(c.views_sum) as views
          from ${cells} c
         where c.pc_id = any(${ids}) and c.day >= ${after}::date and c.day <= ${before}::date
         group by c.pc_id`,
  );
}

export interface DayRow {
  day: string;
  messages: Numeric;
  views: Numeric;
  reposts: Numeric;
  comments: Numeric;
}

/** Per day of the period: the live messages of the chosen centers' loms and their views, reposts, comments. */
export function daySeries(db: Db, filter: ProducerFilter) {
  return queryRows<DayRow>(
    db,
    sql`select to_char(r.day, 'YYYY-MM-DD') as day, sum(r.message_count) as messages, sum(r.views_sum) as views,
               sum(r.reposts_sum) as reposts, sum(r.comments_sum) as comments
          from ${centerCells(filter)} r
         group by r.day order by r.day`,
  );
}

/** The live messages and views of the chosen centers' loms by source. */
export function sourceTotals(db: Db, filter: ProducerFilter) {
  return queryRows<{ name: string; messages: Numeric; views: Numeric }>(
    db,
    sql`select coalesce(s.name, 'Без площадки') as name, sum(x.messages) as messages, sum(x.views) as views
          from (select r.source_id, sum(r.message_count) as messages, sum(r.views_sum) as views
                  from ${centerCells(filter)} r
                 group by r.source_id) x
          left join sources s on s.id = x.source_id
         group by 1`,
  );
}

/** The live messages of the chosen centers' loms per day and mood. */
export function dayMoodSeries(db: Db, filter: ProducerFilter) {
  return queryRows<{ day: string; mood: number | null; messages: Numeric }>(
    db,
    sql`select to_char(r.day, 'YYYY-MM-DD') as day, r.mood, sum(r.message_count) as messages
          from ${centerCells(filter)} r
         group by r.day, r.mood`,
  );
}

/** The cells of `table` (keyed by `key`) in [from, to), of the filter's live flag and sources. */
const everyLomCells = (table: SQL, key: SQL, range: DayRange, filter: ProducerFilter) =>
  sql`select r.message_count, r.views_sum, r.reposts_sum, r.comments_sum from ${table} r
       where r.live and ${key} >= ${range.from}::date and ${key} < ${range.to}::date
         and ${sourceIn(sql`r.source_id`, filter.sources)}`;

/**
 * The live messages of every lom in the period, from the cells without loms (the period's whole weeks from
 * `source_mood_weeks`, its edge days from `source_mood_days`), with the number of loms and their subscribers: the
 * average lom of the radar.
 */
export async function everyLomTotals(db: Db, filter: ProducerFilter) {
  const { weeks, days } = splitRange({ from: filter.days.after, to: addDays(filter.days.before, 1) });
  const parts = [
    ...(weeks ? [everyLomCells(sql`source_mood_weeks`, sql`r.week`, weeks, filter)] : []),
    ...days.map((range) => everyLomCells(sql`source_mood_days`, sql`r.day`, range, filter)),
  ];
  const [row] = await queryRows<
    Record<'messages' | 'views' | 'reposts' | 'comments' | 'loms' | 'subscribers', Numeric>
  >(
    db,
    sql`select coalesce(sum(c.message_count), 0) as messages, coalesce(sum(c.views_sum), 0) as views,
               coalesce(sum(c.reposts_sum), 0) as reposts, coalesce(sum(c.comments_sum), 0) as comments,
               (select count(*) from loms) as loms, (select coalesce(sum(l.subscribers), 0) from loms l) as subscribers
          from (${sql.join(parts, sql` union all `)}) c`,
  );
  return row;
}

/** The live messages of the chosen centers' loms by mood (null: not marked). */
export function moodTotals(db: Db, filter: ProducerFilter) {
  return queryRows<{ mood: number | null; messages: Numeric }>(
    db,
    sql`select r.mood, sum(r.message_count) as messages
          from ${centerCells(filter)} r
         group by r.mood`,
  );
}

/**
 * The stored subscribers of the chosen centers' loms (none: every center), summed per stored day of the period:
 * the centers' rows of `producer_center_subscriber_days`, less the history of each lom linked to k > 1 of the
 * chosen centers, k - 1 times (as `centerCells`).
 */
export function subscriberSeries(db: Db, days: ClosedDays, centers?: readonly number[]) {
  const ids = pgArray(centers?.length ? centers : [EVERY_CENTER]);
  return queryRows<{ day: string; subscribers: Numeric }>(
    db,
    sql`select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.subscribers) as subscribers
          from (select c.day, c.subscribers from producer_center_subscriber_days c
                 where c.pc_id = any(${ids}::int[]) and c.day >= ${days.after}::date and c.day <= ${days.before}::date
                union all
                select h.day, -o.extra * h.subscribers
                  from (select lpc.lom_id, count(*) - 1 as extra from lom_producer_centers lpc
                         where lpc.producer_center_id = any(${ids}::int[])
                         group by lpc.lom_id having count(*) > 1) o
                  join lom_subscriber_history h on h.lom_id = o.lom_id
                 where h.day >= ${days.after}::date and h.day <= ${days.before}::date) x
         group by x.day order by x.day`,
  );
}

export interface InvolvementRow {
  title: string;
  total: Numeric;
  accepted: Numeric;
  declined: Numeric;
  paid: Numeric;
  grant: Numeric;
}

/** The chosen centers' involvements released in the period, by title, with their metric sums. */
export function involvementRows(db: Db, days: ClosedDays, centers?: readonly number[]) {
  const metric = (key: string) => sql`coalesce(sum((i.values ->> ${key})::numeric), 0)`;
  return queryRows<InvolvementRow>(
    db,
    sql`select i.title, ${metric('total')} as total, ${metric('accepted')} as accepted,
               ${metric('declined')} as declined, ${metric('paid')} as paid, ${metric('grant')} as "grant"
          from lom_involvements i
         where i.pc_customer is not null and ${centerIn(sql`i.pc_customer`, centers)} and ${releasedIn(days)}
         group by i.title
         order by 2 desc, i.title`,
  );
}

/** The involvement types each lom of the chosen centers took part in during the period. */
export function lomInvolvementTypes(db: Db, days: ClosedDays, centers?: readonly number[]) {
  return queryRows<{ lom: number; types: string[] }>(
    db,
    sql`select i.lom_id as lom, array_agg(distinct i.involvement_type) as types
          from lom_involvements i
         where i.pc_customer is not null and ${centerIn(sql`i.pc_customer`, centers)} and ${releasedIn(days)}
         group by i.lom_id`,
  );
}

/** The distinct loms of the chosen centers. */
export async function centerLomCount(db: Db, centers?: readonly number[]): Promise<number> {
  const [row] = await queryRows<{ count: Numeric }>(
    db,
    sql`select count(*) as count from ${centerLoms(centers)} x`,
  );
  return Number(row?.count ?? 0);
}

/** The ids among `ids` that are no producer center. */
export async function unknownCenters(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select x.id from unnest(${pgArray(ids)}::int[]) x(id)
         where not exists (select 1 from producer_centers pc where pc.id = x.id) order by x.id`,
  );
  return rows.map((row) => row.id);
}

/** The distinct loms of the chosen centers and their subscribers now. */
export async function centerLomSubscribers(db: Db, centers?: readonly number[]) {
  const [row] = await queryRows<{ loms: Numeric; subscribers: Numeric }>(
    db,
    sql`select count(*) as loms, coalesce(sum(l.subscribers), 0) as subscribers
          from loms l where l.id in ${centerLoms(centers)}`,
  );
  return { loms: Number(row?.loms ?? 0), subscribers: Number(row?.subscribers ?? 0) };
}

/** The version of `lom_involvements` (migration 0033), or null while the table has none yet. */
export async function involvementsVersion(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ version: Numeric }>(db, sql`select version from lom_involvements_version`);
  return row ? Number(row.version) : null;
}
