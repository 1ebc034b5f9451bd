/**
 * Every route of product.md §2 as [name, path pattern]. `:id?` marks an
 * optional id. The web router is built from this list, and tests walk it.
 * The permission that opens each page is declared beside it, in
 * page-permissions.ts (`PAGE_ACCESS`).
 */
export const ROUTES = {
  index: '/',
  about: '/about',
  'about-daily': '/about/daily',
  'about-how-it-works': '/about/how-it-works',
  'about-inforeasons': '/about/inforeasons',
  'about-messages': '/about/messages',
  'about-other': '/about/other',
  'about-rubrics': '/about/rubrics',
  'about-search': '/about/search',
  'about-social-panel': '/about/social-panel',
  'about-tonality': '/about/tonality',
  'about-viral-content': '/about/viral-content',
  conversations: '/conversations',
  dashboards: '/dashboards',
  'dashboards-rubric': '/dashboards/rubric',
  'dashboards-theme': '/dashboards/theme',
  'dashboards-loms': '/dashboards/loms/:id?',
  'dashboards-personal-theme': '/dashboards/personalTheme/:id',
  'dashboards-personal-theme-loms': '/dashboards/personalTheme/:id?/loms',
  'new-dashboards': '/new-dashboards',
  'new-dashboards-id': '/new-dashboards/:id',
  login: '/login',
  'reset-password': '/reset-password',
  logs: '/logs',
  loms: '/loms',
  'loms-add': '/loms/add',
  'loms-compare': '/loms/compare',
  'loms-id': '/loms/:id',
  messages: '/messages',
  'messages-add': '/messages/add',
  'messages-id': '/messages/:id',
  news: '/news',
  'news-id': '/news/:id',
  producers: '/producers',
  profile: '/profile',
  quotes: '/quotes',
  reports: '/reports',
  settings: '/settings',
  'social-panel': '/social-panel',
  'viral-content': '/viral-content',
  'themes-ai': '/themes-ai',
  rubrics: '/rubrics',
  'rubrics-id': '/rubrics/:id',
  themes: '/themes',
  'themes-info-reasons': '/themes/info-reasons',
  'theme-id': '/theme/:id',
  'theme-id-edit': '/theme/:id?/edit',
  'info-reason-id': '/info-reason/:id',
  'info-reason-id-edit': '/info-reason/:id?/edit',
  'admin-panel-info-reasons': '/admin-panel/info-reasons',
  'admin-panel-loms': '/admin-panel/loms',
  'admin-panel-mlg-report': '/admin-panel/mlg-report',
  'admin-panel-rubrics': '/admin-panel/rubrics',
  'admin-panel-sources': '/admin-panel/sources',
  'admin-panel-themes': '/admin-panel/themes',
  'admin-panel-users': '/admin-panel/users',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Routes that need no login (the empty layout). */
export const GUEST_ROUTES: readonly RouteName[] = ['login', 'reset-password'];
