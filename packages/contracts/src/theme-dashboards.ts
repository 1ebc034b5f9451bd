import { z } from 'zod';
import { pickItem } from './api.ts';
import { commaIdList, idField, idParam, pageParam, pageSizeParam, strictBody } from './input.ts';
import { periodBound, searchText } from './messages.ts';
import { moodTableRowSchema, moodTableSchema } from './mood-table.ts';
import { MOOD_IDS, moodCountsSchema } from './moods.ts';

/**
 * Theme, personal-theme and rubric dashboards (api.md §7.5 "Theme dashboards (v2)",
 * "Rubric dashboards (v2)", "Report downloads"; product.md §2 Dashboards, §9 Theme
 * dashboard). One implementation serves three kinds of dashboard, each a set of
 * messages: a theme's, a personal theme's (its saved filters) and a rubric's.
 * docs/dashboards.md says who may do what and how the sums are taken.
 */

export const DASHBOARD_KINDS = ['theme', 'personal', 'rubric'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** The three lists of constant loms, by their tonality id (add-loms-arr/ `tonality`). */
export const DASHBOARD_LIST_TONALITIES = { positive: 1, negative: 2, neutral: 3 } as const;
export const DASHBOARD_LIST_TYPES = ['positive', 'negative', 'neutral'] as const;
export type DashboardListType = (typeof DASHBOARD_LIST_TYPES)[number];
export type DashboardListTonality = (typeof DASHBOARD_LIST_TONALITIES)[DashboardListType];
export const DASHBOARD_LIST_TONALITY_IDS: readonly DashboardListTonality[] = [1, 2, 3];
export const DASHBOARD_LIST_LABELS: Readonly<Record<DashboardListType, string>> = {
  positive: 'Позитивные',
  negative: 'Негативные',
  neutral: 'Нейтральные',
};

/** The list type of a tonality id (1 → positive …). */
export function dashboardListType(tonality: number): DashboardListType | null {
  const found = DASHBOARD_LIST_TYPES.find((type) => DASHBOARD_LIST_TONALITIES[type] === tonality);
  return found ?? null;
}

/**
 * Pools (api.md "Pools 1 and 4 use special mood-table and graph-stats variants", our
 * reading): 1 = only the dashboard's constant loms, 4 = only regional loms (region_type 2).
 */
export const DASHBOARD_POOLS = { CONSTANT_LOMS: 1, REGIONAL_LOMS: 4 } as const;
export const DASHBOARD_POOL_IDS = [1, 4] as const;
export type DashboardPool = (typeof DASHBOARD_POOL_IDS)[number];

export const DASHBOARD_RANGE_STEPS = ['day', 'week', 'month'] as const;
export type DashboardRangeStep = (typeof DASHBOARD_RANGE_STEPS)[number];

/** Lists of loms show 25 a page (product.md §9). */
export const DASHBOARD_LOM_PAGE_SIZE = 25;
export const DASHBOARD_MAX_PAGE_SIZE = 200;
/** Without wrote_at_after the period starts this many months before wrote_at_before (or now). */
export const DASHBOARD_DEFAULT_PERIOD_MONTHS = 6;
/** add-loms-arr/ and remove-loms-arr/ take at most this many ids at once. */
export const DASHBOARD_MAX_LOMS_PER_CALL = 1000;

/** Theme and personal dashboards keep their own lists of constant loms; a rubric's are its loms. */
export type EditableDashboardKind = Exclude<DashboardKind, 'rubric'>;

/** What every kind of dashboard answers; each tonality list is under its type's name. */
type DashboardReadPath =
  | 'moodTable'
  | 'graphStats'
  | 'constantLomCount'
  | DashboardListType
  | 'loms'
  | 'report'
  | 'reportEstimation';
/** What theme and personal dashboards also answer: their lists of constant loms. */
type DashboardLomListPath = 'allAvailableLoms' | 'addLoms' | 'removeLoms' | 'copyLoms';
/** The rubric spellings of pool=1 / pool=4 (the same answers as mood-table/ and graph-stats/ with the pool). */
type RubricPoolPath =
  | 'moodTableConstantLoms'
  | 'moodTableRegionalLoms'
  | 'graphStatsConstantLoms'
  | 'graphStatsRegionalLoms';
type PathsOf<Name extends string> = { readonly [Key in Name]: string };

/**
 * The calls of one dashboard, by kind: `apiPath(DASHBOARD_PATHS[kind].moodTable, { id })`.
 * Every kind has the read calls; theme and personal add their lom lists, rubric its pool spellings.
 */
export const DASHBOARD_PATHS = {
  theme: {
    moodTable: '/api/v2/dashboard/:id/mood-table/',
    graphStats: '/api/v2/dashboard/:id/graph-stats/',
    constantLomCount: '/api/v2/dashboard/:id/constant-lom-count/',
    /** The paged lists of the constant loms of one tonality. */
    positive: '/api/v2/dashboard/:id/positive/',
    negative: '/api/v2/dashboard/:id/negative/',
    neutral: '/api/v2/dashboard/:id/neutral/',
    /** All loms that wrote messages of the dashboard in the period. */
    loms: '/api/v2/dashboard/:id/loms/',
    report: '/api/v2/dashboard/:id/get-report/',
    reportEstimation: '/api/v2/dashboard/:id/get-report-estimation/',
    allAvailableLoms: '/api/v2/dashboard/:id/all-available-loms/',
    addLoms: '/api/v2/dashboard/:id/add-loms-arr/',
    removeLoms: '/api/v2/dashboard/:id/remove-loms-arr/',
    copyLoms: '/api/v2/dashboard/:id/copy-loms/',
  },
  personal: {
    moodTable: '/api/v2/dashboard/personal/:id/mood-table/',
    graphStats: '/api/v2/dashboard/personal/:id/graph-stats/',
    constantLomCount: '/api/v2/dashboard/personal/:id/constant-lom-count/',
    positive: '/api/v2/dashboard/personal/:id/positive/',
    negative: '/api/v2/dashboard/personal/:id/negative/',
    neutral: '/api/v2/dashboard/personal/:id/neutral/',
    loms: '/api/v2/dashboard/personal/:id/loms/',
    report: '/api/v2/dashboard/personal/:id/get-report/',
    reportEstimation: '/api/v2/dashboard/personal/:id/get-report-estimation/',
    allAvailableLoms: '/api/v2/dashboard/personal/:id/all-available-loms/',
    addLoms: '/api/v2/dashboard/personal/:id/add-loms-arr/',
    removeLoms: '/api/v2/dashboard/personal/:id/remove-loms-arr/',
    /** Copies from another personal theme of the same owner. */
    copyLoms: '/api/v2/dashboard/personal/:id/copy-loms/',
  },
  rubric: {
    moodTable: '/api/v2/dashboard/rubrics/:id/mood-table/',
    graphStats: '/api/v2/dashboard/rubrics/:id/graph-stats/',
    constantLomCount: '/api/v2/dashboard/rubrics/:id/constant-lom-count/',
    positive: '/api/v2/dashboard/rubrics/:id/positive/',
    negative: '/api/v2/dashboard/rubrics/:id/negative/',
    neutral: '/api/v2/dashboard/rubrics/:id/neutral/',
    loms: '/api/v2/dashboard/rubrics/:id/loms/',
    report: '/api/v2/dashboard/rubrics/:id/get-report/',
    reportEstimation: '/api/v2/dashboard/rubrics/:id/get-report-estimation/',
    /** pool=1 (the rubric's loms) and pool=4 (regional loms) under names of their own: the same answers. */
    moodTableConstantLoms: '/api/v2/dashboard/rubrics/:id/mood-table-constant-loms/',
    moodTableRegionalLoms: '/api/v2/dashboard/rubrics/:id/mood-table-regional-loms/',
    graphStatsConstantLoms: '/api/v2/dashboard/rubrics/:id/graph-stats-constant-loms/',
    graphStatsRegionalLoms: '/api/v2/dashboard/rubrics/:id/graph-stats-regional-loms/',
  },
} as const satisfies {
  readonly theme: PathsOf<DashboardReadPath | DashboardLomListPath>;
  readonly personal: PathsOf<DashboardReadPath | DashboardLomListPath>;
  readonly rubric: PathsOf<DashboardReadPath | RubricPoolPath>;
};

/** The pinned themes of the dashboards page and the theme dashboard picker. */
export const DASHBOARD_THEME_PATHS = {
  /** GET the pinned themes (with period sums); POST {theme} pins one. */
  pinnedThemes: '/api/v2/dashboard/themes/',
  /** DELETE: unpin. */
  pinnedTheme: '/api/v2/dashboard/themes/:id/',
  /** GET the dashboard picker: themes with constant loms or pinned. */
  themesDashboards: '/api/v2/dashboard/themes-dashboards/',
} as const;

/**
 * The same under personal/ (api.md §7.5 "Each also exists under personal/"): the caller's own
 * personal themes pinned on the theme dashboards page, and the personal dashboard picker.
 */
export const DASHBOARD_PERSONAL_THEME_PATHS = {
  /** GET the caller's pinned personal themes (with period sums); POST {theme} pins one of their own. */
  pinnedThemes: '/api/v2/dashboard/personal/themes/',
  /** DELETE: unpin one of the caller's personal themes. */
  pinnedTheme: '/api/v2/dashboard/personal/themes/:id/',
  /** GET the picker: every personal theme of the caller, with its constant lom count and pin. */
  themesDashboards: '/api/v2/dashboard/personal/themes-dashboards/',
} as const;

export const dashboardIdParams = z.object({ id: idParam });

/**
 * The period: whole Moscow days for a date, [after, before] inclusive. Missing bounds
 * are filled by the server (before: now; after: 6 months before `before`).
 */
export const dashboardPeriodFields = {
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
};

const poolSchema = z.coerce
  .number({ error: 'ожидается число 1 или 4' })
  .refine((value): value is DashboardPool => value === 1 || value === 4, {
    error: 'ожидается 1 (постоянные ломы) или 4 (региональные ломы)',
  })
  .transform((value) => value as DashboardPool);

const rangeStepSchema = z.enum(DASHBOARD_RANGE_STEPS, {
  error: `ожидается одно из: ${DASHBOARD_RANGE_STEPS.join(', ')}`,
});

/** Messages of these moods only (3 also takes 4); `message__moods` is the rubric spelling. */
const moodFields = {
  mood_in: commaIdList(MOOD_IDS).optional(),
  message__moods: commaIdList(MOOD_IDS).optional(),
  /** The rubric list's spelling of the same filter. */
  tonality: commaIdList(MOOD_IDS).optional(),
};

function mergeMoods(raw: { mood_in?: number[]; message__moods?: number[]; tonality?: number[] }) {
  const ids = [...(raw.mood_in ?? []), ...(raw.message__moods ?? []), ...(raw.tonality ?? [])];
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

function pageFields(size: number) {
  return {
    page: pageParam,
    page_size: pageSizeParam(size, DASHBOARD_MAX_PAGE_SIZE),
  };
}

/** GET …/mood-table/: period and pool. */
export const dashboardMoodTableQuery = z.object({ ...dashboardPeriodFields, pool: poolSchema.optional() });
export type DashboardMoodTableQuery = z.output<typeof dashboardMoodTableQuery>;

/** GET …/graph-stats/: period, pool and the bucket size (day by default). */
export const dashboardGraphQuery = z.object({
  ...dashboardPeriodFields,
  pool: poolSchema.optional(),
  range_step: rangeStepSchema.default('day'),
});
export type DashboardGraphQuery = z.output<typeof dashboardGraphQuery>;

/** GET …/{positive|negative|neutral}/: a page of one list of constant loms with their period stats. */
export const dashboardListQuery = z
  .object({ ...dashboardPeriodFields, ...pageFields(DASHBOARD_LOM_PAGE_SIZE), ...moodFields })
  .transform(({ mood_in, message__moods, tonality, ...rest }) => ({
    ...rest,
    mood_in: mergeMoods({ mood_in, message__moods, tonality }),
  }));
export type DashboardListQuery = z.output<typeof dashboardListQuery>;

/** GET …/loms/: a page of every lom that wrote messages of the dashboard, by -total_si. */
export const dashboardLomsQuery = z
  .object({
    ...dashboardPeriodFields,
    ...pageFields(DASHBOARD_LOM_PAGE_SIZE),
    ...moodFields,
    /** Part of the lom name. */
    search: searchText.optional(),
  })
  .transform(({ mood_in, message__moods, tonality, ...rest }) => ({
    ...rest,
    mood_in: mergeMoods({ mood_in, message__moods, tonality }),
  }));
export type DashboardLomsQuery = z.output<typeof dashboardLomsQuery>;

/** GET …/all-available-loms/: loms not yet constant in this dashboard, by name. */
export const dashboardAvailableLomsQuery = z.object({
  ...pageFields(DASHBOARD_LOM_PAGE_SIZE),
  search_lom: searchText.optional(),
});
export type DashboardAvailableLomsQuery = z.output<typeof dashboardAvailableLomsQuery>;

/** GET …/constant-lom-count/: the period (a rubric's lists depend on it; theme lists do not). */
export const dashboardLomCountQuery = z.object(dashboardPeriodFields);
export type DashboardLomCountQuery = z.output<typeof dashboardLomCountQuery>;

/** GET …/get-report/ and get-report-estimation/: the period. */
export const dashboardReportQuery = z.object(dashboardPeriodFields);
export type DashboardReportQuery = z.output<typeof dashboardReportQuery>;

const lomIds = commaIdList()
  .refine((ids) => ids.length > 0, { error: 'выберите хотя бы один лом' })
  .refine((ids) => ids.length <= DASHBOARD_MAX_LOMS_PER_CALL, {
    error: `не больше ${DASHBOARD_MAX_LOMS_PER_CALL} ломов за раз`,
  });

const listTonality = z.coerce
  .number({ error: 'ожидается 1, 2 или 3' })
  .refine((value): value is DashboardListTonality => value === 1 || value === 2 || value === 3, {
    error: 'ожидается 1 (позитивные), 2 (негативные) или 3 (нейтральные)',
  })
  .transform((value) => value as DashboardListTonality);

/** POST …/add-loms-arr/: put the loms into the list (moving them from another list). */
export const dashboardAddLomsBody = z.object({ loms: lomIds, tonality: listTonality });
export type DashboardAddLomsBody = z.output<typeof dashboardAddLomsBody>;

/** DELETE …/remove-loms-arr/: the body (or the query) names the loms. */
export const dashboardRemoveLomsBody = z.object({ loms: lomIds });
export type DashboardRemoveLomsBody = z.output<typeof dashboardRemoveLomsBody>;

/** POST …/copy-loms/: copy the constant loms of another theme (personal: another personal theme). */
export const dashboardCopyLomsBody = z.object({ theme: idField });
export type DashboardCopyLomsBody = z.output<typeof dashboardCopyLomsBody>;

/** POST dashboard/themes/: pin a theme. */
export const dashboardPinThemeBody = z.object({ theme: idField });
export type DashboardPinThemeBody = z.output<typeof dashboardPinThemeBody>;

/** POST dashboard/personal/themes/: pin one of the caller's personal themes (nothing else in the body). */
export const dashboardPinPersonalThemeBody = strictBody({ theme: idField });
export type DashboardPinPersonalThemeBody = z.output<typeof dashboardPinPersonalThemeBody>;

/** GET dashboard/themes/ and dashboard/personal/themes/: the period of the sums. */
export const dashboardPinnedThemesQuery = z.object(dashboardPeriodFields);
export type DashboardPinnedThemesQuery = z.output<typeof dashboardPinnedThemesQuery>;

// ---- Answers ----

/** GET …/mood-table/: verified live messages of the dashboard per mood, and over all moods. */
export const dashboardMoodTableResponse = z.object({
  mood_table: moodTableSchema,
  total: moodTableRowSchema,
});
export type DashboardMoodTableResponse = z.infer<typeof dashboardMoodTableResponse>;

export const dashboardMoodCounts = moodCountsSchema;
export type DashboardMoodCounts = z.infer<typeof dashboardMoodCounts>;

/** One bucket of graph-stats: `date` is its first day (YYYY-MM-DD, Moscow). */
export const dashboardGraphPoint = z.object({
  date: z.string(),
  message_count: z.number().int(),
  total_si: z.number(),
  moods: dashboardMoodCounts,
});
export type DashboardGraphPoint = z.infer<typeof dashboardGraphPoint>;

/** GET …/graph-stats/: every bucket of the period in order, empty ones as zeros. */
export const dashboardGraphResponse = z.array(dashboardGraphPoint);
export type DashboardGraphResponse = z.infer<typeof dashboardGraphResponse>;

/** GET …/constant-lom-count/ (also the answer of add/remove/copy). */
export const dashboardLomCount = z.object({
  positive: z.number().int(),
  negative: z.number().int(),
  neutral: z.number().int(),
  total: z.number().int(),
});
export type DashboardLomCount = z.infer<typeof dashboardLomCount>;

/** A lom with the period stats of the dashboard's messages (live, any verification). */
export const dashboardLomItem = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  subscribers: z.number(),
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  moods: dashboardMoodCounts,
  /** contracts dominantMood of `moods`; null without messages. */
  dominant_mood: z.number().int().nullable(),
  /** The list the lom is in (1 positive, 2 negative, 3 neutral), null when not constant. */
  tonality: z.number().int().nullable(),
});
export type DashboardLomItem = z.infer<typeof dashboardLomItem>;

/** GET …/all-available-loms/: pick list items. */
export const dashboardAvailableLom = pickItem.extend({ avatar: z.string().nullable() });
export type DashboardAvailableLom = z.infer<typeof dashboardAvailableLom>;

/** POST …/copy-loms/: how many were copied and the counts after. */
export const dashboardCopyLomsResponse = dashboardLomCount.extend({ copied: z.number().int() });
export type DashboardCopyLomsResponse = z.infer<typeof dashboardCopyLomsResponse>;

/**
 * GET dashboard/themes/: a pinned theme with its period sums. dashboard/personal/themes/ answers
 * the same for a pinned personal theme (its sums: the «Всего» row of its mood table).
 */
export const dashboardPinnedTheme = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  mood_table: moodTableSchema,
  constant_lom_count: z.number().int(),
});
export type DashboardPinnedTheme = z.infer<typeof dashboardPinnedTheme>;

/** POST dashboard/themes/ and dashboard/personal/themes/ answer 201 with this. */
export const dashboardPinResult = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type DashboardPinResult = z.infer<typeof dashboardPinResult>;

/** GET dashboard/themes-dashboards/ and dashboard/personal/themes-dashboards/: the picker. */
export const dashboardThemeChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  constant_lom_count: z.number().int(),
  pinned: z.boolean(),
});
export type DashboardThemeChoice = z.infer<typeof dashboardThemeChoice>;
