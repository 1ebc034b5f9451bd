import { z } from 'zod';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { periodBound, queryFlag, searchText } from './messages.ts';

/**
 * The lom list (/loms), its count and the lom card's summary (api.md §7.9, product.md §3
 * "Lom", §9). docs/loms.md says where each metric comes from.
 */

export const LOM_PATHS = {
  list: '/api/v1/loms/new-loms/',
  count: '/api/v1/loms/lom_count/',
  /** GET the card's summary; PATCH updates and DELETE deletes the lom (lom-writes.ts). */
  detail: '/api/v1/loms/:id/',
  switchFavourite: '/api/v1/loms/:id/switch_favourite/',
  activate: '/api/v1/loms/:id/activate/',
  deactivate: '/api/v1/loms/:id/deactivate/',
} as const;

/** The lom table shows 100 rows a page (product.md §9). */
export const LOM_LIST_PAGE_SIZE = 100;

/** Thematic group 12 marks a foreign agent (product.md §3, §9). */
export const FOREIGN_AGENT_THEMATIC_GROUP = 12;

/** Metrics counted over the period when one is given (else all-time, from the lom's columns). */
export const LOM_PERIOD_METRICS = [
  'total_si',
  'total_views',
  'message_number',
  'messages_count',
  'verified_count',
  'quotes_count',
  'average_si',
] as const;
export type LomPeriodMetric = (typeof LOM_PERIOD_METRICS)[number];

/** Columns of the lom itself: the same whatever the period. */
export const LOM_STATIC_ORDER_FIELDS = [
  'name',
  'created_at',
  'subscribers',
  'sum_coverage',
  'audience_age',
  'trust_index',
  'influence_index',
  'integration_index',
] as const;

export const LOM_ORDER_FIELDS = [...LOM_STATIC_ORDER_FIELDS, ...LOM_PERIOD_METRICS] as const;
export type LomOrderField = (typeof LOM_ORDER_FIELDS)[number];
export const LOM_ORDERINGS = LOM_ORDER_FIELDS.flatMap((field) => [field, `-${field}`] as const);
export type LomOrdering = LomOrderField | `-${LomOrderField}`;
export const DEFAULT_LOM_ORDERING: LomOrdering = '-subscribers';

export function isLomPeriodMetric(field: string): field is LomPeriodMetric {
  return (LOM_PERIOD_METRICS as readonly string[]).includes(field);
}

/**
 * GET loms/new-loms/. The period arrives as the lom-selection landing sends it
 * (`message__wrote_at_after` / `message__wrote_at_before`, navigation.ts) or without the
 * prefix; a bound is an instant (`after` inclusive, `before` exclusive), as in messages.
 */
export const lomListQuery = z
  .object({
    page: pageParam,
    page_size: pageSizeParam(LOM_LIST_PAGE_SIZE),
    ordering: z
      .enum(LOM_ORDERINGS as unknown as [LomOrdering, ...LomOrdering[]], {
        error: `ожидается одно из: ${LOM_ORDERINGS.join(', ')}`,
      })
      .default(DEFAULT_LOM_ORDERING),
    search: searchText.optional(),
    message__wrote_at_after: periodBound('after').optional(),
    message__wrote_at_before: periodBound('before').optional(),
    wrote_at_after: periodBound('after').optional(),
    wrote_at_before: periodBound('before').optional(),
    /** Any lom type. */
    lom_types_in: commaIdList().optional(),
    /** Lom types flagged is_segment. */
    segment_in: commaIdList().optional(),
    /** Lom types flagged is_category. */
    category_in: commaIdList().optional(),
    lom_focuses_in: commaIdList().optional(),
    producer_centers_in: commaIdList().optional(),
    region_in: commaIdList().optional(),
    /** Loms with an account on one of these platforms. */
    source_in: commaIdList().optional(),
    is_active: queryFlag.optional(),
    /** The caller's favourites (true) or all but them (false). */
    is_favourite: queryFlag.optional(),
  })
  .transform(
    ({ message__wrote_at_after, message__wrote_at_before, wrote_at_after, wrote_at_before, ...rest }) => ({
      ...rest,
      wrote_at_after: wrote_at_after ?? message__wrote_at_after,
      wrote_at_before: wrote_at_before ?? message__wrote_at_before,
    }),
  );
export type LomListQuery = z.output<typeof lomListQuery>;
export type LomListQueryInput = z.input<typeof lomListQuery>;

/** GET loms/lom_count/: the number of loms, of the active ones with is_active=true. */
export const lomCountQuery = z.object({ is_active: queryFlag.optional() });
export const lomCountResponse = z.object({ count: z.number().int() });
export type LomCountResponse = z.infer<typeof lomCountResponse>;

export const lomIdParams = z.object({
  id: idParam,
});

const idName = z.object({ id: z.number().int(), name: z.string() });

/** A lom account as the list and the card show it: platform icon and link. */
export const lomSourceItem = z.object({
  id: z.number().int(),
  lom_source_url: z.string(),
  external_link: z.string().nullable(),
  coverage: z.number(),
  is_active: z.boolean(),
  source: z.object({ id: z.number().int(), name: z.string(), icon: z.string() }),
});
export type LomSourceItem = z.infer<typeof lomSourceItem>;

/** The metrics of product.md §3 "Lom"; those of LOM_PERIOD_METRICS cover the period asked. */
export const lomMetrics = z.object({
  subscribers: z.number(),
  sum_coverage: z.number(),
  total_si: z.number(),
  total_views: z.number(),
  message_number: z.number().int(),
  messages_count: z.number().int(),
  verified_count: z.number().int(),
  quotes_count: z.number().int(),
  average_si: z.number(),
  audience_age: z.number().int().nullable(),
  trust_index: z.number().nullable(),
  influence_index: z.number().nullable(),
  integration_index: z.number().nullable(),
  /** All-time: the newest message that is not trash. */
  last_message_at: z.string().nullable(),
});
export type LomMetrics = z.infer<typeof lomMetrics>;

/** One row of the /loms table. */
export const lomListItem = lomMetrics.extend({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_active: z.boolean(),
  is_favourite: z.boolean(),
  is_foreign_agent: z.boolean(),
  category: z.string().nullable(),
  segment: z.string().nullable(),
  region: idName.nullable(),
  lom_sources: z.array(lomSourceItem),
});
export type LomListItem = z.infer<typeof lomListItem>;

export const lomData = z.object({
  birth_date: z.string().nullable(),
  birth_day: z.number().int().nullable(),
  birth_month: z.number().int().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  gender: z.string().nullable(),
  family_status: z.number().int().nullable(),
  occupation: z.string().nullable(),
  activities: z.string().nullable(),
  status: z.string().nullable(),
  description: z.string().nullable(),
});

/** GET loms/{id}/: the card's summary (profile, classification, accounts, all-time metrics). */
export const lomDetail = lomListItem.extend({
  lom_types: z.array(idName.extend({ assigned_by_ai: z.boolean() })),
  middlename: z.string().nullable(),
  nickname: z.string().nullable(),
  age: z.number().int().nullable(),
  birth_date: z.string().nullable(),
  is_manual: z.boolean(),
  archived: z.boolean(),
  residence_address: z.string().nullable(),
  occupation: z.string().nullable(),
  created_at: z.string(),
  region_type: z.number().int().nullable(),
  city: idName.nullable(),
  typology: z.string().nullable(),
  lom_type_category: z.string().nullable(),
  producer_name: z.string().nullable(),
  awards: z.string().nullable(),
  agency: z.string().nullable(),
  /** Null when the caller's card access hides it (docs/loms.md "Card access"). */
  cooperation: idName.nullable(),
  lom_focuses: z.array(idName.extend({ actial_percent: z.number() })),
  producer_centers: z.array(idName),
  producer_center_types: z.array(idName),
  thematic_group_types: z.array(idName),
  list_and_types: z.array(idName),
  interests: z.array(z.object({ id: z.number().int(), name: z.string(), isAi: z.boolean() })),
  lom_data: lomData.nullable(),
  /**
   * How much of the card the caller sees (lom-card-access.ts); fields above that level are
   * null or empty (LOM_CARD_FIELD_ACCESS in lom-card-fields.ts).
   */
  card_access: z.enum(['base', 'extended', 'full']),
});
export type LomDetail = z.infer<typeof lomDetail>;

/** PATCH switch_favourite/, activate/, deactivate/: the state after the change. */
export const lomFavouriteResponse = z.object({ id: z.number().int(), is_favourite: z.boolean() });
export const lomActiveResponse = z.object({ id: z.number().int(), is_active: z.boolean() });
