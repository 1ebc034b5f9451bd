import { z } from 'zod';
import { THEME_NAME_DEFAULT } from './constants.ts';
import { idField, idList, idParam, strictBody } from './input.ts';

/**
 * The theme card and the theme write calls (api.md §7.6 "Themes (v2)", product.md §4
 * "Themes and info reasons", §5). docs/themes.md describes each call and its rules.
 */

/** The theme writes; the collection itself (GET the table, POST a new theme) is THEME_LIST_PATHS.list. */
export const THEME_WRITE_PATHS = {
  createAi: '/api/v2/themes/create_ai_theme/',
  /** GET the card, PATCH its fields, DELETE it. */
  detail: '/api/v2/themes/:id/',
  name: '/api/v2/themes/:id/name/',
  hide: '/api/v2/themes/:id/hide/',
  switchFavorite: '/api/v2/themes/:id/switch_favorite/',
  massArchive: '/api/v2/themes/mass_archive/',
  approve: '/api/v2/themes/approve/',
  merge: '/api/v2/themes/:id/merge_theme/',
} as const;

export const THEME_NAME_MAX = 300;
/** Largest value of `cluster_type` (a smallint column). */
export const THEME_CLUSTER_TYPE_MAX = 32_767;

/** product.md §5: a theme without a name (omitted, null, blank) is called 'без имени'. */
export function themeNameOrDefault(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? THEME_NAME_DEFAULT : trimmed;
}

/** A theme name as sent: trimmed; empty or null becomes 'без имени'. */
const themeName = z
  .string({ error: 'ожидается строка' })
  .max(THEME_NAME_MAX, { error: `не длиннее ${THEME_NAME_MAX} символов` })
  .nullable()
  .transform(themeNameOrDefault);

const flagField = z.boolean({ error: 'ожидается true или false' });

export const themeIdParams = z.object({
  id: idParam,
});

/** An info reason of the theme card, by name. */
export const themeInfoReason = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  /** Mood id the info reason aims for; null when not set. */
  target_tonality: z.number().int().nullable(),
});
export type ThemeInfoReason = z.infer<typeof themeInfoReason>;

/** GET themes/{id}/ and the answer of every call that changes one theme. */
export const themeDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  approved: z.boolean(),
  draft: z.boolean(),
  created_by_ai: z.boolean(),
  /** The same as created_by_ai (product.md §3 "created_by_ai / ai flag"). */
  ai: z.boolean(),
  service: z.boolean(),
  cluster_type: z.number().int().nullable(),
  actual: z.boolean(),
  hidden: z.boolean(),
  /** The caller's own favourite flag. */
  is_favorite: z.boolean(),
  info_reasons: z.array(themeInfoReason),
});
export type ThemeDetail = z.infer<typeof themeDetail>;

/** POST themes/: the name is optional ('без имени'); no body (null to Fastify) is allowed. */
export const themeCreateBody = strictBody({ name: themeName.optional() }).nullish();
export type ThemeCreateBody = z.output<typeof themeCreateBody>;

/** POST create_ai_theme/: a theme made from a name an AI suggested; the name is required. */
export const themeAiCreateBody = strictBody({
  theme_name: z
    .string({ error: 'укажите название темы' })
    .max(THEME_NAME_MAX, { error: `не длиннее ${THEME_NAME_MAX} символов` })
    .transform((name) => name.trim())
    .refine((name) => name.length > 0, { error: 'название темы не может быть пустым' }),
});
export type ThemeAiCreateBody = z.output<typeof themeAiCreateBody>;

/** The fields PATCH themes/{id}/ may change. */
const themeUpdateShape = {
  name: themeName.optional(),
  active: flagField.optional(),
  archived: flagField.optional(),
  approved: flagField.optional(),
  draft: flagField.optional(),
  actual: flagField.optional(),
  service: flagField.optional(),
  cluster_type: z
    .number({ error: 'ожидается целое число или null' })
    .int({ error: 'ожидается целое число' })
    .min(0, { error: 'не может быть отрицательным' })
    .max(THEME_CLUSTER_TYPE_MAX, { error: `не больше ${THEME_CLUSTER_TYPE_MAX}` })
    .nullable()
    .optional(),
};
export const THEME_UPDATE_FIELDS = Object.keys(themeUpdateShape) as (keyof typeof themeUpdateShape)[];
export type ThemeUpdateField = (typeof THEME_UPDATE_FIELDS)[number];

const someField = (value: object) => Object.values(value).some((v) => v !== undefined);

/** PATCH themes/{id}/: any of the fields, at least one. */
export const themeUpdateBody = strictBody(themeUpdateShape).refine(someField, {
  error: 'укажите хотя бы одно поле для изменения',
});
export type ThemeUpdateBody = z.output<typeof themeUpdateBody>;

/** PATCH themes/{id}/name/: the new name; empty or null means 'без имени'. */
export const themeNameBody = strictBody({ name: themeName });
export type ThemeNameBody = z.output<typeof themeNameBody>;

/** PATCH themes/{id}/hide/ toggles `hidden` and answers the new value. */
export const themeHideResult = z.object({ hidden: z.boolean() });

/** PATCH themes/{id}/switch_favorite/ flips the caller's favourite and answers the new value. */
export const themeFavoriteResult = z.object({ is_favorite: z.boolean() });

/** Ids of a bulk call: at least one, repeats dropped. */
const themeIds = idList.transform((ids) => [...new Set(ids)]);

/** PATCH themes/mass_archive/: archive (default true) or unarchive the themes. */
export const themeMassArchiveBody = strictBody({
  ids: themeIds,
  archive: flagField.optional().transform((archive) => archive ?? true),
});
export type ThemeMassArchiveBody = z.output<typeof themeMassArchiveBody>;

/** The themes whose flag changed (those already in that state are not listed) and the flag. */
export const themeMassArchiveResult = z.object({
  ids: z.array(z.number().int()),
  archived: z.boolean(),
});
export type ThemeMassArchiveResult = z.infer<typeof themeMassArchiveResult>;

/** POST themes/approve/: approve the themes; answers 202 (api.md §8 "approve error" otherwise). */
export const themeApproveBody = strictBody({ ids: themeIds });
export const themeApproveResult = z.object({ ids: z.array(z.number().int()) });

/**
 * POST themes/{id}/merge_theme/: glue theme {id} into `theme`. The whole theme moves;
 * a message filter (api.md "with theme plus filter") is not supported, so only an empty
 * `filter` ({} or null) is accepted.
 */
export const themeMergeBody = strictBody({
  theme: idField,
  filter: z
    .record(z.string(), z.unknown(), { error: 'ожидается объект фильтра' })
    .nullable()
    .optional()
    .refine((filter) => !filter || Object.keys(filter).length === 0, {
      error: 'склейка по фильтру не поддерживается: переносится вся тема, передайте пустой фильтр',
    }),
});
export type ThemeMergeBody = z.output<typeof themeMergeBody>;

/** What a merge carried from the source theme to the target. */
export const themeMergeCounts = z.object({
  messages: z.number().int(),
  fragments: z.number().int(),
  quotes: z.number().int(),
  /** Markups now on the target theme. */
  markups: z.number().int(),
  /** Markups dropped as repeats of the message's primary classification or of another markup. */
  markups_dropped: z.number().int(),
  info_reasons: z.number().int(),
  /** Users whose favourite the source theme was (each keeps one favourite, the target). */
  favourites: z.number().int(),
  rubrics: z.number().int(),
  regions: z.number().int(),
  cities: z.number().int(),
  conversations: z.number().int(),
  lom_types: z.number().int(),
  lom_focuses: z.number().int(),
  /** Constant loms of the theme dashboard (the target's tonality wins on a repeat). */
  dashboard_loms: z.number().int(),
  /** 1 when the source's pin on the theme dashboards list moved to the target. */
  dashboard: z.number().int(),
});
export type ThemeMergeCounts = z.infer<typeof themeMergeCounts>;

export const themeMergeResult = z.object({
  theme: themeDetail,
  /** The glued theme, now deleted. */
  source: z.object({ id: z.number().int(), name: z.string() }),
  moved: themeMergeCounts,
});
export type ThemeMergeResult = z.infer<typeof themeMergeResult>;
