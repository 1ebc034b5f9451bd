import {
  NOTIFICATION_PATHS,
  notificationList,
  notificationListQuery,
  notificationReadBody,
  unreadCount,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { openEventStream } from '../../http/event-stream.ts';
import { listNotifications, readNotifications, unreadOf } from './service.ts';
import { UnreadCounter } from './stream-service.ts';

const tags = ['notifications'];
/** Every signed-in user may have notifications: each call reaches the caller's own. */
const anyone = { guard: 'authenticated' } as const;

/** The bell (issue 30): the caller's in-app notifications, and their unread count live. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    const counter = new UnreadCounter(db, ctx.notifications);
    // Before the server waits for its connections: open streams would otherwise hold a shutdown to its deadline.
    app.addHook('preClose', async () => counter.close());

    app.get(
      NOTIFICATION_PATHS.list,
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Мои уведомления, новые сверху; unread — только непрочитанные; с числом непрочитанных',
          querystring: notificationListQuery,
          response: { 200: notificationList },
        },
      },
      async (request) => listNotifications(db, currentUser(request).id, request.query),
    );
    app.post(
      NOTIFICATION_PATHS.read,
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Отметить прочитанными: {ids} (свои) или {all: true}; ответ — число непрочитанных',
          body: notificationReadBody,
          response: { 200: unreadCount },
        },
      },
      async (request) => readNotifications(db, currentUser(request).id, request.body),
    );
    app.get(
      NOTIFICATION_PATHS.stream,
      {
        config: { ...anyone, tokenFromCookie: true },
        schema: {
          tags,
          summary: 'Число непрочитанных уведомлений (Server-Sent Events)',
          description:
            'С `Accept: text/event-stream` (EventSource): `data: {"unread": n}` сразу и после каждого изменения, комментарий каждые 20 с. Без него — число один раз, JSON. Токен — из заголовка или из cookie `token` (путь потока).',
          response: { 200: unreadCount },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        // Read before the stream starts, so that a database failure still answers with a status.
        const first = { unread: await unreadOf(db, userId) };
        if (!request.headers.accept?.includes('text/event-stream')) return first;
        reply.hijack();
        openEventStream(
          request.raw,
          reply.raw,
          first,
          (send, fail) => counter.subscribe(userId, send, fail),
          (a, b) => a.unread === b.unread,
        );
        // A notification between the first read and the subscription would be missed: count once more.
        counter.changed(String(userId));
      },
    );
  };
}
