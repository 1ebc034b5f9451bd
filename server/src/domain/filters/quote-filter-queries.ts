import { expandMoodFilter, type QuoteFilter } from '@monitoring/contracts';
import { gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import { quotes } from '../../db/schema/index.ts';
import { likePattern } from './message-filter-queries.ts';

/** The quotes filter over the `quotes` table; mood 3 also means 4, as for messages. */
export function quoteFilterConditions(filter: QuoteFilter): SQL[] {
  const q = quotes;
  const conditions: SQL[] = [];
  if (filter.wrote_at_after) conditions.push(gte(q.wroteAt, filter.wrote_at_after));
  if (filter.wrote_at_before) conditions.push(lt(q.wroteAt, filter.wrote_at_before));
  if (filter.lom_in?.length) conditions.push(inArray(q.lomId, filter.lom_in));
  if (filter.theme_in?.length) conditions.push(inArray(q.themeId, filter.theme_in));
  if (filter.info_reason_in?.length) conditions.push(inArray(q.infoReasonId, filter.info_reason_in));
  if (filter.mood_in?.length) conditions.push(inArray(q.mood, expandMoodFilter(filter.mood_in)));
  if (filter.search) conditions.push(ilike(q.text, likePattern(filter.search)));
  return conditions;
}
