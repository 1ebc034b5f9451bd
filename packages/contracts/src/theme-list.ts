import { z } from 'zod';
import { commaIdList, pageParam, pageSizeParam } from './input.ts';
import { periodBound, queryFlag, searchText } from './messages.ts';
import { moodTableSchema } from './mood-table.ts';

/**
 * The themes table (GET api/v2/themes/ and pagination_count/, product.md §2 "Themes",
 * §3 "Theme and info-reason list rows"). docs/themes.md "The themes table" says how
 * each column is counted.
 */

export const THEME_LIST_PATHS = {
  /** GET the table; POST a new theme (api.md "POST themes/": the collection itself). */
  list: '/api/v2/themes/',
  count: '/api/v2/themes/pagination_count/',
} as const;

/** Columns the table sorts by; '-' in front is descending. */
export const THEME_LIST_SORT_FIELDS = [
  'total_si',
  'is_favorite',
  'subscribers',
  'lom_count',
  'total_views',
  'message_number',
  'approved_message_number',
  'name',
  'created_at',
  'id',
] as const;
export type ThemeListSortField = (typeof THEME_LIST_SORT_FIELDS)[number];

/** product.md §2: the themes page is sorted by -total_si,-is_favorite. */
export const DEFAULT_THEME_LIST_ORDERING = '-total_si,-is_favorite';
export const THEME_LIST_PAGE_SIZE = 25;
export const THEME_LIST_MAX_PAGE_SIZE = 200;

const ORDERING_MESSAGE = `ожидается список через запятую из: ${THEME_LIST_SORT_FIELDS.join(', ')} (с «-» по убыванию)`;

/** `-total_si,-is_favorite` → [{field: 'total_si', desc: true}, …]; repeats keep the first. */
export const themeListOrdering = z.string({ error: 'ожидается строка' }).transform((text, ctx) => {
  const keys: { field: ThemeListSortField; desc: boolean }[] = [];
  for (const part of text.split(',')) {
    const token = part.trim();
    if (token === '') continue;
    const desc = token.startsWith('-');
    const field = (desc ? token.slice(1) : token) as ThemeListSortField;
    if (!THEME_LIST_SORT_FIELDS.includes(field)) {
      ctx.addIssue({ code: 'custom', message: ORDERING_MESSAGE });
      return z.NEVER;
    }
    if (!keys.some((key) => key.field === field)) keys.push({ field, desc });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: ORDERING_MESSAGE });
    return z.NEVER;
  }
  return keys;
});
export type ThemeListSortKey = z.output<typeof themeListOrdering>[number];

/** Filters shared by the table and its pagination_count/. */
const themeListFilterFields = {
  search: searchText.optional(),
  /** false (default): the working table; true: the archived tab. */
  archived: queryFlag.default(false),
  /** false (default): themes made by people; true: the AI themes list (/themes-ai). */
  ai: queryFlag.default(false),
  /** Only the caller's favourite themes. */
  is_favorite: queryFlag.optional(),
  id_in: commaIdList().optional(),
  /** Themes of these theme rubrics (rubric_themes). */
  rubric_in: commaIdList().optional(),
  /** The period of the sums: whole Moscow days for a date; without it, the last 30 days. */
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
};

export const themeListCountQuery = z.object({
  ...themeListFilterFields,
  page_size: pageSizeParam(THEME_LIST_PAGE_SIZE, THEME_LIST_MAX_PAGE_SIZE),
});
export type ThemeListCountQuery = z.output<typeof themeListCountQuery>;

export const themeListQuery = z.object({
  ...themeListFilterFields,
  page: pageParam,
  page_size: pageSizeParam(THEME_LIST_PAGE_SIZE, THEME_LIST_MAX_PAGE_SIZE),
  ordering: themeListOrdering.prefault(DEFAULT_THEME_LIST_ORDERING),
});
export type ThemeListQuery = z.output<typeof themeListQuery>;
export type ThemeListQueryInput = z.input<typeof themeListQuery>;

/** A message group of the row: its median Si and its share of the theme's messages. */
export const themeListGroupStats = z.object({
  /** Median Si index of the group's messages in the period; null when the group is empty ('Не имеет'). */
  median: z.number().nullable(),
  /** Share of the theme's messages in the period, percent with one decimal (0 when there are none). */
  percentage: z.number(),
});
export type ThemeListGroupStats = z.infer<typeof themeListGroupStats>;

export const themeListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  approved: z.boolean(),
  draft: z.boolean(),
  created_by_ai: z.boolean(),
  hidden: z.boolean(),
  /** The caller's own favourite flag. */
  is_favorite: z.boolean(),
  has_info_reasons: z.boolean(),
  /** Sum of the subscribers of the distinct loms that wrote live messages in the period. */
  subscribers: z.number(),
  total_si: z.number(),
  lom_count: z.number().int(),
  total_views: z.number(),
  /** Live messages (not trash, archived or delayed) in the period. */
  message_number: z.number().int(),
  /** Of those, verified ones. */
  approved_message_number: z.number().int(),
  /** Verified live messages by mood (product.md §3 Mood table; mood 4 merged into 3 by the client rules). */
  mood_table: moodTableSchema,
  /** The lom of the theme's first message (all time); null when it has none. */
  initial_lom: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Messages marked trash. */
  trash: themeListGroupStats,
  /** Live messages with a mood set. */
  moods: themeListGroupStats,
  /** Messages not marked trash. */
  not_trash: themeListGroupStats,
});
export type ThemeListItem = z.infer<typeof themeListItem>;

/** pagination_count/ answers `paginationCountResponse` (message-views.ts) for the same filters and page_size. */
