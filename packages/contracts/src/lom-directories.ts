import { z } from 'zod';
import { idField, idParam } from './input.ts';
import {
  lomFocusFilterFields,
  lomFocusPickItem,
  lomTypeFilterFields,
  lomTypePickItem,
} from './pick-lists.ts';

/**
 * The lom type and lom focus directories (api.md §7.3 lom-types/, lom-focus/):
 * list, count, one item, create, delete. Their pick lists (filter-list/) are in
 * pick-lists.ts; docs/directories.md describes both.
 */

/** `list`: GET lists, POST creates; `detail`: GET one, DELETE. */
export const LOM_TYPE_PATHS = {
  list: '/api/v1/lom-types/',
  count: '/api/v1/lom-types/pagination_count/',
  detail: '/api/v1/lom-types/:id/',
} as const;

/** `list`: GET lists, POST creates; `detail`: GET one, DELETE. */
export const LOM_FOCUS_PATHS = {
  list: '/api/v1/lom-focus/',
  detail: '/api/v1/lom-focus/:id/',
} as const;

/**
 * GET lom-types/ and pagination_count/: the pick list's filters, but AI-made types
 * are left out unless `ai` is sent (product.md §9 "the admin lists for lom types …
 * default to ai=false"). A call naming its ids (`id_in`) gets them whatever made them.
 */
export const lomTypeListQuery = z
  .object(lomTypeFilterFields)
  .transform((query) =>
    query.ai !== undefined || (query.id_in && query.id_in.length > 0) ? query : { ...query, ai: false },
  );
export type LomTypeListQuery = z.output<typeof lomTypeListQuery>;

/** GET lom-focus/: the pick list's filters; the spec gives focuses no ai default. */
export const lomFocusListQuery = z.object(lomFocusFilterFields);
export type LomFocusListQuery = z.output<typeof lomFocusListQuery>;

export const lomDirectoryIdParams = z.object({
  id: idParam,
});

/** What the admin list adds to the pick item: the order, the creation time and how many loms hold it. */
export const lomTypeItem = lomTypePickItem.extend({
  sort: z.number().int(),
  created_at: z.string(),
  loms_count: z.number().int(),
});
export type LomTypeItem = z.infer<typeof lomTypeItem>;

export const lomFocusItem = lomFocusPickItem.extend({
  created_at: z.string(),
  loms_count: z.number().int(),
});
export type LomFocusItem = z.infer<typeof lomFocusItem>;

export const MAX_DIRECTORY_NAME_LENGTH = 200;

const directoryName = z
  .string({ error: 'ожидается строка' })
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'название не может быть пустым' })
      .max(MAX_DIRECTORY_NAME_LENGTH, { error: `не длиннее ${MAX_DIRECTORY_NAME_LENGTH} символов` }),
  );

/** The theme an item belongs to: an id, or null for none. */
const themeRef = idField.nullable();

/** POST lom-focus/: name and theme (api.md §7.3). */
export const lomFocusCreateBody = z.object(
  {
    name: directoryName,
    theme: themeRef.default(null),
  },
  { error: 'ожидается объект с полями name, theme' },
);
export type LomFocusCreateBody = z.output<typeof lomFocusCreateBody>;
export type LomFocusCreateInput = z.input<typeof lomFocusCreateBody>;

/**
 * POST lom-types/: name and theme (api.md §7.3), and, our addition, the flags that
 * put the type in the segment, interest or category pick list (all false unless sent).
 */
export const lomTypeCreateBody = z.object(
  {
    name: directoryName,
    theme: themeRef.default(null),
    is_segment: z.boolean({ error: 'ожидается true или false' }).default(false),
    is_interest: z.boolean({ error: 'ожидается true или false' }).default(false),
    is_category: z.boolean({ error: 'ожидается true или false' }).default(false),
  },
  { error: 'ожидается объект с полями name, theme' },
);
export type LomTypeCreateBody = z.output<typeof lomTypeCreateBody>;
export type LomTypeCreateInput = z.input<typeof lomTypeCreateBody>;
