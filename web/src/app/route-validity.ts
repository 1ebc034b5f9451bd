const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;

/** Record ids are PostgreSQL `integer`s: anything above is no record's id. */
const MAX_RECORD_ID = 2_147_483_647;

/**
 * The validity check of a page (product.md §2): every `:id` in the routes is
 * a database id, so `/loms/abc` is a 404 rather than a failed call.
 */
export function hasValidParams(params: Readonly<Record<string, string | undefined>>): boolean {
  const { id } = params;
  return id === undefined || (POSITIVE_INTEGER.test(id) && Number(id) <= MAX_RECORD_ID);
}
