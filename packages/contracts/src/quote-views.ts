import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { DEFAULT_MESSAGE_STAT, MESSAGE_STATS, PAGE_SIZES } from './constants.ts';
import { positiveIntParam } from './input.ts';
import { messageLomRef } from './message-views.ts';
import { type MessageFilterParams, pageQueryFields, parseMessageFilterFromUrl } from './messages.ts';
import { type QuoteFilter, quoteFilterFields } from './reports.ts';

// Quote reads (api.md §7.10 quotes/, mood-table/, lom-stat/): the /quotes page groups quotes by lom.

/** Quotes shown under each lom of the grouped list (§9 "messages per lom 3", also per card). */
export const MAX_QUOTES_PER_LOM = 50;

/** Drops the empty values of a parsed quote filter (the filter itself is reports.ts's). */
function normalizeQuoteFilter(raw: Record<string, unknown>): QuoteFilter {
  const filter: QuoteFilter = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(filter, { [key]: value });
  }
  return filter;
}

/** GET quotes/mood-table/: the quote filter alone. */
export const quoteFilterQuery = z
  .object(quoteFilterFields)
  .transform((raw): QuoteFilter => normalizeQuoteFilter(raw));
export type QuoteFilterQuery = z.output<typeof quoteFilterQuery>;

/** GET quotes/: loms with their quote counts, a page of loms, the newest quotes of each. */
export const quoteListQuery = z
  .object({
    ...quoteFilterFields,
    ...pageQueryFields,
    quotes_per_lom: positiveIntParam(MAX_QUOTES_PER_LOM).default(PAGE_SIZES.MESSAGES_PER_LOM),
  })
  .transform(({ page, page_size, quotes_per_lom, ...filter }) => ({
    page,
    page_size,
    quotes_per_lom,
    filter: normalizeQuoteFilter(filter),
  }));
export type QuoteListQuery = z.output<typeof quoteListQuery>;

export const quoteLomStatQuery = z
  .object({
    ...quoteFilterFields,
    ...pageQueryFields,
    stat: z
      .enum(MESSAGE_STATS, { error: `ожидается одно из: ${MESSAGE_STATS.join(', ')}` })
      .default(DEFAULT_MESSAGE_STAT),
  })
  .transform(({ page, page_size, stat, ...filter }) => ({
    page,
    page_size,
    stat,
    filter: normalizeQuoteFilter(filter),
  }));
export type QuoteLomStatQuery = z.output<typeof quoteLomStatQuery>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const quoteListItem = z.object({
  id: z.number().int(),
  text: z.string(),
  wrote_at: z.string(),
  mood: z.number().int().nullable(),
  theme: named.nullable(),
  info_reason: named.nullable(),
  message_id: z.number().int().nullable(),
  fragment_id: z.number().int().nullable(),
  speech_timestamp: z.number().int().nullable(),
  is_manual: z.boolean(),
  /** Link to the publication the quote was taken from. */
  url: z.string().nullable(),
});
export type QuoteListItem = z.infer<typeof quoteListItem>;

/** One lom of the grouped list; lom null gathers quotes without a lom. */
export const quoteLomGroup = z.object({
  lom: messageLomRef.nullable(),
  quotes_count: z.number().int(),
  quotes: z.array(quoteListItem),
});
export type QuoteLomGroup = z.infer<typeof quoteLomGroup>;

export const quoteListResponse = listEnvelope(quoteLomGroup);

/** The keys of the quote filter, in the order a URL carries them. */
export const QUOTE_FILTER_KEYS = [
  'wrote_at_after',
  'wrote_at_before',
  'lom_in',
  'theme_in',
  'info_reason_in',
  'mood_in',
  'search',
] as const satisfies readonly (keyof MessageFilterParams)[];

/** The quote filter as a URL carries it (the wire form). */
export type QuoteFilterParams = Pick<MessageFilterParams, (typeof QUOTE_FILTER_KEYS)[number]>;

/**
 * The browser's reading of a quotes URL: the message filter's lenient reading
 * (never throws, drops what the server would refuse) narrowed to the quote keys.
 */
export function parseQuoteFilterFromUrl(params: URLSearchParams): QuoteFilterParams {
  const all = parseMessageFilterFromUrl(params);
  const out: QuoteFilterParams = {};
  for (const key of QUOTE_FILTER_KEYS) {
    if (all[key] !== undefined) Object.assign(out, { [key]: all[key] });
  }
  return out;
}
