import {
  type NotificationList,
  type NotificationReadBody,
  pageInfo,
  type UnreadCount,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { presentNotification } from './presenter.ts';
import { countNotifications, markRead, notificationPage, unreadCounts } from './queries.ts';

// The bell (issue 30): every user's own in-app notifications. Reading them is a personal matter, not written to
// the action log.

export async function unreadOf(db: Db, userId: number): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** GET notifications/: newest first, `unread` narrows to the unread ones; with the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  query: { page: number; page_size: number; unread?: boolean },
): Promise<NotificationList> {
  const unreadOnly = query.unread ?? false;
  const rows = await notificationPage(db, userId, unreadOnly, query.page, query.page_size);
  const total =
    rows.length > 0 ? rows[0].total : query.page > 1 ? await countNotifications(db, userId, unreadOnly) : 0;
  return {
    results: rows.map(presentNotification),
    ...pageInfo(query.page, query.page_size, total),
    unread: await unreadOf(db, userId),
  };
}

/** POST notifications/read/: `{ids}` (the caller's among them) or `{all: true}`; answers what stays unread. */
export async function readNotifications(
  db: Db,
  userId: number,
  body: NotificationReadBody,
): Promise<UnreadCount> {
  await db.transaction((tx) => markRead(tx, userId, 'all' in body ? 'all' : body.ids));
  return { unread: await unreadOf(db, userId) };
}
