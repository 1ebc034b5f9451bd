import type { RubricItem, RubricLomItem } from '@monitoring/contracts';
import { moodTableOf, num } from '../../domain/aggregates/mood-table-presenter.ts';
import type { RubricLomRow, RubricRow } from './queries.ts';

export function presentRubric(row: RubricRow): RubricItem {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type,
    archived: row.archived,
    created_at: row.created_at,
    themes: (row.themes ?? []).map((t) => ({ id: Number(t.id), name: t.name })),
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    total_views: num(row.total_views),
    mood_table: moodTableOf(row.moods),
  };
}

export function presentRubricLom(row: RubricLomRow): RubricLomItem {
  return {
    id: Number(row.id),
    name: row.name,
    avatar: row.avatar,
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    total_views: num(row.total_views),
    mood_table: moodTableOf(row.moods),
  };
}
