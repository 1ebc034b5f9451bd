import { z } from 'zod';
import { pickItem } from './api.ts';
import { idField, idList, idParam, pageParam, pageSizeParam, strictBody } from './input.ts';
import { queryFlag, searchText } from './messages.ts';
import { themeMergeCounts } from './themes.ts';

/**
 * The admin panel's directories (api.md §7.2 themes and info reasons, product.md §2 "Admin lists", §4, §9 "admin
 * lists default to ai=false"): /admin-panel/themes, /admin-panel/info-reasons and the lom membership of
 * /admin-panel/rubrics. docs/admin-directories.md describes each call and its rules.
 */

export const ADMIN_THEME_PATHS = {
  list: '/api/v1/admin/themes/',
  /** POST {queryset}: the themes of the queryset go into {id}. */
  merge: '/api/v1/admin/themes/:id/merge/',
  /** POST {archive}. */
  archive: '/api/v1/admin/themes/:id/archive/',
  /** PATCH (optional {active}, default false). */
  deactivate: '/api/v1/admin/themes/:id/deactivate/',
} as const;

export const ADMIN_INFO_REASON_PATHS = {
  list: '/api/v1/admin/info-reasons/',
  /** POST {queryset}: the info reasons of the queryset go into {id}. */
  merge: '/api/v1/admin/info-reasons/:id/merge/',
  /** PATCH {archive}. */
  archive: '/api/v1/admin/info-reasons/:id/archive/',
  /** PATCH (optional {active}, default false). */
  deactivate: '/api/v1/admin/info-reasons/:id/deactivate/',
  /** POST {queryset}: these info reasons lose their theme. */
  clearTheme: '/api/v1/admin/info-reasons/clear-theme/',
  /** POST {theme}. */
  setTheme: '/api/v1/admin/info-reasons/:id/set_theme/',
  /** PATCH {ids, include_markups}: each info reason becomes a theme of its name. */
  convertToTheme: '/api/v1/admin/info-reasons/convert_to_theme/',
} as const;

export const ADMIN_RUBRIC_PATHS = {
  /** GET: the loms a rubric (segment) is made of (lom_rubrics). */
  loms: '/api/v1/admin/rubrics/:id/loms/',
  /** POST {loms}. */
  addLoms: '/api/v1/admin/rubrics/:id/add-loms/',
  /** POST {loms}. */
  removeLoms: '/api/v1/admin/rubrics/:id/remove-loms/',
} as const;

export const ADMIN_LIST_PAGE_SIZE = 25;
export const ADMIN_LIST_MAX_PAGE_SIZE = 200;

/** The fields both admin lists share; `filter` is the spec's name of the search (api.md §7.2), `search` wins. */
const adminListFields = {
  page: pageParam,
  page_size: pageSizeParam(ADMIN_LIST_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE),
  search: searchText.optional(),
  filter: searchText.optional(),
  /** Made by AI: false by default (product.md §9). */
  ai: queryFlag.default(false),
  archived: queryFlag.optional(),
  is_active: queryFlag.optional(),
};

function withSearch<T extends { search?: string; filter?: string }>({ filter, search, ...rest }: T) {
  const text = search || filter || '';
  return { ...rest, search: text === '' ? undefined : text };
}

/** GET admin/themes/. */
export const adminThemeListQuery = z.object(adminListFields).transform(withSearch);
export type AdminThemeListQuery = z.output<typeof adminThemeListQuery>;

/** GET admin/info-reasons/; `theme` narrows to the info reasons of one theme. */
export const adminInfoReasonListQuery = z
  .object({ ...adminListFields, theme: idParam.optional() })
  .transform(withSearch);
export type AdminInfoReasonListQuery = z.output<typeof adminInfoReasonListQuery>;

/** The ids merged into {id} (or cleared of their theme): 1 to 1,000, repeats dropped. */
const queryset = idList.transform((ids) => [...new Set(ids)]);
const flag = z.boolean({ error: 'ожидается true или false' });

export const adminMergeBody = strictBody({ queryset });
export type AdminMergeBody = z.output<typeof adminMergeBody>;

export const adminArchiveBody = strictBody({ archive: flag });
export type AdminArchiveBody = z.output<typeof adminArchiveBody>;

/** No body deactivates; `{active: true}` brings the entry back. */
export const adminDeactivateBody = strictBody({ active: flag.optional() }).nullish();
export type AdminDeactivateBody = z.output<typeof adminDeactivateBody>;

export const adminClearThemeBody = strictBody({ queryset });
export type AdminClearThemeBody = z.output<typeof adminClearThemeBody>;

export const adminSetThemeBody = strictBody({ theme: idField });
export type AdminSetThemeBody = z.output<typeof adminSetThemeBody>;

export const adminConvertToThemeBody = strictBody({
  ids: idList.transform((ids) => [...new Set(ids)]),
  include_markups: flag.default(false),
});
export type AdminConvertToThemeBody = z.output<typeof adminConvertToThemeBody>;

// ---- Answers ----

/** A row of /admin-panel/themes. */
export const adminThemeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  approved: z.boolean(),
  ai: z.boolean(),
  /** Live messages (not trash, archived or delayed) of the theme, all time (theme_day_stats). */
  message_count: z.number().int(),
  info_reason_count: z.number().int(),
});
export type AdminThemeItem = z.infer<typeof adminThemeItem>;

/** A row of /admin-panel/info-reasons. */
export const adminInfoReasonItem = z.object({
  id: z.number().int(),
  name: z.string(),
  theme: pickItem.nullable(),
  created_at: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  ai: z.boolean(),
  /** Live messages of the info reason, all time (info_reason_mood_days). */
  message_count: z.number().int(),
});
export type AdminInfoReasonItem = z.infer<typeof adminInfoReasonItem>;

export const adminThemeMergeResult = z.object({
  theme: adminThemeItem,
  /** The themes merged in, now inactive. */
  merged: z.array(pickItem),
  /** What moved, summed over the merged themes. */
  moved: themeMergeCounts,
});
export type AdminThemeMergeResult = z.infer<typeof adminThemeMergeResult>;

export const adminInfoReasonMergeResult = z.object({
  info_reason: adminInfoReasonItem,
  merged: z.array(pickItem),
  moved: z.object({
    messages: z.number().int(),
    fragments: z.number().int(),
    quotes: z.number().int(),
    markups: z.number().int(),
    markups_dropped: z.number().int(),
    favourites: z.number().int(),
  }),
});
export type AdminInfoReasonMergeResult = z.infer<typeof adminInfoReasonMergeResult>;

export const adminUpdatedResult = z.object({ updated: z.number().int() });
export type AdminUpdatedResult = z.infer<typeof adminUpdatedResult>;

export const adminConvertResult = z.object({
  converted: z.array(
    z.object({
      info_reason: pickItem,
      theme: pickItem,
      /** Markups of the new theme put on the info reason's messages (0 without include_markups). */
      markups: z.number().int(),
    }),
  ),
});
export type AdminConvertResult = z.infer<typeof adminConvertResult>;

// ---- Rubric loms ----

export const adminRubricLomsQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(ADMIN_LIST_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE),
  search: searchText.optional(),
});
export type AdminRubricLomsQuery = z.output<typeof adminRubricLomsQuery>;

export const adminRubricLomItem = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_active: z.boolean(),
});
export type AdminRubricLomItem = z.infer<typeof adminRubricLomItem>;

export const adminRubricLomsBody = strictBody({ loms: idList.transform((ids) => [...new Set(ids)]) });
export type AdminRubricLomsBody = z.output<typeof adminRubricLomsBody>;
