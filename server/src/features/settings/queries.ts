import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

export type OutboxRow = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'body' | 'createdAt' | 'attachmentName'
> & { total: number };

/** A page of the outbox, newest first, with the total. */
export function outboxPage(db: Db, page: number, pageSize: number): Promise<OutboxRow[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      createdAt: mailOutbox.createdAt,
      attachmentName: mailOutbox.attachmentName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}
