import { MESSAGE_TYPE_IDS } from './constants.ts';
import { addDays, addMonths, addYears, isoDate } from './dates.ts';
import { pagePermission } from './page-permissions.ts';
import { ADMIN_VIEW_PERMISSIONS, type Permission } from './permissions.ts';
import { ROUTES, type RouteName } from './routes.ts';

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
   * Shown only when the check passes: the permission of the page it leads to
   * (PAGE_ACCESS), so a link never leads to a 403 and roles 0 and 101 see nothing.
   */
  permission: Permission;
  /** Computed on hover so periods are fresh (product.md §2). */
  query?: (ctx: LinkContext) => LinkQuery;
}

/** The path and permission of an entry: those of its page. */
const page = (name: RouteName): Pick<NavEntry, 'path' | 'permission'> => ({
  path: ROUTES[name],
  permission: pagePermission(name),
});

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
    ...page('index'),
    query: ({ now }) => period(addDays(now, -6), now),
  },
  { key: 'new-dashboards', title: 'Новые дашборды', ...page('new-dashboards') },
  { key: 'producers', title: 'Продюсерские центры', ...page('producers') },
  { key: 'loms', title: 'Лидеры мнений', ...page('loms') },
  {
    key: 'social-panel',
    title: 'Маркерная панель',
    ...page('social-panel'),
    query: ({ now }) => period(now, now),
  },
  {
    key: 'viral-content',
    title: 'Вирусный контент',
    ...page('viral-content'),
    query: ({ now }) => ({ ...period(addDays(now, -1), now), stat: 'views' }),
  },
  {
    key: 'themes',
    title: 'Темы',
    ...page('themes-info-reasons'),
    query: () => ({ ordering: '-total_si,-is_favorite' }),
  },
  {
    key: 'messages',
    title: 'Сообщения',
    ...page('messages'),
    query: messagesLinkQuery,
  },
  { key: 'conversations', title: 'Разговоры', ...page('conversations') },
  {
    key: 'news',
    title: 'Новости',
    ...page('news'),
    query: ({ now }) => period(now, now),
  },
  {
    key: 'rubrics',
    title: 'Сегменты',
    ...page('rubrics'),
    query: ({ now }) => period(addMonths(now, -6), now),
  },
  { key: 'reports', title: 'Отчёты', ...page('reports') },
  { key: 'alerts', title: 'Оповещения', ...page('alerts') },
  { key: 'logs', title: 'Логи', ...page('logs') },
  { key: 'about', title: 'О системе', ...page('about') },
  { key: 'settings', title: 'Настройки', ...page('settings') },
];

export const ADMIN_NAV_ENTRIES: readonly NavEntry[] = [
  {
    key: 'admin-sources',
    title: 'Источники',
    ...page('admin-panel-sources'),
  },
  { key: 'admin-loms', title: 'ЛОМ', ...page('admin-panel-loms') },
  { key: 'admin-themes', title: 'Темы', ...page('admin-panel-themes') },
  {
    key: 'admin-info-reasons',
    title: 'Инфоповоды',
    ...page('admin-panel-info-reasons'),
  },
  { key: 'admin-rubrics', title: 'Сегменты', ...page('admin-panel-rubrics') },
  { key: 'admin-users', title: 'Пользователи', ...page('admin-panel-users') },
  { key: 'admin-mlg', title: 'Отчёты МЛГ', ...page('admin-panel-mlg-report') },
];

export const ADMIN_GROUP_TITLE = 'Администрирование';

/** The admin group shows if any admin view permission is held. */
export function showsAdminGroup(can: (permission: Permission) => boolean): boolean {
  return ADMIN_VIEW_PERMISSIONS.some((p) => can(p));
}

export const PROFILE_NAV_ENTRY: NavEntry = {
  key: 'profile',
  title: 'Профиль',
  ...page('profile'),
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
