import type { RouteName } from '@monitoring/contracts';
import type { ComponentType } from 'react';

export type PageLoader = () => Promise<ComponentType>;

/** The page of every route, each its own chunk. The Record type makes a missing route a compile error. */
export const PAGES: Record<RouteName, PageLoader> = {
  index: () => import('../features/dashboard/PictureOfDayPage.tsx').then((m) => m.PictureOfDayPage),
  about: () => import('../features/about/AboutPage.tsx').then((m) => m.AboutPage),
  'about-daily': () => import('../features/about/AboutDailyPage.tsx').then((m) => m.AboutDailyPage),
  'about-how-it-works': () =>
    import('../features/about/AboutHowItWorksPage.tsx').then((m) => m.AboutHowItWorksPage),
  'about-inforeasons': () =>
    import('../features/about/AboutInfoReasonsPage.tsx').then((m) => m.AboutInfoReasonsPage),
  'about-messages': () => import('../features/about/AboutMessagesPage.tsx').then((m) => m.AboutMessagesPage),
  'about-other': () => import('../features/about/AboutOtherPage.tsx').then((m) => m.AboutOtherPage),
  'about-rubrics': () => import('../features/about/AboutRubricsPage.tsx').then((m) => m.AboutRubricsPage),
  'about-search': () => import('../features/about/AboutSearchPage.tsx').then((m) => m.AboutSearchPage),
  'about-social-panel': () =>
    import('../features/about/AboutSocialPanelPage.tsx').then((m) => m.AboutSocialPanelPage),
  'about-tonality': () => import('../features/about/AboutTonalityPage.tsx').then((m) => m.AboutTonalityPage),
  'about-viral-content': () =>
    import('../features/about/AboutViralContentPage.tsx').then((m) => m.AboutViralContentPage),
  alerts: () => import('../features/alerts/AlertsPage.tsx').then((m) => m.AlertsPage),
  conversations: () =>
    import('../features/conversations/ConversationsPage.tsx').then((m) => m.ConversationsPage),
  dashboards: () => import('../features/dashboards/DashboardsPage.tsx').then((m) => m.DashboardsPage),
  'dashboards-rubric': () =>
    import('../features/dashboards/RubricDashboardPage.tsx').then((m) => m.RubricDashboardPage),
  'dashboards-theme': () =>
    import('../features/dashboards/ThemeDashboardPage.tsx').then((m) => m.ThemeDashboardPage),
  'dashboards-loms': () =>
    import('../features/dashboards/LomsDashboardPage.tsx').then((m) => m.LomsDashboardPage),
  'dashboards-personal-theme': () =>
    import('../features/dashboards/PersonalThemeDashboardPage.tsx').then((m) => m.PersonalThemeDashboardPage),
  'dashboards-personal-theme-loms': () =>
    import('../features/dashboards/PersonalThemeLomsPage.tsx').then((m) => m.PersonalThemeLomsPage),
  'new-dashboards': () =>
    import('../features/new-dashboards/NewDashboardsPage.tsx').then((m) => m.NewDashboardsPage),
  'new-dashboards-id': () =>
    import('../features/new-dashboards/NewDashboardPage.tsx').then((m) => m.NewDashboardPage),
  login: () => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage),
  'reset-password': () => import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
  logs: () => import('../features/logs/LogsPage.tsx').then((m) => m.LogsPage),
  loms: () => import('../features/loms/LomsPage.tsx').then((m) => m.LomsPage),
  'loms-add': () => import('../features/loms/LomAddPage.tsx').then((m) => m.LomAddPage),
  'loms-compare': () => import('../features/loms/LomComparePage.tsx').then((m) => m.LomComparePage),
  'loms-id': () => import('../features/loms/LomPage.tsx').then((m) => m.LomPage),
  messages: () => import('../features/messages/MessagesPage.tsx').then((m) => m.MessagesPage),
  'messages-add': () => import('../features/messages/MessageAddPage.tsx').then((m) => m.MessageAddPage),
  'messages-id': () => import('../features/messages/MessagePage.tsx').then((m) => m.MessagePage),
  news: () => import('../features/news/NewsPage.tsx').then((m) => m.NewsPage),
  'news-id': () => import('../features/news/NewsItemPage.tsx').then((m) => m.NewsItemPage),
  producers: () => import('../features/producers/ProducersPage.tsx').then((m) => m.ProducersPage),
  profile: () => import('../features/profile/ProfilePage.tsx').then((m) => m.ProfilePage),
  quotes: () => import('../features/quotes/QuotesPage.tsx').then((m) => m.QuotesPage),
  reports: () => import('../features/reports/ReportsPage.tsx').then((m) => m.ReportsPage),
  settings: () => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage),
  'social-panel': () => import('../features/social-panel/SocialPanelPage.tsx').then((m) => m.SocialPanelPage),
  'viral-content': () =>
    import('../features/viral-content/ViralContentPage.tsx').then((m) => m.ViralContentPage),
  'themes-ai': () => import('../features/themes/AiThemesPage.tsx').then((m) => m.AiThemesPage),
  rubrics: () => import('../features/rubrics/RubricsPage.tsx').then((m) => m.RubricsPage),
  'rubrics-id': () => import('../features/rubrics/RubricPage.tsx').then((m) => m.RubricPage),
  themes: () => import('../features/themes/ThemesPage.tsx').then((m) => m.ThemesPage),
  'themes-info-reasons': () =>
    import('../features/themes/ThemesInfoReasonsPage.tsx').then((m) => m.ThemesInfoReasonsPage),
  'theme-id': () => import('../features/themes/ThemePage.tsx').then((m) => m.ThemePage),
  'theme-id-edit': () => import('../features/themes/ThemeEditPage.tsx').then((m) => m.ThemeEditPage),
  'info-reason-id': () => import('../features/info-reasons/InfoReasonPage.tsx').then((m) => m.InfoReasonPage),
  'info-reason-id-edit': () =>
    import('../features/info-reasons/InfoReasonEditPage.tsx').then((m) => m.InfoReasonEditPage),
  'admin-panel-info-reasons': () =>
    import('../features/admin/AdminInfoReasonsPage.tsx').then((m) => m.AdminInfoReasonsPage),
  'admin-panel-loms': () => import('../features/admin/AdminLomsPage.tsx').then((m) => m.AdminLomsPage),
  'admin-panel-mlg-report': () =>
    import('../features/admin/AdminMlgReportPage.tsx').then((m) => m.AdminMlgReportPage),
  'admin-panel-rubrics': () =>
    import('../features/admin/AdminRubricsPage.tsx').then((m) => m.AdminRubricsPage),
  'admin-panel-sources': () =>
    import('../features/admin/AdminSourcesPage.tsx').then((m) => m.AdminSourcesPage),
  'admin-panel-themes': () => import('../features/admin/AdminThemesPage.tsx').then((m) => m.AdminThemesPage),
  'admin-panel-users': () => import('../features/admin/AdminUsersPage.tsx').then((m) => m.AdminUsersPage),
};
