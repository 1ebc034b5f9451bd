import type { ReportDay, ReportStats, ReportTableRow } from '@monitoring/contracts';
import type { ReportDayRow, ReportGroupRow } from '../../domain/aggregates/report-table-queries.ts';

export function presentGroupRow(row: ReportGroupRow): ReportTableRow {
  return {
    id: row.key,
    name: row.name,
    moods: Object.fromEntries(Object.entries(row.moods).map(([mood, n]) => [mood, n])),
    message_count: row.n,
    total_si: row.si,
    total_views: row.views,
    lom_count: row.loms,
  };
}

const emptyDay = (day: string): ReportDay => ({
  day,
  message_count: 0,
  total_si: 0,
  total_views: 0,
  moods: {},
});

/** The per (day, mood) rows as the filter's totals and one entry per day, zeros included. */
export function presentStats(rows: readonly ReportDayRow[], days: readonly string[]): ReportStats {
  const byDay = new Map(days.map((day) => [day, emptyDay(day)]));
  let all = 0;
  let withThemes = 0;
  let si = 0;
  let views = 0;
  for (const row of rows) {
    all += row.n;
    withThemes += row.with_theme;
    si += row.si;
    views += row.views;
    const day = byDay.get(row.day);
    if (!day) continue;
    day.message_count += row.n;
    day.total_si += row.si;
    day.total_views += row.views;
    if (row.mood !== null) day.moods[String(row.mood)] = (day.moods[String(row.mood)] ?? 0) + row.n;
  }
  return {
    all,
    with_themes: withThemes,
    no_messages: false,
    total_si: si,
    total_views: views,
    days: [...byDay.values()],
  };
}
