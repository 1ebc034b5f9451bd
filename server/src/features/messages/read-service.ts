import {
  hasPermission,
  type ListEnvelope,
  type MessageDetail,
  type MessageFilter,
  type MessageListItem,
  type MessageListQuery,
  type PaginationCountResponse,
  type Permission,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { withoutNoOpLists, withRoleDefaults } from '../../domain/message-filter.ts';
import type { AuthUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import { presentDetail, presentListRow } from './presenter.ts';
import { loadMessageDetail } from './read-detail.ts';
import { countMessages, listMessageIds, messageRowsByIds } from './read-queries.ts';

/**
 * Filters that only some users may apply (product.md §6): the special-source list is
 * the Zefir page's, the content-type filter has its own permission, and the editors'
 * (manual) messages are GET_EDITORS_MESSAGES's. A filter that sets one of them to
 * false filters nothing anyone may not see, so only `true` (or a list) is refused.
 */
const RESTRICTED_FILTERS: ReadonlyArray<{
  field: keyof MessageFilter;
  permission: Permission;
  applies: (filter: MessageFilter) => boolean;
  message: string;
}> = [
  {
    field: 'from_zephyr',
    permission: 'ZEFIR_PAGE',
    applies: (f) => f.from_zephyr === true,
    message: 'Сообщения Зефира недоступны: нет права ZEFIR_PAGE',
  },
  {
    field: 'type_in',
    permission: 'USE_CONTENT_TYPE_FILTER',
    applies: (f) => (f.type_in?.length ?? 0) > 0,
    message: 'Фильтр по типу контента недоступен: нет права USE_CONTENT_TYPE_FILTER',
  },
  {
    field: 'is_manual',
    permission: 'GET_EDITORS_MESSAGES',
    applies: (f) => f.is_manual === true,
    message: 'Сообщения редакторов недоступны: нет права GET_EDITORS_MESSAGES',
  },
];

/** Refuses (403, naming the field) a filter the user may not apply. */
export function assertFilterAllowed(filter: MessageFilter, user: AuthUser): void {
  for (const rule of RESTRICTED_FILTERS) {
    if (rule.applies(filter) && !hasPermission(user, rule.permission))
      throw forbidden(rule.message, rule.field);
  }
}

/** The filter a reader gets: role defaults (§2/§6) applied, lists that filter nothing dropped. */
export function readerFilter<F extends MessageFilter>(filter: F, user: AuthUser): F {
  assertFilterAllowed(filter, user);
  return withoutNoOpLists(withRoleDefaults(filter, hasPermission(user, 'SUPER_EDITOR_STATUS')));
}

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
  const ids = await listMessageIds(db, filter, page, pageSize);
  const short = ids.length < pageSize && (ids.length > 0 || page === 1);
  const [total, rows] = await Promise.all([
    short ? offsetOf(page, pageSize) + ids.length : countMessages(db, filter),
    messageRowsByIds(db, ids),
  ]);
  return { results: rows.map(presentListRow), ...pageInfo(page, pageSize, total) };
}

export async function messagesPaginationCount(
  db: Db,
  query: MessageListQuery,
  user: AuthUser,
): Promise<PaginationCountResponse> {
  const total = await countMessages(db, readerFilter(query.filter, user));
  const { elements_count, last_page } = pageInfo(1, query.page_size, total);
  return { elements_count, last_page };
}

export async function messageDetail(db: Db, id: number, user: AuthUser): Promise<MessageDetail> {
  const data = await loadMessageDetail(db, id, user.id);
  if (!data) throw notFound('Сообщение не найдено');
  const detail = presentDetail(data);
  // Glued messages (the duplicates merged into this one and the original it copies) are SHOW_GLUE_MESSAGES's.
  if (!hasPermission(user, 'SHOW_GLUE_MESSAGES')) return { ...detail, duplicates: [], copy_from_id: null };
  return detail;
}
