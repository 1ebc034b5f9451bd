import { z } from 'zod';
import { pageParam, pageSizeParam, strictBody } from './input.ts';
import { messageFilterFields, normalizeMessageFilter } from './messages.ts';
import type { Permission } from './permissions.ts';

/**
 * The report tables of the picture of the day (api.md §7.5 report/…; product.md §3 "Report
 * dashboard", §9 page sizes). Each takes a message filter and a period; the live messages
 * only (trash, archived and delayed false, whatever is sent). docs/home.md.
 */

export const REPORT_TABLE_PATHS = {
  themes: '/api/v1/report/themes/',
  /** The filter's totals: all messages, those with a theme, by day (the dynamics). */
  themesStats: '/api/v1/report/themes_stats/',
  /** The top themes for the charts. */
  themesDashboard: '/api/v1/report/themes_dashboard/',
  infoReasons: '/api/v1/report/info_reasons/',
  infoReasonsDashboard: '/api/v1/report/info_reasons_dashboard/',
  loms: '/api/v1/report/loms/',
} as const;

/**
 * What every report call is guarded with (the picture of the day's page permission; the web
 * shows a report block only to whom it passes).
 */
export const REPORT_PERMISSION: Permission = 'SHOW_MAIN_PAGE';

/** product.md §9: 5 report theme rows, 15 info reasons, 7 loms; 10 series in a top-N chart. */
export const REPORT_PAGE_SIZES = { themes: 5, infoReasons: 15, loms: 7 } as const;
export const REPORT_TOP_N = 10;
export const REPORT_MAX_PAGE_SIZE = 100;

/** The sort control (product.md §2: on index, dashboard and loms-id): SI, views or messages. */
export const REPORT_ORDERINGS = ['si', 'views', 'messages'] as const;
export type ReportOrdering = (typeof REPORT_ORDERINGS)[number];
export const DEFAULT_REPORT_ORDERING: ReportOrdering = 'si';
export const REPORT_ORDERING_LABELS: Readonly<Record<ReportOrdering, string>> = {
  si: 'По Si',
  views: 'По просмотрам',
  messages: 'По сообщениям',
};

/** §9 chart titles, by the row's metric. */
export const REPORT_CHART_TITLES = {
  lom_count: 'Количество ЛОМ',
  message_count: 'Число сообщений',
  total_si: 'Si',
  total_views: 'Число просмотров',
} as const;

/** §9 "Fallback with no messages: all=1, with themes=0" (a share chart never divides by zero). */
export const REPORT_EMPTY_FALLBACK = { all: 1, with_themes: 0 } as const;

const ordering = z
  .enum(REPORT_ORDERINGS, { error: `ожидается одно из: ${REPORT_ORDERINGS.join(', ')}` })
  .default(DEFAULT_REPORT_ORDERING);

/** The filter fields without the message list's own ordering (the tables have theirs). */
const { ordering: _listOrdering, ...filterFields } = messageFilterFields;

/**
 * The live flags are the call's, not the caller's (api.md §7.5: all false); a link from a report
 * to the messages list adds them, so the list counts what the report counted.
 */
export const REPORT_LIVE_FLAGS = { trash: false, archived: false, delayed: false } as const;
const LIVE = REPORT_LIVE_FLAGS;

function reportQuery(pageSize: number) {
  return strictBody({
    ...filterFields,
    page: pageParam,
    page_size: pageSizeParam(pageSize, REPORT_MAX_PAGE_SIZE),
    ordering,
  }).transform(({ page, page_size, ordering, ...raw }) => ({
    page,
    page_size,
    ordering,
    filter: { ...normalizeMessageFilter(raw), ...LIVE },
  }));
}

export const reportThemesQuery = reportQuery(REPORT_PAGE_SIZES.themes);
export const reportInfoReasonsQuery = reportQuery(REPORT_PAGE_SIZES.infoReasons);
export const reportLomsQuery = reportQuery(REPORT_PAGE_SIZES.loms);
/** The top-N charts: the first REPORT_TOP_N rows by the ordering. */
export const reportTopQuery = reportQuery(REPORT_TOP_N);
export type ReportTableQuery = z.output<typeof reportThemesQuery>;

/** themes_stats/: the filter only. */
export const reportStatsQuery = strictBody(filterFields).transform((raw) => ({
  filter: { ...normalizeMessageFilter(raw), ...LIVE },
}));
export type ReportStatsQuery = z.output<typeof reportStatsQuery>;

/** Message counts per mood id (1–6), for the mood bar. */
export const reportMoodCounts = z.record(z.string(), z.number().int());

export const reportTableRow = z.object({
  id: z.number().int(),
  name: z.string(),
  moods: reportMoodCounts,
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  lom_count: z.number().int(),
});
export type ReportTableRow = z.infer<typeof reportTableRow>;

export const reportDay = z.object({
  day: z.string(),
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  moods: reportMoodCounts,
});
export type ReportDay = z.infer<typeof reportDay>;

export const reportStats = z.object({
  /** Messages of the filter (1 when there is none: the §9 fallback). */
  all: z.number().int(),
  /** Those with a theme (0 when there is no message). */
  with_themes: z.number().int(),
  /** True when the filter selects no message and the numbers above are the fallback. */
  no_messages: z.boolean(),
  total_si: z.number(),
  total_views: z.number(),
  /** Every day of the period, zeros included, in order. */
  days: z.array(reportDay),
});
export type ReportStats = z.infer<typeof reportStats>;

export const reportTop = z.object({ results: z.array(reportTableRow) });
export type ReportTop = z.infer<typeof reportTop>;
