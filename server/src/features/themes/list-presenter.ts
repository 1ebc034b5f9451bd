import {
  fillMoodTable,
  isMood,
  type PartialMoodTable,
  type ThemeListGroupStats,
  type ThemeListItem,
} from '@monitoring/contracts';
import type { GroupTuple, MoodTuple, ThemeListRow } from './list-queries.ts';

export const num = (value: string | number | null | undefined) => Number(value ?? 0);

function moodTable(tuples: MoodTuple[] | null): ThemeListItem['mood_table'] {
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

/** Share in percent with one decimal of `part` in `total`; 0 when there is nothing. */
export function shareOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part * 1000) / total) / 10;
}

function group(tuple: GroupTuple | null, total: number): ThemeListGroupStats {
  const [median, count] = tuple ?? [null, 0];
  const n = num(count);
  return { median: n > 0 && median !== null ? Number(median) : null, percentage: shareOf(n, total) };
}

export function presentRow(row: ThemeListRow): ThemeListItem {
  const all = num(row.all_count);
  return {
    id: Number(row.id),
    name: row.name,
    created_at: row.created_at,
    active: row.active,
    archived: row.archived,
    approved: row.approved,
    draft: row.draft,
    created_by_ai: row.created_by_ai,
    hidden: row.hidden,
    is_favorite: row.is_favorite,
    has_info_reasons: row.has_info_reasons,
    subscribers: num(row.subscribers),
    total_si: num(row.total_si),
    lom_count: num(row.lom_count),
    total_views: num(row.total_views),
    message_number: num(row.message_number),
    approved_message_number: num(row.approved_message_number),
    mood_table: moodTable(row.moods),
    initial_lom:
      row.initial_lom_id === null || row.initial_lom_id === undefined
        ? null
        : { id: Number(row.initial_lom_id), name: row.initial_lom_name ?? '' },
    trash: group(row.trash, all),
    moods: group(row.with_mood, all),
    not_trash: group(row.not_trash, all),
  };
}
