import { ACTION_TYPES, type ActionType } from '@monitoring/contracts';
import type { UserActionRow } from './queries.ts';

export function presentUserAction(row: UserActionRow) {
  return {
    id: row.id,
    type: row.type,
    type_name: ACTION_TYPES[row.type as ActionType] ?? 'Другое',
    action: row.action,
    user: row.userId === null ? null : { id: row.userId, username: row.username ?? '' },
    message_id: row.messageId,
    theme_id: row.themeId,
    info_reason_id: row.infoReasonId,
    lom_id: row.lomId,
    old_value: row.oldValue,
    new_value: row.newValue,
    created_at: row.createdAt.toISOString(),
  };
}
