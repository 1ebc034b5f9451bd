import type { AdminInfoReasonItem, AdminRubricLomItem, AdminThemeItem } from '@monitoring/contracts';
import type { AdminInfoReasonRow, AdminThemeRow, RubricLomRow } from './queries.ts';

export function presentAdminTheme(row: AdminThemeRow): AdminThemeItem {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    active: row.active,
    archived: row.archived,
    approved: row.approved,
    ai: row.ai,
    message_count: Number(row.message_count),
    info_reason_count: Number(row.info_reason_count),
  };
}

export function presentAdminInfoReason(row: AdminInfoReasonRow): AdminInfoReasonItem {
  return {
    id: row.id,
    name: row.name,
    theme: row.theme_id === null ? null : { id: row.theme_id, name: row.theme_name ?? '' },
    created_at: row.created_at,
    active: row.active,
    archived: row.archived,
    ai: row.ai,
    message_count: Number(row.message_count),
  };
}

export function presentRubricLom(row: RubricLomRow): AdminRubricLomItem {
  return { id: row.id, name: row.name, avatar: row.avatar, is_active: row.is_active };
}
