import {
  ADMIN_INFO_REASON_PATHS,
  ADMIN_THEME_PATHS,
  AI_MOOD_PATHS,
  AI_THEME_PATHS,
  ALERT_PATHS,
  addMonths,
  addYears,
  apiPath,
  DASHBOARD_PERSONAL_THEME_PATHS,
  DIGEST_PATHS,
  FEED_PATHS,
  isoDate,
  MESSAGE_FLAG_PATHS,
  MESSAGE_PATHS,
  NEW_DASHBOARD_CHARTS,
  type NewDashboardChart,
  NOTIFICATION_PATHS,
  PRODUCER_GRAPH_PATHS,
  PRODUCER_GRAPHS,
  PRODUCER_PATHS,
  REPORT_PATHS,
  SOCIAL_PANEL_GRAPHS,
  SOCIAL_PANEL_PATHS,
  THEME_LIST_PATHS,
} from '@monitoring/contracts';
import { DAY_MS, moscowDay } from '../src/domain/moscow-calendar.ts';
import type { ScenarioFixtures } from './scenario-fixtures-queries.ts';

/**
 * The API calls the benchmark measures. Each issue adds the calls it makes fast;
 * `path` may depend on ids picked from the seeded database.
 */
export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  /** A function gives each request its own path (calls whose answers are kept per argument). */
  path: string | (() => string);
  /** The demo user whose token signs the requests. */
  as: string;
  body?: unknown;
  /** The target p95 in milliseconds from the issue, if any. */
  targetP95?: number;
}

// Periods end today, as the nav links compute them (the seed writes the last year up to now). Today is
// Moscow's, the product's calendar: the stored standard periods roll at Moscow midnight, so a UTC date
// between 21:00 and 24:00 UTC would ask yesterday's week and miss them. Local midnight of that date, as
// isoDate reads local fields.
const today = new Date(`${moscowDay(Date.now())}T00:00:00`);
const month = `wrote_at_after=${isoDate(addMonths(today, -1))}&wrote_at_before=${isoDate(today)}`;
const halfYear = `wrote_at_after=${isoDate(addMonths(today, -6))}&wrote_at_before=${isoDate(today)}`;
const year = `wrote_at_after=${isoDate(addYears(today, -1))}&wrote_at_before=${isoDate(today)}`;
const ALL_TYPES = 'message_type_in=0,1,8,101,102';
const producerPeriod = `period_after=${isoDate(new Date(today.getTime() - 89 * DAY_MS))}&period_before=${isoDate(today)}`;
const week = `wrote_at_after=${isoDate(new Date(today.getTime() - 6 * DAY_MS))}&wrote_at_before=${isoDate(today)}`;

/**
 * Themes table pages of about a month (28 to 33 days) ending 1 to 330 days before today, a
 * different period for each of the first 1,980 calls.
 */
function monthsBack(): () => string {
  let calls = 0;
  return () => {
    const back = (calls % 330) + 1;
    const days = 28 + (Math.floor(calls / 330) % 6);
    calls += 1;
    const end = today.getTime() - back * DAY_MS;
    const start = end - days * DAY_MS;
    return `/api/v2/themes/?wrote_at_after=${isoDate(new Date(start))}&wrote_at_before=${isoDate(new Date(end))}&page=1&page_size=25`;
  };
}

/**
 * The calls, each time afresh: a call whose path changes per request starts its sequence again, so that two runs
 * (the sizes of `--compare`) ask the same requests.
 */
export type { ScenarioFixtures };

/** A new dashboard's chart over 6 months (the request's filters replace its period and themes). */
function dashboardChart(id: number, chart: NewDashboardChart, over: string): Scenario {
  return {
    name: `new dashboard ${over}${chart}, 6 months`,
    method: 'POST',
    path: `/api/v2/new-dashboards/${id}/${chart}/`,
    as: 'admin',
    body: {
      filters: {
        wrote_at_after: isoDate(addMonths(today, -6)),
        wrote_at_before: isoDate(today),
        theme_in: '',
      },
      parameters: chart.startsWith('period') || chart === 'publication_involvement' ? { step: 'week' } : {},
    },
  };
}

export function makeScenarios(fixtures: ScenarioFixtures): Scenario[] {
  const [heaviest, second, third] = fixtures.themes;
  return [
    { name: 'users/me', path: '/api/v1/users/me/', as: 'editor', targetP95: 50 },
    {
      name: 'user-actions list',
      path: '/api/v1/user-actions/?page=1&page_size=25',
      as: 'admin',
      targetP95: 100,
    },
    {
      name: 'user-actions filtered',
      path: '/api/v1/user-actions/?type_not_in=4,5&page_size=50',
      as: 'admin',
      targetP95: 100,
    },
    // Issue 16: the action log (a million rows in the 1M dataset, setup.ts), one row per filter of /logs.
    ...(
      [
        ['user', `user_in=${fixtures.logUser}`],
        ['type', 'type_in=5'],
        ['action', 'action_in=theme.rename'],
        ['message', `message_in=${fixtures.logMessages.join(',')}`],
        ['theme', `theme_in=${third}`],
        ['info reason', `info_reason_in=${fixtures.infoReason}`],
        ['lom', `lom_in=${fixtures.lom}`],
        ['month', `created_at_after=${isoDate(addMonths(today, -1))}&created_at_before=${isoDate(today)}`],
        ['page 40', 'page=40'],
        [
          'user, type and week',
          `user_in=${fixtures.logUser}&type_in=1&created_at_after=${isoDate(new Date(today.getTime() - 6 * DAY_MS))}`,
        ],
      ] as const
    ).map(([name, query]) => ({
      name: `user-actions by ${name}`,
      path: `/api/v1/user-actions/?${query}&page_size=25`,
      as: 'admin',
      targetP95: 100,
    })),
    // Issue 3: message reads.
    {
      name: 'messages list, month, 3 filters',
      path: `/api/v3/messages/?${month}&archived=false&verified=true&mood_in=1,2&page=1&page_size=25`,
      as: 'editor',
      targetP95: 100,
    },
    {
      name: 'messages list, month, nav link of a super editor',
      path: `/api/v3/messages/?${month}&${ALL_TYPES}&verified=true&verified_by_super_editor=false`,
      as: 'superEditor',
      targetP95: 100,
    },
    {
      name: 'messages pagination_count, month, 3 filters',
      path: `/api/v3/messages/pagination_count/?${month}&archived=false&verified=true&mood_in=1,2`,
      as: 'editor',
      targetP95: 100,
    },
    {
      name: 'messages mood-table, month',
      path: `/api/v2/messages/mood-table/?${month}&${ALL_TYPES}&archived=false&message__verified=true`,
      as: 'user',
      targetP95: 100,
    },
    {
      name: 'messages mood-table, year',
      path: `/api/v2/messages/mood-table/?${year}&${ALL_TYPES}&archived=false&message__verified=true`,
      as: 'user',
      targetP95: 300,
    },
    // Issue 27: the query language on the search index, the list's first page with its count, with the list's
    // default filters (the last month, every message type: the nav link), as a user (archived=false by default).
    ...(
      [
        ['a rare word', 'трамвай'],
        ['a common word', 'бюджет'],
        ['a phrase', '"бюджет проекта"'],
        ['an OR of five words', 'школа OR больница OR дорога OR транспорт OR ремонт'],
        ['NEAR/5', 'ремонт NEAR/5 жители'],
        ['a prefix', 'больниц*'],
        ['a query with NOT', 'жители NOT ремонт'],
      ] as const
    ).map(([what, search]) => ({
      name: `search: ${what}, month`,
      path: `/api/v3/messages/?${month}&${ALL_TYPES}&search=${encodeURIComponent(search)}&page=1&page_size=25`,
      as: 'user',
      targetP95: 100,
    })),
    // lom_day_stats answers both (a period and the live flags, or the readers' default archived=false).
    {
      name: 'messages lom-stat, month, by views',
      path: `/api/v2/messages/lom-stat/?${month}&archived=false&delayed=false&trash=false&stat=views`,
      as: 'user',
    },
    {
      name: 'messages lom-stat, month, reader defaults, by SI',
      path: `/api/v2/messages/lom-stat/?${month}&stat=si`,
      as: 'user',
    },
    // Issue 4 (20,000 loms): the lom list with its period metrics from lom_day_stats, in the
    // default ordering (by subscribers: the page first, then its 100 loms' month; the issue's
    // target) and by a period metric (every lom's month summed and ranked; no target, see
    // docs/loms.md "Speed"), a lom card's summary and its dynamic graphs.
    {
      name: '/loms list page, month',
      path: `/api/v1/loms/new-loms/?message__${month.replace('&', '&message__')}&page=1&page_size=100`,
      as: 'lomSelection',
      targetP95: 150,
    },
    {
      name: '/loms list page, month, by total SI',
      path: `/api/v1/loms/new-loms/?message__${month.replace('&', '&message__')}&ordering=-total_si&page_size=100`,
      as: 'lomSelection',
    },
    { name: 'lom card summary', path: `/api/v1/loms/${fixtures.lom}/`, as: 'user', targetP95: 100 },
    ...(['subscribers', 'si', 'views'] as const).map((graph) => ({
      name: `lom dynamic graph ${graph}, month by day`,
      path: `/api/v1/loms/lom-dynamic-graph/${fixtures.lom}/${graph}-graph/?period_after=${isoDate(addMonths(today, -1))}&period_before=${isoDate(today)}&filter=day`,
      as: 'user' as const,
      targetP95: 100,
    })),
    // Issue 5 (500 themes): the themes table's page over a month in its default ordering
    // (-total_si,-is_favorite: every theme's month summed from the (theme_id, day) rollup index,
    // then the medians and first loms of the page's 25 only), its count, and the theme relation's
    // mood table. The merge of two 50,000-message themes is bench/theme-merge.ts (npm run bench:merge).
    {
      name: '/themes list page, month',
      path: `/api/v2/themes/?${month}&page=1&page_size=25`,
      as: 'user',
      targetP95: 150,
    },
    // The same page when its per-theme results are not kept yet: every request asks another
    // period of about a month, so the 25 themes' messages are read every time.
    {
      name: '/themes list page, month, a new period each request',
      path: monthsBack(),
      as: 'user',
    },
    { name: 'themes pagination_count, month', path: `/api/v2/themes/pagination_count/?${month}`, as: 'user' },
    {
      name: 'theme relation mood-table, month',
      path: `/api/v2/theme-relation/${heaviest}/mood-table/?${month}`,
      as: 'user',
    },
    // Issue 5: a busy theme's dashboard over 6 months (the seed's heaviest theme), as the
    // extended user who holds THEMES_DASHBOARD; the pools filter the same rollup by lom.
    {
      name: 'theme dashboard mood-table, 6 months',
      path: `/api/v2/dashboard/${heaviest}/mood-table/?${halfYear}`,
      as: 'extendedUser',
      targetP95: 150,
    },
    {
      name: 'theme dashboard graph-stats, 6 months',
      path: `/api/v2/dashboard/${heaviest}/graph-stats/?${halfYear}`,
      as: 'extendedUser',
      targetP95: 150,
    },
    {
      name: 'theme dashboard mood-table, 6 months, constant loms',
      path: `/api/v2/dashboard/${heaviest}/mood-table/?${halfYear}&pool=1`,
      as: 'extendedUser',
    },
    {
      name: 'theme dashboard graph-stats by week, 6 months, regional loms',
      path: `/api/v2/dashboard/${heaviest}/graph-stats/?${halfYear}&range_step=week&pool=4`,
      as: 'extendedUser',
    },
    // Issue 29: the personal side of the theme dashboards page, as the extended user: the picker over their own
    // personal themes, and their pinned ones (the seed pins two of each user's) each with its mood table.
    {
      name: 'personal themes dashboards picker',
      path: DASHBOARD_PERSONAL_THEME_PATHS.themesDashboards,
      as: 'extendedUser',
    },
    {
      name: 'pinned personal themes, 6 months',
      path: `${DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes}?${halfYear}`,
      as: 'extendedUser',
    },
    // Issue 30: the alerts page and the bell as the editor opens them (the demo's alerts, events and digests).
    { name: 'alerts list', path: `${ALERT_PATHS.list}?page=1&page_size=25`, as: 'editor' },
    ...(fixtures.editorAlert === null
      ? []
      : [
          {
            name: 'alert events',
            path: `${apiPath(ALERT_PATHS.events, { id: fixtures.editorAlert })}?page=1&page_size=10`,
            as: 'editor',
          },
        ]),
    {
      name: 'bell: latest notifications',
      path: `${NOTIFICATION_PATHS.list}?page=1&page_size=10`,
      as: 'editor',
    },
    { name: 'bell: unread count', path: NOTIFICATION_PATHS.stream, as: 'editor' },
    { name: 'digests list', path: DIGEST_PATHS.list, as: 'editor' },
    // Issue 31: the «Сбор» view of /admin-panel/sources as the administrator opens it: the first page, the failing
    // feeds, and a feed's fetch log.
    { name: 'feeds list', path: `${FEED_PATHS.list}?page=1&page_size=50`, as: 'admin' },
    {
      name: 'feeds list, failing',
      path: `${FEED_PATHS.list}?state=failing&page=1&page_size=50`,
      as: 'admin',
    },
    ...(fixtures.feed === null
      ? []
      : [
          {
            name: 'feed runs',
            path: `${apiPath(FEED_PATHS.runs, { id: fixtures.feed })}?page=1&page_size=20`,
            as: 'admin',
          },
        ]),
    // Issue 15: home page. The picture of the day over its default 7 days, as the user: the
    // dashboards, then a tab over every message and a tab of three themes (the demo's heaviest).
    { name: 'home: daily dashboards', path: '/api/v1/dashboard-configurations/', as: 'user', targetP95: 50 },
    {
      name: 'home: themes_stats, week',
      path: `/api/v1/report/themes_stats/?${week}`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'home: report themes by SI, week',
      path: `/api/v1/report/themes/?${week}&ordering=si&page=1&page_size=5`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'home: report info reasons by views, week',
      path: `/api/v1/report/info_reasons/?${week}&ordering=views&page=1&page_size=15`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'home: report loms by SI, week',
      path: `/api/v1/report/loms/?${week}&ordering=si&page=1&page_size=7`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'home: verified mood table, week',
      path: `/api/v2/messages/mood-table/?${week}&trash=false&archived=false&delayed=false&verified=true`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'home: report themes, week, 3 themes',
      path: `/api/v1/report/themes/?${week}&theme_in=${heaviest},${second},${third}&ordering=messages&page=1&page_size=5`,
      as: 'user',
    },
    {
      name: 'home: themes_stats, week, 3 themes',
      path: `/api/v1/report/themes_stats/?${week}&theme_in=${heaviest},${second},${third}`,
      as: 'user',
    },
    // Issue 16: the admin lists (default ai=false), first page and a search; message counts come from
    // theme_day_stats and info_reason_mood_days for the page's rows only.
    {
      name: 'admin themes list',
      path: `${ADMIN_THEME_PATHS.list}?page=1&page_size=25`,
      as: 'admin',
      targetP95: 100,
    },
    {
      name: 'admin themes list, search',
      path: `${ADMIN_THEME_PATHS.list}?search=${encodeURIComponent('тема')}&page=1&page_size=25`,
      as: 'admin',
      targetP95: 100,
    },
    {
      name: 'admin info reasons list',
      path: `${ADMIN_INFO_REASON_PATHS.list}?page=1&page_size=25`,
      as: 'admin',
      targetP95: 100,
    },
    // Issue 15: new dashboards. The eight charts of the administrator's first demo dashboard over 6 months
    // (the request's filters replace the dashboard's period and themes), over its lom groups.
    ...NEW_DASHBOARD_CHARTS.map((chart) => dashboardChart(fixtures.newDashboard, chart, '')),
    // The same charts of the showcase dashboard over every lom (no lom groups): the cells without loms.
    ...NEW_DASHBOARD_CHARTS.map((chart) =>
      dashboardChart(fixtures.everyLomDashboard, chart, 'over every lom '),
    ),
    // Issue 16: the admin lists of lom sources, loms and mlg reports (docs/admin-loms.md).
    {
      name: 'admin lom-sources, unbound',
      path: '/api/v1/admin/lom-sources/?lom_isnull=true&page=1&page_size=25',
      as: 'admin',
      targetP95: 100,
    },
    {
      name: 'admin lom-sources, search',
      path: '/api/v1/admin/lom-sources/?filter=anna&page=1&page_size=25',
      as: 'admin',
      targetP95: 100,
    },
    { name: 'admin loms', path: '/api/v1/admin/loms/?page=1&page_size=25', as: 'admin', targetP95: 100 },
    {
      name: 'admin loms, search',
      path: `/api/v1/admin/loms/?filter=${encodeURIComponent('Петров')}&is_active=true&page=1&page_size=25`,
      as: 'admin',
      targetP95: 100,
    },
    {
      name: 'admin reports-mlg',
      path: '/api/v1/admin/reports-mlg/?page=1&page_size=25',
      as: 'admin',
      targetP95: 100,
    },
    // Issue 16: the users list, the organisations and the permission groups of /admin-panel/users and /settings.
    { name: 'admin users', path: '/api/v1/users/all/?page=1&page_size=25', as: 'admin', targetP95: 100 },
    {
      name: 'admin users, search',
      path: '/api/v1/users/all/?search=ред&is_active=true&page=1&page_size=25',
      as: 'admin',
      targetP95: 100,
    },
    { name: 'admin organisations', path: '/api/v2/organization/', as: 'admin', targetP95: 100 },
    { name: 'admin permission groups', path: '/api/v1/users/groups/', as: 'admin', targetP95: 100 },
    // Issue 17: news and conversations (docs/news.md, docs/conversations.md). The statistics read the
    // day's stories and their stored news_statistics rows: the cost follows the stories, not the messages.
    // Every seed of 1M or more holds stories 1..2,500 and conversations 1..300.
    {
      name: 'news statistics, yesterday',
      path: `/api/v1/news-messages/statistics/?period_after=${isoDate(new Date(today.getTime() - DAY_MS))}&period_before=${isoDate(new Date(today.getTime() - DAY_MS))}`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'news statistics, today',
      path: `/api/v1/news-messages/statistics/?period_after=${isoDate(today)}&period_before=${isoDate(today)}`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'news statistics, a month by SI',
      path: `/api/v1/news-messages/statistics/?${month.replace('wrote_at_after', 'period_after').replace('wrote_at_before', 'period_before')}`,
      as: 'user',
      targetP95: 150,
    },
    { name: 'news list', path: '/api/v1/news/?page=1&page_size=20', as: 'user', targetP95: 150 },
    { name: 'news detail', path: `/api/v1/news/${fixtures.news}/`, as: 'user', targetP95: 150 },
    {
      name: 'news detail messages',
      path: `/api/v1/news-messages/news/${fixtures.news}/?page=1&page_size=25`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'news list-news',
      path: '/api/v2/news-messages/list-news/?page=1&page_size=25',
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'conversations list',
      path: '/api/v1/conversations/?page=1&page_size=20',
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'conversations list by SI',
      path: '/api/v1/conversations/?ordering=-si&page=1&page_size=20',
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'conversation detail',
      path: `/api/v1/conversations/${fixtures.conversation}/`,
      as: 'user',
      targetP95: 150,
    },
    // Issue 17, viral content and SI and the message directories (docs/viral-content.md): the page for the
    // last day and for a week in each stat, the SI definition, the three pick lists.
    ...(['views', 'reposts', 'si'] as const).flatMap((stat) => [
      {
        name: `viral content, day, ${stat}`,
        path: `/api/v2/viral-content/?period_after=${isoDate(new Date(today.getTime() - DAY_MS))}&period_before=${isoDate(today)}&stat=${stat}&page=1`,
        as: 'user',
        targetP95: 150,
      },
      {
        name: `viral content, week, ${stat}`,
        path: `/api/v2/viral-content/?period_after=${isoDate(new Date(today.getTime() - 6 * DAY_MS))}&period_before=${isoDate(today)}&stat=${stat}&page=1`,
        as: 'user',
        targetP95: 150,
      },
    ]),
    { name: 'si definition', path: '/api/v2/si/', as: 'user', targetP95: 150 },
    {
      name: 'content types pick list',
      path: '/api/v1/content_types/filter-list/',
      as: 'user',
      targetP95: 150,
    },
    { name: 'headings pick list', path: '/api/v1/headings/filter-list/', as: 'user', targetP95: 150 },
    { name: 'channels pick list', path: '/api/v2/channel/', as: 'user', targetP95: 150 },
    // Issue 17, social panel (docs/social-panel.md): the list and every graph of the first demo panel over today,
    // as the /social-panel nav link opens it; each graph counts that panel's panelists only.
    {
      name: 'social panel list',
      path: `${SOCIAL_PANEL_PATHS.list}?page=1&page_size=12`,
      as: 'user',
      targetP95: 150,
    },
    {
      name: 'social panel viral-content-id, last day',
      path: apiPath(SOCIAL_PANEL_PATHS.viralContentIds, { id: fixtures.socialPanel }),
      as: 'user',
      targetP95: 150,
    },
    ...SOCIAL_PANEL_GRAPHS.map((graph) => ({
      name: `social panel graph ${graph}`,
      path: `${apiPath(SOCIAL_PANEL_PATHS.graphs[graph] as (typeof SOCIAL_PANEL_PATHS.graphs)['age'], { id: fixtures.socialPanel })}?period_after=${isoDate(today)}&period_before=${isoDate(today)}`,
      as: 'user',
      targetP95: 150,
    })),
    // Issue 17: producer centers (docs/producers.md). The list over the last 90 days by involvements, then every
    // graph of one center (the one with the most loms) over the same period.
    {
      name: 'producer centers list, -involvements',
      path: `${PRODUCER_PATHS.list}?${producerPeriod}&ordering=-involvements&page=1&page_size=20`,
      as: 'user',
      targetP95: 150,
    },
    ...PRODUCER_GRAPHS.map((graph) => ({
      name: `producer center graph ${graph}`,
      path: `${PRODUCER_GRAPH_PATHS[graph]}?${producerPeriod}&pc_in=${fixtures.producerCenter}`,
      as: 'user' as const,
      targetP95: 150,
    })),
    // Issue 17, producer_center_days: every graph over every center (no pc_in: row 0 of the rollup), the same period.
    ...PRODUCER_GRAPHS.map((graph) => ({
      name: `producer centers graph ${graph}, every center`,
      path: `${PRODUCER_GRAPH_PATHS[graph]}?${producerPeriod}`,
      as: 'user' as const,
      targetP95: 150,
    })),
    // Issue 18: /themes-ai (docs/ai-themes.md): the proposals waiting for approval, and the AI themes table under them.
    { name: 'AI theme proposals', path: `${AI_THEME_PATHS.proposals}?page=1`, as: 'editor', targetP95: 150 },
    {
      name: 'AI themes table',
      path: `${THEME_LIST_PATHS.list}?ai=true&page=1&page_size=25`,
      as: 'editor',
      targetP95: 150,
    },
    // Issue 28: /settings?tab=mood-model reads the models with their intervals and calibration (the settings
    // page polls it every second while a training runs).
    { name: 'mood models (settings)', path: AI_MOOD_PATHS.models, as: 'admin', targetP95: 150 },
  ];
}

/** The bench's Excel report: the messages written since `after` (run.ts picks the newest EXCEL_ROWS). */
export function excelReportPath(after: string): string {
  return `${REPORT_PATHS.xlsx.file}?wrote_at_after=${encodeURIComponent(after)}`;
}

/** The flags an editor toggles besides verify (se-verify is the super editor's, verify_ai Zefir's). */
const OTHER_FLAGS = ['delay', 'archive', 'trash'] as const;

/** What the soak's writes pick from: a message, a theme and a number in [0, 1) per request. */
export interface WriteChoices {
  message: () => number;
  theme: () => number;
  random: () => number;
}

/** A write: its path and body are chosen afresh for each request. */
export interface WriteScenario {
  name: string;
  method: 'PATCH' | 'POST';
  path: () => string;
  body?: () => unknown;
  as: 'editor';
}

/** An editor's actions on a random message of the seeded database, as the web sends them (web/src/api/message-edits.ts). */
export function makeWriteScenarios(choose: WriteChoices): WriteScenario[] {
  return [
    {
      name: 'toggle verify',
      method: 'PATCH',
      path: () => apiPath(MESSAGE_FLAG_PATHS.v2.verify, { id: choose.message() }),
      as: 'editor',
    },
    {
      name: 'change mood',
      method: 'PATCH',
      path: () => MESSAGE_PATHS.fields,
      body: () => ({ ids: [choose.message()], mood: 1 + Math.floor(choose.random() * 6) }),
      as: 'editor',
    },
    {
      name: 'set theme',
      method: 'POST',
      path: () => apiPath(MESSAGE_PATHS.theme, { id: choose.message() }),
      body: () => ({ theme_id: choose.theme() }),
      as: 'editor',
    },
    {
      name: 'toggle a flag',
      method: 'PATCH',
      path: () =>
        apiPath(
          MESSAGE_FLAG_PATHS.v2[OTHER_FLAGS[Math.floor(choose.random() * OTHER_FLAGS.length)] ?? 'delay'],
          {
            id: choose.message(),
          },
        ),
      as: 'editor',
    },
  ];
}
