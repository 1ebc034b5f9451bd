import { type InfoReasonItem, infoReasonActualMood, infoReasonComplete } from '@monitoring/contracts';
import type { Figures, ItemRow } from './queries.ts';

export function presentInfoReason(row: ItemRow, figures: Figures | undefined): InfoReasonItem {
  const actual = infoReasonActualMood(figures?.verified ?? {});
  return {
    id: row.id,
    name: row.name,
    theme:
      row.themeId === null
        ? null
        : { id: row.themeId, name: row.themeName ?? '', approved: row.themeApproved ?? false },
    created_at: row.createdAt.toISOString(),
    active: row.active,
    archived: row.archived,
    is_favorite: row.isFavorite,
    target_tonality: row.targetTonality,
    ai: row.ai,
    message_count: figures?.messageCount ?? 0,
    actual_mood: actual,
    complete: infoReasonComplete(actual, row.targetTonality),
  };
}
