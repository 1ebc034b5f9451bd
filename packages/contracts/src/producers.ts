import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { INVOLVEMENT_X_TITLES_COLLAPSE_AT, PAGE_SIZES, SOCIAL_NETWORKS } from './constants.ts';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { isCalendarDayText } from './lom-audience.ts';
import { INTEGRATION_PLAN_COLUMNS, INTEGRATION_PLAN_TARGETS } from './lom-relations.ts';

/**
 * Producer centers (product.md §2 /producers, §3 "Producer center", "Lom involvement", §9; api.md §7.5).
 * docs/producers.md says where each figure comes from.
 */

/** The graph calls of a producer center, as the spec names them; the last four are the spec's unnamed ones. */
export const PRODUCER_GRAPHS = [
  'radar',
  'involvements',
  'loms',
  'subscribers',
  'posts',
  'views',
  'reposts',
  'comment-activity',
  'movies',
  'songs',
  'grants',
  'integration-overlap',
  'engagement-rate',
  'messages',
  'sources',
  'target-tonality',
] as const;
export type ProducerGraph = (typeof PRODUCER_GRAPHS)[number];

const GRAPH_ROOT = '/api/v2/producer-centers/graphs';

export const PRODUCER_PATHS = {
  list: '/api/v2/producer-centers/',
  detail: '/api/v2/producer-centers/:id/',
} as const;

/** One path per graph; a name not listed has no route and answers 404. */
export const PRODUCER_GRAPH_PATHS = Object.fromEntries(
  PRODUCER_GRAPHS.map((graph) => [graph, `${GRAPH_ROOT}/${graph}/`]),
) as { readonly [G in ProducerGraph]: `${typeof GRAPH_ROOT}/${G}/` };

export const PRODUCER_GRAPH_TITLES: Readonly<Record<ProducerGraph, string>> = {
  radar: 'Профиль центра',
  involvements: 'Вовлечённость ЛОМ',
  loms: 'Количество ЛОМ',
  subscribers: 'Подписчики',
  posts: 'Публикации',
  views: 'Число просмотров',
  reposts: 'Репосты',
  'comment-activity': 'Комментарии',
  movies: 'Фильмы',
  songs: 'Песни',
  grants: 'Гранты',
  'integration-overlap': 'Пересечение интеграций',
  'engagement-rate': 'Вовлечённость аудитории (ER), %',
  messages: 'Число сообщений',
  sources: 'Площадки',
  'target-tonality': 'Целевая тональность',
};

/** §9: a center shown with a fixed number of loms whatever its lom links say. */
export const PRODUCER_LOMS_OVERRIDE: Readonly<Record<number, number>> = { 23: 46, 9: 135 };

/** The loms count a center shows: the §9 override, else the counted loms. */
export function displayedLomsCount(centerId: number, counted: number): number {
  return PRODUCER_LOMS_OVERRIDE[centerId] ?? counted;
}

/**
 * §9: the involvement chart collapses its x titles at 12 columns (INVOLVEMENT_X_TITLES_COLLAPSE_AT, the same rule
 * as the lom card's involvement charts): from 12 columns on, the titles are cut short and turned, the tooltip
 * naming each column in full.
 */
export function collapsesInvolvementTitles(columns: number): boolean {
  return columns >= INVOLVEMENT_X_TITLES_COLLAPSE_AT;
}

/** The integration charts and the involvement type each counts (lom_involvements.involvement_type). */
export const INTEGRATION_CHARTS = ['movies', 'songs', 'grants'] as const;
export type IntegrationChart = (typeof INTEGRATION_CHARTS)[number];
export const INTEGRATION_TYPES: Readonly<Record<IntegrationChart, string>> = {
  movies: 'Фильм',
  songs: 'Песня',
  grants: 'Грант',
};

/**
 * §9 plan targets (INTEGRATION_PLAN_TARGETS, the n-th chart's fixed 2025 fact and plans): read here as shares of
 * a center's loms (%) involved in films (chart 1), songs (chart 2) and grants (chart 3).
 */
export function integrationTarget(chart: IntegrationChart) {
  const target = INTEGRATION_PLAN_TARGETS[INTEGRATION_CHARTS.indexOf(chart)];
  if (!target) throw new Error(`no plan target for ${chart}`);
  return target;
}

export const INTEGRATION_COLUMNS = [
  INTEGRATION_PLAN_COLUMNS[0],
  'Факт за период',
  INTEGRATION_PLAN_COLUMNS[1],
  INTEGRATION_PLAN_COLUMNS[2],
] as const;

/** The columns of an integration chart: the fixed fact, the period's measured share, the two plans. */
export function integrationColumns(chart: IntegrationChart, periodShare: number): number[] {
  const target = integrationTarget(chart);
  return [target.fact2025, periodShare, target.plan2026, target.plan2030];
}

/** Sources ordered as the §3 social networks preset, the others after them by name. */
export function presetOrder(a: string, b: string): number {
  const rank = (name: string) => {
    const i = (SOCIAL_NETWORKS as readonly string[]).indexOf(name);
    return i === -1 ? SOCIAL_NETWORKS.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b, 'ru');
}

/** A period asked without ends: the last 90 days ending today. */
export const PRODUCER_DEFAULT_DAYS = 90;
/** Longest period a graph answers, in days (a daily series of ~3 years). */
export const PRODUCER_MAX_DAYS = 1100;

// Query strings

const periodDay = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

const filterFields = {
  /** First Moscow day of the period, inclusive. */
  period_after: periodDay.optional(),
  /** Last Moscow day of the period, inclusive. */
  period_before: periodDay.optional(),
  /** Producer centers; none means every center. */
  pc_in: commaIdList().optional(),
  /** Sources (platforms) of the messages counted; none means every source. */
  source_in: commaIdList().optional(),
};

function periodInOrder(query: { period_after?: string; period_before?: string }, ctx: z.RefinementCtx) {
  if (query.period_after && query.period_before && query.period_after > query.period_before) {
    ctx.addIssue({ code: 'custom', path: ['period_after'], message: 'начало периода позже его конца' });
  }
}

export const PRODUCER_ORDERINGS = [
  'name',
  '-name',
  'loms_count',
  '-loms_count',
  'involvements',
  '-involvements',
  'subscribers',
  '-subscribers',
  'messages',
  '-messages',
  'views',
  '-views',
] as const;
export type ProducerOrdering = (typeof PRODUCER_ORDERINGS)[number];

export const producerListQuery = z
  .object({
    page: pageParam,
    page_size: pageSizeParam(PAGE_SIZES.PRODUCERS),
    ordering: z
      .enum(PRODUCER_ORDERINGS, { error: `ожидается одно из: ${PRODUCER_ORDERINGS.join(', ')}` })
      .default('name'),
    ...filterFields,
  })
  .superRefine(periodInOrder);
export type ProducerListQuery = z.infer<typeof producerListQuery>;
export type ProducerListQueryInput = z.input<typeof producerListQuery>;

export const producerGraphQuery = z.object(filterFields).superRefine(periodInOrder);
export type ProducerGraphQuery = z.infer<typeof producerGraphQuery>;
export type ProducerGraphQueryInput = z.input<typeof producerGraphQuery>;

export const producerIdParams = z.object({ id: idParam });

// Answers

export const producerCenterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  /** The §9 override for ids 23 and 9, else the loms linked to the center. */
  loms_count: z.number().int(),
  /** Involvements ordered by the center with a release date in the period. */
  involvements: z.number().int(),
  /** The subscribers of the linked loms now. */
  subscribers: z.number(),
  /** The live messages of the linked loms in the period (of the sources asked), from producer_center_days. */
  messages: z.number().int(),
  /** Their views. */
  views: z.number(),
});
export type ProducerCenterRow = z.infer<typeof producerCenterRow>;

export const producerListResponse = listEnvelope(producerCenterRow).extend({
  period_after: z.string(),
  period_before: z.string(),
});
export type ProducerListResponse = z.infer<typeof producerListResponse>;

export const producerDetailResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  loms_count: z.number().int(),
  /** The loms linked to the center, before the override. */
  linked_loms: z.number().int(),
});
export type ProducerDetailResponse = z.infer<typeof producerDetailResponse>;

export const PRODUCER_CHART_KINDS = ['line', 'bar', 'pie', 'radar'] as const;

/** Every graph answers one chart: its categories (x axis, pie slices or radar axes) and its series. */
export const producerGraphResponse = z.object({
  graph: z.enum(PRODUCER_GRAPHS),
  title: z.string(),
  kind: z.enum(PRODUCER_CHART_KINDS),
  period_after: z.string(),
  period_before: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
  /** The radar's scale per axis. */
  max: z.array(z.number()).optional(),
  /** The x titles collapse (the involvement chart from 12 columns on). */
  collapsed: z.boolean().optional(),
  /** A unit for the axis and tooltip: '%' or ''. */
  unit: z.string(),
});
export type ProducerGraphResponse = z.infer<typeof producerGraphResponse>;
