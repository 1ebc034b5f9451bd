import { pageInfo } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import { commentPage, countComments, messageExists, topComment } from './comment-queries.ts';
import { presentComment } from './presenter.ts';

async function requireMessage(db: Db, messageId: number): Promise<void> {
  if (!(await messageExists(db, messageId))) throw notFound('Сообщение не найдено');
}

/** A message's comments, newest first. */
export async function listComments(db: Db, messageId: number, page: number, pageSize: number) {
  await requireMessage(db, messageId);
  const rows = await commentPage(db, messageId, page, pageSize);
  const partial = rows.length < pageSize && (rows.length > 0 || page === 1);
  const total = partial ? offsetOf(page, pageSize) + rows.length : await countComments(db, messageId);
  return { results: rows.map(presentComment), ...pageInfo(page, pageSize, total) };
}

export async function commentsPaginationCount(db: Db, messageId: number, pageSize: number) {
  await requireMessage(db, messageId);
  const total = await countComments(db, messageId);
  const { elements_count, last_page } = pageInfo(1, pageSize, total);
  return { elements_count, last_page };
}

/** The most liked comment (newest on a tie) as the card's preview, with the count. */
export async function oneCommentByMessage(db: Db, messageId: number) {
  await requireMessage(db, messageId);
  const [[top], total] = await Promise.all([topComment(db, messageId), countComments(db, messageId)]);
  return { comment: top ? presentComment(top) : null, comments_count: total };
}
