import { z } from 'zod';
import { idParam, pageSizeParam, strictBody } from './input.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';
import { pickListFields } from './pick-lists.ts';

/**
 * Tags (api.md §7.3 "Tags (v2)") and personal tags (§7.3 "POST personal-tags/"): the
 * directory admin calls. The pick lists of both are in pick-lists.ts. docs/tags-and-personal-themes.md.
 */

export const TAG_PATHS = {
  /** GET the admin list, POST a new tag. */
  list: '/api/v2/tags/',
  /** GET one, PATCH (rename), DELETE. */
  detail: '/api/v2/tags/:id/',
} as const;

export const PERSONAL_TAG_PATHS = {
  create: '/api/v1/personal-tags/',
  /** Ours: PATCH (rename) and DELETE of one's own tag; the spec names only the creation. */
  detail: '/api/v1/personal-tags/:id/',
} as const;

export const TAG_NAME_MAX_LENGTH = 200;

export const tagIdParams = z.object({ id: idParam });

/** A tag's name: trimmed, not empty. Unique case-insensitively (per user for personal tags). */
const tagName = z
  .string({ error: 'ожидается строка' })
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'название не может быть пустым' })
      .max(TAG_NAME_MAX_LENGTH, { error: `не длиннее ${TAG_NAME_MAX_LENGTH} символов` }),
  );

/** POST and PATCH tags/ and personal-tags/: the name alone. */
export const tagNameBody = strictBody({ name: tagName });
export type TagNameBody = z.output<typeof tagNameBody>;
export type TagNameInput = z.input<typeof tagNameBody>;

/** GET tags/: the pick list's query (search, id_in, id_not_in), with pages of up to 500. */
export const tagListQuery = z.object({
  ...pickListFields,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
});
export type TagListQuery = z.output<typeof tagListQuery>;

export const tagItem = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  /** Messages carrying the tag: what a deletion takes it off. */
  messages_count: z.number().int(),
});
export type TagItem = z.infer<typeof tagItem>;

export const personalTagItem = z.object({ id: z.number().int(), name: z.string() });
export type PersonalTagItem = z.infer<typeof personalTagItem>;
