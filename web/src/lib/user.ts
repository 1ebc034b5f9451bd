import { type CurrentUser, isRoleId, ROLE_LABELS } from '@monitoring/contracts';

/** "Имя Фамилия", or the login when no name is set. */
export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.username;
}

/** The Russian label of a role id, falling back to the server's name. */
export function roleLabel(user: Pick<CurrentUser, 'role' | 'role_name'>): string {
  return isRoleId(user.role) ? ROLE_LABELS[user.role] : user.role_name;
}
