import type { LomFocusPickItem, LomTypePickItem, PickItem } from '@monitoring/contracts';

interface ThemeRow {
  themeId: number | null;
  themeName: string | null;
}

const themeOf = (row: ThemeRow): PickItem | null =>
  row.themeId === null ? null : { id: row.themeId, name: row.themeName ?? '' };

export function presentLomTypePick(
  row: ThemeRow & {
    id: number;
    name: string;
    isSegment: boolean;
    isInterest: boolean;
    isCategory: boolean;
    archived: boolean;
    ai: boolean;
  },
): LomTypePickItem {
  return {
    id: row.id,
    name: row.name,
    theme: themeOf(row),
    is_segment: row.isSegment,
    is_interest: row.isInterest,
    is_category: row.isCategory,
    archived: row.archived,
    ai: row.ai,
  };
}

export function presentLomFocusPick(
  row: ThemeRow & { id: number; name: string; archived: boolean; ai: boolean },
): LomFocusPickItem {
  return { id: row.id, name: row.name, theme: themeOf(row), archived: row.archived, ai: row.ai };
}
