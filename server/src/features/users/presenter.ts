import {
  ADMIN_VIEW_PERMISSIONS,
  type CurrentUser,
  effectiveScope,
  isRoleId,
  ROLE_LABELS,
} from '@monitoring/contracts';
import type { UserWithOrganization } from './queries.ts';

export function presentCurrentUser(row: UserWithOrganization): CurrentUser {
  const holder = {
    role: row.role,
    ui_permissions: row.uiPermissions,
    extra_permissions: row.extraPermissions,
    group_permissions: row.groupPermissions,
  };
  const scope = effectiveScope(holder);
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
    scope,
    user_ui_permissions: row.uiPermissions,
    permissions: row.extraPermissions,
    daily_dashboard_permissions: row.dailyDashboardPermissions.map((codename) => ({ codename })),
    is_admin: ADMIN_VIEW_PERMISSIONS.some((p) => scope.includes(p)),
  };
}
