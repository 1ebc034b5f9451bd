import { z } from 'zod';
import { pickItem } from './api.ts';
import { commaIdList, pageSizeParam } from './input.ts';
import { pageQueryFields, queryFlag, searchText } from './messages.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/**
 * Directory pick lists (product.md §3 "Pick lists"): one shape for every directory a
 * filter or an editor picks from. The request has `page` (default 1), `page_size`
 * (default 25), `search` and ids (`id_in`, `id_not_in`); the answer is the list
 * envelope (`results`, `page`, `last_page`, `elements_count`, `next_pages_available`)
 * whose items are `{id, name}` plus a few fields of their directory.
 * docs/directories.md lists the paths and the filters of each.
 */

/** The paths the web calls (api.md §7.3, §7.6, §7.9), by directory. */
export const PICK_LIST_PATHS = {
  lom: '/api/v1/loms/filter-list/',
  theme: '/api/v2/themes/filter-list/',
  info_reason: '/api/v1/info-reasons/filter-list/',
  rubric: '/api/v1/rubrics/filter-list/',
  region: '/api/v3/regions/',
  city: '/api/v1/cities/filter-list/',
  tag: '/api/v2/tags/filter-list/',
  personal_tag: '/api/v1/personal-tags/filter-list/',
  source: '/api/v2/sources/filter-list/',
  lom_source: '/api/v1/loms/lom-source/filter-list/',
  lom_type: '/api/v1/lom-types/filter-list/',
  lom_focus: '/api/v1/lom-focus/filter-list/',
  // Ours: the spec names no pick list for these; the lom list's filters and the card's editor need them.
  producer_center: '/api/v2/producer-centers/filter-list/',
  thematic_group: '/api/v1/thematic-groups/filter-list/',
  list_and: '/api/v1/list-and/filter-list/',
  interest: '/api/v1/interests/filter-list/',
  // Issue 17 (docs/viral-content.md "Directories"): the messages' content types and headings, the channels.
  content_type: '/api/v1/content_types/filter-list/',
  heading: '/api/v1/headings/filter-list/',
  channel: '/api/v2/channel/',
} as const;
export type PickListKind = keyof typeof PICK_LIST_PATHS;

/**
 * Pick lists served at a second address as well, with the same query and the same answer:
 * api.md §7.3 also reads cities under the regions of v3. The web calls PICK_LIST_PATHS.
 */
export const PICK_LIST_ALIAS_PATHS = {
  city: '/api/v3/regions/cities/',
} as const;

/** A pick list is a dropdown; 200 also covers naming every id a filter holds. */
export const MAX_PICK_PAGE_SIZE = 200;

/** The fields every pick list takes. */
export const pickListFields = {
  page: pageQueryFields.page,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE, MAX_PICK_PAGE_SIZE),
  /** Part of the name, any case; `%` and `_` are plain characters. */
  search: searchText.optional(),
  /** Only these ids (naming the ids a filter already holds). */
  id_in: commaIdList().optional(),
  /** All but these ids (the items already chosen). */
  id_not_in: commaIdList().optional(),
};

/** Tags, personal tags and sources: the common fields alone. */
export const pickListQuery = z.object(pickListFields);
export type PickListQuery = z.output<typeof pickListQuery>;

/**
 * Themes and info reasons list only active items unless `active` is sent
 * (api.md §7.3 "filter-list (active default true)", product.md §9). A call that
 * names its ids (`id_in`) gets them whatever their state, so a filter opened from
 * a link can still show the name of a theme deactivated since.
 */
function activeByDefault<T extends { active?: boolean; id_in?: number[] }>(
  query: T,
): T & { active?: boolean } {
  if (query.active !== undefined || (query.id_in && query.id_in.length > 0)) return query;
  return { ...query, active: true };
}

/** GET loms/filter-list/: loms by name; `is_active` and `archived` narrow it when sent. */
export const lomPickQuery = z.object({
  ...pickListFields,
  is_active: queryFlag.optional(),
  archived: queryFlag.optional(),
});
export type LomPickQuery = z.output<typeof lomPickQuery>;

export const THEME_PICK_ORDERINGS = ['name', '-name', 'id', '-id', 'created_at', '-created_at'] as const;
export type ThemePickOrdering = (typeof THEME_PICK_ORDERINGS)[number];

/** GET v2 themes/filter-list/ (api.md §7.6): active by default; ai, draft, archived, info reasons. */
export const themePickQuery = z
  .object({
    ...pickListFields,
    active: queryFlag.optional(),
    archived: queryFlag.optional(),
    /** Created by AI. */
    ai: queryFlag.optional(),
    draft: queryFlag.optional(),
    /** Themes holding one of these info reasons. */
    info_reason_in: commaIdList().optional(),
    ordering: z
      .enum(THEME_PICK_ORDERINGS, { error: `ожидается одно из: ${THEME_PICK_ORDERINGS.join(', ')}` })
      .default('name'),
  })
  .transform(activeByDefault);
export type ThemePickQuery = z.output<typeof themePickQuery>;

/** GET info-reasons/filter-list/: active by default; `theme_in` keeps those of the chosen themes. */
export const infoReasonPickQuery = z
  .object({
    ...pickListFields,
    theme_in: commaIdList().optional(),
    active: queryFlag.optional(),
    archived: queryFlag.optional(),
    ai: queryFlag.optional(),
  })
  .transform(activeByDefault);
export type InfoReasonPickQuery = z.output<typeof infoReasonPickQuery>;

export const RUBRIC_TYPES = ['theme', 'rubric'] as const;

/** GET rubrics/filter-list/: segments of loms (`rubric`) or of themes (`theme`). */
export const rubricPickQuery = z.object({
  ...pickListFields,
  type: z.enum(RUBRIC_TYPES, { error: `ожидается одно из: ${RUBRIC_TYPES.join(', ')}` }).optional(),
  archived: queryFlag.optional(),
});
export type RubricPickQuery = z.output<typeof rubricPickQuery>;

/** The filters regions and cities share (api.md §7.3 Regions). */
const placeFields = {
  ...pickListFields,
  ai: queryFlag.optional(),
  archived: queryFlag.optional(),
  /** Places linked to one of these themes. */
  theme_in: commaIdList().optional(),
  /** true: places linked to no theme; false: to some theme. */
  theme_isnull: queryFlag.optional(),
};

/** GET v3 regions/. */
export const regionPickQuery = z.object(placeFields);
export type RegionPickQuery = z.output<typeof regionPickQuery>;

/** GET cities/filter-list/ and v3 regions/cities/: `region_in` keeps the cities of those regions. */
export const cityPickQuery = z.object({ ...placeFields, region_in: commaIdList().optional() });
export type CityPickQuery = z.output<typeof cityPickQuery>;

/** GET loms/lom-source/filter-list/: accounts, of one lom (`lom`, as the message form sends) or several. */
export const lomSourcePickQuery = z.object({
  ...pickListFields,
  lom: commaIdList().optional(),
  lom_in: commaIdList().optional(),
  source_in: commaIdList().optional(),
  is_active: queryFlag.optional(),
});
export type LomSourcePickQuery = z.output<typeof lomSourcePickQuery>;

/**
 * The filters lom types and lom focuses share (api.md §7.3 lom-types filter-list):
 * `archived`, `ai` (created by AI), and their theme.
 */
const lomDirectoryFields = {
  ...pickListFields,
  archived: queryFlag.optional(),
  ai: queryFlag.optional(),
  /** Items of one of these themes. */
  theme_in: commaIdList().optional(),
  /** true: items of no theme; false: of some theme. */
  theme_isnull: queryFlag.optional(),
};

export const LOM_TYPE_ORDERINGS = [
  'name',
  '-name',
  'id',
  '-id',
  'sort',
  '-sort',
  'created_at',
  '-created_at',
] as const;
export type LomTypeOrdering = (typeof LOM_TYPE_ORDERINGS)[number];

/** The lom type fields of both the pick list and the admin list: the flags, `sort` as the order. */
export const lomTypeFilterFields = {
  ...lomDirectoryFields,
  /** Types the segment pick list shows. */
  is_segment: queryFlag.optional(),
  /** Types the interest pick list shows. */
  is_interest: queryFlag.optional(),
  /** Types the category pick list shows. */
  is_category: queryFlag.optional(),
  /** The order (the spec's `sort`): name by default; `sort` is the directory's own sort column. */
  sort: z
    .enum(LOM_TYPE_ORDERINGS, { error: `ожидается одно из: ${LOM_TYPE_ORDERINGS.join(', ')}` })
    .default('name'),
};

/** GET lom-types/filter-list/: every type unless a filter says otherwise (no default). */
export const lomTypePickQuery = z.object(lomTypeFilterFields);
export type LomTypePickQuery = z.output<typeof lomTypePickQuery>;

/** The lom focus fields of both the pick list and the admin list. */
export const lomFocusFilterFields = lomDirectoryFields;

/** GET lom-focus/filter-list/. */
export const lomFocusPickQuery = z.object(lomFocusFilterFields);
export type LomFocusPickQuery = z.output<typeof lomFocusPickQuery>;

/** GET producer-centers/filter-list/: `type_in` keeps the centers of those types. */
export const producerCenterPickQuery = z.object({
  ...pickListFields,
  type_in: commaIdList().optional(),
});
export type ProducerCenterPickQuery = z.output<typeof producerCenterPickQuery>;

// Items: `{id, name}` (contracts' `pickItem`, which the web reads) plus their directory's own fields.

export const lomPickItem = pickItem.extend({
  avatar: z.string().nullable(),
  is_active: z.boolean(),
});
export type LomPickItem = z.infer<typeof lomPickItem>;

export const themePickItem = pickItem.extend({
  active: z.boolean(),
  archived: z.boolean(),
});
export type ThemePickItem = z.infer<typeof themePickItem>;

export const infoReasonPickItem = pickItem.extend({
  theme: pickItem.nullable(),
  active: z.boolean(),
  archived: z.boolean(),
});
export type InfoReasonPickItem = z.infer<typeof infoReasonPickItem>;

export const rubricPickItem = pickItem.extend({ type: z.enum(RUBRIC_TYPES) });
export type RubricPickItem = z.infer<typeof rubricPickItem>;

export const cityPickItem = pickItem.extend({ region_id: z.number().int().nullable() });
export type CityPickItem = z.infer<typeof cityPickItem>;

export const sourcePickItem = pickItem.extend({ icon: z.string() });
export type SourcePickItem = z.infer<typeof sourcePickItem>;

/** An account: `name` is "platform · url", the way a person tells two accounts apart. */
export const lomSourcePickItem = pickItem.extend({
  url: z.string(),
  source: sourcePickItem,
  lom_id: z.number().int().nullable(),
  coverage: z.number(),
  is_active: z.boolean(),
});
export type LomSourcePickItem = z.infer<typeof lomSourcePickItem>;

/** A lom type as the pick list shows it: its theme and the flags that place it. */
export const lomTypePickItem = pickItem.extend({
  theme: pickItem.nullable(),
  is_segment: z.boolean(),
  is_interest: z.boolean(),
  is_category: z.boolean(),
  archived: z.boolean(),
  ai: z.boolean(),
});
export type LomTypePickItem = z.infer<typeof lomTypePickItem>;

export const lomFocusPickItem = pickItem.extend({
  theme: pickItem.nullable(),
  archived: z.boolean(),
  ai: z.boolean(),
});
export type LomFocusPickItem = z.infer<typeof lomFocusPickItem>;

export const producerCenterPickItem = pickItem.extend({ type: pickItem.nullable() });
export type ProducerCenterPickItem = z.infer<typeof producerCenterPickItem>;

/** A broadcast or publication channel: its icon and the platform it belongs to. */
export const channelPickItem = pickItem.extend({ icon: z.string(), source: pickItem.nullable() });
export type ChannelPickItem = z.infer<typeof channelPickItem>;

/** GET api/v2/channel/: `source_in` keeps the channels of those platforms. */
export const channelPickQuery = z.object({ ...pickListFields, source_in: commaIdList().optional() });
export type ChannelPickQuery = z.output<typeof channelPickQuery>;
