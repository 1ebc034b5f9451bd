import {
  DEFAULT_MESSAGE_ORDERING,
  hasPermission,
  type ListEnvelope,
  type MessageDetail,
  type MessageFilter,
  type MessageListItem,
  type MessageListQuery,
  type PaginationCountResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { readerFilter } from '../../domain/filters/message-filter.ts';
import { presentListRow } from '../../domain/lists/message-list-presenter.ts';
import {
  type BoundedCount,
  countMessages,
  countMessagesBounded,
  listMessageIds,
  messageRowsByIds,
  SEARCH_FIRST_WALK,
  SEARCH_MAX_WALK,
  type SearchWalk,
  walkSearchPage,
} from '../../domain/lists/message-list-queries.ts';
import { highlightedTexts, withSearchTimeout } from '../../domain/search/search-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import { loadMessageDetail } from './detail-queries.ts';
import { presentDetail } from './presenter.ts';

/**
 * One page of messages. The page's ids come first (an index-only scan that stops after
 * the page); a page that comes back short tells the total without counting.
 */
export async function listMessages(
  db: Db,
  query: MessageListQuery,
  user: AuthUser,
): Promise<ListEnvelope<MessageListItem>> {
  const filter = readerFilter(query.filter, user);
  const { page, page_size: pageSize } = query;
  const { ids, counted } = await withSearchTimeout(db, filter.search, async (db) => {
    const walked = await walkedPage(db, filter, page, pageSize);
    if (walked) return walked;
    const ids = await listMessageIds(db, filter, page, pageSize);
    const short = ids.length < pageSize && (ids.length > 0 || page === 1);
    const seen = offsetOf(page, pageSize) + ids.length;
    if (short) return { ids, counted: { count: seen, exact: true } };
    // A bound is never below what the pages so far have shown.
    const bounded = await countMessagesBounded(db, filter);
    return { ids, counted: bounded.exact ? bounded : { ...bounded, count: Math.max(bounded.count, seen) } };
  });
  const [rows, marked] = await Promise.all([
    messageRowsByIds(db, ids),
    filter.search ? highlightedTexts(db, ids, filter.search) : undefined,
  ]);
  return {
    results: rows.map((row) => presentListRow(row, marked?.get(row.id))),
    ...pageInfo(page, pageSize, counted.count),
    ...(counted.exact ? {} : { elements_count_exact: false }),
  };
}

/**
 * A search's page in the default order from the walk of the newest messages (walkSearchPage), when the walk settles
 * it: every row of the filter tested (the count exact), or the page found within it (the count a lower bound, which
 * pagination_count makes exact). Null when the index must answer.
 */
async function walkedPage(
  db: Db,
  filter: MessageFilter,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; counted: BoundedCount } | null> {
  if (filter.ordering !== DEFAULT_MESSAGE_ORDERING || !filter.search) return null;
  const offset = offsetOf(page, pageSize);
  const needed = offset + pageSize;
  if (needed > SEARCH_MAX_WALK) return null;
  const settle = (walk: SearchWalk, rows: number) => {
    if (walk.seen < rows) return { ids: walk.ids, counted: { count: walk.hits, exact: true } };
    if (walk.hits >= needed) return { ids: walk.ids, counted: { count: walk.hits, exact: false } };
    return null;
  };
  const first = needed <= SEARCH_FIRST_WALK ? SEARCH_FIRST_WALK : SEARCH_MAX_WALK;
  const walk = await walkSearchPage(db, filter, offset, pageSize, first);
  if (!walk) return null;
  const settled = settle(walk, first);
  // Unsettled by the long walk, or nothing in the short one (a sparse query): the index's.
  if (settled || first === SEARCH_MAX_WALK || walk.hits === 0) return settled;
  // Else as far as the short walk's density promises the page, half as far again, up to the longest walk: not when
  // even that promises too little (one match in the short walk).
  const promised = Math.ceil(((needed * first) / walk.hits) * 1.5);
  if (promised > SEARCH_MAX_WALK * 1.5) return null;
  const rows = Math.min(promised, SEARCH_MAX_WALK);
  const second = await walkSearchPage(db, filter, offset, pageSize, rows);
  return second && settle(second, rows);
}

export async function messagesPaginationCount(
  db: Db,
  query: MessageListQuery,
  user: AuthUser,
): Promise<PaginationCountResponse> {
  const filter = readerFilter(query.filter, user);
  // With a search: the exact number when it takes under the search's time limit, else the list's lower bound.
  const counted = await withSearchTimeout(
    db,
    filter.search,
    async (db) => ({ count: await countMessages(db, filter), exact: true }),
    () => countMessagesBounded(db, filter),
  );
  const { elements_count, last_page } = pageInfo(1, query.page_size, counted.count);
  return { elements_count, last_page, ...(counted.exact ? {} : { elements_count_exact: false }) };
}

/** `search`: the list's search, whose matches the card marks in `highlighted_text`. */
export async function messageDetail(
  db: Db,
  id: number,
  user: AuthUser,
  search?: string,
): Promise<MessageDetail> {
  const data = await loadMessageDetail(db, id, user.id);
  if (!data) throw notFound('Сообщение не найдено');
  const marked = search ? (await highlightedTexts(db, [id], search)).get(id) : undefined;
  const detail = presentDetail(data, marked);
  // Glued messages (the duplicates merged into this one and the original it copies) are SHOW_GLUE_MESSAGES's.
  if (!hasPermission(user, 'SHOW_GLUE_MESSAGES')) return { ...detail, duplicates: [], copy_from_id: null };
  return detail;
}
