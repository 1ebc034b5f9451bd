import type { MessageFilter } from '@monitoring/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { infoReasons, loms, messageDailyStats, messages, themes } from '../../db/schema/index.ts';
import { ROLLUP_TIME_ZONE } from '../../db/schema/rollups.ts';
import { messageFilterWhere } from '../filters/message-filter-queries.ts';
import { lomDayFilter, lomStatPageFromLomDays } from './lom-stat-queries.ts';
import {
  infoReasonCellConditions,
  moodCellFilter,
  rollupConditions,
  themeDayConditions,
} from './mood-table-queries.ts';

/**
 * The report tables (docs/home.md): sums of the filter's messages grouped by theme, info
 * reason or lom, with their counts per mood: the themes from theme_day_stats and theme_mood_days
 * when the filter tests only the period and themes, the info reasons from info_reason_day_stats and
 * info_reason_mood_days (or the latter alone when it tests moods or verified), the loms from the per-lom
 * rollups; otherwise from message_daily_stats when the filter fits
 * it (its key holds theme, info reason, lom and mood), else from messages.
 */

type Filter = Omit<MessageFilter, 'ordering'>;

export type ReportDimension = 'theme' | 'info_reason' | 'lom';
export type ReportMetric = 'si' | 'views' | 'messages';
export type ReportSource = 'cells' | 'rollup' | 'messages';

const STORED_MOODS = [1, 2, 3, 4, 5, 6] as const;

export interface ReportGroupRow {
  key: number;
  name: string;
  n: number;
  si: number;
  views: number;
  loms: number;
  /** Counts by stored mood id. */
  moods: Record<number, number>;
}

const rollupColumn: Record<ReportDimension, SQL> = {
  theme: sql`${messageDailyStats.themeId}`,
  info_reason: sql`${messageDailyStats.infoReasonId}`,
  lom: sql`${messageDailyStats.lomId}`,
};
const messageColumn: Record<ReportDimension, SQL> = {
  theme: sql`${messages.themeId}`,
  info_reason: sql`${messages.infoReasonId}`,
  lom: sql`${messages.lomId}`,
};
const nameOf: Record<ReportDimension, { table: SQL; name: SQL; id: SQL }> = {
  theme: { table: sql`${themes}`, name: sql`${themes.name}`, id: sql`${themes.id}` },
  info_reason: { table: sql`${infoReasons}`, name: sql`${infoReasons.name}`, id: sql`${infoReasons.id}` },
  lom: { table: sql`${loms}`, name: sql`${loms.name}`, id: sql`${loms.id}` },
};
const orderOf: Record<ReportMetric, string> = { si: 'si', views: 'views', messages: 'n' };

/** Per (key, lom, mood) sums of the filter's messages with a `dimension`; which table answered. */
function perKeyLomMood(filter: Filter, dimension: ReportDimension): { query: SQL; source: ReportSource } {
  const rollup = rollupConditions(filter);
  if (rollup) {
    const r = messageDailyStats;
    const key = rollupColumn[dimension];
    return {
      source: 'rollup',
      query: sql`select ${key} as key, ${r.lomId} as lom_id, ${r.mood} as mood,
          sum(${r.messageCount})::bigint as n, sum(${r.siSum}) as si, sum(${r.viewsSum})::bigint as views
        from ${r} where ${and(...rollup, sql`${key} is not null`)} group by 1, 2, 3`,
    };
  }
  const m = messages;
  const key = messageColumn[dimension];
  return {
    source: 'messages',
    query: sql`select ${key} as key, ${m.lomId} as lom_id, ${m.mood} as mood, count(*) as n,
        sum(${m.si}) as si, sum(${m.numberViews})::bigint as views
      from ${m} where ${and(messageFilterWhere(filter), sql`${key} is not null`)} group by 1, 2, 3`,
  };
}

interface GroupSqlRow {
  key: number;
  name: string | null;
  n: string | number;
  si: number | null;
  views: string | number | null;
  loms: string | number;
  total: string | number;
  [mood: `m${number}`]: string | number | null;
}

const moodSumsSql = (count: string) =>
  sql.raw(
    STORED_MOODS.map((mood) => `sum(${count}) filter (where mood = ${mood})::bigint as m${mood}`).join(', '),
  );

/** The cte `z` of the lom bitmaps' current width (whole kilobits past the highest lom id, as the triggers write them). */
const LOM_WIDTH = sql.raw(`z as (select (coalesce(max(id), 0) / 1024 + 1) * 1024 as width from loms)`);

/** The distinct loms of the cells `c` grouped (with `z`): the OR of their bitmaps, each padded to the width. */
const LOM_COUNT = sql.raw(`bit_count(bit_or(case when length(c.loms) = z.width then c.loms
  else substring(c.loms || repeat('0', z.width)::varbit from 1 for z.width) end))`);

/** A dimension with per-day totals (one row per key and day) and mood cells (with lom bitmaps) of live messages. */
interface DayTotalsSpec {
  totals: string;
  cells: string;
  key: string;
  named: { table: SQL; name: SQL; id: SQL };
}

const THEME_DAYS: DayTotalsSpec = {
  totals: 'theme_day_stats',
  cells: 'theme_mood_days',
  key: 'theme_id',
  named: nameOf.theme,
};
const INFO_REASON_DAYS: DayTotalsSpec = {
  totals: 'info_reason_day_stats',
  cells: 'info_reason_mood_days',
  key: 'info_reason_id',
  named: nameOf.info_reason,
};

/**
 * A page of themes or info reasons from their rollups, whatever the messages: every key's sums of the
 * period ranked from the per-day totals (one row per key and day), then the mood counts and the distinct
 * loms of the page's keys alone from the mood cells (a dozen per key and day, read by key; the loms are
 * the bit_or of the cells' lom bitmaps, padded to one width). `where` names only the day and the key.
 */
function dayTotalsPage(
  spec: DayTotalsSpec,
  where: SQL[],
  metric: ReportMetric,
  limit: number,
  offset: number,
): SQL {
  const cond = where.length ? sql.join(where, sql` and `) : sql`true`;
  const order = sql.raw(orderOf[metric]);
  const key = sql.raw(spec.key);
  return sql`with g as (select ${key} as key, sum(message_count)::bigint as n, sum(si_sum) as si,
                               sum(views_sum)::bigint as views
                          from ${sql.raw(spec.totals)} where ${cond} group by 1),
      p as (select g.*, count(*) over () as total from g order by g.${order} desc nulls last, g.key
             limit ${limit} offset ${offset}),
      ${LOM_WIDTH},
      m as (select c.${key} as key, ${moodSumsSql('c.message_count')},
                   ${LOM_COUNT} as loms
              from ${sql.raw(spec.cells)} c cross join z
             where c.${key} = any(array(select key from p)) and ${cond}
             group by 1)
    select p.*, ${sql.raw(STORED_MOODS.map((mood) => `m.m${mood}`).join(', '))}, ${spec.named.name} as name,
           coalesce(m.loms, 0) as loms
      from p left join m on m.key = p.key left join ${spec.named.table} on ${spec.named.id} = p.key
     order by p.${order} desc nulls last, p.key`;
}

/**
 * The info reasons' page from info_reason_mood_days alone, for a filter on moods or verified (which the
 * per-day totals do not split): every info reason's sums and mood counts of the period ranked, then the
 * distinct loms of the page's alone, as the bit_or of their cells' lom bitmaps.
 */
function infoReasonCellsPage(where: SQL[], metric: ReportMetric, limit: number, offset: number): SQL {
  const cond = where.length ? sql.join(where, sql` and `) : sql`true`;
  const order = sql.raw(orderOf[metric]);
  return sql`with g as (select info_reason_id as key, sum(message_count)::bigint as n, sum(si_sum) as si,
                               sum(views_sum)::bigint as views, ${moodSumsSql('message_count')}
                          from info_reason_mood_days where ${cond} group by 1),
      p as (select g.*, count(*) over () as total from g order by g.${order} desc nulls last, g.key
             limit ${limit} offset ${offset}),
      ${LOM_WIDTH},
      l as (select c.info_reason_id,
                   ${LOM_COUNT} as loms
              from info_reason_mood_days c cross join z
             where c.info_reason_id = any(array(select key from p)) and ${cond}
             group by 1)
    select p.*, ${infoReasons.name} as name, coalesce(l.loms, 0) as loms
      from p left join l on l.info_reason_id = p.key left join ${infoReasons} on ${infoReasons.id} = p.key
     order by p.${order} desc nulls last, p.key`;
}

/** One page of the groups, ordered by `metric` (desc, then id), and the number of groups. */
export async function reportGroupPage(
  db: Db,
  filter: Filter,
  dimension: ReportDimension,
  metric: ReportMetric,
  page: number,
  pageSize: number,
): Promise<{ rows: ReportGroupRow[]; total: number; source: ReportSource }> {
  const offset = (page - 1) * pageSize;
  const themeDays = dimension === 'theme' ? themeDayConditions(filter) : null;
  const reasonCells = dimension === 'info_reason' ? infoReasonCellConditions(filter) : null;
  // The per-day totals of info reasons hold every mood and both verified flags, nothing less.
  const reasonTotals = filter.mood_in?.length || filter.verified !== undefined ? null : reasonCells;
  const cellsQuery = themeDays
    ? dayTotalsPage(THEME_DAYS, themeDays, metric, pageSize, offset)
    : reasonTotals
      ? dayTotalsPage(INFO_REASON_DAYS, reasonTotals, metric, pageSize, offset)
      : reasonCells
        ? infoReasonCellsPage(reasonCells, metric, pageSize, offset)
        : null;
  if (cellsQuery) {
    const rows = await queryRows<GroupSqlRow>(db, cellsQuery);
    return { rows: rows.map(groupRowOf), total: rows.length ? Number(rows[0].total) : 0, source: 'cells' };
  }
  // The loms by SI, views or messages: lom-stat's reader (a standard period's stored page, else the period's
  // weeks and days of the per-lom rollups), each lom with its mood counts.
  const lomDays = dimension === 'lom' ? lomDayFilter(filter) : null;
  if (lomDays) {
    const { rows, total } = await lomStatPageFromLomDays(db, lomDays, metric, page, pageSize);
    const countOf = (moods: (typeof rows)[number]['moods'], mood: number) =>
      Number(moods?.find(([m]) => m === mood)?.[1] ?? 0);
    return {
      rows: rows.map((row) => ({
        key: Number(row.lom_id),
        name: row.name,
        n: Number(row.n),
        si: Number(row.si ?? 0),
        views: Number(row.views ?? 0),
        loms: 1,
        moods: Object.fromEntries(STORED_MOODS.map((mood) => [mood, countOf(row.moods, mood)])),
      })),
      total,
      source: 'cells',
    };
  }
  const { query, source } = perKeyLomMood(filter, dimension);
  const named = nameOf[dimension];
  const moodSums = moodSumsSql('n');
  const order = sql.raw(orderOf[metric]);
  const rows = await queryRows<GroupSqlRow>(
    db,
    sql`with b as (${query}),
        g as (select key, sum(n)::bigint as n, sum(si) as si, sum(views)::bigint as views,
                     count(distinct lom_id) as loms, ${moodSums}
                from b group by key)
        select g.*, ${named.name} as name, count(*) over () as total
          from g left join ${named.table} on ${named.id} = g.key
         order by g.${order} desc nulls last, g.key
         limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map(groupRowOf), total: rows.length ? Number(rows[0].total) : 0, source };
}

const groupRowOf = (row: GroupSqlRow): ReportGroupRow => ({
  key: Number(row.key),
  name: row.name ?? '',
  n: Number(row.n),
  si: Number(row.si ?? 0),
  views: Number(row.views ?? 0),
  loms: Number(row.loms),
  moods: Object.fromEntries(STORED_MOODS.map((mood) => [mood, Number(row[`m${mood}`] ?? 0)])),
});

export interface ReportDayRow {
  day: string;
  mood: number | null;
  n: number;
  with_theme: number;
  si: number;
  views: number;
}

/** Per Moscow day and mood: the filter's messages, those with a theme, SI and views. */
export async function reportDayRows(
  db: Db,
  filter: Filter,
): Promise<{ rows: ReportDayRow[]; source: ReportSource }> {
  const rollup = rollupConditions(filter);
  const themeDays = themeDayConditions(filter);
  const moodCells =
    themeDays && !filter.theme_in?.length ? moodCellFilter(filter, { withoutMood: true }) : null;
  let query: SQL;
  let source: ReportSource;
  if (themeDays && filter.theme_in?.length) {
    // Only the themes' live messages: their cells, every one with a theme.
    source = 'cells';
    query = sql`select day::text as day, mood, sum(message_count)::bigint as n, sum(message_count)::bigint as with_theme,
        sum(si_sum) as si, sum(views_sum)::bigint as views
      from theme_mood_days where ${sql.join(themeDays, sql` and `)} group by 1, 2`;
  } else if (themeDays && moodCells) {
    // Every live message: the mood cells by day, and those with a theme from theme_day_stats (rows of
    // their own, with no messages of a mood).
    source = 'cells';
    const days = [...moodCells.where];
    if (moodCells.range.from !== undefined) days.push(sql`day >= ${moodCells.range.from}::date`);
    if (moodCells.range.to !== undefined) days.push(sql`day < ${moodCells.range.to}::date`);
    query = sql`select day::text as day, mood, sum(message_count)::bigint as n, 0 as with_theme,
        sum(si_sum) as si, sum(views_sum)::bigint as views
      from message_mood_days where ${sql.join(days, sql` and `)} group by 1, 2
      union all
      select day::text, null, 0, sum(message_count)::bigint, 0, 0
        from theme_day_stats where ${themeDays.length ? sql.join(themeDays, sql` and `) : sql`true`} group by 1`;
  } else if (rollup) {
    const r = messageDailyStats;
    source = 'rollup';
    query = sql`select ${r.day}::text as day, ${r.mood} as mood, sum(${r.messageCount})::bigint as n,
        sum(${r.messageCount}) filter (where ${r.themeId} is not null)::bigint as with_theme,
        sum(${r.siSum}) as si, sum(${r.viewsSum})::bigint as views
      from ${r} where ${and(...rollup) ?? sql`true`} group by 1, 2`;
  } else {
    const m = messages;
    source = 'messages';
    query = sql`select (${m.wroteAt} at time zone ${sql.raw(`'${ROLLUP_TIME_ZONE}'`)})::date::text as day,
        ${m.mood} as mood, count(*) as n, count(*) filter (where ${m.themeId} is not null) as with_theme,
        sum(${m.si}) as si, sum(${m.numberViews})::bigint as views
      from ${m} where ${messageFilterWhere(filter) ?? sql`true`} group by 1, 2`;
  }
  const rows = await queryRows<{
    day: string;
    mood: number | null;
    n: string | number;
    with_theme: string | number | null;
    si: number | null;
    views: string | number | null;
  }>(db, query);
  return {
    source,
    rows: rows.map((row) => ({
      day: row.day,
      mood: row.mood === null ? null : Number(row.mood),
      n: Number(row.n),
      with_theme: Number(row.with_theme ?? 0),
      si: Number(row.si ?? 0),
      views: Number(row.views ?? 0),
    })),
  };
}
