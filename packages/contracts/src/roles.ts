/** Role ids of product.md §6. */
export const ROLES = {
  undefined: 0,
  superEditor: 1,
  editor: 2,
  user: 3,
  extendedUser: 4,
  service: 101,
  lomSelection: 102,
} as const;

export type RoleId = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLES);

export const ROLE_LABELS: Record<RoleId, string> = {
  0: 'Без роли',
  1: 'Супер-редактор',
  2: 'Редактор',
  3: 'Пользователь',
  4: 'Расширенный пользователь',
  101: 'Сервисный пользователь',
  102: 'Подбор Лом',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}
