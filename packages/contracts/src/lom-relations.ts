import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants.ts';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';

/**
 * Four tabs of the lom card (api.md §7.9 "involvements/…" and "Other reads", §7.6 the
 * subscription calls; product.md §3 "Lom involvement", §4, §9): involvement charts, VK
 * groups, the relation graph and rubrics by period. docs/lom-relations.md says where each
 * figure comes from.
 */

export const LOM_RELATION_PATHS = {
  involvements: '/api/v1/loms/involvements/',
  involvementPeriodGraph: '/api/v1/loms/involvements/period_graph/',
  involvementTotalGraph: '/api/v1/loms/involvements/total_graph/',
  involvementValuesDistribution: '/api/v1/loms/involvements/values_distribution/',
  involvementTypesGraph: '/api/v1/loms/involvements/involvement_types_graph/',
  vkGroups: '/api/v1/loms/vk_groups/',
  relationGraph: '/api/v1/loms/:id/relation_graph/',
  rubricsByPeriod: '/api/v1/loms/:id/rubrics_by_period/',
  /** api.md §7.6 "Other v2": the lom's subscriptions, the can-load check and the load. */
  subscriptions: '/api/v2/subscriptions/',
  canLoadSubscriptions: '/api/v2/loms/new-loms/can_load_subscriptions/',
  loadSubscriptions: '/api/v2/loms/new-loms/:id/load_subscriptions/',
} as const;

// Involvements (product.md §3 "Lom involvement")

/** The metric series an involvement carries in `values`, in display order. */
export const INVOLVEMENT_METRICS = ['total', 'accepted', 'declined', 'paid', 'grant'] as const;
export type InvolvementMetric = (typeof INVOLVEMENT_METRICS)[number];

export const INVOLVEMENT_METRIC_LABELS: Readonly<Record<InvolvementMetric, string>> = {
  total: 'Всего',
  accepted: 'Принято',
  declined: 'Отклонено',
  paid: 'Оплачено',
  grant: 'Грант',
};

export const INVOLVEMENT_APPROVALS = ['approved', 'pending', 'declined'] as const;
export type InvolvementApproval = (typeof INVOLVEMENT_APPROVALS)[number];

export const INVOLVEMENT_APPROVAL_LABELS: Readonly<Record<InvolvementApproval, string>> = {
  approved: 'Согласовано',
  pending: 'На согласовании',
  declined: 'Отклонено',
};

/**
 * product.md §9 "Plan targets for integration charts: loms 2025 fact, plans 2026 and 2030
 * (values 20/50/75 and 50/80/95 by chart; fixed facts 52, 42, 26)". Read as three charts, each
 * with a fixed 2025 fact and the two plans, the n-th value of each list belonging to the n-th
 * chart. The spec does not say what the three charts measure (docs/lom-relations.md).
 */
export const INTEGRATION_PLAN_COLUMNS = ['ЛОМ 2025 (факт)', 'План 2026', 'План 2030'] as const;
export const INTEGRATION_PLAN_TARGETS: readonly {
  chart: number;
  fact2025: number;
  plan2026: number;
  plan2030: number;
}[] = [
  { chart: 1, fact2025: 52, plan2026: 20, plan2030: 50 },
  { chart: 2, fact2025: 42, plan2026: 50, plan2030: 80 },
  { chart: 3, fact2025: 26, plan2026: 75, plan2030: 95 },
];

// Query strings

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day YYYY-MM-DD (2025-02-30 is refused). */
function isDayText(text: string): boolean {
  if (!DAY_TEXT.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const DAY_MESSAGE = 'ожидается дата ГГГГ-ММ-ДД';
const day = z.string({ error: DAY_MESSAGE }).refine(isDayText, { error: DAY_MESSAGE });

function periodInOrder(query: { period_after?: string; period_before?: string }, ctx: z.RefinementCtx) {
  if (query.period_after && query.period_before && query.period_after > query.period_before) {
    ctx.addIssue({ code: 'custom', path: ['period_before'], message: 'конец периода раньше его начала' });
  }
}

/** Moscow days, both ends inclusive; optional for the involvement calls (all time without). */
const optionalPeriod = { period_after: day.optional(), period_before: day.optional() };
/** The graphs over messages need both ends. */
const requiredPeriod = { period_after: day, period_before: day };

export const involvementListQuery = z
  .object({
    lom_id: idParam,
    page: pageParam,
    page_size: pageSizeParam(DEFAULT_PAGE_SIZE),
    ...optionalPeriod,
  })
  .superRefine(periodInOrder);
export type InvolvementListQuery = z.output<typeof involvementListQuery>;
export type InvolvementListQueryInput = z.input<typeof involvementListQuery>;

/** period_graph, total_graph, values_distribution, involvement_types_graph. */
export const involvementGraphQuery = z
  .object({ lom_id: idParam, ...optionalPeriod })
  .superRefine(periodInOrder);
export type InvolvementGraphQuery = z.output<typeof involvementGraphQuery>;
export type InvolvementGraphQueryInput = z.input<typeof involvementGraphQuery>;

/** VK groups of a lom: `lom`, 30 a page (product.md §9). */
export const vkGroupListQuery = z.object({
  lom: idParam,
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZES.VK_GROUPS),
});
export type VkGroupListQuery = z.output<typeof vkGroupListQuery>;

export const canLoadSubscriptionsQuery = z.object({ lom: idParam });

export const lomSubscriptionListQuery = z.object({
  lom_in: commaIdList().optional(),
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE),
});
export type LomSubscriptionListQuery = z.output<typeof lomSubscriptionListQuery>;

export const RELATION_GRAPH_AGG_PARAMS = ['views', 'messages'] as const;
export type RelationGraphAggParam = (typeof RELATION_GRAPH_AGG_PARAMS)[number];

export const relationGraphQuery = z
  .object({
    agg_param: z.enum(RELATION_GRAPH_AGG_PARAMS, { error: 'ожидается views или messages' }).default('views'),
    ...requiredPeriod,
  })
  .superRefine(periodInOrder);
export type RelationGraphQuery = z.output<typeof relationGraphQuery>;
export type RelationGraphQueryInput = z.input<typeof relationGraphQuery>;

export const LOM_RUBRIC_AGG_PARAMS = ['si', 'messages'] as const;
export type LomRubricAggParam = (typeof LOM_RUBRIC_AGG_PARAMS)[number];

export const lomRubricsByPeriodQuery = z
  .object({
    agg_param: z.enum(LOM_RUBRIC_AGG_PARAMS, { error: 'ожидается si или messages' }).default('si'),
    ...requiredPeriod,
  })
  .superRefine(periodInOrder);
export type LomRubricsByPeriodQuery = z.output<typeof lomRubricsByPeriodQuery>;
export type LomRubricsByPeriodQueryInput = z.input<typeof lomRubricsByPeriodQuery>;

/**
 * product.md §4 "The relation graph end date is moved back one day": the card asks the graph
 * for its period with the last day taken off, never before the first day.
 */
export function relationGraphPeriod(after: string, before: string): { after: string; before: string } {
  const end = new Date(`${before}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  const moved = end.toISOString().slice(0, 10);
  return { after, before: moved < after ? after : moved };
}

// Answers

const idName = z.object({ id: z.number().int(), name: z.string() });

export const involvementMetricValues = z.object({
  total: z.number(),
  accepted: z.number(),
  declined: z.number(),
  paid: z.number(),
  grant: z.number(),
});
export type InvolvementMetricValues = z.infer<typeof involvementMetricValues>;

export const involvementItem = z.object({
  id: z.number().int(),
  title: z.string(),
  lom: idName,
  /** The producer center that ordered the project. */
  pc_customer: idName.nullable(),
  involvement_type: z.string(),
  values: involvementMetricValues,
  /** Grant amount, roubles. */
  grant: z.number().nullable(),
  grant_giver: z.string().nullable(),
  /** Fee paid to the lom, roubles. */
  fee: z.number().nullable(),
  /** YYYY-MM-DD, ascending. */
  release_dates: z.array(z.string()),
  approval: z.string(),
  /** The Moscow day the involvement counts on: its first release date, else its creation day. */
  day: z.string(),
  created_at: z.string(),
});
export type InvolvementItem = z.infer<typeof involvementItem>;

/** period_graph: the metrics summed per Moscow month (YYYY-MM) of the involvement's day. */
export const involvementPeriodGraph = z.object({
  points: z.array(involvementMetricValues.extend({ period: z.string(), involvements: z.number().int() })),
});
export type InvolvementPeriodGraph = z.infer<typeof involvementPeriodGraph>;

export const involvementTotalGraph = involvementMetricValues.extend({
  involvements: z.number().int(),
  /** Sums of the roubles columns. */
  fee_sum: z.number(),
  grant_sum: z.number(),
});
export type InvolvementTotalGraph = z.infer<typeof involvementTotalGraph>;

/** values_distribution: each involvement with its values, in the order of their days. */
export const involvementValuesDistribution = z.object({
  items: z.array(
    involvementMetricValues.extend({
      id: z.number().int(),
      title: z.string(),
      involvement_type: z.string(),
      day: z.string(),
    }),
  ),
});
export type InvolvementValuesDistribution = z.infer<typeof involvementValuesDistribution>;

export const involvementTypesGraph = z.object({
  types: z.array(
    involvementMetricValues.extend({ involvement_type: z.string(), involvements: z.number().int() }),
  ),
});
export type InvolvementTypesGraph = z.infer<typeof involvementTypesGraph>;

/** A VK community of the lom; `index` is its weight for the lom, 0..100 (product.md §3). */
export const vkGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  members: z.number().int(),
  index: z.number(),
});
export type VkGroupItem = z.infer<typeof vkGroupItem>;

export const canLoadSubscriptionsResponse = z.object({
  lom: z.number().int(),
  can_load: z.boolean(),
  /** VK pages among the lom's subscriptions that are not yet its groups. */
  available: z.number().int(),
});
export type CanLoadSubscriptionsResponse = z.infer<typeof canLoadSubscriptionsResponse>;

export const loadSubscriptionsResponse = z.object({
  lom: z.number().int(),
  loaded: z.number().int(),
  /** The lom's VK groups after the load. */
  groups_count: z.number().int(),
});
export type LoadSubscriptionsResponse = z.infer<typeof loadSubscriptionsResponse>;

export const lomSubscriptionItem = z.object({
  id: z.number().int(),
  lom: idName,
  name: z.string(),
  url: z.string(),
  subscribers: z.number(),
  /** The lom the subscribed page belongs to, when it is one. */
  subscribed_lom: idName.nullable(),
  /** The lom's account the subscription was seen on. */
  lom_source: z
    .object({
      id: z.number().int(),
      url: z.string(),
      source: z.object({ id: z.number().int(), name: z.string(), icon: z.string() }),
    })
    .nullable(),
  /** The subscribed page is on VK: the load turns it into a group. */
  is_vk: z.boolean(),
});
export type LomSubscriptionItem = z.infer<typeof lomSubscriptionItem>;

/** Hosts of VK pages (and their subdomains, m.vk.com). */
export const VK_HOSTS = ['vk.com', 'vk.ru'] as const;

export const RELATION_NODE_KINDS = ['lom', 'theme'] as const;
export type RelationNodeKind = (typeof RELATION_NODE_KINDS)[number];

/**
 * theme: the lom wrote on the theme; co_theme: another lom wrote on that theme in the period;
 * guest: another lom spoke in the lom's messages; host: the lom spoke in another lom's messages.
 */
export const RELATION_LINK_KINDS = ['theme', 'co_theme', 'guest', 'host'] as const;
export type RelationLinkKind = (typeof RELATION_LINK_KINDS)[number];

const weights = { value: z.number(), messages: z.number().int(), views: z.number() };

export const relationGraphResponse = z.object({
  agg_param: z.enum(RELATION_GRAPH_AGG_PARAMS),
  nodes: z.array(
    z.object({
      /** 'lom-12', 'theme-5'. */
      id: z.string(),
      kind: z.enum(RELATION_NODE_KINDS),
      entity_id: z.number().int(),
      name: z.string(),
      center: z.boolean(),
      ...weights,
    }),
  ),
  links: z.array(
    z.object({ source: z.string(), target: z.string(), kind: z.enum(RELATION_LINK_KINDS), ...weights }),
  ),
});
export type RelationGraphResponse = z.infer<typeof relationGraphResponse>;
export type RelationGraphNode = RelationGraphResponse['nodes'][number];
export type RelationGraphLink = RelationGraphResponse['links'][number];

export const RUBRIC_PERIOD_STEPS = ['day', 'week', 'month'] as const;
export type RubricPeriodStep = (typeof RUBRIC_PERIOD_STEPS)[number];

export const lomRubricsByPeriodResponse = z.object({
  agg_param: z.enum(LOM_RUBRIC_AGG_PARAMS),
  step: z.enum(RUBRIC_PERIOD_STEPS),
  /** First day (YYYY-MM-DD) of each step; the first may start before the period. */
  periods: z.array(z.string()),
  /** The lom's live messages in the period, with or without a rubric. */
  lom_messages: z.number().int(),
  lom_si: z.number(),
  rubrics: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.string(),
      /** The lom itself belongs to the rubric (segment). */
      is_lom_rubric: z.boolean(),
      messages: z.number().int(),
      si: z.number(),
      /** The asked metric per period, aligned with `periods`. */
      series: z.array(z.number()),
    }),
  ),
});
export type LomRubricsByPeriodResponse = z.infer<typeof lomRubricsByPeriodResponse>;
export type LomRubricPeriodRow = LomRubricsByPeriodResponse['rubrics'][number];
