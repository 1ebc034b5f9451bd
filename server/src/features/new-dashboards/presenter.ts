import {
  DASHBOARD_PERIOD_LABELS,
  type DashboardFilterLine,
  type DashboardPeriod,
  formatDateRu,
  lomGroupTitle,
  type NewDashboardItem,
} from '@monitoring/contracts';
import type { DayPeriod } from './dashboard-filter.ts';
import type { DashboardGroupRow, DashboardRow } from './queries.ts';

const dayText = (day: string) => formatDateRu(new Date(`${day}T12:00:00+03:00`));

/** «Последний месяц (25 октября 2026 — 25 ноября 2026)» or the fixed dates alone. */
export function periodWords(filters: Record<string, unknown>, period: DayPeriod): string {
  const dates =
    period.from === period.to ? dayText(period.from) : `${dayText(period.from)} — ${dayText(period.to)}`;
  const fixed = filters.wrote_at_after !== undefined || filters.wrote_at_before !== undefined;
  const relative = filters.period as DashboardPeriod | undefined;
  if (fixed) return dates;
  return `${DASHBOARD_PERIOD_LABELS[relative ?? 'month']} (${dates})`;
}

export function presentDashboard(
  row: DashboardRow,
  groups: readonly DashboardGroupRow[],
  period: DayPeriod,
  filterLines: readonly DashboardFilterLine[],
): NewDashboardItem {
  const filters = (row.filters ?? {}) as Record<string, unknown>;
  const text = periodWords(filters, period);
  return {
    id: row.id,
    name: row.name,
    filters,
    lom_groups: groups.map((g) => ({
      id: g.id,
      title: lomGroupTitle({ id: g.id, title: g.title, report_id: g.reportId }),
    })),
    is_dashboard: row.isDashboard,
    owner: { id: row.userId, username: row.username },
    period: { ...period, text },
    filters_text: [
      { label: 'Период', value: text },
      ...filterLines.filter((line) => line.label !== 'Период'),
    ],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
