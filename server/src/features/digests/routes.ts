import {
  alertListQuery,
  DIGEST_PATHS,
  digestCreateBody,
  digestItem,
  digestList,
  digestPatchBody,
  digestRun,
  digestRunList,
  idParams,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  createDigest,
  deleteDigest,
  getDigest,
  listDigests,
  listRuns,
  sendDigestNow,
  updateDigest,
} from './service.ts';

const tags = ['digests'];
/** Every user who reads messages may own digests; addresses outside the product need send_external_alerts. */
const owners = { guard: 'view_messages' } as const;

/** /alerts, the digests tab: scheduled reports by mail (issue 30). */
export function digestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      DIGEST_PATHS.list,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Мои дайджесты, новые сверху',
          querystring: alertListQuery,
          response: { 200: digestList },
        },
      },
      async (request) =>
        listDigests(db, currentUser(request).id, request.query.page, request.query.page_size),
    );
    app.post(
      DIGEST_PATHS.list,
      {
        config: owners,
        schema: {
          tags,
          summary:
            'Создать дайджест: отчёт Excel или Word по расписанию (время московское) на список адресов',
          description:
            'Адреса, которые не принадлежат активным пользователям, требуют права send_external_alerts (403 с полем recipients).',
          body: digestCreateBody,
          response: { 201: digestItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createDigest(db, currentUser(request), request.body)),
    );
    app.get(
      DIGEST_PATHS.detail,
      {
        config: owners,
        schema: { tags, summary: 'Мой дайджест', params: idParams, response: { 200: digestItem } },
      },
      async (request) => getDigest(db, currentUser(request).id, request.params.id),
    );
    app.patch(
      DIGEST_PATHS.detail,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Изменить свой дайджест (поля сливаются с сохранёнными)',
          params: idParams,
          body: digestPatchBody,
          response: { 200: digestItem },
        },
      },
      async (request) => updateDigest(db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      DIGEST_PATHS.detail,
      {
        config: owners,
        schema: { tags, summary: 'Удалить свой дайджест', params: idParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteDigest(db, currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      DIGEST_PATHS.runs,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Отправки дайджеста, новые сверху: статус, попытки, ошибка',
          params: idParams,
          querystring: alertListQuery,
          response: { 200: digestRunList },
        },
      },
      async (request) =>
        listRuns(db, currentUser(request).id, request.params.id, request.query.page, request.query.page_size),
    );
    app.post(
      DIGEST_PATHS.send,
      {
        config: owners,
        schema: {
          tags,
          summary: 'Отправить дайджест сейчас, вне расписания (за период, который кончается сейчас)',
          params: idParams,
          response: { 201: digestRun },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await sendDigestNow(db, currentUser(request).id, request.params.id)),
    );
  };
}
