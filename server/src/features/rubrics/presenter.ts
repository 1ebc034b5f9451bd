import {
  fillMoodTable,
  isMood,
  type PartialMoodTable,
  type RubricItem,
  type RubricLomItem,
} from '@monitoring/contracts';
import type { MoodTuple, RubricLomRow, RubricRow } from './queries.ts';

export const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** The per-mood tuples of a query as a full mood table (every bucket, mood 4 kept apart as stored). */
function moodTable(tuples: MoodTuple[] | null): RubricItem['mood_table'] {
  const table: PartialMoodTable = {};
  for (const [mood, n, si, views, loms, subscribers] of tuples ?? []) {
    if (!isMood(mood)) continue;
    table[mood] = {
      message_count: num(n),
      total_si: num(si),
      total_views: num(views),
      lom_count: num(loms),
      subscribers: num(subscribers),
    };
  }
  return fillMoodTable(table);
}

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
    mood_table: moodTable(row.moods),
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
    mood_table: moodTable(row.moods),
  };
}
