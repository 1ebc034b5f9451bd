import { z } from 'zod';
import {
  CONTENT_TYPE_IDS,
  DEFAULT_MESSAGE_STAT,
  MESSAGE_STATS,
  MESSAGE_STATUS_IDS,
  MESSAGE_TYPE_IDS,
} from './constants.ts';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { MOOD_IDS } from './moods.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';
import { parseCommaNumbers } from './query.ts';
import { parseSearchQuery, SEARCH_LIMITS } from './search-query.ts';

/**
 * The message filter (product.md §5, api.md §7.8): every list, count, mood table,
 * lom stat and report of messages reads the same parameters. The strict schema
 * (`messageFilterQuery`) is the server's; `parseMessageFilterFromUrl` is the
 * browser's lenient reading of the same names.
 *
 * Dates: `wrote_at_after` / `wrote_at_before` take YYYY-MM-DD or an ISO datetime.
 * A date is a Moscow business day (UTC+3): `after` starts at 00:00 of that day and
 * `before` ends at 24:00 of it, so `after=before=D` is the whole day D. A datetime
 * without a zone is read as Moscow time; `before` as a datetime is inclusive.
 * The parsed filter holds instants: `wrote_at_after` inclusive and
 * `wrote_at_before` EXCLUSIVE (the first instant no longer in the range).
 */

export const MESSAGE_ORDERINGS = [
  '-wrote_at',
  'wrote_at',
  '-si',
  'si',
  '-number_views',
  'number_views',
  '-repost_count',
  'repost_count',
  /** With a search: the most relevant first (ts_rank_cd); without one it is -wrote_at. */
  '-relevance',
] as const;
export type MessageOrdering = (typeof MESSAGE_ORDERINGS)[number];
export const DEFAULT_MESSAGE_ORDERING: MessageOrdering = '-wrote_at';

/** The boolean flags a filter may test; `'true'` / `'false'` on the wire. */
export const MESSAGE_FILTER_FLAGS = [
  'archived',
  'delayed',
  'trash',
  'verified',
  'verified_by_super_editor',
  'verified_ai',
  'from_zephyr',
  'is_manual',
] as const;
export type MessageFilterFlag = (typeof MESSAGE_FILTER_FLAGS)[number];

/** The comma-list filters (§5): message column or link table by id. */
export const MESSAGE_FILTER_LISTS = [
  'lom_in',
  'id_in',
  'theme_in',
  'info_reason_in',
  'rubric_in',
  'region_in',
  'city_in',
  'type_in',
  'message_type_in',
  'state_in',
  'source_in',
  'tag_in',
  'mood_in',
] as const;
export type MessageFilterList = (typeof MESSAGE_FILTER_LISTS)[number];

/** Older calls (reports, lom pages) prefix the same names with `message__`. */
export const MESSAGE_FILTER_ALIASES = [
  'wrote_at_after',
  'wrote_at_before',
  'archived',
  'delayed',
  'trash',
  'verified',
  'verified_by_super_editor',
] as const;

const MOSCOW_OFFSET = '+03:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY_MS = 86_400_000;
const MAX_SEARCH_LENGTH = 200;

/** A real calendar day (rejects 2025-02-30, which Date would roll over). */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

type Bound = 'after' | 'before';

/** The instant a period bound stands for; null when the text is no date. */
export function periodBoundInstant(text: string, bound: Bound): Date | null {
  const value = text.trim();
  if (DATE_ONLY.test(value)) {
    if (!isCalendarDay(value)) return null;
    const start = new Date(`${value}T00:00:00${MOSCOW_OFFSET}`);
    return bound === 'after' ? start : new Date(start.getTime() + DAY_MS);
  }
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDay(value.slice(0, 10))) return null;
  const instant = new Date(match[1] ? value : `${value}${MOSCOW_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  // Times are stored to the millisecond, so "≤ t" is "< t + 1 ms".
  return bound === 'after' ? instant : new Date(instant.getTime() + 1);
}

/** A period bound of a query: a Moscow day or an ISO instant, read as periodBoundInstant reads it. */
export function periodBound(bound: Bound) {
  return z.string({ error: 'ожидается дата' }).transform((text, ctx) => {
    const instant = periodBoundInstant(text, bound);
    if (instant) return instant;
    ctx.addIssue({ code: 'custom', message: 'ожидается дата ГГГГ-ММ-ДД или дата и время ISO 8601' });
    return z.NEVER;
  });
}

/** 'true' / 'false' in a query, a boolean in a JSON body (mass update); nothing else. */
const flag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  ctx.addIssue({ code: 'custom', message: 'ожидается true или false' });
  return z.NEVER;
});

const orderingSchema = z.enum(MESSAGE_ORDERINGS, {
  error: `ожидается одно из: ${MESSAGE_ORDERINGS.join(', ')}`,
});

/** A name search of a pick list or a directory (ILIKE over names; docs/search.md "Name searches"). */
const nameSearchSchema = z
  .string()
  .max(MAX_SEARCH_LENGTH, `не длиннее ${MAX_SEARCH_LENGTH} символов`)
  .transform((text) => text.trim());

/**
 * A message search in the query language (search-query.ts), trimmed; an empty one is no search. A malformed query
 * is refused with its Russian message, and its position travels as the issue's `params.position` (the server's
 * 400 answers it beside `field: "search"`).
 */
export const messageSearchSchema = z
  .string()
  .transform((text) => text.trim())
  .superRefine((text, ctx) => {
    if (!text) return;
    const parsed = parseSearchQuery(text);
    if (!parsed.ok)
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.message,
        params: { position: parsed.error.position },
      });
  });

/** The fields of the filter as they arrive (query string or JSON). */
export const messageFilterFields = {
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
  message__wrote_at_after: periodBound('after').optional(),
  message__wrote_at_before: periodBound('before').optional(),
  lom_in: commaIdList().optional(),
  id_in: commaIdList().optional(),
  theme_in: commaIdList().optional(),
  info_reason_in: commaIdList().optional(),
  rubric_in: commaIdList().optional(),
  region_in: commaIdList().optional(),
  city_in: commaIdList().optional(),
  type_in: commaIdList(CONTENT_TYPE_IDS).optional(),
  message_type_in: commaIdList(MESSAGE_TYPE_IDS).optional(),
  state_in: commaIdList(MESSAGE_STATUS_IDS).optional(),
  source_in: commaIdList().optional(),
  tag_in: commaIdList().optional(),
  mood_in: commaIdList(MOOD_IDS).optional(),
  archived: flag.optional(),
  delayed: flag.optional(),
  trash: flag.optional(),
  verified: flag.optional(),
  verified_by_super_editor: flag.optional(),
  verified_ai: flag.optional(),
  from_zephyr: flag.optional(),
  is_manual: flag.optional(),
  message__archived: flag.optional(),
  message__delayed: flag.optional(),
  message__trash: flag.optional(),
  message__verified: flag.optional(),
  message__verified_by_super_editor: flag.optional(),
  search: messageSearchSchema.optional(),
  ordering: orderingSchema.optional(),
  soc_panel: idParam.optional(),
  panelist: idParam.optional(),
} as const;

/** The parsed filter: instants for the period, id lists, booleans. */
export interface MessageFilter {
  /** Inclusive. */
  wrote_at_after?: Date;
  /** Exclusive: the first instant outside the period. */
  wrote_at_before?: Date;
  lom_in?: number[];
  id_in?: number[];
  theme_in?: number[];
  info_reason_in?: number[];
  rubric_in?: number[];
  region_in?: number[];
  city_in?: number[];
  /** Content type (1 post/text, 2 short video, 3 video). */
  type_in?: number[];
  message_type_in?: number[];
  state_in?: number[];
  source_in?: number[];
  tag_in?: number[];
  /** As sent; 3 is widened to 3 and 4 where the filter is applied (expandMoodFilter). */
  mood_in?: number[];
  archived?: boolean;
  delayed?: boolean;
  trash?: boolean;
  verified?: boolean;
  verified_by_super_editor?: boolean;
  verified_ai?: boolean;
  from_zephyr?: boolean;
  /** Messages created by hand in the app (the editors' messages). */
  is_manual?: boolean;
  /** Trimmed; empty means no search. */
  search?: string;
  /** Messages of the loms a marker panel follows (its confirmed social_panel_loms). */
  soc_panel?: number;
  /** Messages of the loms one panelist of a marker panel follows. */
  panelist?: number;
  ordering: MessageOrdering;
}

type RawFilter = z.output<z.ZodObject<typeof messageFilterFields>>;

/** Folds the `message__` aliases into their plain names (the plain name wins) and drops empties. */
export function normalizeMessageFilter(raw: RawFilter): MessageFilter {
  const {
    message__wrote_at_after,
    message__wrote_at_before,
    message__archived,
    message__delayed,
    message__trash,
    message__verified,
    message__verified_by_super_editor,
    search,
    ordering,
    ...rest
  } = raw;
  const filter: MessageFilter = { ordering: ordering ?? DEFAULT_MESSAGE_ORDERING };
  const merged = {
    ...rest,
    wrote_at_after: rest.wrote_at_after ?? message__wrote_at_after,
    wrote_at_before: rest.wrote_at_before ?? message__wrote_at_before,
    archived: rest.archived ?? message__archived,
    delayed: rest.delayed ?? message__delayed,
    trash: rest.trash ?? message__trash,
    verified: rest.verified ?? message__verified,
    verified_by_super_editor: rest.verified_by_super_editor ?? message__verified_by_super_editor,
  };
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(filter, { [key]: value });
  }
  if (search) filter.search = search;
  return filter;
}

/**
 * The server's filter: strict about values (400 naming the field), silent about
 * unknown keys so a list call can carry paging and its own parameters beside it.
 */
export const messageFilterQuery = z.object(messageFilterFields).transform(normalizeMessageFilter);
export type MessageFilterQueryInput = z.input<typeof messageFilterQuery>;

/** The filter as a URL carries it: the wire form the web keeps in its address bar. */
export interface MessageFilterParams {
  wrote_at_after?: string;
  wrote_at_before?: string;
  lom_in?: number[];
  id_in?: number[];
  theme_in?: number[];
  info_reason_in?: number[];
  rubric_in?: number[];
  region_in?: number[];
  city_in?: number[];
  type_in?: number[];
  message_type_in?: number[];
  state_in?: number[];
  source_in?: number[];
  tag_in?: number[];
  mood_in?: number[];
  archived?: boolean;
  delayed?: boolean;
  trash?: boolean;
  verified?: boolean;
  verified_by_super_editor?: boolean;
  verified_ai?: boolean;
  from_zephyr?: boolean;
  is_manual?: boolean;
  search?: string;
  soc_panel?: number;
  panelist?: number;
  ordering?: MessageOrdering;
}

/**
 * The browser's reading of a messages URL: never throws; a value that the server
 * would refuse is left out (bad dates, non-boolean flags, unknown orderings,
 * non-numeric list items). `message__` aliases are read when the plain name is absent.
 */
export function parseMessageFilterFromUrl(params: URLSearchParams): MessageFilterParams {
  const read = (name: string) => params.get(name) ?? params.get(`message__${name}`);
  const out: MessageFilterParams = {};
  for (const name of ['wrote_at_after', 'wrote_at_before'] as const) {
    const value = read(name)?.trim();
    if (value && periodBoundInstant(value, 'after')) out[name] = value;
  }
  for (const name of MESSAGE_FILTER_LISTS) {
    const ids = [...new Set(parseCommaNumbers(params.get(name)).filter(Number.isSafeInteger))];
    const allowed = LIST_CONSTANTS[name];
    const kept = allowed ? ids.filter((id) => allowed.includes(id)) : ids;
    if (kept.length > 0) out[name] = kept;
  }
  for (const name of MESSAGE_FILTER_FLAGS) {
    const value = read(name);
    if (value === 'true' || value === 'false') out[name] = value === 'true';
  }
  const search = params.get('search')?.trim().slice(0, SEARCH_LIMITS.maxLength);
  if (search) out.search = search;
  for (const name of ['soc_panel', 'panelist'] as const) {
    const id = Number(params.get(name));
    if (Number.isSafeInteger(id) && id > 0) out[name] = id;
  }
  const ordering = params.get('ordering');
  if (ordering && (MESSAGE_ORDERINGS as readonly string[]).includes(ordering)) {
    out.ordering = ordering as MessageOrdering;
  }
  return out;
}

const LIST_CONSTANTS: Partial<Record<MessageFilterList, readonly number[]>> = {
  type_in: CONTENT_TYPE_IDS,
  message_type_in: MESSAGE_TYPE_IDS,
  state_in: MESSAGE_STATUS_IDS,
  mood_in: MOOD_IDS,
};

export const pageQueryFields = {
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
};

/** GET messages/: the filter plus paging; the handler gets `{page, page_size, filter}`. */
export const messageListQuery = z
  .object({ ...messageFilterFields, ...pageQueryFields })
  .transform(({ page, page_size, ...filter }) => ({
    page,
    page_size,
    filter: normalizeMessageFilter(filter),
  }));
export type MessageListQuery = z.output<typeof messageListQuery>;

/** GET messages/lom-stat/: the filter, paging and the stat to order by (§4: si, views, reposts; views by default). */
export const messageLomStatQuery = z
  .object({
    ...messageFilterFields,
    ...pageQueryFields,
    stat: z
      .enum(MESSAGE_STATS, { error: `ожидается одно из: ${MESSAGE_STATS.join(', ')}` })
      .default(DEFAULT_MESSAGE_STAT),
  })
  .transform(({ page, page_size, stat, ...filter }) => ({
    page,
    page_size,
    stat,
    filter: normalizeMessageFilter(filter),
  }));
export type MessageLomStatQuery = z.output<typeof messageLomStatQuery>;

/** Query pieces that other lists share (the directory pick lists of pick-lists.ts). */
export { flag as queryFlag, nameSearchSchema as searchText };
