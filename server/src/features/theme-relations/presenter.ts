import {
  fillMoodTable,
  isMood,
  type MoodTable,
  type PartialMoodTable,
  type ThemeRelationDetail,
  type ThemeRelationGraphPoint,
  type ThemeRelationItem,
  type ThemeRelationSourceRow,
} from '@monitoring/contracts';
import { moodTableRowOf, num } from '../../domain/aggregates/mood-table-presenter.ts';
import type {
  RelationDayRow,
  RelationListRow,
  RelationLomRow,
  RelationMoodRow,
  RelationSourceRow,
  RelationTotalsRow,
} from './queries.ts';

export function presentRelationItem(row: RelationListRow): ThemeRelationItem {
  return {
    id: Number(row.id),
    name: row.name,
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    lom_count: num(row.lom_count),
  };
}

/** The theme's sums and its top loms; every lom row carries the number of all the theme's loms. */
export function presentRelationDetail(
  themeId: number,
  name: string,
  totals: RelationTotalsRow,
  loms: RelationLomRow[],
): ThemeRelationDetail {
  return {
    id: themeId,
    name,
    message_count: num(totals.message_count),
    total_si: num(totals.total_si),
    total_views: num(totals.total_views),
    lom_count: loms.length > 0 ? num(loms[0].lom_count) : 0,
    loms: loms.map((lom) => ({
      id: Number(lom.id),
      name: lom.name,
      message_count: num(lom.message_count),
      total_si: num(lom.total_si),
    })),
  };
}

export function presentRelationMoodTable(rows: RelationMoodRow[]): MoodTable {
  const table: PartialMoodTable = {};
  for (const row of rows) {
    const mood = Number(row.mood);
    if (!isMood(mood)) continue;
    table[mood] = moodTableRowOf(row);
  }
  return fillMoodTable(table);
}

export function presentRelationSource(row: RelationSourceRow): ThemeRelationSourceRow {
  return {
    id: Number(row.id),
    name: row.name,
    icon: row.icon,
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    total_views: num(row.total_views),
  };
}

export function presentRelationDay(row: RelationDayRow): ThemeRelationGraphPoint {
  const moods = row.moods ?? {};
  return {
    day: row.day,
    message_count: num(row.n),
    total_si: num(row.si),
    moods: {
      1: num(moods['1']),
      2: num(moods['2']),
      3: num(moods['3']),
      4: num(moods['4']),
      5: num(moods['5']),
      6: num(moods['6']),
    },
  };
}
