import type { Permission } from './permissions.ts';
import type { RouteName } from './routes.ts';

/**
 * What opens a page: `'public'` (no login), one permission, or several that must
 * all pass. Where the spec's page permission is not the one the server checks on
 * the page's main data call, both are required, so that an open page never meets
 * a refused call.
 */
export type PageAccess = 'public' | Permission | { readonly allOf: readonly Permission[] };

/**
 * The permission of every page (product.md §6), checked by the router before the
 * page loads. The Record type makes a route without one a compile error;
 * docs/permissions.md "Pages" lists the same table (a test keeps them equal).
 */
export const PAGE_ACCESS: Record<RouteName, PageAccess> = {
  index: 'view_dashboard_picture',
  about: 'ABOUT',
  alerts: 'view_messages',
  'about-daily': 'ABOUT',
  'about-how-it-works': 'ABOUT',
  'about-inforeasons': 'ABOUT',
  'about-messages': 'ABOUT',
  'about-other': 'ABOUT',
  'about-rubrics': 'ABOUT',
  'about-search': 'ABOUT',
  'about-social-panel': 'ABOUT',
  'about-tonality': 'ABOUT',
  'about-viral-content': 'ABOUT',
  conversations: 'CONVERSATIONS',
  dashboards: 'DASHBOARD',
  'dashboards-rubric': 'RUBRICS',
  'dashboards-theme': 'THEMES_DASHBOARD',
  'dashboards-loms': 'THEMES_DASHBOARD',
  'dashboards-personal-theme': 'show_personal_loms_dashboard',
  'dashboards-personal-theme-loms': 'show_personal_loms_dashboard',
  'new-dashboards': 'NEW_DASHBOARDS',
  'new-dashboards-id': 'NEW_DASHBOARDS',
  login: 'public',
  'reset-password': 'public',
  logs: 'view_logs',
  loms: 'view_loms',
  'loms-add': 'CREATE_LOM',
  'loms-compare': 'LOMS',
  'loms-id': 'LOMS',
  messages: 'view_messages',
  'messages-add': 'CREATE_MESSAGE',
  'messages-id': 'MESSAGES',
  news: 'view_reports',
  'news-id': 'view_reports',
  producers: 'DASHBOARD',
  profile: 'PROFILE',
  quotes: 'QUOTES',
  reports: 'DASHBOARD',
  settings: 'view_settings',
  'social-panel': 'SOCIAL_PANEL',
  'viral-content': 'VIRAL_CONTENT',
  'themes-ai': { allOf: ['AUTO_THEMES', 'THEMES'] },
  rubrics: 'view_rubrics',
  'rubrics-id': 'RUBRICS',
  themes: 'THEMES',
  'themes-info-reasons': 'view_themes',
  'theme-id': 'THEME_DETAIL',
  'theme-id-edit': { allOf: ['THEME_EDIT', 'THEME_DETAIL'] },
  'info-reason-id': 'INFO_REASON_DETAIL',
  'info-reason-id-edit': { allOf: ['EDIT_INFO_REASON', 'INFO_REASON_DETAIL'] },
  'admin-panel-info-reasons': 'view_inforeason_admin',
  'admin-panel-loms': 'view_lom_admin',
  'admin-panel-mlg-report': 'ADMIN_PANEL',
  'admin-panel-rubrics': 'view_rubric_admin',
  'admin-panel-sources': 'view_lomsource_admin',
  'admin-panel-themes': 'view_theme_admin',
  'admin-panel-users': 'ADMIN_PANEL',
};

/** The permissions a page requires, all of them (none for a public page). */
export function pageAccessPermissions(access: PageAccess): readonly Permission[] {
  if (access === 'public') return [];
  return typeof access === 'string' ? [access] : access.allOf;
}

/** The permission of a page that one permission opens (a navigation entry shows with it). */
export function pagePermission(name: RouteName): Permission {
  const access = PAGE_ACCESS[name];
  if (access === 'public' || typeof access !== 'string') {
    throw new Error(`The page ${name} is not opened by one permission`);
  }
  return access;
}

/**
 * May the user open the page? `can` is the one permission check: contracts'
 * `hasPermission` on the server, the user's `scope` in the browser.
 */
export function canOpenPage(name: RouteName, can: (permission: Permission) => boolean): boolean {
  return pageAccessPermissions(PAGE_ACCESS[name]).every(can);
}
