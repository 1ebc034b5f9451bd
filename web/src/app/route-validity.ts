import type { RouteName } from '@monitoring/contracts';

const POSITIVE_INTEGER = /^[1-9]\d{0,9}$/;

/** Record ids are PostgreSQL `integer`s: anything above is no record's id. */
const MAX_RECORD_ID = 2_147_483_647;

/** Is `id` (from a URL) a database id? */
export function isRecordId(id: string): boolean {
  return POSITIVE_INTEGER.test(id) && Number(id) <= MAX_RECORD_ID;
}

/** Pages without `:id` whose record is named by a search parameter: the dashboard's theme or segment. */
const SEARCH_RECORD_IDS: Partial<Record<RouteName, string>> = {
  'dashboards-theme': 'theme',
  'dashboards-rubric': 'rubric',
};

/**
 * The record a page's URL names, if any: its `:id`, or for a dashboard its
 * `theme`/`rubric` parameter. The validity check of a page (product.md §2) is
 * that this is a database id, so `/loms/abc` is a 404 rather than a failed call.
 */
export function recordIdOf(
  name: RouteName,
  params: Readonly<Record<string, string | undefined>>,
  url: URL,
): string | undefined {
  const key = SEARCH_RECORD_IDS[name];
  const id = key ? url.searchParams.get(key) : params.id;
  return id === null || id === '' ? undefined : id;
}
