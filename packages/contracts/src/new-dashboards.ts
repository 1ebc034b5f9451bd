import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { commaIdList, idField, idParam, pageParam, positiveIntParam, strictBody } from './input.ts';
import { messageFilterFields } from './messages.ts';
import { MOOD_DISPLAY_ORDER, MOOD_IDS, type Mood } from './moods.ts';
import { MAX_PAGE_SIZE } from './paging.ts';

/**
 * New dashboards (product.md §2 /new-dashboards, §3 "Dashboard (new dashboards)", api.md §7.5): a saved
 * message filter over chosen lom groups, shown as eight charts, and reports built from the charts' images.
 * docs/new-dashboards.md.
 */

export const NEW_DASHBOARD_PATHS = {
  list: '/api/v1/new-dashboards/',
  /** GET, PATCH, DELETE one dashboard. */
  detail: '/api/v1/new-dashboards/:id/',
  /** Multipart: name, report_type, charts[n][name], charts[n][image]. */
  report: '/api/v1/new-dashboards/:id/report/',
  /** One of NEW_DASHBOARD_CHARTS as `:chart`; an unknown one is 404. */
  chart: '/api/v2/new-dashboards/:id/:chart/',
} as const;

export const NEW_DASHBOARD_CHARTS = [
  'period_tonality',
  'tonality',
  'period_source_tonality',
  'tonality_source',
  'tonality_by_lom',
  'publication_involvement',
  'info-reason-tonality',
  'info-reason-tonality-coefficients',
] as const;
export type NewDashboardChart = (typeof NEW_DASHBOARD_CHARTS)[number];

export const NEW_DASHBOARD_CHART_TITLES: Readonly<Record<NewDashboardChart, string>> = {
  period_tonality: 'Тональность по периодам',
  tonality: 'Доли тональности',
  period_source_tonality: 'Тональность по источникам во времени',
  tonality_source: 'Тональность по источникам',
  tonality_by_lom: 'Тональность по ЛОМ (топ-10)',
  publication_involvement: 'Вовлечённость публикаций',
  'info-reason-tonality': 'Тональность инфоповодов',
  'info-reason-tonality-coefficients': 'Коэффициенты тональности инфоповодов',
};

export function isNewDashboardChart(name: string): name is NewDashboardChart {
  return (NEW_DASHBOARD_CHARTS as readonly string[]).includes(name);
}

/** The relative periods a dashboard may keep instead of fixed dates: whole Moscow days ending today. */
export const DASHBOARD_PERIODS = ['week', 'month', 'quarter', 'half_year', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Readonly<Record<DashboardPeriod, string>> = {
  week: 'Последние 7 дней',
  month: 'Последний месяц',
  quarter: 'Последние 3 месяца',
  half_year: 'Последние 6 месяцев',
  year: 'Последний год',
};
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'month';

/** Steps of the charts over time. */
export const CHART_STEPS = ['day', 'week', 'month'] as const;
export type ChartStep = (typeof CHART_STEPS)[number];
export const CHART_STEP_LABELS: Readonly<Record<ChartStep, string>> = {
  day: 'По дням',
  week: 'По неделям',
  month: 'По месяцам',
};

export const NEW_DASHBOARD_NAME_MAX_LENGTH = 200;
export const NEW_DASHBOARD_MAX_LOM_GROUPS = 50;
/** Ranked charts (loms, info reasons) show this many (product.md §9 top-N). */
export const CHART_TOP_DEFAULT = 10;
export const CHART_TOP_MAX = 50;

const dashboardPeriod = z.enum(DASHBOARD_PERIODS, {
  error: `ожидается одно из: ${DASHBOARD_PERIODS.join(', ')}`,
});

/** The filter fields a dashboard keeps: the message filter's (no ordering: charts have none) and a period. */
const dashboardFilterShape = (() => {
  const { ordering: _ordering, ...fields } = messageFilterFields;
  return { ...fields, period: dashboardPeriod.optional() };
})();
const dashboardFilterCheck = strictBody(dashboardFilterShape);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A dashboard's saved filter, kept as sent (the wire form the messages list takes) once the strict message
 * filter accepts it: an unknown field is 400 naming it.
 */
export const newDashboardFilters = z
  .custom<Record<string, unknown>>(isPlainObject, { error: 'ожидается объект фильтров сообщений' })
  .superRefine((value, ctx) => {
    const checked = dashboardFilterCheck.safeParse(value);
    if (checked.success) return;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
  });

/** The dashboard filter parsed: the message filter plus the relative period. */
export const parsedDashboardFilters = dashboardFilterCheck;

const dashboardName = z
  .string({ error: 'ожидается строка' })
  .trim()
  .min(1, { error: 'название не может быть пустым' })
  .max(NEW_DASHBOARD_NAME_MAX_LENGTH, { error: `не длиннее ${NEW_DASHBOARD_NAME_MAX_LENGTH} символов` });

const lomGroupIds = z
  .array(idField, { error: 'ожидается список идентификаторов групп ЛОМ' })
  .max(NEW_DASHBOARD_MAX_LOM_GROUPS, { error: `не более ${NEW_DASHBOARD_MAX_LOM_GROUPS} групп` })
  .transform((ids) => [...new Set(ids)]);

const isDashboard = z.boolean({ error: 'ожидается true или false' });

export const newDashboardCreateBody = strictBody({
  name: dashboardName,
  filters: newDashboardFilters.default({}),
  lom_groups: lomGroupIds.default([]),
  is_dashboard: isDashboard.default(true),
});
export type NewDashboardCreateBody = z.output<typeof newDashboardCreateBody>;

export const newDashboardPatchBody = strictBody({
  name: dashboardName.optional(),
  filters: newDashboardFilters.optional(),
  lom_groups: lomGroupIds.optional(),
  is_dashboard: isDashboard.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  error: 'укажите хотя бы одно из полей: name, filters, lom_groups, is_dashboard',
});
export type NewDashboardPatchBody = z.output<typeof newDashboardPatchBody>;

/** GET new-dashboards/: the caller's own; `search` in the name; `pageSize` as the spec spells it. */
export const newDashboardListQuery = z
  .object({
    search: z.string().max(200, { error: 'не длиннее 200 символов' }).optional(),
    page: pageParam,
    pageSize: positiveIntParam(MAX_PAGE_SIZE).optional(),
    page_size: positiveIntParam(MAX_PAGE_SIZE).optional(),
  })
  .transform(({ pageSize, page_size, ...rest }) => ({ ...rest, page_size: page_size ?? pageSize ?? 25 }));
export type NewDashboardListQuery = z.output<typeof newDashboardListQuery>;

export const newDashboardIdParams = z.object({ id: idParam });
/** `:chart` is any text here: the service answers 404 for a name that is no chart. */
export const newDashboardChartParams = z.object({
  id: idParam,
  chart: z.string().max(100, { error: 'не длиннее 100 символов' }),
});

const filterLine = z.object({ label: z.string(), value: z.string() });
export type DashboardFilterLine = z.infer<typeof filterLine>;

export const newDashboardItem = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  lom_groups: z.array(z.object({ id: z.number().int(), title: z.string() })),
  is_dashboard: z.boolean(),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  /** The period the charts cover now: Moscow days, `to` inclusive. */
  period: z.object({ from: z.string(), to: z.string(), text: z.string() }),
  /** The filter in words, names looked up (the period first). */
  filters_text: z.array(filterLine),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewDashboardItem = z.infer<typeof newDashboardItem>;
export const newDashboardListResponse = listEnvelope(newDashboardItem);

/** A chart's own controls (api.md: "each with filters and parameters"). */
export const chartParameters = strictBody({
  step: z.enum(CHART_STEPS, { error: `ожидается одно из: ${CHART_STEPS.join(', ')}` }).optional(),
  mood_in: commaIdList(MOOD_IDS).optional(),
  source_in: commaIdList().optional(),
  lom_group_in: commaIdList().optional(),
  top: z
    .number({ error: 'ожидается число' })
    .int({ error: 'ожидается целое число' })
    .min(1, { error: 'не меньше 1' })
    .max(CHART_TOP_MAX, { error: `не больше ${CHART_TOP_MAX}` })
    .optional(),
});
export type ChartParameters = z.output<typeof chartParameters>;

/** POST api/v2/new-dashboards/{id}/<chart>/: extra filters narrow the dashboard's (same field names win). */
export const chartRequestBody = z
  .preprocess(
    (body) => body ?? {},
    strictBody({ filters: newDashboardFilters.optional(), parameters: chartParameters.optional() }),
  )
  .transform((body) => ({ filters: body.filters ?? {}, parameters: body.parameters ?? {} }));
export type ChartRequestBody = z.output<typeof chartRequestBody>;

export const chartSeries = z.object({
  key: z.string(),
  name: z.string(),
  mood: z.number().int().nullable(),
  color: z.string().nullable(),
  values: z.array(z.number()),
});
export type ChartSeries = z.infer<typeof chartSeries>;

export const chartResponse = z.object({
  chart: z.enum(NEW_DASHBOARD_CHARTS),
  title: z.string(),
  /** Moscow days, `to` inclusive. */
  period: z.object({ from: z.string(), to: z.string() }),
  step: z.enum(CHART_STEPS).nullable(),
  /** Which table answered: the rollup (message_daily_stats) or messages. */
  source: z.enum(['rollup', 'messages']),
  /** Labels of the x axis (or of the pie's slices). */
  categories: z.array(z.string()),
  /** The ids behind the categories (lom, source, info reason), null for periods and moods. */
  category_ids: z.array(z.number().int().nullable()),
  series: z.array(chartSeries),
  /** Messages the chart counts. */
  total: z.number().int(),
});
export type ChartResponse = z.infer<typeof chartResponse>;

/** Moods drawn as separate series: «Другое» (4) is shown inside «Нейтральная» (3), as in the mood table. */
export const CHART_MOODS: readonly Mood[] = MOOD_DISPLAY_ORDER;
