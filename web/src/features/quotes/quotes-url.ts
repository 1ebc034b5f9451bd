import {
  DEFAULT_MESSAGE_STAT,
  encodeQuery,
  MESSAGE_STATS,
  type MessageStat,
  parseQuoteFilterFromUrl,
  type QuoteFilterParams,
} from '@monitoring/contracts';

// The quotes page keeps its state in the URL: the quote filter in the wire form
// of contracts and the stat the lom table is ordered by.

export interface QuotesPageState {
  filter: QuoteFilterParams;
  stat: MessageStat;
}

export function readQuotesUrl(params: URLSearchParams): QuotesPageState {
  const stat = params.get('stat');
  return {
    filter: parseQuoteFilterFromUrl(params),
    stat: (MESSAGE_STATS as readonly string[]).includes(stat ?? '')
      ? (stat as MessageStat)
      : DEFAULT_MESSAGE_STAT,
  };
}

/** The query string of a page state; the default stat is left out. */
export function writeQuotesUrl({ filter, stat }: QuotesPageState): string {
  return encodeQuery({ ...filter, stat: stat === DEFAULT_MESSAGE_STAT ? undefined : stat });
}

/** Whether a filter sets anything but the period (for «Сбросить»). */
export function hasConditions(filter: QuoteFilterParams): boolean {
  const { wrote_at_after: _a, wrote_at_before: _b, ...rest } = filter;
  return Object.values(rest).some((value) => value !== undefined);
}
