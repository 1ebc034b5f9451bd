import {
  type ListEnvelope,
  pageInfo,
  REPORT_EMPTY_FALLBACK,
  type ReportStats,
  type ReportStatsQuery,
  type ReportTableQuery,
  type ReportTableRow,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import {
  type ReportDimension,
  reportDayRows,
  reportGroupPage,
} from '../../domain/aggregates/report-table-queries.ts';
import { readerFilter } from '../../domain/filters/message-filter.ts';
import { addDays, moscowDay } from '../../domain/moscow-calendar.ts';
import type { AuthUser } from '../../http/auth.ts';
import { stopIfAborted } from './client-abort.ts';
import { presentGroupRow, presentStats } from './presenter.ts';

/** Longest run of days the dynamics lists one by one (a year and a bit). */
const MAX_DAYS = 400;

/** A report table: one page of the groups (report/themes/, info_reasons/, loms/). */
export async function reportTablePage(
  db: Db,
  query: ReportTableQuery,
  dimension: ReportDimension,
  user: AuthUser,
  signal?: AbortSignal,
): Promise<ListEnvelope<ReportTableRow>> {
  const filter = readerFilter(query.filter, user);
  const { page, page_size: pageSize, ordering } = query;
  stopIfAborted(signal);
  let { rows, total } = await reportGroupPage(db, filter, dimension, ordering, page, pageSize);
  // Past the last page the window has no row to carry the total.
  if (rows.length === 0 && page > 1) {
    stopIfAborted(signal);
    total = (await reportGroupPage(db, filter, dimension, ordering, 1, 1)).total;
  }
  return { results: rows.map(presentGroupRow), ...pageInfo(page, pageSize, total) };
}

/** The top-N charts (report/themes_dashboard/, info_reasons_dashboard/): the first rows by the ordering. */
export async function reportTop(
  db: Db,
  query: ReportTableQuery,
  dimension: ReportDimension,
  user: AuthUser,
  signal?: AbortSignal,
): Promise<{ results: ReportTableRow[] }> {
  const filter = readerFilter(query.filter, user);
  stopIfAborted(signal);
  const { rows } = await reportGroupPage(db, filter, dimension, query.ordering, 1, query.page_size);
  return { results: rows.map(presentGroupRow) };
}

/** The days the dynamics shows: the period's, or the data's when the period is open. */
function daysOf(query: ReportStatsQuery, seen: readonly string[]): string[] {
  const { wrote_at_after: after, wrote_at_before: before } = query.filter;
  const sorted = [...seen].sort();
  const first = after ? moscowDay(after.getTime()) : sorted[0];
  const last = before ? moscowDay(before.getTime() - 1) : sorted[sorted.length - 1];
  if (!first || !last || first > last) return sorted;
  const days: string[] = [];
  for (let day = first; day <= last && days.length < MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** report/themes_stats/: all messages, those with a theme, and their dynamics by day; the §9 fallback. */
export async function reportStats(
  db: Db,
  query: ReportStatsQuery,
  user: AuthUser,
  signal?: AbortSignal,
): Promise<ReportStats> {
  const filter = readerFilter(query.filter, user);
  stopIfAborted(signal);
  const { rows } = await reportDayRows(db, filter);
  const days = daysOf(query, [...new Set(rows.map((row) => row.day))]);
  const stats = presentStats(rows, days);
  return stats.all === 0 ? { ...stats, ...REPORT_EMPTY_FALLBACK, no_messages: true } : stats;
}
