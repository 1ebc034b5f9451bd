import type { LomGroupItem } from '@monitoring/contracts';
import type { GroupRow } from './queries.ts';

/** `canEdit`: whether the user may edit the group (service.ts mayEdit). */
export function presentGroup(row: GroupRow, canEdit: boolean): LomGroupItem {
  return {
    id: Number(row.id),
    title: row.title,
    public: row.public,
    report_id: row.report_id === null ? null : Number(row.report_id),
    owner: row.owner,
    last_processed: row.last_processed,
    active: row.active,
    is_lomsource: row.is_lomsource,
    mood: row.mood === null ? null : Number(row.mood),
    loms_count: Number(row.loms_count),
    loms_sources_count: Number(row.loms_sources_count),
    created_at: row.created_at,
    can_edit: canEdit,
  };
}
