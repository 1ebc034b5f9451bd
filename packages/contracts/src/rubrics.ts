import { z } from 'zod';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { periodBound, queryFlag, searchText } from './messages.ts';
import { moodTableSchema } from './mood-table.ts';
import { RUBRIC_TYPES } from './pick-lists.ts';

/**
 * Rubrics (segments, product.md §3 Directories) and their lom list (api.md §7.3).
 * docs/rubrics.md says who may do what and how the sums are taken.
 */

export const RUBRIC_PATHS = {
  /** GET the list, POST a new rubric. */
  list: '/api/v2/rubrics/',
  /** GET the card, PUT its fields, DELETE it. */
  detail: '/api/v2/rubrics/:id/',
  loms: '/api/v2/rubrics/:id/loms/',
} as const;

/** 'rubric' groups loms and messages; 'theme' also groups themes (rubric_themes). */
export type RubricType = (typeof RUBRIC_TYPES)[number];

export const RUBRIC_NAME_MAX_LENGTH = 200;
/** A theme rubric holds at most this many themes. */
export const RUBRIC_MAX_THEMES = 1000;
/** The rubrics list fetches 50 at a time (product.md §9 "rubrics fetch"). */
export const RUBRIC_PAGE_SIZE = 50;
/** The rubric lom table shows 25 (product.md §9). */
export const RUBRIC_LOM_PAGE_SIZE = 25;
export const RUBRIC_MAX_PAGE_SIZE = 200;

export const RUBRIC_LOM_ORDERINGS = [
  'message_count',
  '-message_count',
  'total_si',
  '-total_si',
  'total_views',
  '-total_views',
  'name',
  '-name',
] as const;
export type RubricLomOrdering = (typeof RUBRIC_LOM_ORDERINGS)[number];
export const DEFAULT_RUBRIC_LOM_ORDERING: RubricLomOrdering = '-total_si';

export const rubricIdParams = z.object({ id: idParam });

function pageField(size: number) {
  return {
    page: pageParam,
    page_size: pageSizeParam(size, RUBRIC_MAX_PAGE_SIZE),
  };
}

/** The period of the sums: whole Moscow days for a date, [after, before] inclusive. */
const periodFields = {
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
};

const rubricType = z.enum(RUBRIC_TYPES, { error: `ожидается одно из: ${RUBRIC_TYPES.join(', ')}` });

/** GET api/v2/rubrics/: a page of rubrics by name, each with its sums over the period. */
export const rubricListQuery = z.object({
  ...pageField(RUBRIC_PAGE_SIZE),
  /** Part of the name. */
  search: searchText.optional(),
  type: rubricType.optional(),
  archived: queryFlag.optional(),
  ...periodFields,
});
export type RubricListQuery = z.output<typeof rubricListQuery>;

/** GET api/v2/rubrics/{id}/: the period of the sums. */
export const rubricPeriodQuery = z.object(periodFields);
export type RubricPeriodQuery = z.output<typeof rubricPeriodQuery>;

export const rubricThemeRef = z.object({ id: z.number().int(), name: z.string() });

export const rubricItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(RUBRIC_TYPES),
  archived: z.boolean(),
  created_at: z.string(),
  /** The themes of a rubric of type 'theme', by name; empty for type 'rubric'. */
  themes: z.array(rubricThemeRef),
  /** Live messages of the rubric in the period (all moods, with or without one). */
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  /** The same messages per mood (messages without a mood are left out). */
  mood_table: moodTableSchema,
});
export type RubricItem = z.infer<typeof rubricItem>;

const rubricName = z
  .string({ error: 'ожидается строка' })
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'введите название' })
      .max(RUBRIC_NAME_MAX_LENGTH, { error: `не длиннее ${RUBRIC_NAME_MAX_LENGTH} символов` }),
  );

const themeIds = commaIdList().refine((ids) => ids.length <= RUBRIC_MAX_THEMES, {
  error: `не больше ${RUBRIC_MAX_THEMES} тем`,
});

/** POST api/v2/rubrics/: themes only for type 'theme'. */
export const rubricCreateBody = z.object({
  name: rubricName,
  type: rubricType.default('rubric'),
  themes: themeIds.optional().transform((ids) => [...new Set(ids ?? [])]),
});
export type RubricCreateBody = z.output<typeof rubricCreateBody>;

/**
 * PUT api/v2/rubrics/{id}/: what is sent changes; `themes`, when sent, becomes the whole
 * theme list. Turning a rubric into type 'rubric' drops its themes.
 */
export const rubricUpdateBody = z.object({
  name: rubricName.optional(),
  type: rubricType.optional(),
  archived: queryFlag.optional(),
  themes: themeIds.optional().transform((ids) => (ids ? [...new Set(ids)] : undefined)),
});
export type RubricUpdateBody = z.output<typeof rubricUpdateBody>;

const lomOrdering = z.enum(RUBRIC_LOM_ORDERINGS, {
  error: `ожидается одно из: ${RUBRIC_LOM_ORDERINGS.join(', ')}`,
});

/** GET api/v2/rubrics/{id}/loms/: the loms with messages in the rubric over the period. */
export const rubricLomsQuery = z
  .object({
    ...pageField(RUBRIC_LOM_PAGE_SIZE),
    /** Part of the lom name. */
    search: searchText.optional(),
    ...periodFields,
    ordering: lomOrdering.optional(),
    /** The spec's name for the order; `ordering` wins when both are sent. */
    sort: lomOrdering.optional(),
  })
  .transform(({ sort, ordering, ...rest }) => ({
    ...rest,
    ordering: ordering ?? sort ?? DEFAULT_RUBRIC_LOM_ORDERING,
  }));
export type RubricLomsQuery = z.output<typeof rubricLomsQuery>;

export const rubricLomItem = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  message_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
  mood_table: moodTableSchema,
});
export type RubricLomItem = z.infer<typeof rubricLomItem>;
