import { expandMoodFilter, type MessageFilter } from '@monitoring/contracts';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { messageDailyStats, messageDayCounts, messages } from '../../db/schema/index.ts';
import { messageFilterWhere } from '../filters/message-filter-queries.ts';
import { type DayRange, moscowDayStart } from '../moscow-calendar.ts';
import { pgArray } from '../pg-array.ts';
import { splitMonths, splitRange } from './lom-days-queries.ts';
import { lomSubscribersAt, subscribersOfBits } from './lom-subscribers-memo.ts';
import { LOM_SUBSCRIBERS_STAMP } from './lom-subscribers-queries.ts';

type Filter = Omit<MessageFilter, 'ordering'>;
type FilterKey = keyof Filter;

/** One mood's sums; mood null is the row over every mood (distinct loms across them). */
export interface MoodSums {
  mood: number | null;
  message_count: number;
  total_si: number;
  total_views: number;
  lom_count: number;
  subscribers: number;
}

/** Whether the filter tests nothing but `allowed` (the ordering of a list filter is no test). */
function usesOnly(filter: Filter, allowed: readonly FilterKey[]): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || key === 'ordering' || allowed.includes(key as FilterKey),
  );
}

/** The period as whole Moscow days [after, before), or null when a bound falls inside a day. */
function dayRange(filter: Filter): { after?: string; before?: string } | null {
  const after = filter.wrote_at_after && moscowDayStart(filter.wrote_at_after);
  const before = filter.wrote_at_before && moscowDayStart(filter.wrote_at_before);
  if (after === null || before === null) return null;
  return { after: after || undefined, before: before || undefined };
}

const MOOD_DAYS_KEYS: readonly FilterKey[] = [
  'wrote_at_after',
  'wrote_at_before',
  'mood_in',
  'verified',
  'verified_by_super_editor',
  'archived',
  'delayed',
  'trash',
];

const THEME_DAY_KEYS: readonly FilterKey[] = [
  'wrote_at_after',
  'wrote_at_before',
  'theme_in',
  'archived',
  'delayed',
  'trash',
];

/**
 * The conditions on the per-theme rollups of live messages (theme_day_stats, theme_mood_days:
 * both key `theme_id, day`) of a filter of live messages (trash, archived and delayed all false)
 * over whole days that tests nothing but themes; null when the filter does not fit them.
 */
export function themeDayConditions(filter: Filter): SQL[] | null {
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, THEME_DAY_KEYS)) return null;
  if (filter.trash !== false || filter.archived !== false || filter.delayed !== false) return null;
  const where: SQL[] = [];
  if (range.after) where.push(sql`day >= ${range.after}::date`);
  if (range.before) where.push(sql`day < ${range.before}::date`);
  if (filter.theme_in?.length) where.push(sql`theme_id = any(${pgArray(filter.theme_in)}::int[])`);
  return where;
}

const INFO_REASON_CELL_KEYS: readonly FilterKey[] = [
  ...THEME_DAY_KEYS,
  'info_reason_in',
  'mood_in',
  'verified',
];

/**
 * The conditions on info_reason_mood_days (live messages per day, info reason, mood and verified)
 * of a filter of live messages over whole days that tests nothing but info reasons, moods and
 * verified (themes included: an info reason belongs to one theme, but the filter on it is not
 * kept in the cells); null when the filter does not fit them.
 */
export function infoReasonCellConditions(filter: Filter): SQL[] | null {
  if (filter.theme_in?.length) return null;
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, INFO_REASON_CELL_KEYS)) return null;
  if (filter.trash !== false || filter.archived !== false || filter.delayed !== false) return null;
  const where: SQL[] = [];
  if (range.after) where.push(sql`day >= ${range.after}::date`);
  if (range.before) where.push(sql`day < ${range.before}::date`);
  if (filter.info_reason_in?.length)
    where.push(sql`info_reason_id = any(${pgArray(filter.info_reason_in)}::int[])`);
  if (filter.mood_in?.length)
    where.push(sql`mood = any(${pgArray(expandMoodFilter(filter.mood_in))}::int[])`);
  if (filter.verified !== undefined) where.push(sql`verified = ${filter.verified}`);
  return where;
}

/**
 * A filter the mood cells answer (message_mood_days by day, message_mood_weeks by week): its
 * whole Moscow days and the conditions on the cells' other columns (unqualified: both tables
 * name them alike).
 */
export interface MoodCellFilter {
  range: DayRange;
  where: SQL[];
}

/**
 * The mood cells' filter when the filter fits them, else null. The mood table leaves out
 * messages without a mood (`withoutMood` false); a count keeps them.
 */
export function moodCellFilter(filter: Filter, { withoutMood = false } = {}): MoodCellFilter | null {
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, MOOD_DAYS_KEYS)) return null;
  const where: SQL[] = withoutMood ? [] : [sql`mood is not null`];
  if (filter.mood_in?.length)
    where.push(sql`mood = any(${pgArray(expandMoodFilter(filter.mood_in))}::int[])`);
  const flags = [
    [filter.verified, 'verified'],
    [filter.verified_by_super_editor, 'verified_by_super_editor'],
    [filter.archived, 'archived'],
    [filter.delayed, 'delayed'],
    [filter.trash, 'trash'],
  ] as const;
  for (const [value, column] of flags)
    if (value !== undefined) where.push(sql`${sql.identifier(column)} = ${value}`);
  return { range: { from: range.after, to: range.before }, where };
}

/**
 * The cells of the filter's period with `columns`: its whole months from message_mood_months,
 * then the whole weeks of what is left at its edges from message_mood_weeks and the days left
 * from message_mood_days (splitMonths, splitRange), `union all`: a year ending today is 11
 * month cells per key, up to 4 weeks and a dozen days, instead of 52 weeks or 365 days.
 */
export function moodCellRows(cells: MoodCellFilter, columns: SQL): SQL {
  const part = (table: string, column: string, range: DayRange) => {
    const all = [...cells.where];
    if (range.from !== undefined) all.push(sql`${sql.identifier(column)} >= ${range.from}::date`);
    if (range.to !== undefined) all.push(sql`${sql.identifier(column)} < ${range.to}::date`);
    return sql`select ${columns} from ${sql.identifier(table)} where ${all.length ? sql.join(all, sql` and `) : sql`true`}`;
  };
  const { months, edges } = splitMonths(cells.range);
  const parts: SQL[] = [];
  if (months) parts.push(part('message_mood_months', 'month', months));
  for (const edge of edges) {
    const { weeks, days } = splitRange(edge);
    if (weeks) parts.push(part('message_mood_weeks', 'week', weeks));
    for (const day of days) parts.push(part('message_mood_days', 'day', day));
  }
  return sql.join(parts, sql` union all `);
}

const DAY_COUNT_KEYS: readonly FilterKey[] = [...MOOD_DAYS_KEYS, 'message_type_in', 'state_in'];

/** Conditions over message_day_counts when the filter fits it, else null. */
export function dayCountConditions(filter: Filter): SQL[] | null {
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, DAY_COUNT_KEYS)) return null;
  const c = messageDayCounts;
  const where: SQL[] = [];
  if (range.after) where.push(gte(c.day, range.after));
  if (range.before) where.push(lt(c.day, range.before));
  if (filter.mood_in?.length) where.push(inArray(c.mood, expandMoodFilter(filter.mood_in)));
  if (filter.message_type_in?.length) where.push(inArray(c.messageType, filter.message_type_in));
  if (filter.state_in?.length) where.push(inArray(c.state, filter.state_in));
  const flags = [
    [filter.verified, c.verified],
    [filter.verified_by_super_editor, c.verifiedBySuperEditor],
    [filter.archived, c.archived],
    [filter.delayed, c.delayed],
    [filter.trash, c.trash],
  ] as const;
  for (const [value, column] of flags) if (value !== undefined) where.push(eq(column, value));
  return where;
}

const ROLLUP_KEYS: readonly FilterKey[] = [
  'wrote_at_after',
  'wrote_at_before',
  'mood_in',
  'verified',
  'lom_in',
  'source_in',
  'theme_in',
  'info_reason_in',
  'archived',
  'delayed',
  'trash',
];

/**
 * Conditions over message_daily_stats when the filter fits it, else null. The rollup
 * knows only `live` (not trash, archived or delayed), so the three flags must be all
 * absent or all false.
 */
export function rollupConditions(filter: Filter): SQL[] | null {
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, ROLLUP_KEYS)) return null;
  const live = [filter.archived, filter.delayed, filter.trash];
  const allFalse = live.every((v) => v === false);
  if (!allFalse && !live.every((v) => v === undefined)) return null;
  const r = messageDailyStats;
  const where: SQL[] = [];
  if (range.after) where.push(gte(r.day, range.after));
  if (range.before) where.push(lt(r.day, range.before));
  if (allFalse) where.push(eq(r.live, true));
  if (filter.verified !== undefined) where.push(eq(r.verified, filter.verified));
  if (filter.mood_in?.length) where.push(inArray(r.mood, expandMoodFilter(filter.mood_in)));
  if (filter.lom_in?.length) where.push(inArray(r.lomId, filter.lom_in));
  if (filter.source_in?.length) where.push(inArray(r.sourceId, filter.source_in));
  if (filter.theme_in?.length) where.push(inArray(r.themeId, filter.theme_in));
  if (filter.info_reason_in?.length) where.push(inArray(r.infoReasonId, filter.info_reason_in));
  return where;
}

const SOURCE_CELL_KEYS: readonly FilterKey[] = ROLLUP_KEYS.filter(
  (key) => key !== 'lom_in' && key !== 'theme_in' && key !== 'info_reason_in',
);

/** A filter the cells without loms answer (source_mood_days, source_mood_weeks): its days and the rest. */
export interface SourceCellFilter {
  range: DayRange;
  /** Conditions on the cells `c` (mood, source, live, verified: both tables name them alike). */
  where: SQL[];
}

/**
 * The filter of the cells by day or week, source, mood, live and verified when it fits them (the period
 * as whole Moscow days, moods, sources, verified, the three live flags all absent or all false), else null.
 */
export function sourceCellFilter(filter: Filter): SourceCellFilter | null {
  const range = dayRange(filter);
  if (!range || !usesOnly(filter, SOURCE_CELL_KEYS)) return null;
  const live = [filter.archived, filter.delayed, filter.trash];
  const allFalse = live.every((v) => v === false);
  if (!allFalse && !live.every((v) => v === undefined)) return null;
  const where: SQL[] = [];
  if (allFalse) where.push(sql`c.live`);
  if (filter.verified !== undefined) where.push(sql`c.verified = ${filter.verified}`);
  if (filter.mood_in?.length)
    where.push(sql`c.mood = any(${pgArray(expandMoodFilter(filter.mood_in))}::int[])`);
  if (filter.source_in?.length) where.push(sql`c.source_id = any(${pgArray(filter.source_in)}::int[])`);
  return { range: { from: range.after, to: range.before }, where };
}

/** The period of a filter as whole Moscow days [from, to), or null when a bound falls inside a day. */
export function filterDays(filter: Filter): DayRange | null {
  const range = dayRange(filter);
  return range && { from: range.after, to: range.before };
}

/**
 * Per (lom, mood) sums of the messages a filter selects: from the rollup when it
 * fits, else from messages. Columns: lom_id, mood, n, si, views, reposts.
 */
export function perLomMood(filter: Filter): { query: SQL; source: 'rollup' | 'messages' } {
  const rollup = rollupConditions(filter);
  if (rollup) {
    const r = messageDailyStats;
    const query = sql`select ${r.lomId} as lom_id, ${r.mood} as mood, sum(${r.messageCount})::bigint as n,
        sum(${r.siSum}) as si, sum(${r.viewsSum})::bigint as views, sum(${r.repostsSum})::bigint as reposts
      from ${r} where ${and(...rollup) ?? sql`true`} group by 1, 2`;
    return { query, source: 'rollup' };
  }
  const m = messages;
  const query = sql`select ${m.lomId} as lom_id, ${m.mood} as mood, count(*) as n, sum(${m.si}) as si,
      sum(${m.numberViews})::bigint as views, sum(${m.repostCount})::bigint as reposts
    from ${m} where ${messageFilterWhere(filter) ?? sql`true`} group by 1, 2`;
  return { query, source: 'messages' };
}

interface SumsRow {
  mood: number | null;
  n: string | number | null;
  si: number | null;
  views: string | number | null;
  lom_count: string | number | null;
  subscribers: string | number | null;
}

const toSums = (row: SumsRow): MoodSums => ({
  mood: row.mood === null ? null : Number(row.mood),
  message_count: Number(row.n ?? 0),
  total_si: Number(row.si ?? 0),
  total_views: Number(row.views ?? 0),
  lom_count: Number(row.lom_count ?? 0),
  subscribers: Number(row.subscribers ?? 0),
});

/**
 * The mood table from cells with lom bitmaps: sums add up over cells, and the distinct loms of
 * a mood are the bit_or of their bitmaps (bit i = lom i). A bitmap narrower
 * than the current width (built before new loms arrived) is padded with zeros.
 * Subscribers of each mood's loms are summed here from the OR'd bitmaps and the loms'
 * subscribers kept per process (lom-subscribers-memo.ts): one pass over 20,000 loms testing
 * seven bits each cost 2–3 ms of the year's mood table in SQL.
 */
export function moodTableFromMoodCells(db: Db, cells: MoodCellFilter): Promise<MoodSums[]> {
  return moodTableFromBitmapCells(db, moodCellRows(cells, sql`mood, message_count, si_sum, views_sum, loms`));
}

interface BitmapSumsRow extends Omit<SumsRow, 'subscribers'> {
  bits: Uint8Array | null;
  lom_version: string | number;
  lom_top: number;
}

/**
 * The mood table from rows of cells with a lom bitmap (`mood, message_count, si_sum, views_sum,
 * loms`): the mood cells, or a theme's cells (theme_mood_days). Each row comes with its OR'd
 * bitmap (`varbit_send`) and the loms' subscriber stamp of the same snapshot.
 */
export async function moodTableFromBitmapCells(db: Db, cells: SQL): Promise<MoodSums[]> {
  const rows = await queryRows<BitmapSumsRow>(
    db,
    sql`with z as (
          select top, n, repeat('0', n)::varbit as zeros
            from (select top, (top / 1024 + 1) * 1024 as n
                    from (select coalesce(max(id), 0) as top from loms) t) w),
        per_mood as (
          select c.mood, sum(c.message_count)::bigint as n, sum(c.si_sum) as si,
                 sum(c.views_sum)::bigint as views,
                 bit_or(case when length(c.loms) = z.n then c.loms
                             else substring(c.loms || z.zeros from 1 for z.n) end) as bits
            from (${cells}) c cross join z
           group by 1),
        st as (select ${LOM_SUBSCRIBERS_STAMP} as lom_version, (select top from z) as lom_top)
        select p.mood, p.n, p.si, p.views, bit_count(p.bits) as lom_count, varbit_send(p.bits) as bits,
               st.lom_version, st.lom_top
          from per_mood p cross join st
         where p.mood is not null
        union all
        select null, sum(p.n), sum(p.si), sum(p.views), bit_count(bit_or(p.bits)), varbit_send(bit_or(p.bits)),
               max(st.lom_version), max(st.lom_top)
          from per_mood p cross join st`,
  );
  const [first] = rows;
  const subscribers = first
    ? await lomSubscribersAt(db, { version: Number(first.lom_version), top: Number(first.lom_top ?? 0) })
    : new Float64Array(0);
  return rows.map(({ bits, lom_version: _version, lom_top: _top, ...row }) =>
    toSums({ ...row, subscribers: bits ? subscribersOfBits(bits, subscribers) : 0 }),
  );
}

/** The mood table from per (lom, mood) sums (rollup or messages). */
export async function moodTableFromPerLom(db: Db, perLom: SQL): Promise<MoodSums[]> {
  // The loms are looked up once (`pl`); the total row counts each lom once over all moods.
  const rows = await queryRows<SumsRow>(
    db,
    sql`with p as (select * from (${perLom}) x where x.mood is not null),
        pl as materialized (
          select p.mood, p.n, p.si, p.views, p.lom_id, l.id as known_lom, l.subscribers
            from p left join loms l on l.id = p.lom_id)
        select mood, sum(n) as n, sum(si) as si, sum(views) as views,
               count(lom_id) as lom_count, sum(subscribers) as subscribers
          from pl
         group by mood
        union all
        select null, sum(n), sum(si), sum(views),
               (select count(*) from (select distinct known_lom from pl where known_lom is not null) d),
               (select sum(d.subscribers)
                  from (select distinct known_lom, subscribers from pl where known_lom is not null) d)
          from pl`,
  );
  return rows.map(toSums);
}
