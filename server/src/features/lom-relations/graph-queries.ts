import type { RelationGraphAggParam, RubricPeriodStep } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { DAY_MS, moscowMidnight } from '../../domain/moscow-calendar.ts';

// SQL of the relation graph and the rubrics by period (docs/lom-relations.md).

/** Both ends inclusive Moscow days. */
export interface ClosedDays {
  after: string;
  before: string;
}

type Numeric = string | number;

export interface WeightRow {
  id: number;
  name: string;
  messages: Numeric;
  views: Numeric;
}

const dayStart = moscowMidnight;
const nextDayStart = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/** The period as instants [start, end) for `messages.wrote_at`. */
function wroteIn(days: ClosedDays, column: SQL): SQL {
  return sql`${column} >= ${dayStart(days.after).toISOString()}::timestamptz
         and ${column} < ${nextDayStart(days.before).toISOString()}::timestamptz`;
}

const LIVE = sql`not m.trash and not m.archived and not m.delayed`;

/** The order of a weight: the asked metric first, the other one breaks ties. */
const byWeight = (agg: RelationGraphAggParam, messages: SQL, views: SQL) =>
  agg === 'views' ? sql`${views} desc, ${messages} desc` : sql`${messages} desc, ${views} desc`;

const rollupIn = (days: ClosedDays) =>
  sql`r.live and r.day >= ${days.after}::date and r.day <= ${days.before}::date`;

/** The lom with its live messages and views in the period (the centre of the graph). */
export async function lomWithTotals(db: Db, lomId: number, days: ClosedDays) {
  const [row] = await queryRows<WeightRow>(
    db,
    sql`select l.id, l.name,
               (select coalesce(sum(r.message_count), 0) from message_daily_stats r
                 where r.lom_id = l.id and ${rollupIn(days)}) as messages,
               (select coalesce(sum(r.views_sum), 0) from message_daily_stats r
                 where r.lom_id = l.id and ${rollupIn(days)}) as views
          from loms l where l.id = ${lomId}`,
  );
  return row;
}

/** The themes of the lom's live messages in the period (primary markup), the heaviest first. */
export async function lomThemes(
  db: Db,
  lomId: number,
  days: ClosedDays,
  agg: RelationGraphAggParam,
  limit: number,
) {
  const messages = sql`sum(r.message_count)`;
  const views = sql`sum(r.views_sum)`;
  return queryRows<WeightRow>(
    db,
    sql`select t.id, t.name, ${messages} as messages, ${views} as views
          from message_daily_stats r join themes t on t.id = r.theme_id
         where r.lom_id = ${lomId} and ${rollupIn(days)}
         group by t.id, t.name
         order by ${byWeight(agg, messages, views)}, t.id
         limit ${limit}`,
  );
}

/** Other loms that wrote on these themes in the period: the heaviest `perTheme` of each theme. */
export async function coThemeLoms(
  db: Db,
  lomId: number,
  themeIds: readonly number[],
  days: ClosedDays,
  agg: RelationGraphAggParam,
  perTheme: number,
) {
  if (themeIds.length === 0) return [];
  const messages = sql`sum(r.message_count)`;
  const views = sql`sum(r.views_sum)`;
  return queryRows<WeightRow & { theme_id: number }>(
    db,
    sql`select x.theme_id, x.id, x.name, x.messages, x.views from (
          select r.theme_id, l.id, l.name, ${messages} as messages, ${views} as views,
                 row_number() over (partition by r.theme_id order by ${byWeight(agg, messages, views)}, l.id) as rank
            from message_daily_stats r join loms l on l.id = r.lom_id and not l.archived
           where r.theme_id in (${sql.join(
             themeIds.map((id) => sql`${id}`),
             sql`, `,
           )})
             and r.lom_id <> ${lomId} and ${rollupIn(days)}
           group by r.theme_id, l.id, l.name) x
         where x.rank <= ${perTheme}
         order by x.theme_id, x.rank`,
  );
}

export type CoThemeRow = Awaited<ReturnType<typeof coThemeLoms>>[number];

/**
 * Speaker links of the period. `guest`: other loms speaking in the lom's messages;
 * `host`: loms in whose messages the lom spoke.
 */
export async function speakerLoms(
  db: Db,
  lomId: number,
  side: 'guest' | 'host',
  days: ClosedDays,
  agg: RelationGraphAggParam,
  limit: number,
) {
  const other = side === 'guest' ? sql`m.speaker_id` : sql`m.lom_id`;
  const where =
    side === 'guest'
      ? sql`m.lom_id = ${lomId} and m.speaker_id is not null and m.speaker_id <> ${lomId}`
      : sql`m.speaker_id = ${lomId} and m.lom_id is not null and m.lom_id <> ${lomId}`;
  const messages = sql`count(*)`;
  const views = sql`coalesce(sum(m.number_views), 0)`;
  return queryRows<WeightRow>(
    db,
    sql`select l.id, l.name, ${messages} as messages, ${views} as views
          from messages m join loms l on l.id = ${other} and not l.archived
         where ${where} and ${wroteIn(days, sql`m.wrote_at`)} and ${LIVE}
         group by l.id, l.name
         order by ${byWeight(agg, messages, views)}, l.id
         limit ${limit}`,
  );
}

// Rubrics by period

export interface RubricBucketRow {
  rubric_id: number;
  bucket: string;
  messages: Numeric;
  si: number;
}

/** The lom's live messages of the period per rubric and step (Moscow time). */
export async function rubricBuckets(db: Db, lomId: number, days: ClosedDays, step: RubricPeriodStep) {
  return queryRows<RubricBucketRow>(
    db,
    sql`select mr.rubric_id,
               to_char(date_trunc(${step}, m.wrote_at at time zone 'Europe/Moscow'), 'YYYY-MM-DD') as bucket,
               count(*) as messages, coalesce(sum(m.si), 0) as si
          from messages m join message_rubrics mr on mr.message_id = m.id
         where m.lom_id = ${lomId} and ${wroteIn(days, sql`m.wrote_at`)} and ${LIVE}
         group by 1, 2`,
  );
}

export async function lomMessageTotals(db: Db, lomId: number, days: ClosedDays) {
  const [row] = await queryRows<{ messages: Numeric; si: number | null }>(
    db,
    sql`select count(*) as messages, coalesce(sum(m.si), 0) as si
          from messages m where m.lom_id = ${lomId} and ${wroteIn(days, sql`m.wrote_at`)} and ${LIVE}`,
  );
  return row;
}

export type LomMessageTotalsRow = Awaited<ReturnType<typeof lomMessageTotals>>;

/** Rubrics that are not archived: those of the lom's messages and those the lom belongs to. */
export async function rubricsFor(db: Db, lomId: number, rubricIds: readonly number[]) {
  const ofMessages = rubricIds.length
    ? sql`or r.id in (${sql.join(
        rubricIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<{ id: number; name: string; type: string; is_lom_rubric: boolean }>(
    db,
    sql`select r.id, r.name, r.type,
               exists (select 1 from lom_rubrics lr where lr.lom_id = ${lomId} and lr.rubric_id = r.id)
                 as is_lom_rubric
          from rubrics r
         where not r.archived
           and (exists (select 1 from lom_rubrics lr where lr.lom_id = ${lomId} and lr.rubric_id = r.id)
                ${ofMessages})`,
  );
}

export type RubricRow = Awaited<ReturnType<typeof rubricsFor>>[number];
