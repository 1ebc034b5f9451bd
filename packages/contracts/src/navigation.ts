import { MESSAGE_TYPE_IDS } from './constants.ts';
import { addDays, addMonths, addYears, isoDate } from './dates.ts';
import { ADMIN_VIEW_PERMISSIONS, type Permission } from './permissions.ts';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type LinkQuery = Record<string, QueryValue>;

/** What a link query may depend on: the moment of hover and who hovers. */
export interface LinkContext {
  now: Date;
  can: (permission: Permission) => boolean;
}

export interface NavEntry {
  key: string;
  title: string;
  path: string;
  /**
   * Shown only when the check passes. Entries the spec lists without a named
   * permission are guarded by their page permission, so roles 0 and 101 see nothing.
   */
  permission: Permission;
  /** Computed on hover so periods are fresh (product.md §2). */
  query?: (ctx: LinkContext) => LinkQuery;
}

const period = (after: Date, before: Date): LinkQuery => ({
  wrote_at_after: isoDate(after),
  wrote_at_before: isoDate(before),
});

/** The spec's "0-8,101,102": every defined message type (0, 1, 8, 101, 102). */
const ALL_MESSAGE_TYPES = MESSAGE_TYPE_IDS;

/**
 * The message link: last month, every message type. A super editor gets the
 * approval queue (verified, not yet super-verified) with archived left out of
 * the filter; an editor with edit_messages gets the AI-marked queue (state 2).
 */
export function messagesLinkQuery({ now, can }: LinkContext): LinkQuery {
  const query: LinkQuery = { ...period(addMonths(now, -1), now), message_type_in: ALL_MESSAGE_TYPES };
  if (can('SUPER_EDITOR_STATUS')) return { ...query, verified: true, verified_by_super_editor: false };
  if (can('edit_messages')) return { ...query, state_in: [2], archived: false };
  return { ...query, archived: false };
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    key: 'index',
    title: 'Картина дня',
    path: '/',
    permission: 'view_dashboard_picture',
    query: ({ now }) => period(addDays(now, -6), now),
  },
  { key: 'new-dashboards', title: 'Новые дашборды', path: '/new-dashboards', permission: 'NEW_DASHBOARDS' },
  { key: 'producers', title: 'Продюсерские центры', path: '/producers', permission: 'DASHBOARD' },
  { key: 'loms', title: 'Лидеры мнений', path: '/loms', permission: 'view_loms' },
  {
    key: 'social-panel',
    title: 'Маркерная панель',
    path: '/social-panel',
    permission: 'SOCIAL_PANEL',
    query: ({ now }) => period(now, now),
  },
  {
    key: 'viral-content',
    title: 'Вирусный контент',
    path: '/viral-content',
    permission: 'VIRAL_CONTENT',
    query: ({ now }) => ({ ...period(addDays(now, -1), now), stat: 'views' }),
  },
  {
    key: 'themes',
    title: 'Темы',
    path: '/themes/info-reasons',
    permission: 'view_themes',
    query: () => ({ ordering: '-total_si,-is_favorite' }),
  },
  {
    key: 'messages',
    title: 'Сообщения',
    path: '/messages',
    permission: 'view_messages',
    query: messagesLinkQuery,
  },
  { key: 'conversations', title: 'Разговоры', path: '/conversations', permission: 'CONVERSATIONS' },
  {
    key: 'news',
    title: 'Новости',
    path: '/news',
    permission: 'view_reports',
    query: ({ now }) => period(now, now),
  },
  {
    key: 'rubrics',
    title: 'Сегменты',
    path: '/rubrics',
    permission: 'view_rubrics',
    query: ({ now }) => period(addMonths(now, -6), now),
  },
  { key: 'reports', title: 'Отчёты', path: '/reports', permission: 'DASHBOARD' },
  { key: 'logs', title: 'Логи', path: '/logs', permission: 'view_logs' },
  { key: 'about', title: 'О системе', path: '/about', permission: 'ABOUT' },
  { key: 'settings', title: 'Настройки', path: '/settings', permission: 'view_settings' },
];

export const ADMIN_NAV_ENTRIES: readonly NavEntry[] = [
  {
    key: 'admin-sources',
    title: 'Источники',
    path: '/admin-panel/sources',
    permission: 'view_lomsource_admin',
  },
  { key: 'admin-loms', title: 'ЛОМ', path: '/admin-panel/loms', permission: 'view_lom_admin' },
  { key: 'admin-themes', title: 'Темы', path: '/admin-panel/themes', permission: 'view_theme_admin' },
  {
    key: 'admin-info-reasons',
    title: 'Инфоповоды',
    path: '/admin-panel/info-reasons',
    permission: 'view_inforeason_admin',
  },
  { key: 'admin-rubrics', title: 'Сегменты', path: '/admin-panel/rubrics', permission: 'view_rubric_admin' },
  { key: 'admin-users', title: 'Пользователи', path: '/admin-panel/users', permission: 'ADMIN_PANEL' },
  { key: 'admin-mlg', title: 'Отчёты МЛГ', path: '/admin-panel/mlg-report', permission: 'ADMIN_PANEL' },
];

export const ADMIN_GROUP_TITLE = 'Администрирование';

/** The admin group shows if any admin view permission is held. */
export function showsAdminGroup(can: (permission: Permission) => boolean): boolean {
  return ADMIN_VIEW_PERMISSIONS.some((p) => can(p));
}

export const PROFILE_NAV_ENTRY: NavEntry = {
  key: 'profile',
  title: 'Профиль',
  path: '/profile',
  permission: 'PROFILE',
  query: ({ now }) => period(addDays(now, -1), now),
};

/** Role 102 starts at /loms with a one-year range (product.md §2). */
export function lomSelectionLanding(now: Date): { path: string; query: LinkQuery } {
  return {
    path: '/loms',
    query: {
      message__wrote_at_after: isoDate(addYears(now, -1)),
      message__wrote_at_before: isoDate(now),
    },
  };
}

/** Route names where the sort control shows. */
export const SORT_CONTROL_ROUTES = ['dashboard', 'index', 'loms-id'] as const;
