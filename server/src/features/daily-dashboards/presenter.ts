import {
  type DailyDashboardFiltersResult,
  type DailyDashboardItem,
  dailyDashboardFiltersResult,
} from '@monitoring/contracts';
import type { DailyDashboardRow } from './queries.ts';

/** The stored filters as answered: known keys only (older rows may carry more). */
function presentFilters(stored: unknown): DailyDashboardFiltersResult {
  const parsed = dailyDashboardFiltersResult.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

function ownerName(row: DailyDashboardRow): string {
  const full = `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim();
  return full || row.ownerUsername || '';
}

export function presentDailyDashboard(row: DailyDashboardRow, userId: number): DailyDashboardItem {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    position: row.position,
    types: row.types,
    filters: presentFilters(row.filters),
    is_private: row.isPrivate,
    is_own: row.userId === userId,
    owner: { id: row.userId, name: ownerName(row) },
  };
}
