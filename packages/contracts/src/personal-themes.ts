import { z } from 'zod';
import { THEME_NAME_DEFAULT } from './constants.ts';
import { commaIdList, idParam, strictBody } from './input.ts';
import { messageFilterObject, personalThemeResult } from './message-edits.ts';
import { pickListFields, pickListQuery } from './pick-lists.ts';

/**
 * Personal themes (a user's saved message filters, product.md §3 "Personal theme") and
 * the profile's lists of one's own things (api.md §7.10). A personal theme is created
 * by POST messages/save_personal_theme/ (message-edits.ts). docs/tags-and-personal-themes.md.
 */

export const PERSONAL_THEME_PATHS = {
  list: '/api/v1/personal-themes/',
  /** PATCH its name, filters or type; DELETE it. */
  detail: '/api/v1/personal-themes/:id/',
  /** Creation: name, filters (or filter), type (default 1). */
  create: '/api/v1/messages/save_personal_theme/',
} as const;

export const PROFILE_LIST_PATHS = {
  personalThemes: '/api/v1/profile/personal_themes/',
  favouriteThemes: '/api/v1/profile/favourite_themes/',
  /** Spelled as the spec spells it. */
  favouriteInfoReasons: '/api/v1/profile/favorite_inforeason/',
} as const;

export const PERSONAL_THEME_NAME_MAX_LENGTH = 200;

export const personalThemeIdParams = z.object({ id: idParam });

/** The name a personal theme shows: trimmed, 'без имени' when empty (as at creation). */
export function personalThemeName(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? THEME_NAME_DEFAULT : trimmed;
}

const isPlainObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The saved filter: the message list's query parameters as a JSON object. */
export const personalThemeFilters = z
  .unknown()
  .refine(isPlainObject, { error: 'ожидается объект фильтров сообщений' })
  .pipe(messageFilterObject);

/** GET personal-themes/ and profile/personal_themes/: the caller's own, `type_in` narrows by type. */
export const personalThemeListQuery = z.object({
  ...pickListFields,
  type_in: commaIdList().optional(),
});
export type PersonalThemeListQuery = z.output<typeof personalThemeListQuery>;

export const personalThemeItem = personalThemeResult.extend({ updated_at: z.string() });
export type PersonalThemeItem = z.infer<typeof personalThemeItem>;

/**
 * PATCH personal-themes/{id}/: name and filters (api.md §7.10), and the type; what is
 * sent changes, at least one field. `filter` is the creation's alias of `filters`.
 */
export const personalThemePatchBody = strictBody({
  name: z
    .string({ error: 'ожидается строка' })
    .max(PERSONAL_THEME_NAME_MAX_LENGTH, { error: `не длиннее ${PERSONAL_THEME_NAME_MAX_LENGTH} символов` })
    .nullable()
    .optional()
    .transform((name) => (name === undefined ? undefined : personalThemeName(name))),
  filters: personalThemeFilters.optional(),
  filter: personalThemeFilters.optional(),
  type: z
    .number({ error: 'ожидается число' })
    .int({ error: 'ожидается целое число' })
    .min(1, { error: 'не меньше 1' })
    .max(99, { error: 'не больше 99' })
    .optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  error: 'укажите хотя бы одно из полей: name, filters, type',
});
export type PersonalThemePatchBody = z.output<typeof personalThemePatchBody>;

/** The profile's favourite lists: the pick list's query. */
export const profileListQuery = pickListQuery;
export type ProfileListQuery = z.output<typeof profileListQuery>;

export const profilePersonalThemeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  created_at: z.string(),
});
export type ProfilePersonalThemeItem = z.infer<typeof profilePersonalThemeItem>;

export const profileFavouriteThemeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
});
export type ProfileFavouriteThemeItem = z.infer<typeof profileFavouriteThemeItem>;

export const profileFavouriteInfoReasonItem = z.object({
  id: z.number().int(),
  name: z.string(),
  theme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ProfileFavouriteInfoReasonItem = z.infer<typeof profileFavouriteInfoReasonItem>;
