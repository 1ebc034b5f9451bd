import { z } from 'zod';
import { listEnvelope, pickItem } from './api.ts';
import { PASSWORD_MIN_LENGTH } from './auth.ts';
import { DAILY_DASHBOARD_CODENAMES } from './daily-dashboards.ts';
import { idField, idParam, pageParam, pageSizeParam, strictBody } from './input.ts';
import { queryFlag, searchText } from './messages.ts';
import {
  ACTION_PERMISSIONS,
  ALL_PERMISSIONS,
  NAMED_PERMISSIONS,
  type NamedPermission,
  PAGE_PERMISSIONS,
  type Permission,
} from './permissions.ts';
import { pickListFields } from './pick-lists.ts';
import { ROLE_IDS } from './roles.ts';

/**
 * Users, permission groups and organisations (api.md §7.1, product.md §3 and §6).
 * docs/users.md says who may do what and the rules of each call.
 */

export const USER_ADMIN_PATHS = {
  /** GET a page of users: page, page_size, search (or filter), role, organization, is_active. */
  list: '/api/v1/users/all/',
  create: '/api/v1/users/create_user/',
  edit: '/api/v1/users/:id/edit/',
  /** PATCH {permissions}: replaces the user's personal permissions (named and old-style). */
  setPermissions: '/api/v1/users/:id/set-permissions/',
  /** POST {permission}: gives one permission. */
  addPermission: '/api/v1/users/:id/add-permission/',
  /** DELETE ?permission=: takes one personal permission away. */
  deletePermission: '/api/v1/users/:id/delete-permission/',
  /** GET the catalogue tree of permissions (Russian labels) and the groups. */
  permsTree: '/api/v1/users/ui-perms-tree/',
  /** PATCH {ui_permissions, groups?}: saves the checked tree of one user. */
  userPermsTree: '/api/v1/users/:id/ui-perms-tree/',
  /** GET the permission groups; POST a new one. */
  groups: '/api/v1/users/groups/',
  /** PATCH a group (name, ui_permissions); DELETE it. */
  group: '/api/v1/users/groups/:id/',
  /** GET the editors' pick list (search, id_in). */
  editors: '/api/v1/users/editors/',
} as const;

export const ORGANIZATION_PATHS = {
  /** GET the list; POST a new organisation. */
  list: '/api/v2/organization/',
  /** GET one; PATCH it; DELETE it (refused while it has users). */
  detail: '/api/v2/organization/:id/',
} as const;

export const SETTINGS_PATHS = {
  /** GET the read-only, non-secret configuration of the installation. */
  environment: '/api/v1/settings/environment/',
  /** GET the mail kept in the outbox when no SMTP_URL is set (newest first). */
  outbox: '/api/v1/settings/outbox/',
} as const;

/** Permissions that narrow what a user sees rather than grant: anyone who may give permissions gives them. */
export const NARROWING_PERMISSIONS: readonly NamedPermission[] = [
  'base_lom_card_for_pc',
  'extended_lom_card_for_pc',
];

/** Russian labels of the named permissions (the tree, the user dialog). */
export const NAMED_PERMISSION_LABELS: Readonly<Record<NamedPermission, string>> = {
  view_logs: 'Логи',
  view_dashboard_picture: 'Картина дня',
  view_loms: 'Лидеры мнений',
  view_themes: 'Темы',
  view_messages: 'Сообщения',
  view_reports: 'Новости',
  view_rubrics: 'Сегменты',
  view_settings: 'Настройки',
  edit_messages: 'Редактирование сообщений',
  show_personal_loms_dashboard: 'Дашборд ЛОМ персональной темы',
  editor_actions_counter: 'Счётчик действий редакторов',
  view_lomsource_admin: 'Админ-панель: источники',
  view_lom_admin: 'Админ-панель: ЛОМ',
  view_theme_admin: 'Админ-панель: темы',
  view_inforeason_admin: 'Админ-панель: инфоповоды',
  view_rubric_admin: 'Админ-панель: рубрики',
  base_lom_card_for_pc: 'Карточка ЛОМ для продюсерского центра (базовая)',
  extended_lom_card_for_pc: 'Карточка ЛОМ для продюсерского центра (расширенная)',
  send_external_alerts: 'Оповещения во внешние каналы (вебхуки, Telegram, рассылки)',
};

export const DAILY_DASHBOARD_CODENAME_LIST = [
  DAILY_DASHBOARD_CODENAMES.private,
  DAILY_DASHBOARD_CODENAMES.public,
] as const;
export const DAILY_DASHBOARD_CODENAME_LABELS: Readonly<Record<string, string>> = {
  [DAILY_DASHBOARD_CODENAMES.private]: 'Личные дашборды дня',
  [DAILY_DASHBOARD_CODENAMES.public]: 'Публичные дашборды дня',
};

/** The branches of the permission tree: named permissions grouped as the menu groups them. */
export const PERMISSION_TREE_BRANCHES: ReadonlyArray<{
  key: string;
  title: string;
  permissions: readonly NamedPermission[];
}> = [
  {
    key: 'menu',
    title: 'Разделы меню',
    permissions: [
      'view_dashboard_picture',
      'view_loms',
      'view_themes',
      'view_messages',
      'view_reports',
      'view_rubrics',
      'view_logs',
      'view_settings',
      'show_personal_loms_dashboard',
    ],
  },
  { key: 'editing', title: 'Редактирование', permissions: ['edit_messages', 'editor_actions_counter'] },
  {
    key: 'admin',
    title: 'Админ-панель',
    permissions: [
      'view_lomsource_admin',
      'view_lom_admin',
      'view_theme_admin',
      'view_inforeason_admin',
      'view_rubric_admin',
    ],
  },
  {
    key: 'pc',
    title: 'Карточка ЛОМ для продюсерских центров',
    permissions: ['base_lom_card_for_pc', 'extended_lom_card_for_pc'],
  },
];

const permissionError = { error: 'неизвестное право' };
export const namedPermissionField = z.enum(NAMED_PERMISSIONS, permissionError);
export const permissionField = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], permissionError);
const oldStylePermissionField = z.enum([...PAGE_PERMISSIONS, ...ACTION_PERMISSIONS], permissionError);

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `не более ${max} значений`)
    .transform((list) => [...new Set(list)] as z.output<T>[]);

export const USERNAME_MAX_LENGTH = 150;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@+-]+$/;

const username = z
  .string()
  .trim()
  .min(1, 'Введите логин')
  .max(USERNAME_MAX_LENGTH, `Логин не длиннее ${USERNAME_MAX_LENGTH} символов`)
  .regex(USERNAME_PATTERN, 'Логин: латинские буквы, цифры и символы . _ @ + -');
const email = z
  .string()
  .trim()
  .max(254, 'Адрес слишком длинный')
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Некорректный адрес электронной почты',
  );
const personName = z.string().trim().max(150, 'Не длиннее 150 символов');
const role = z
  .number({ error: 'Неизвестная роль' })
  .refine((value) => (ROLE_IDS as readonly number[]).includes(value), 'Неизвестная роль');
const userPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`)
  .max(200, 'Пароль слишком длинный');

const userFields = {
  username,
  email,
  first_name: personName,
  last_name: personName,
  role,
  organization: idField.nullable(),
  groups: uniqueList(idField, 200),
  user_ui_permissions: uniqueList(namedPermissionField, NAMED_PERMISSIONS.length),
  /** Old-style permissions on top of the role preset. */
  permissions: uniqueList(oldStylePermissionField, 200),
  daily_dashboard_permissions: uniqueList(z.enum(DAILY_DASHBOARD_CODENAME_LIST, permissionError), 2),
  is_active: z.boolean(),
};

/** POST users/create_user/. */
export const userCreateBody = strictBody({
  ...userFields,
  email: userFields.email.default(''),
  first_name: personName.default(''),
  last_name: personName.default(''),
  organization: userFields.organization.default(null),
  groups: userFields.groups.default([]),
  user_ui_permissions: userFields.user_ui_permissions.default([]),
  permissions: userFields.permissions.default([]),
  daily_dashboard_permissions: userFields.daily_dashboard_permissions.default([]),
  is_active: z.boolean().default(true),
  password: userPassword,
});
export type UserCreateBody = z.output<typeof userCreateBody>;

/** PATCH users/{id}/edit/: any of the fields; a password sets a new one (and ends the user's sessions). */
export const userEditBody = strictBody({
  username: username.optional(),
  email: email.optional(),
  first_name: personName.optional(),
  last_name: personName.optional(),
  role: role.optional(),
  organization: userFields.organization.optional(),
  groups: userFields.groups.optional(),
  user_ui_permissions: userFields.user_ui_permissions.optional(),
  permissions: userFields.permissions.optional(),
  daily_dashboard_permissions: userFields.daily_dashboard_permissions.optional(),
  is_active: z.boolean().optional(),
  password: userPassword.optional(),
});
export type UserEditBody = z.output<typeof userEditBody>;

/** PATCH users/{id}/set-permissions/: every personal permission, named and old-style, replacing the ones held. */
export const setPermissionsBody = strictBody({ permissions: uniqueList(permissionField, 500) });
export type SetPermissionsBody = z.output<typeof setPermissionsBody>;

/** POST users/{id}/add-permission/. */
export const addPermissionBody = strictBody({ permission: permissionField });
/** DELETE users/{id}/delete-permission/?permission=. */
export const deletePermissionQuery = z.object({ permission: permissionField });

/** PATCH users/{id}/ui-perms-tree/: the checked named permissions, and the groups when sent. */
export const userPermsTreeBody = strictBody({
  ui_permissions: userFields.user_ui_permissions,
  groups: userFields.groups.optional(),
});
export type UserPermsTreeBody = z.output<typeof userPermsTreeBody>;

export const userIdParams = z.object({ id: idParam });

/** GET users/all/. `filter` is read as `search` (the spec names both without telling them apart). */
export const userListQuery = z
  .object({
    page: pageParam,
    page_size: pageSizeParam(25, 200),
    search: searchText.optional(),
    filter: searchText.optional(),
    role: z.coerce
      .number({ error: 'Неизвестная роль' })
      .refine((value) => (ROLE_IDS as readonly number[]).includes(value), 'Неизвестная роль')
      .optional(),
    organization: idParam.optional(),
    is_active: queryFlag.optional(),
  })
  .transform(({ filter, search, ...rest }) => ({ ...rest, search: search || filter || undefined }));
export type UserListQuery = z.output<typeof userListQuery>;

export const organizationRef = z.object({ id: z.number().int(), name: z.string(), kind: z.number().int() });

export const userItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  organization: organizationRef.nullable(),
  is_active: z.boolean(),
  groups: z.array(pickItem),
  user_ui_permissions: z.array(z.string()),
  permissions: z.array(z.string()),
  daily_dashboard_permissions: z.array(z.object({ codename: z.string() })),
  /** The user is an administrator (holds an admin view, directly or through a group). */
  is_admin: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type UserItem = z.infer<typeof userItem>;

/** GET users/editors/: the editors and super editors, active, as the shared pick list. */
export const editorPickQuery = z.object(pickListFields);
export type EditorPickQuery = z.output<typeof editorPickQuery>;

// Permission groups

export const GROUP_NAME_MAX_LENGTH = 150;
const groupName = z
  .string()
  .trim()
  .min(1, 'Введите название группы')
  .max(GROUP_NAME_MAX_LENGTH, `Название не длиннее ${GROUP_NAME_MAX_LENGTH} символов`);

export const permissionGroupBody = strictBody({
  name: groupName,
  ui_permissions: userFields.user_ui_permissions.default([]),
});
export type PermissionGroupBody = z.output<typeof permissionGroupBody>;
export const permissionGroupEditBody = strictBody({
  name: groupName.optional(),
  ui_permissions: userFields.user_ui_permissions.optional(),
});
export type PermissionGroupEditBody = z.output<typeof permissionGroupEditBody>;

export const permissionGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  ui_permissions: z.array(z.string()),
  users_count: z.number().int(),
});
export type PermissionGroupItem = z.infer<typeof permissionGroupItem>;
export const permissionGroupList = z.object({ results: z.array(permissionGroupItem) });

export interface PermissionTreeNode {
  key: string;
  title: string;
  children?: PermissionTreeNode[];
}
const treeNode: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({ key: z.string(), title: z.string(), children: z.array(treeNode).optional() }),
);
/** GET users/ui-perms-tree/: the catalogue as a tree (leaf keys are permission codenames) and the groups. */
export const permsTreeResponse = z.object({
  tree: z.array(treeNode),
  groups: z.array(permissionGroupItem),
  labels: z.record(z.string(), z.string()),
});
export type PermsTreeResponse = z.infer<typeof permsTreeResponse>;

/** The catalogue tree, the same for the server's answer and a test. */
export function permissionTree(): PermissionTreeNode[] {
  return PERMISSION_TREE_BRANCHES.map((branch) => ({
    key: `branch:${branch.key}`,
    title: branch.title,
    children: branch.permissions.map((p) => ({ key: p, title: NAMED_PERMISSION_LABELS[p] })),
  }));
}

// Organisations

export const ORGANIZATION_KINDS = [1, 2] as const;
const organizationName = z
  .string()
  .trim()
  .min(1, 'Введите название организации')
  .max(300, 'Название не длиннее 300 символов');
const organizationKind = z
  .number({ error: 'ожидается 1 (федеральная) или 2 (региональная)' })
  .refine((v) => v === 1 || v === 2, 'ожидается 1 (федеральная) или 2 (региональная)');

export const organizationBody = strictBody({ name: organizationName, kind: organizationKind.default(1) });
export type OrganizationBody = z.output<typeof organizationBody>;
export const organizationEditBody = strictBody({
  name: organizationName.optional(),
  kind: organizationKind.optional(),
});
export type OrganizationEditBody = z.output<typeof organizationEditBody>;

export const organizationListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(25, 500),
  search: searchText.optional(),
  kind: z.coerce
    .number()
    .refine((v) => v === 1 || v === 2, 'ожидается 1 или 2')
    .optional(),
});
export type OrganizationListQuery = z.output<typeof organizationListQuery>;

export const organizationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  kind_name: z.string(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type OrganizationItem = z.infer<typeof organizationItem>;

// Settings

export const settingsEnvironment = z.object({
  version: z.string(),
  app_env: z.string(),
  database: z.enum(['PGlite', 'PostgreSQL']),
  read_replica: z.boolean(),
  smtp_configured: z.boolean(),
  demo_data: z.boolean(),
  demo_messages: z.number().int(),
  time_zone: z.string(),
  /** Tokens do not expire by time; they end at a password change, a reset or a deactivation. */
  token_lifetime: z.string(),
  password_reset_link_hours: z.number().int(),
  password_min_length: z.number().int(),
  login_rate_limit: z.number().int(),
  login_failures_per_account: z.number().int(),
});
export type SettingsEnvironment = z.infer<typeof settingsEnvironment>;

/** GET settings/outbox/: the mail an installation without SMTP kept instead of sending. */
export const outboxQuery = z.object({ page: pageParam, page_size: pageSizeParam(25) });
export type OutboxQuery = z.output<typeof outboxQuery>;
export const outboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItem>;
export const outboxResponse = listEnvelope(outboxItem);

export const USER_TEXTS = {
  usernameTaken: 'Этот логин уже занят',
  organizationMissing: 'Организация не найдена',
  groupsMissing: 'Группы прав не найдены',
  selfDeactivate: 'Нельзя деактивировать собственную учётную запись',
  selfLastAdmin: 'Нельзя снять с себя последнее право администратора',
  escalation: 'Нельзя выдать право, которого нет у вас самих',
  userNotFound: 'Пользователь не найден',
  groupNotFound: 'Группа прав не найдена',
  organizationNotFound: 'Организация не найдена',
  organizationHasUsers: 'В организации есть пользователи: сначала переведите их в другую организацию',
} as const;
