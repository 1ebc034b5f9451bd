import { z } from 'zod';
import { DEFAULT_MESSAGE_STAT, MESSAGE_STATS } from './constants.ts';
import { positiveIntParam } from './input.ts';
import { type MessageFilter, messageFilterFields, normalizeMessageFilter } from './messages.ts';

/**
 * Report downloads of messages (api.md §7.8 "Report downloads") and of quotes
 * (§7.10 quotes/report/). A message report takes exactly the filter of the
 * messages list (`messageFilterFields`), plus the few parameters of its kind.
 * See docs/reports.md for what each file holds.
 */

/** A report over more messages than this answers 400: narrow the period or the filters. */
export const REPORT_MAX_MESSAGES = 200_000;
/** A Word document is built in memory, so it lists at most this many messages (the newest). */
export const WORD_REPORT_MAX_MESSAGES = 2_000;
export const POPULAR_REPORT_DEFAULT_TOP = 50;
export const POPULAR_REPORT_MAX_TOP = 500;

export const REPORT_GROUPINGS = ['theme', 'lom'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

const groupBySchema = z.enum(REPORT_GROUPINGS, {
  error: `ожидается одно из: ${REPORT_GROUPINGS.join(', ')}`,
});
const statSchema = z.enum(MESSAGE_STATS, { error: `ожидается одно из: ${MESSAGE_STATS.join(', ')}` });
const topSchema = positiveIntParam(POPULAR_REPORT_MAX_TOP);

type RawFilter = Parameters<typeof normalizeMessageFilter>[0];

/** Excel reports (get-report, get-xlsx): the list filter as it is. */
export const messageReportQuery = z
  .object(messageFilterFields)
  .transform((raw) => ({ filter: normalizeMessageFilter(raw) }));
export type MessageReportQuery = z.output<typeof messageReportQuery>;

/** get-word-report: the filter and how the messages are grouped (theme by default). */
export const wordReportQuery = z
  .object({ ...messageFilterFields, group_by: groupBySchema.optional() })
  .transform(({ group_by, ...raw }) => ({
    filter: normalizeMessageFilter(raw as RawFilter),
    group_by: group_by ?? ('theme' as ReportGrouping),
  }));
export type WordReportQuery = z.output<typeof wordReportQuery>;

/** get-word-popular-report: the filter, the stat that ranks (views by default) and how many. */
export const popularReportQuery = z
  .object({ ...messageFilterFields, stat: statSchema.optional(), top: topSchema.optional() })
  .transform(({ stat, top, ...raw }) => ({
    filter: normalizeMessageFilter(raw as RawFilter),
    stat: stat ?? DEFAULT_MESSAGE_STAT,
    top: top ?? POPULAR_REPORT_DEFAULT_TOP,
  }));
export type PopularReportQuery = z.output<typeof popularReportQuery>;

/** What every `-estimation` call answers before the download starts. */
export const reportEstimation = z.object({
  /** Messages (or quotes) that match the filter. */
  messages_number: z.number().int(),
  /** How many of them the file will list: all, or the Word cap, or the top N. */
  included_number: z.number().int(),
  /** Expected size of the file in bytes (an estimate from the count and the average text length). */
  expected_size_bytes: z.number().int(),
  /** Largest number of messages a report may cover. */
  max_messages: z.number().int(),
  /** True when the report would be refused (400) for covering too many messages. */
  exceeds_limit: z.boolean(),
  format: z.enum(['xlsx', 'docx']),
});
export type ReportEstimation = z.infer<typeof reportEstimation>;

/**
 * The quotes filter (quotes list, mood table, lom stat and report): the period
 * and the lists a quote carries itself. Dates read as in `messageFilterFields`.
 */
export const quoteFilterFields = {
  wrote_at_after: messageFilterFields.wrote_at_after,
  wrote_at_before: messageFilterFields.wrote_at_before,
  lom_in: messageFilterFields.lom_in,
  theme_in: messageFilterFields.theme_in,
  info_reason_in: messageFilterFields.info_reason_in,
  mood_in: messageFilterFields.mood_in,
  search: messageFilterFields.search,
} as const;

export type QuoteFilter = Pick<
  MessageFilter,
  'wrote_at_after' | 'wrote_at_before' | 'lom_in' | 'theme_in' | 'info_reason_in' | 'mood_in' | 'search'
>;

export const quoteReportQuery = z.object(quoteFilterFields).transform((raw): { filter: QuoteFilter } => {
  const filter: QuoteFilter = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(filter, { [key]: value });
  }
  return { filter };
});
export type QuoteReportQuery = z.output<typeof quoteReportQuery>;
