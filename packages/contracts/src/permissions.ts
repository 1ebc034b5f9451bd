import { ROLES, type RoleId } from './roles.ts';

/** Old-style page permissions (product.md §6 "Permission strings for pages"). */
export const PAGE_PERMISSIONS = [
  'SHOW_MAIN_PAGE',
  'PROFILE',
  'LOGS',
  'ADMIN_PANEL',
  'ADMIN_PANEL_INFOREASONS',
  'DASHBOARD',
  'THEMES_DASHBOARD',
  'NEW_DASHBOARDS',
  'THEMES',
  'THEME_DETAIL',
  'THEME_EDIT',
  'AUTO_THEMES',
  'LOMS',
  'FAVORITE_LOMS',
  'LOM_DETAIL',
  'INFO_REASONS',
  'INFO_REASON_DETAIL',
  'MESSAGES',
  'MESSAGES_WITH_FILTERS',
  'ALL_MESSAGES',
  'MESSAGE_EDITOR_CARD',
  'MESSAGE_STATISTICS',
  'MESSAGE_STATUSES',
  'MESSAGE_ATTRIBUTES_CONTROLLER',
  'ZEFIR_PAGE',
  'QUOTES',
  'RUBRICS',
  'SETTINGS',
  'SOCIAL_PANEL',
  'VIRAL_CONTENT',
  'CONVERSATIONS',
  'NEWS',
  'ABOUT',
  'LOM_FACTS_FILTER',
  'PERSONAL_TAGS',
  'ANALYST_CARD',
] as const;

/** Old-style action permissions (product.md §6 "Permission strings for actions"). */
export const ACTION_PERMISSIONS = [
  'CREATE_PERSONAL_THEME',
  'CREATE_THEME',
  'EDIT_THEME',
  'EDIT_THEME_MESSAGES',
  'ADD_THEME_TO_FAVORITE',
  'ARCHIVE_THEME',
  'CREATE_AUTO_THEME',
  'CREATE_LOM',
  'EDIT_LOM',
  'CREATE_LOM_REPORT',
  'EDIT_INFO_REASON',
  'EDIT_INFO_REASON_MESSAGES',
  'EDIT_INFO_REASON_THEME',
  'ARCHIVE_INFO_REASON',
  'ADD_INFO_REASON_TO_FAVORITE',
  'MERGE_INFO_REASONS',
  'UNBOUND_INFO_REASON',
  'SWAP_INFO_REASON_TO_THEME',
  'SWAP_INFO_REASON_TO_THEME_WITH_MARK',
  'EDIT_MESSAGE_ATTRIBUTES',
  'MASS_EDIT_MESSAGE_ATTRIBUTES',
  'CREATE_MESSAGE',
  'USE_CONTENT_TYPE_FILTER',
  'SUPER_EDITOR_STATUS',
  'GET_EDITORS_MESSAGES',
  'GET_EDITORS_MESSAGES_CONTROLS',
  'SHOW_GLUE_MESSAGES',
  'EDIT_DASHBOARD_TABLE_FRAGMENTS',
  'WATCH_LOGS_AND_REPORTS',
  'api_edit',
  'api_edit_public',
] as const;

/** New-style named permissions (product.md §6 "Named permissions (menu)") plus the producer-center card rules. */
export const NAMED_PERMISSIONS = [
  'view_logs',
  'view_dashboard_picture',
  'view_loms',
  'view_themes',
  'view_messages',
  'view_reports',
  'view_rubrics',
  'view_settings',
  'edit_messages',
  'show_personal_loms_dashboard',
  'editor_actions_counter',
  'view_lomsource_admin',
  'view_lom_admin',
  'view_theme_admin',
  'view_inforeason_admin',
  'view_rubric_admin',
  'base_lom_card_for_pc',
  'extended_lom_card_for_pc',
  /** Alerts and digests that leave the product: webhooks, Telegram, digests to outside addresses (issue 30). */
  'send_external_alerts',
] as const;

export type PagePermission = (typeof PAGE_PERMISSIONS)[number];
export type ActionPermission = (typeof ACTION_PERMISSIONS)[number];
export type NamedPermission = (typeof NAMED_PERMISSIONS)[number];
export type Permission = PagePermission | ActionPermission | NamedPermission;

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...PAGE_PERMISSIONS,
  ...ACTION_PERMISSIONS,
  ...NAMED_PERMISSIONS,
];

export const ADMIN_VIEW_PERMISSIONS = [
  'view_lomsource_admin',
  'view_lom_admin',
  'view_theme_admin',
  'view_inforeason_admin',
  'view_rubric_admin',
] as const satisfies readonly NamedPermission[];

/**
 * A named permission and the old-style permission it stands for. A check of
 * either passes when the user holds the other (product.md §6: "a check passes
 * if either grants it").
 */
export const PERMISSION_COUNTERPARTS: ReadonlyArray<
  readonly [NamedPermission, PagePermission | ActionPermission]
> = [
  ['view_logs', 'LOGS'],
  ['view_dashboard_picture', 'SHOW_MAIN_PAGE'],
  ['view_loms', 'LOMS'],
  ['view_themes', 'THEMES'],
  ['view_messages', 'MESSAGES'],
  ['view_reports', 'NEWS'],
  ['view_rubrics', 'RUBRICS'],
  ['view_settings', 'SETTINGS'],
  ['edit_messages', 'EDIT_MESSAGE_ATTRIBUTES'],
  ['show_personal_loms_dashboard', 'THEMES_DASHBOARD'],
  ['view_inforeason_admin', 'ADMIN_PANEL_INFOREASONS'],
];

const BASIC_VIEWER: readonly Permission[] = [
  'SHOW_MAIN_PAGE',
  'PROFILE',
  'DASHBOARD',
  'NEW_DASHBOARDS',
  'THEMES',
  'THEME_DETAIL',
  'LOMS',
  'LOM_DETAIL',
  'INFO_REASONS',
  'INFO_REASON_DETAIL',
  'MESSAGES',
  'MESSAGES_WITH_FILTERS',
  'MESSAGE_STATISTICS',
  'QUOTES',
  'RUBRICS',
  'SOCIAL_PANEL',
  'VIRAL_CONTENT',
  'CONVERSATIONS',
  'NEWS',
  'ABOUT',
  'PERSONAL_TAGS',
  'ANALYST_CARD',
  'CREATE_PERSONAL_THEME',
];

const EXTENDED: readonly Permission[] = [...BASIC_VIEWER, 'THEMES_DASHBOARD', 'FAVORITE_LOMS'];

const EDITOR: readonly Permission[] = [
  ...EXTENDED,
  'THEME_EDIT',
  'AUTO_THEMES',
  'ALL_MESSAGES',
  'MESSAGE_EDITOR_CARD',
  'MESSAGE_STATUSES',
  'MESSAGE_ATTRIBUTES_CONTROLLER',
  'ZEFIR_PAGE',
  'LOM_FACTS_FILTER',
  'CREATE_THEME',
  'EDIT_THEME',
  'EDIT_THEME_MESSAGES',
  'ADD_THEME_TO_FAVORITE',
  'CREATE_AUTO_THEME',
  'CREATE_LOM',
  'EDIT_LOM',
  'CREATE_LOM_REPORT',
  'EDIT_INFO_REASON',
  'EDIT_INFO_REASON_MESSAGES',
  'EDIT_INFO_REASON_THEME',
  'ADD_INFO_REASON_TO_FAVORITE',
  'EDIT_MESSAGE_ATTRIBUTES',
  'MASS_EDIT_MESSAGE_ATTRIBUTES',
  'CREATE_MESSAGE',
  'USE_CONTENT_TYPE_FILTER',
  'GET_EDITORS_MESSAGES',
  'GET_EDITORS_MESSAGES_CONTROLS',
  'SHOW_GLUE_MESSAGES',
  'EDIT_DASHBOARD_TABLE_FRAGMENTS',
  'editor_actions_counter',
];

/** The full (superuser-like) set: everything but the admin views, which are granted per user. */
const FULL: readonly Permission[] = [
  ...PAGE_PERMISSIONS.filter((p) => p !== 'ADMIN_PANEL' && p !== 'ADMIN_PANEL_INFOREASONS'),
  ...ACTION_PERMISSIONS,
  'editor_actions_counter',
  'send_external_alerts',
];

/** Preset lists of product.md §6 by name. */
export const PERMISSION_PRESETS = {
  full: FULL,
  editor: EDITOR,
  basicViewer: BASIC_VIEWER,
  extended: EXTENDED,
  lomSelection: ['LOMS'],
  none: [],
} as const satisfies Record<string, readonly Permission[]>;

/** Role → preset (docs/permissions.md explains the choice; the spec leaves it open). */
export const ROLE_PRESETS: Record<RoleId, readonly Permission[]> = {
  [ROLES.undefined]: PERMISSION_PRESETS.none,
  [ROLES.superEditor]: PERMISSION_PRESETS.full,
  [ROLES.editor]: PERMISSION_PRESETS.editor,
  [ROLES.user]: PERMISSION_PRESETS.basicViewer,
  [ROLES.extendedUser]: PERMISSION_PRESETS.extended,
  [ROLES.service]: PERMISSION_PRESETS.none,
  [ROLES.lomSelection]: PERMISSION_PRESETS.lomSelection,
};

export interface PermissionHolder {
  role: number;
  /** Named permissions given to the user directly. */
  ui_permissions: readonly string[];
  /** Old-style permissions added to the user on top of the role preset. */
  extra_permissions?: readonly string[];
  /** Named permissions of the permission groups the user belongs to (docs/users.md). */
  group_permissions?: readonly string[];
}

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

function heldDirectly(user: PermissionHolder): Set<string> {
  const preset = ROLE_PRESETS[user.role as RoleId] ?? [];
  return new Set<string>([
    ...preset,
    ...(user.extra_permissions ?? []),
    ...user.ui_permissions,
    ...(user.group_permissions ?? []),
  ]);
}

function passes(held: Set<string>, permission: Permission): boolean {
  if (held.has(permission)) return true;
  if (permission === 'ADMIN_PANEL') return ADMIN_VIEW_PERMISSIONS.some((p) => held.has(p));
  return PERMISSION_COUNTERPARTS.some(
    ([named, old]) => (named === permission && held.has(old)) || (old === permission && held.has(named)),
  );
}

/** The one permission check, shared by the server's guard and the web's hook. */
export function hasPermission(user: PermissionHolder, permission: Permission): boolean {
  return passes(heldDirectly(user), permission);
}

/** Every permission the user passes a check for: the `scope` of api/v1/users/me/. */
export function effectiveScope(user: PermissionHolder): Permission[] {
  const held = heldDirectly(user);
  return ALL_PERMISSIONS.filter((p) => passes(held, p));
}
