export const DEFAULT_PAGE_SIZE_VALUE = 25;
/** Largest page a client may ask for; the biggest spec list (fragments) uses 200. */
export const MAX_PAGE_SIZE = 500;

/** Derives the paging fields of the list envelope from a total count. */
export function pageInfo(page: number, pageSize: number, total: number) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    page,
    last_page: lastPage,
    elements_count: total,
    next_pages_available: Math.max(0, lastPage - page),
  };
}
