import type { ChartStep } from '@monitoring/contracts';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import {
  infoReasonMoodDays,
  infoReasons,
  lomGroupLomSources,
  lomGroupLoms,
  lomSources,
  loms,
  messageDailyStats,
  messages,
  sources,
} from '../../db/schema/index.ts';
import { bounds, type DayRange, weeksThenDays } from '../../domain/aggregates/lom-days-queries.ts';
import {
  filterDays,
  infoReasonCellConditions,
  rollupConditions,
  type SourceCellFilter,
  sourceCellFilter,
} from '../../domain/aggregates/mood-table-queries.ts';
import { messageFilterWhere } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';
import type { ChartFilter } from './dashboard-filter.ts';

// SQL of the eight charts. Every chart is a group-by over one set of "base rows" (Moscow day, lom, source,
// info reason, mood, count, views, reposts, comments): the cells of message_daily_stats when the filter fits
// the rollup (docs/aggregates.md), else the messages themselves (docs/new-dashboards.md says when).

export type ChartKey = 'lom_id' | 'source_id' | 'info_reason_id';

export interface BaseRows {
  query: SQL;
  source: 'rollup' | 'messages';
  /** The `top` keys by messages with a mood, when a table smaller than the base rows ranks them. */
  topKeys?: (top: number) => SQL;
}

/** Loms of the lom groups: their own loms and the loms of their lom sources (docs/lom-groups.md "Membership"). */
function groupMembers(groupIds: readonly number[]): SQL {
  const ids = pgArray(groupIds);
  return sql`(select ${lomGroupLoms.lomId} from ${lomGroupLoms} where ${lomGroupLoms.groupId} = any(${ids}::int[])
    union select ${lomSources.lomId} from ${lomGroupLomSources}
      join ${lomSources} on ${lomSources.id} = ${lomGroupLomSources.lomSourceId}
      where ${lomGroupLomSources.groupId} = any(${ids}::int[]) and ${lomSources.lomId} is not null)`;
}

/** What a chart asks of its base rows: the key it ranks (if any) and its step (none: one group). */
export interface BaseRowsFor {
  key?: ChartKey;
  step?: ChartStep;
}

/**
 * The cells without loms of a period: source_mood_weeks for its whole weeks and source_mood_days for its edge
 * days when the chart groups by week or not at all (`byWeek`), else every day from source_mood_days.
 */
function sourceCellRows(cells: SourceCellFilter, byWeek: boolean): SQL {
  const part = (unit: 'week' | 'day', range: DayRange) => {
    const where = [...bounds(sql.raw(`c.${unit}`), range), ...cells.where];
    return sql`select c.${sql.raw(unit)} as day, null::int as lom_id, c.source_id, null::int as info_reason_id,
        c.mood, c.message_count as n, c.views_sum as views, c.reposts_sum as reposts, c.comments_sum as comments
      from ${sql.raw(`source_mood_${unit}s`)} c where ${where.length ? sql.join(where, sql` and `) : sql`true`}`;
  };
  return byWeek ? weeksThenDays(cells.range, part) : part('day', cells.range);
}

/**
 * The `top` info reasons by messages with a mood over a period: the whole weeks of info_reason_week_stats and
 * the edge days of info_reason_day_stats.
 */
function infoReasonRanking(range: DayRange, reasons: readonly number[] | undefined, top: number): SQL {
  const rows = weeksThenDays(range, (unit, part) => {
    const where = bounds(sql.raw(unit), part);
    if (reasons?.length) where.push(sql`info_reason_id = any(${pgArray(reasons)}::int[])`);
    return sql`select info_reason_id, mood_count from ${sql.raw(`info_reason_${unit}_stats`)}
      where ${where.length ? sql.join(where, sql` and `) : sql`true`}`;
  });
  return sql`select info_reason_id as key from (${rows}) x
    group by 1 having sum(mood_count) > 0 order by sum(mood_count) desc, 1 limit ${top}`;
}

/**
 * The base rows of a chart over every lom from the cells without loms, when the filter fits them: by
 * source and mood (source_mood_weeks and _days) for every chart but the loms' and info reasons'; by info
 * reason and mood (info_reason_mood_days, ranked from info_reason_week_stats and _day_stats unless moods or
 * verified narrow the filter) for the info reasons'. Null when neither fits.
 */
function everyLomRows(filter: ChartFilter, { key, step }: BaseRowsFor): BaseRows | null {
  if (key === 'info_reason_id') {
    const cells = infoReasonCellConditions(filter);
    const range = filterDays(filter);
    if (!cells || !range) return null;
    const where = cells.length ? sql.join(cells, sql` and `) : sql`true`;
    const ranked = !filter.mood_in?.length && filter.verified === undefined;
    return {
      source: 'rollup',
      query: sql`select day, null::int as lom_id, null::int as source_id, info_reason_id, mood, message_count as n,
          views_sum as views, 0 as reposts, 0 as comments
        from ${infoReasonMoodDays} where ${where}`,
      topKeys: ranked ? (top) => infoReasonRanking(range, filter.info_reason_in, top) : undefined,
    };
  }
  if (key === 'lom_id') return null;
  const cells = sourceCellFilter(filter);
  if (!cells) return null;
  return { source: 'rollup', query: sourceCellRows(cells, step !== 'day' && step !== 'month') };
}

/**
 * The base rows of a filter over the loms of `groupIds` (every lom when there are none), for a chart
 * ranked by `asked.key` (if any) and grouped by `asked.step`.
 */
export function baseRows(
  filter: ChartFilter,
  groupIds: readonly number[],
  asked: BaseRowsFor = {},
): BaseRows {
  const everyLom = groupIds.length ? null : everyLomRows(filter, asked);
  if (everyLom) return everyLom;
  const rollup = rollupConditions(filter);
  if (rollup) {
    const r = messageDailyStats;
    const where = and(...rollup, groupIds.length ? sql`${r.lomId} in ${groupMembers(groupIds)}` : undefined);
    return {
      source: 'rollup',
      query: sql`select ${r.day} as day, ${r.lomId} as lom_id, ${r.sourceId} as source_id,
          ${r.infoReasonId} as info_reason_id, ${r.mood} as mood, ${r.messageCount} as n,
          ${r.viewsSum} as views, ${r.repostsSum} as reposts, ${r.commentsSum} as comments
        from ${r} where ${where ?? sql`true`}`,
    };
  }
  const m = messages;
  const where = and(
    messageFilterWhere(filter),
    groupIds.length ? sql`${m.lomId} in ${groupMembers(groupIds)}` : undefined,
  );
  return {
    source: 'messages',
    query: sql`select (${m.wroteAt} at time zone 'Europe/Moscow')::date as day, ${m.lomId} as lom_id,
        ${m.sourceId} as source_id, ${m.infoReasonId} as info_reason_id, ${m.mood} as mood, 1 as n,
        ${m.numberViews} as views, ${m.repostCount} as reposts, ${m.commentsCount} as comments
      from ${m} where ${where ?? sql`true`}`,
  };
}

export interface GroupOptions {
  /** Group by the step's first day (date_trunc: Monday for a week, the 1st for a month). */
  step?: ChartStep;
  /** Group by this dimension, keeping the `top` keys with most messages (nulls left out). */
  key?: ChartKey;
  top?: number;
  /** Group by mood. */
  mood?: boolean;
  /** Only messages with a mood (the mood charts: their ranks and totals count what they draw). */
  moodOnly?: boolean;
}

export interface GroupRow {
  bucket: string | null;
  key: number | null;
  mood: number | null;
  n: number;
  views: number;
  reposts: number;
  comments: number;
}

interface RawGroupRow {
  bucket: string | null;
  key: number | null;
  mood: number | null;
  n: string | number;
  views: string | number | null;
  reposts: string | number | null;
  comments: string | number | null;
}

const STEP_UNIT: Readonly<Record<ChartStep, string>> = { day: 'day', week: 'week', month: 'month' };

/** Sums of the base rows grouped by the step, a ranked key and the mood, as asked. */
export async function groupRows(db: Db, base: BaseRows, options: GroupOptions): Promise<GroupRow[]> {
  const { step, key, top, mood, moodOnly } = options;
  const source = moodOnly ? sql`select * from (${base.query}) x where x.mood is not null` : base.query;
  const keyColumn = key ? sql.raw(key) : null;
  // The step's first day as a date (formatted once per group, not per row).
  const bucket = step ? sql`date_trunc(${STEP_UNIT[step]}, b.day::timestamp)::date` : sql`null::date`;
  const keyExpr = keyColumn ? sql`b.${keyColumn}` : sql`null::int`;
  const moodExpr = mood ? sql`b.mood` : sql`null::smallint`;
  const limit = top ?? 10;
  // Ranked by a smaller table: the top keys first, then only their base rows (by their index).
  const ctes =
    keyColumn && base.topKeys
      ? sql`with top_keys as (${base.topKeys(limit)}),
          base as (select * from (${source}) k where k.${keyColumn} = any(array(select key from top_keys)))`
      : keyColumn
        ? sql`with base as (${source}),
            top_keys as (select ${keyColumn} as key from base where ${keyColumn} is not null
              group by 1 order by sum(n) desc, 1 limit ${limit})`
        : sql`with base as (${source})`;
  const join = keyColumn ? sql`join top_keys t on t.key = b.${keyColumn}` : sql``;
  const rows = await queryRows<RawGroupRow>(
    db,
    sql`${ctes}
      select to_char(g.bucket, 'YYYY-MM-DD') as bucket, g.key, g.mood, g.n, g.views, g.reposts, g.comments
        from (select ${bucket} as bucket, ${keyExpr} as key, ${moodExpr} as mood, sum(b.n)::bigint as n,
                     sum(b.views)::bigint as views, sum(b.reposts)::bigint as reposts,
                     sum(b.comments)::bigint as comments
                from base b ${join}
               group by 1, 2, 3) g
       order by g.bucket, g.key, g.mood`,
  );
  return rows.map((row) => ({
    bucket: row.bucket,
    key: row.key === null ? null : Number(row.key),
    mood: row.mood === null ? null : Number(row.mood),
    n: Number(row.n),
    views: Number(row.views ?? 0),
    reposts: Number(row.reposts ?? 0),
    comments: Number(row.comments ?? 0),
  }));
}

/**
 * tonality_by_lom's loms: the `top` loms with most messages of the base rows, with or without a mood (the
 * most active loms, then their moods), ties to the smaller id.
 */
export async function topLoms(db: Db, base: BaseRows, top: number): Promise<number[]> {
  const rows = await queryRows<{ key: number }>(
    db,
    sql`select b.lom_id as key from (${base.query}) b where b.lom_id is not null
         group by 1 order by sum(b.n) desc, 1 limit ${top}`,
  );
  return rows.map((row) => Number(row.key));
}

/** The base rows restricted to `ids` of the key, ranked in that order (their index reads them). */
export function withKeys(base: BaseRows, ids: readonly number[]): BaseRows {
  return { ...base, topKeys: () => sql`select unnest(${pgArray(ids)}::int[]) as key` };
}

/** Names of the ranked keys. */
export async function keyNames(db: Db, key: ChartKey, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const table = key === 'lom_id' ? loms : key === 'source_id' ? sources : infoReasons;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
