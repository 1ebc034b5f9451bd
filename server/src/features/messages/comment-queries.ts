import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageComments, messages } from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

// The SQL of a message's comments (read-comments.ts).

export async function messageExists(db: Db, messageId: number): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId));
  return row !== undefined;
}

export async function countComments(db: Db, messageId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messageComments)
    .where(eq(messageComments.messageId, messageId));
  return Number(row?.n ?? 0);
}

/** One page of a message's comments, newest first (the `(message_id, wrote_at)` index). */
export function commentPage(db: Db, messageId: number, page: number, pageSize: number) {
  return db
    .select()
    .from(messageComments)
    .where(eq(messageComments.messageId, messageId))
    .orderBy(desc(messageComments.wroteAt), desc(messageComments.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

/** The most liked comment, newest on a tie. */
export function topComment(db: Db, messageId: number) {
  return db
    .select()
    .from(messageComments)
    .where(eq(messageComments.messageId, messageId))
    .orderBy(desc(messageComments.likes), desc(messageComments.wroteAt), desc(messageComments.id))
    .limit(1);
}
