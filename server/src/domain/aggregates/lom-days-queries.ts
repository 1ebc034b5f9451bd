import { type SQL, sql } from 'drizzle-orm';
import { DAY_MS, type DayRange, monthOf, nextMonthOf, utcDay, utcDayMs, weekOf } from '../moscow-calendar.ts';

/**
 * Reading a period from the per-lom rollups (src/db/schema/lom-day-stats.ts): its whole
 * Moscow weeks from lom_week_stats, the days at its edges from lom_day_stats. Used by the
 * lom list's period metrics and by messages/lom-stat/.
 */

export type { DayRange };

/**
 * The whole weeks inside the range ([from, to) of their Mondays, null when there are
 * none) and the day ranges left at its edges. A side left open stays open in `weeks`.
 */
export function splitRange(range: DayRange): { weeks: DayRange | null; days: DayRange[] } {
  const { from, to } = range;
  let weeksFrom: string | undefined;
  if (from !== undefined) {
    const monday = weekOf(from);
    weeksFrom = monday === from ? from : utcDay(utcDayMs(monday) + 7 * DAY_MS);
  }
  // A week [w, w + 7) is whole when w + 7 <= to, that is when w is before the week of `to`.
  const weeksTo = to === undefined ? undefined : weekOf(to);
  if (weeksFrom !== undefined && weeksTo !== undefined && weeksFrom >= weeksTo) {
    return { weeks: null, days: [range] };
  }
  const days: DayRange[] = [];
  if (from !== undefined && weeksFrom !== from) days.push({ from, to: weeksFrom });
  if (to !== undefined && weeksTo !== to) days.push({ from: weeksTo, to });
  return { weeks: { from: weeksFrom, to: weeksTo }, days };
}

/**
 * The whole calendar months inside the range ([from, to) of their first days, null when there
 * are none) and the ranges left at its edges (each to be split by splitRange). A side left open
 * stays open in `months`.
 */
export function splitMonths(range: DayRange): { months: DayRange | null; edges: DayRange[] } {
  const { from, to } = range;
  const monthsFrom = from === undefined ? undefined : monthOf(from) === from ? from : nextMonthOf(from);
  // A month [m, next) is whole when next <= to, that is when m is before the month of `to`.
  const monthsTo = to === undefined ? undefined : monthOf(to);
  if (monthsFrom !== undefined && monthsTo !== undefined && monthsFrom >= monthsTo) {
    return { months: null, edges: [range] };
  }
  const edges: DayRange[] = [];
  if (from !== undefined && monthsFrom !== from) edges.push({ from, to: monthsFrom });
  if (to !== undefined && monthsTo !== to) edges.push({ from: monthsTo, to });
  return { months: { from: monthsFrom, to: monthsTo }, edges };
}

/** Conditions of a day or week column on the range [from, to). */
export function bounds(column: SQL, range: DayRange): SQL[] {
  const where: SQL[] = [];
  if (range.from !== undefined) where.push(sql`${column} >= ${range.from}::date`);
  if (range.to !== undefined) where.push(sql`${column} < ${range.to}::date`);
  return where;
}

/** Conditions of lom_day_stats rows (alias `s`) on the days of the range. */
export function dayBounds(range: DayRange): SQL[] {
  return bounds(sql`s.day`, range);
}

const TOTALS = sql.raw(
  's.lom_id, s.trash, s.archived, s.delayed, s.message_count, s.verified_count, s.si_sum, s.views_sum, s.reposts_sum',
);

/**
 * Rows that hold the range exactly, each with lom_id, the three flags and the totals
 * (message_count, verified_count, si_sum, views_sum, reposts_sum): the range's whole weeks
 * of lom_week_stats and its edge days of lom_day_stats, `union all`. `where` are further
 * conditions on the alias `s` (flags, loms), which both tables share. Each part is an
 * index-only scan of the range's stretch of lom_week_stats_week_idx / lom_day_stats_day_idx
 * (or, for a few loms, of the primary keys).
 */
export function periodRows(range: DayRange, where: readonly SQL[]): SQL {
  return weeksThenDays(range, (unit, part) => {
    const all = [...bounds(sql.raw(`s.${unit}`), part), ...where];
    return sql`select ${TOTALS} from ${sql.raw(`lom_${unit}_stats`)} s
      where ${all.length ? sql.join(all, sql` and `) : sql`true`}`;
  });
}

/**
 * A period read from a pair of tables by week and by day: `part('week', …)` over its whole weeks and
 * `part('day', …)` over each edge, `union all`.
 */
export function weeksThenDays(range: DayRange, part: (unit: 'week' | 'day', range: DayRange) => SQL): SQL {
  const { weeks, days } = splitRange(range);
  const parts = weeks ? [part('week', weeks)] : [];
  for (const edge of days) parts.push(part('day', edge));
  return sql.join(parts, sql` union all `);
}
