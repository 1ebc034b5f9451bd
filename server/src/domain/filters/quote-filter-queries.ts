import { expandMoodFilter, type QuoteFilter } from '@monitoring/contracts';
import { gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { quotes } from '../../db/schema/index.ts';
import { searchCondition } from '../search/search-queries.ts';

/**
 * A quote's text as the search reads it: the messages' vector function over the quote's text alone, which the
 * expression index quotes_search_idx holds (docs/search.md). Quotes have no platform: source: finds none.
 */
const QUOTES_TARGET = {
  vector: sql`message_search_vector(${quotes.text}, null, null, null, null)`,
  sourceId: null,
};

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
  if (filter.search) conditions.push(searchCondition(filter.search, QUOTES_TARGET));
  return conditions;
}
