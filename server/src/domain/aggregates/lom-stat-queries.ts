import type { MessageFilter, MessageStat } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { offsetOf } from '../../http/pagination.ts';
import { moscowDayStart } from '../moscow-calendar.ts';
import { type DayRange, dayBounds, periodRows } from './lom-days-queries.ts';
import { PERIOD_SCOPE, type PeriodScope, storedPeriodOf } from './standard-periods.ts';

/** What a ranked page of loms orders by: lom-stat's stats (§4: si, views, reposts), or the report's messages. */
export type LomOrder = MessageStat | 'messages';

/** Column of the per-lom sums each order takes. */
const STAT_ORDER: Record<LomOrder, SQL> = {
  si: sql`si`,
  views: sql`views`,
  reposts: sql`reposts`,
  messages: sql`n`,
};

type MoodSums = [number, string | number, number | null, string | number | null];

export interface LomStatRow {
  lom_id: number;
  name: string;
  avatar: string | null;
  subscribers: string | number;
  n: string | number;
  si: number | null;
  views: string | number | null;
  reposts: string | number | null;
  moods: MoodSums[] | null;
  total: string | number;
}

/**
 * Loms of a per-(lom, mood) sums query (see perLomMood), ordered by the chosen stat,
 * one page with the total in the same round trip, each with its own mood table.
 * Messages without a lom are left out.
 */
export async function lomStatPage(
  db: Db,
  perLomMood: SQL,
  stat: MessageStat,
  page: number,
  pageSize: number,
) {
  const rows = await queryRows<LomStatRow>(
    db,
    sql`with p as (select * from (${perLomMood}) x where x.lom_id is not null),
        per_lom as (
          select lom_id, sum(n) as n, sum(si) as si, sum(views) as views, sum(reposts) as reposts,
                 json_agg(json_build_array(mood, n, si, views)) filter (where mood is not null) as moods,
                 count(*) over () as total
            from p group by lom_id
           order by ${STAT_ORDER[stat]} desc nulls last, lom_id
           limit ${pageSize} offset ${offsetOf(page, pageSize)})
        select per_lom.*, l.name, l.avatar, l.subscribers
          from per_lom join loms l on l.id = per_lom.lom_id
         order by ${STAT_ORDER[stat]} desc nulls last, lom_id`,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : 0;
  return { rows, total };
}

type Filter = Omit<MessageFilter, 'ordering'>;

/** The filter keys lom_day_stats can answer: whole Moscow days, loms and the three live flags. */
const LOM_DAY_KEYS: readonly (keyof Filter)[] = [
  'wrote_at_after',
  'wrote_at_before',
  'lom_in',
  'archived',
  'delayed',
  'trash',
];

/** A lom-stat filter the per-lom rollups answer: its Moscow days and the other conditions on `s`. */
export interface LomDayFilter {
  range: DayRange;
  where: SQL[];
  /** The scope of lom_period_stats the flags select, when no lom_in narrows the loms; else null. */
  scope: PeriodScope | null;
}

/** The scope of lom_period_stats that holds exactly the messages of these flags, if one does. */
function scopeOf(filter: Filter): PeriodScope | null {
  if (filter.lom_in?.length) return null;
  const { trash, archived, delayed } = filter;
  if (trash === undefined && archived === undefined && delayed === undefined) return PERIOD_SCOPE.all;
  if (trash === undefined && archived === false && delayed === undefined) return PERIOD_SCOPE.notArchived;
  if (trash === false && archived === false && delayed === false) return PERIOD_SCOPE.live;
  return null;
}

/**
 * The filter for the per-lom rollups (lom_week_stats / lom_day_stats, alias `s`) when it
 * fits them, else null: a period whose bounds are Moscow midnights, lom_in and any of
 * trash / archived / delayed (the tables' keys hold the three flags, so the readers'
 * default archived=false fits too). Any other test (theme, mood, verified, source…) needs
 * the old path.
 */
export function lomDayFilter(filter: Filter): LomDayFilter | null {
  const used = Object.entries(filter).filter(([key, value]) => value !== undefined && key !== 'ordering');
  if (!used.every(([key]) => LOM_DAY_KEYS.includes(key as keyof Filter))) return null;
  const after = filter.wrote_at_after && moscowDayStart(filter.wrote_at_after);
  const before = filter.wrote_at_before && moscowDayStart(filter.wrote_at_before);
  if (after === null || before === null) return null;
  const where: SQL[] = [];
  if (filter.lom_in?.length) {
    const ids = sql.join(
      filter.lom_in.map((id) => sql`${id}`),
      sql`, `,
    );
    where.push(sql`s.lom_id in (${ids})`);
  }
  const flags = [
    [filter.trash, sql`s.trash`],
    [filter.archived, sql`s.archived`],
    [filter.delayed, sql`s.delayed`],
  ] as const;
  for (const [value, column] of flags) if (value !== undefined) where.push(sql`${column} = ${value}`);
  return { range: { from: after || undefined, to: before || undefined }, where, scope: scopeOf(filter) };
}

const MOODS = [1, 2, 3, 4, 5, 6] as const;

/** The lom_period_stats column of each stat, in the order of its index (…, desc, lom_id). */
const STORED_ORDER: Record<LomOrder, SQL> = {
  si: sql`ps.si_sum`,
  views: sql`ps.views_sum`,
  reposts: sql`ps.reposts_sum`,
  messages: sql`ps.message_count`,
};

/**
 * One page of a standard period's loms from lom_period_stats: a walk of the stat's index
 * (period, scope, stat desc, lom_id), and the total from the same scope's primary key, so
 * neither grows with the messages.
 */
function storedPage(stored: number, scope: PeriodScope, stat: LomOrder, page: number, pageSize: number) {
  const here = sql`ps.period = ${stored} and ps.scope = ${scope}`;
  return sql`select ps.lom_id, ps.message_count::bigint as n, ps.si_sum as si, ps.views_sum::bigint as views,
                    ps.reposts_sum::bigint as reposts,
                    (select count(*) from lom_period_stats ps where ${here}) as total
               from lom_period_stats ps where ${here}
              order by ${STORED_ORDER[stat]} desc nulls last, ps.lom_id
              limit ${pageSize} offset ${offsetOf(page, pageSize)}`;
}

/**
 * lomStatPage from the per-lom rollups: the sums of every lom are index-only scans of the
 * period's whole weeks (lom_week_stats) and edge days (lom_day_stats), ordered and paged;
 * the mood tables are then summed from lom_day_stats for the page's loms only (their rows
 * through the primary key). Answers what lomStatPage answers over messages for the same
 * filter.
 */
export async function lomStatPageFromLomDays(
  db: Db,
  filter: LomDayFilter,
  stat: LomOrder,
  page: number,
  pageSize: number,
) {
  const stored = filter.scope === null ? null : await storedPeriodOf(db, filter.range);
  const moodSums = sql.join(
    MOODS.map((m) =>
      sql.raw(
        `sum(s.mood${m}_count)::bigint as c${m}, sum(s.mood${m}_si) as s${m}, sum(s.mood${m}_views)::bigint as v${m}`,
      ),
    ),
    sql`, `,
  );
  const moodColumns = sql.raw(MOODS.map((m) => `moods.c${m}, moods.s${m}, moods.v${m}`).join(', '));
  const inDays = sql.join([...dayBounds(filter.range), ...filter.where, sql`true`], sql` and `);
  const rows = await queryRows<Omit<LomStatRow, 'moods'> & Record<string, string | number | null>>(
    db,
    sql`with per_lom as (${
      stored === null
        ? sql`select x.lom_id, sum(x.message_count)::bigint as n, sum(x.si_sum) as si,
                 sum(x.views_sum)::bigint as views, sum(x.reposts_sum)::bigint as reposts,
                 count(*) over () as total
            from (${periodRows(filter.range, filter.where)}) x
           group by x.lom_id
           order by ${STAT_ORDER[stat]} desc nulls last, x.lom_id
           limit ${pageSize} offset ${offsetOf(page, pageSize)}`
        : storedPage(stored, filter.scope as PeriodScope, stat, page, pageSize)
    }),
        moods as (
          select s.lom_id, ${moodSums}
            from lom_day_stats s
           where s.lom_id in (select lom_id from per_lom) and ${inDays}
           group by s.lom_id)
        select per_lom.*, ${moodColumns}, l.name, l.avatar, l.subscribers
          from per_lom join loms l on l.id = per_lom.lom_id
          join moods on moods.lom_id = per_lom.lom_id
         order by ${STAT_ORDER[stat]} desc nulls last, per_lom.lom_id`,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : 0;
  // The same row shape as lomStatPage's: the mood columns folded into `moods` tuples.
  const shaped = rows.map(
    (row): LomStatRow => ({
      ...row,
      moods: MOODS.flatMap((m): MoodSums[] =>
        Number(row[`c${m}`] ?? 0) > 0
          ? [[m, row[`c${m}`] as string | number, row[`s${m}`] as number, row[`v${m}`] as string | number]]
          : [],
      ),
    }),
  );
  return { rows: shaped, total };
}
