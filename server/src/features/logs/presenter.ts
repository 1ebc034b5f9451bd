import {
  ACTION_TYPES,
  type ActionNames,
  type ActionType,
  actionChanges,
  actionLabel,
  type UserActionItem,
} from '@monitoring/contracts';
import type { UserActionRow } from './queries.ts';

export function typeName(type: number): string {
  return ACTION_TYPES[type as ActionType] ?? 'Другое';
}

export function fullName(row: Pick<UserActionRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [row.lastName, row.firstName].filter(Boolean).join(' ').trim();
  return name || (row.username ?? '');
}

/** A row of the log; `names` are the names of the objects its values name (actionObjectNames). */
export function presentUserAction(row: UserActionRow, names: ActionNames): UserActionItem {
  return {
    id: row.id,
    type: row.type,
    type_name: typeName(row.type),
    action: row.action,
    action_name: actionLabel(row.action),
    user:
      row.userId === null ? null : { id: row.userId, username: row.username ?? '', full_name: fullName(row) },
    message_id: row.messageId,
    theme_id: row.themeId,
    info_reason_id: row.infoReasonId,
    lom_id: row.lomId,
    old_value: row.oldValue,
    new_value: row.newValue,
    changes: actionChanges(row.oldValue, row.newValue, names),
    created_at: row.createdAt.toISOString(),
  };
}
