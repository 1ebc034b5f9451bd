import { type MessageComment, pageInfo } from '@monitoring/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageComments, messages } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';

type CommentRow = typeof messageComments.$inferSelect;

function presentComment(row: CommentRow): MessageComment {
  return {
    id: row.id,
    message_id: row.messageId,
    author_name: row.authorName,
    text: row.text,
    wrote_at: row.wroteAt.toISOString(),
    likes: row.likes,
    mood: row.mood,
  };
}

async function requireMessage(db: Db, messageId: number): Promise<void> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId));
  if (!row) throw notFound('Сообщение не найдено');
}

async function countComments(db: Db, messageId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageComments)
    .where(eq(messageComments.messageId, messageId));
  return Number(row?.n ?? 0);
}

/** A message's comments, newest first (the `(message_id, wrote_at)` index). */
export async function listComments(db: Db, messageId: number, page: number, pageSize: number) {
  await requireMessage(db, messageId);
  const rows = await db
    .select()
    .from(messageComments)
    .where(eq(messageComments.messageId, messageId))
    .orderBy(desc(messageComments.wroteAt), desc(messageComments.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
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
  const [[top], total] = await Promise.all([
    db
      .select()
      .from(messageComments)
      .where(eq(messageComments.messageId, messageId))
      .orderBy(desc(messageComments.likes), desc(messageComments.wroteAt), desc(messageComments.id))
      .limit(1),
    countComments(db, messageId),
  ]);
  return { comment: top ? presentComment(top) : null, comments_count: total };
}
