import {
  hasPermission,
  type ListEnvelope,
  type MessageDetail,
  type MessageListItem,
  type MessageListQuery,
  type PaginationCountResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { readerFilter } from '../../domain/filters/message-filter.ts';
import { presentListRow } from '../../domain/lists/message-list-presenter.ts';
import { countMessages, listMessageIds, messageRowsByIds } from '../../domain/lists/message-list-queries.ts';
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
