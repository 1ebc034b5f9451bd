import type { LomGroupItem, LomGroupMember } from '@monitoring/contracts';
import type { GroupRow, MemberRow } from './queries.ts';

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

export function presentMember(row: MemberRow): LomGroupMember {
  return {
    id: Number(row.id),
    name: row.name,
    avatar: row.avatar,
    is_active: row.is_active,
    subscribers: Number(row.subscribers),
    via_sources: row.via_sources,
  };
}
