import { z } from 'zod';
import { listEnvelope, pickItem } from './api.ts';
import { PAGE_SIZES } from './constants.ts';
import { idParam, pageParam, pageSizeParam } from './input.ts';
import { messageComment, messageListItem } from './message-views.ts';
import { periodBoundInstant, queryFlag } from './messages.ts';
import { quoteListItem } from './quote-views.ts';

/**
 * The content tabs of the lom card (api.md §7.9, §7.3 lom-facts/, §7.6 articles; product.md §3
 * "Lom fact", "Lom news"): publications, quotes, speech, comments, facts with their articles and
 * the web search results, and the cooperation status. docs/lom-content.md says what each reads.
 */

export const LOM_CONTENT_PATHS = {
  /** Ours: the lom's live messages of the period (the spec reads them through the message list). */
  publications: '/api/v1/loms/:id/publications/',
  postsByPeriod: '/api/v1/loms/:id/posts_by_period/',
  quotes: '/api/v1/loms/:id/quotes/',
  /** Ours: messages in which the lom speaks (messages.speaker_id). */
  speech: '/api/v1/loms/:id/speech/',
  /** Ours: readers' comments under the lom's messages. */
  comments: '/api/v1/loms/:id/comments/',
  facts: '/api/v1/loms/new-loms/:id/lom-facts/',
  searchResults: '/api/v1/loms/new-loms/:id/search-results/',
  articles: '/api/v2/loms/new-loms/:id/articles/',
  /** By the press archive's article id (product.md §3 `article_id`). */
  article: '/api/v2/articles/:id/',
  /** The fact types directory (api.md §7.3; §7.6 lists it on v2 too). */
  factTypes: '/api/v1/lom-facts/',
  factTypesV2: '/api/v2/lom-facts/',
  cooperationStatuses: '/api/v1/loms/cooperation/',
  /** PATCH sets the lom's status. */
  cooperation: '/api/v1/loms/new-loms/:id/cooperation/',
} as const;

/** Comments come 25 a page (product.md §9); the other tab lists use the default, also 25. */
export const LOM_COMMENTS_PAGE_SIZE = PAGE_SIZES.COMMENTS;
export const LOM_TAB_PAGE_SIZE = PAGE_SIZES.DEFAULT;
/** posts_by_period/ draws one bar a day; about three years is the longest series it answers. */
export const MAX_POSTS_PERIOD_DAYS = 1100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A Moscow calendar day, YYYY-MM-DD; a day that does not exist (2025-02-30) is refused. */
const moscowDay = z
  .string({ error: 'ожидается дата ГГГГ-ММ-ДД' })
  .refine((text) => DAY.test(text) && periodBoundInstant(text, 'after') !== null, {
    error: 'ожидается дата ГГГГ-ММ-ДД',
  });

/** Whole days from `after` to `before`, both included. */
export function periodDayCount(after: string, before: string): number {
  return Math.round((Date.parse(`${before}T00:00:00Z`) - Date.parse(`${after}T00:00:00Z`)) / DAY_MS) + 1;
}

const periodFields = {
  /** First day of the period (Moscow), included. */
  period_after: moscowDay.optional(),
  /** Last day of the period (Moscow), included. */
  period_before: moscowDay.optional(),
};

function checkOrder(query: { period_after?: string; period_before?: string }, ctx: z.RefinementCtx): void {
  if (query.period_after && query.period_before && query.period_after > query.period_before) {
    ctx.addIssue({
      code: 'custom',
      path: ['period_before'],
      message: 'конец периода раньше его начала',
    });
  }
}

/** lom-facts/: the period alone, both bounds optional (a missing one leaves that side open). */
export const lomFactsQuery = z.object(periodFields).superRefine(checkOrder);
export type LomFactsQuery = z.output<typeof lomFactsQuery>;

/** A page of a tab's list over the period. */
export const lomTabListQuery = z
  .object({ ...periodFields, page: pageParam, page_size: pageSizeParam(LOM_TAB_PAGE_SIZE) })
  .superRefine(checkOrder);
export type LomTabListQuery = z.output<typeof lomTabListQuery>;

export const lomCommentsQuery = z
  .object({ ...periodFields, page: pageParam, page_size: pageSizeParam(LOM_COMMENTS_PAGE_SIZE) })
  .superRefine(checkOrder);
export type LomCommentsQuery = z.output<typeof lomCommentsQuery>;

/** posts_by_period/ needs both bounds: it answers one row per day of the period. */
export const lomPostsByPeriodQuery = z
  .object({
    period_after: moscowDay,
    period_before: moscowDay,
  })
  .superRefine((query, ctx) => {
    checkOrder(query, ctx);
    if (periodDayCount(query.period_after, query.period_before) > MAX_POSTS_PERIOD_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_after'],
        message: `период длиннее ${MAX_POSTS_PERIOD_DAYS} дней`,
      });
    }
  });
export type LomPostsByPeriodQuery = z.output<typeof lomPostsByPeriodQuery>;

export const lomSearchResultsQuery = z.object({
  /** true: re-read the stored results and stamp them with the time of the refresh. */
  refresh: queryFlag.default(false),
  page: pageParam,
  page_size: pageSizeParam(LOM_TAB_PAGE_SIZE),
});
export type LomSearchResultsQuery = z.output<typeof lomSearchResultsQuery>;

export const lomArticleParams = z.object({
  id: idParam,
});

// Answers.

/** One day of posts_by_period/: the lom's live messages written that Moscow day. */
export const lomPostsDay = z.object({
  date: z.string(),
  messages_count: z.number().int(),
  total_si: z.number(),
  total_views: z.number(),
});
export type LomPostsDay = z.infer<typeof lomPostsDay>;
export const lomPostsByPeriodResponse = z.array(lomPostsDay);

export const lomPublicationsResponse = listEnvelope(messageListItem);
export const lomQuotesResponse = listEnvelope(quoteListItem);

/** A message in which the lom speaks: the list row and where in the recording. */
export const lomSpeechItem = messageListItem.extend({
  /** Seconds from the start of the recording; null when not marked. */
  speech_timestamp: z.number().int().nullable(),
});
export type LomSpeechItem = z.infer<typeof lomSpeechItem>;
export const lomSpeechResponse = listEnvelope(lomSpeechItem);

/** A reader's comment with the publication it is under (text stripped as product.md §5 says). */
export const lomCommentItem = messageComment.extend({
  message: z.object({
    id: z.number().int(),
    wrote_at: z.string(),
    url: z.string().nullable(),
    text: z.string(),
  }),
});
export type LomCommentItem = z.infer<typeof lomCommentItem>;
export const lomCommentsResponse = listEnvelope(lomCommentItem);

/** A press article behind a fact (product.md §3). */
export const lomFactArticle = z.object({
  article_id: z.number().int(),
  headline: z.string(),
  wrote_at: z.string(),
  source_name: z.string(),
  source_link: z.string(),
});
export type LomFactArticle = z.infer<typeof lomFactArticle>;

/** One fact: its name and the dates it happened on, each with its articles. */
export const lomFact = z.object({
  fact_name: z.string(),
  dates: z.array(
    z.object({
      /** lom_facts.id of this date. */
      id: z.number().int(),
      date: z.string(),
      articles: z.array(lomFactArticle),
    }),
  ),
});
export type LomFact = z.infer<typeof lomFact>;

/** The facts of one type (1 protests, 2 scandals, 3 facts); every type comes, empty or not. */
export const lomFactGroup = z.object({
  lom_fact_id: z.number().int(),
  name: z.string(),
  /** Dated entries of this type. */
  facts_count: z.number().int(),
  facts: z.array(lomFact),
});
export type LomFactGroup = z.infer<typeof lomFactGroup>;
export const lomFactsResponse = z.array(lomFactGroup);
export type LomFactsResponse = z.infer<typeof lomFactsResponse>;

/** A web search result about the lom (product.md §3 "Lom news"). */
export const lomNewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  url: z.string(),
  updated_at: z.string(),
  cached_at: z.string().nullable(),
});
export type LomNewsItem = z.infer<typeof lomNewsItem>;
export const lomSearchResultsResponse = listEnvelope(lomNewsItem).extend({
  /** When the results were last read into the cache; null when never. */
  cached_at: z.string().nullable(),
});
export type LomSearchResultsResponse = z.infer<typeof lomSearchResultsResponse>;

const factRef = z.object({
  id: z.number().int(),
  lom_fact_id: z.number().int(),
  fact_name: z.string(),
  date: z.string(),
});

/** v2 loms/new-loms/{id}/articles/: the lom's articles, newest first, each with its fact. */
export const lomArticleItem = lomFactArticle.extend({ fact: factRef });
export type LomArticleItem = z.infer<typeof lomArticleItem>;
export const lomArticlesResponse = listEnvelope(lomArticleItem);

/** v2 articles/{id}/: the article with its text and every fact (and lom) it backs. */
export const lomArticleDetail = lomFactArticle.extend({
  text: z.string(),
  facts: z.array(factRef.extend({ lom: pickItem })),
});
export type LomArticleDetail = z.infer<typeof lomArticleDetail>;

export const lomFactTypesResponse = listEnvelope(pickItem);

/** GET loms/cooperation/: the statuses, id 0 «Статус не выбран» first. */
export const cooperationStatusesResponse = z.array(pickItem);

export const lomCooperationBody = z.object({
  cooperation: z
    .number({ error: 'ожидается id статуса сотрудничества' })
    .int({ error: 'ожидается целое число' })
    .min(0, { error: 'не меньше 0' }),
});
export type LomCooperationBody = z.infer<typeof lomCooperationBody>;

export const lomCooperationResponse = z.object({ id: z.number().int(), cooperation: pickItem });
export type LomCooperationResponse = z.infer<typeof lomCooperationResponse>;
