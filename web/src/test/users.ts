import { type CurrentUser, effectiveScope, ROLE_LABELS, type RoleId } from '@monitoring/contracts';

/** A user as GET users/me/ answers, with the scope the server would compute. */
export function buildUser(
  overrides: Partial<CurrentUser> & { role?: RoleId; ui_permissions?: string[] } = {},
): CurrentUser {
  const role = overrides.role ?? 3;
  const uiPermissions = overrides.ui_permissions ?? [];
  return {
    id: 7,
    username: 'ivanova',
    email: 'ivanova@example.ru',
    first_name: 'Анна',
    last_name: 'Иванова',
    role,
    role_name: ROLE_LABELS[role],
    organization: { id: 1, name: 'Аналитический центр', kind: 1 },
    scope: overrides.scope ?? effectiveScope({ role, ui_permissions: uiPermissions }),
    user_ui_permissions: uiPermissions,
    permissions: [],
    daily_dashboard_permissions: [],
    is_admin: false,
    ...overrides,
  };
}
