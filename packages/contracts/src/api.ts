import { z } from 'zod';
import { pageParam, pageSizeParam } from './input.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/** `page` and `page_size` of every list call. */
export const pageQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The list envelope: `{results, page, last_page, elements_count, next_pages_available}`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    last_page: z.number().int(),
    elements_count: z.number().int(),
    next_pages_available: z.number().int(),
    /** False when elements_count is a lower bound: a search counted that far and stopped («более 1 000»). */
    elements_count_exact: z.boolean().optional(),
  });
}
export type ListEnvelope<T> = {
  results: T[];
  page: number;
  last_page: number;
  elements_count: number;
  next_pages_available: number;
  elements_count_exact?: boolean;
};

/** Body of every error answer. `field` names the offending input on 400. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  /** A malformed search query: the 1-based position of the error in it (search-query.ts). */
  position: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Pick lists share one shape (product.md §3 "Pick lists"). */
export const pickItem = z.object({ id: z.number().int(), name: z.string() });
export type PickItem = z.infer<typeof pickItem>;
