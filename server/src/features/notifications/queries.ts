import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the bell: the caller's own notifications only.

export type NotificationRow = typeof notifications.$inferSelect;

/** The channel the notifications trigger tells, with the user's id as the payload (migration 0041). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

const ofUser = (userId: number, unreadOnly: boolean) =>
  unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);

/** One page of the user's notifications, newest first, with the total. */
export function notificationPage(
  db: Db,
  userId: number,
  unreadOnly: boolean,
  page: number,
  pageSize: number,
): Promise<(NotificationRow & { total: number })[]> {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      alertId: notifications.alertId,
      eventId: notifications.eventId,
      title: notifications.title,
      body: notifications.body,
      messages: notifications.messages,
      more: notifications.more,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(ofUser(userId, unreadOnly))
    .orderBy(desc(notifications.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countNotifications(db: Db, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(ofUser(userId, unreadOnly));
  return row?.n ?? 0;
}

/** The unread count of each of these users (0 for a user without any). */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.n);
  return counts;
}

/**
 * Marks the user's unread notifications read (`ids` of theirs, or all), and tells every server instance's bell
 * on the same channel as an insert does, so that their open streams recount.
 */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all'): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${String(userId)})`);
}
