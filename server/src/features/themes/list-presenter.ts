import type { ThemeListGroupStats, ThemeListItem } from '@monitoring/contracts';
import { moodTableOf, num } from '../../domain/aggregates/mood-table-presenter.ts';
import type { GroupTuple, ThemeListRow } from './list-queries.ts';

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
    mood_table: moodTableOf(row.moods),
    initial_lom:
      row.initial_lom_id === null || row.initial_lom_id === undefined
        ? null
        : { id: Number(row.initial_lom_id), name: row.initial_lom_name ?? '' },
    trash: group(row.trash, all),
    moods: group(row.with_mood, all),
    not_trash: group(row.not_trash, all),
  };
}
