import {
  ALERT_PATHS,
  alertCreateBody,
  alertEventList,
  alertItem,
  alertList,
  alertListQuery,
  alertPatchBody,
  idParams,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { createAlert, deleteAlert, getAlert, listAlertEvents, listAlerts, updateAlert } from './service.ts';

const tags = ['alerts'];
/** Every user who reads messages may own alerts (docs/alerts.md); each call reaches the caller's own only. */
const owners = { guard: 'view_messages' } as const;

/** /alerts: the caller's alerts and what they fired (issue 30). */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      ALERT_PATHS.list,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Мои оповещения, новые сверху',
          querystring: alertListQuery,
          response: { 200: alertList },
        },
      },
      async (request) => listAlerts(db, currentUser(request).id, request.query.page, request.query.page_size),
    );
    app.post(
      ALERT_PATHS.list,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Создать оповещение: что отслеживать, вид (new, spike, negative) и каналы',
          description:
            'Вебхуки и Telegram требуют права send_external_alerts (403). Адрес вебхука проверяется исходящим клиентом: внутренние адреса — 400 с полем channels.N.url.',
          body: alertCreateBody,
          response: { 201: alertItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAlert(ctx, currentUser(request), request.body)),
    );
    app.get(
      ALERT_PATHS.detail,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Моё оповещение',
          params: idParams,
          response: { 200: alertItem },
        },
      },
      async (request) => getAlert(db, currentUser(request).id, request.params.id),
    );
    app.patch(
      ALERT_PATHS.detail,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Изменить своё оповещение (поля сливаются с сохранёнными; channels заменяет набор)',
          params: idParams,
          body: alertPatchBody,
          response: { 200: alertItem },
        },
      },
      async (request) => updateAlert(ctx, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      ALERT_PATHS.detail,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Удалить своё оповещение',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteAlert(db, currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      ALERT_PATHS.events,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Срабатывания оповещения: когда, почему, сообщения и доставка по каждому каналу',
          params: idParams,
          querystring: alertListQuery,
          response: { 200: alertEventList },
        },
      },
      async (request) =>
        listAlertEvents(
          db,
          currentUser(request).id,
          request.params.id,
          request.query.page,
          request.query.page_size,
        ),
    );
  };
}
