import {
  ADMIN_VIEW_PERMISSIONS,
  effectiveScope,
  isRoleId,
  type PermissionGroupItem,
  ROLE_LABELS,
  type UserItem,
} from '@monitoring/contracts';
import type { UserDetailRow } from './admin-queries.ts';
import type { GroupRow } from './group-queries.ts';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function presentUserItem(row: UserDetailRow): UserItem {
  const scope = effectiveScope({
    role: row.role,
    ui_permissions: row.uiPermissions,
    extra_permissions: row.extraPermissions,
    group_permissions: row.groupPermissions,
  });
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    role_name: isRoleId(row.role) ? ROLE_LABELS[row.role] : 'Неизвестная роль',
    organization:
      row.organizationId === null
        ? null
        : { id: row.organizationId, name: row.organizationName ?? '', kind: row.organizationKind ?? 1 },
    is_active: row.isActive,
    groups: row.groups,
    user_ui_permissions: row.uiPermissions,
    permissions: row.extraPermissions,
    daily_dashboard_permissions: row.dailyDashboardPermissions.map((codename) => ({ codename })),
    is_admin: ADMIN_VIEW_PERMISSIONS.some((p) => scope.includes(p)),
    last_login: iso(row.lastLogin),
    created_at: iso(row.createdAt) ?? '',
  };
}

export function presentGroup(row: GroupRow): PermissionGroupItem {
  return { id: row.id, name: row.name, ui_permissions: row.uiPermissions, users_count: row.usersCount };
}
