import type { MessageFilterParams, QueryParams } from '@monitoring/contracts';

/**
 * The filter as a report takes it: the list's own parameters, nothing of the page. Its own module:
 * the report menu of /messages needs it on the first screen, the report API (reports.ts) only when a
 * report is asked for.
 */
export function reportQuery(filter: MessageFilterParams, extra: QueryParams = {}): QueryParams {
  return { ...filter, ...extra };
}
