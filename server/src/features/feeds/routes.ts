import {
  FEED_PATHS,
  feed,
  feedCollectResult,
  feedCreateBody,
  feedList,
  feedListQuery,
  feedPatchBody,
  feedRunList,
  feedRunsQuery,
  feedsFromSourcesResult,
  idParams,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  collectNow,
  createFeed,
  deleteFeed,
  feedsFromSources,
  getFeed,
  listFeeds,
  listRuns,
  updateFeed,
} from './service.ts';

const tags = ['feeds'];
/** The feeds live in /admin-panel/sources («Сбор»): the accounts' administrators manage them (issue 31). */
const admins = { guard: 'view_lomsource_admin' } as const;

/** /admin-panel/sources «Сбор»: the feeds the collectors poll, their fetch log, «Собрать сейчас» (issue 31). */
export function feedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      FEED_PATHS.list,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Ленты сбора (вид, состояние: all, enabled, disabled, failing; поиск по адресу и ЛОМ)',
          querystring: feedListQuery,
          response: { 200: feedList },
        },
      },
      async (request) => listFeeds(db, request.query),
    );
    app.post(
      FEED_PATHS.list,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Добавить ленту: RSS/Atom, канал Telegram или стена ВКонтакте',
          description:
            'Адрес проверяется исходящим клиентом (внутренние адреса и не http(s) — 400 с полем url); такая же лента (вид и адрес) — 400 «Такая лента уже есть».',
          body: feedCreateBody,
          response: { 201: feed },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createFeed(ctx, currentUser(request), request.body)),
    );
    app.post(
      FEED_PATHS.fromSources,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Создать ленты для аккаунтов ЛОМ с адресом t.me, vk.com или YouTube, у которых их нет',
          response: { 200: feedsFromSourcesResult },
        },
      },
      async (request) => feedsFromSources(db, currentUser(request)),
    );
    app.get(
      FEED_PATHS.detail,
      {
        config: admins,
        schema: { tags, summary: 'Лента сбора', params: idParams, response: { 200: feed } },
      },
      async (request) => getFeed(db, request.params.id),
    );
    app.patch(
      FEED_PATHS.detail,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Изменить ленту: включить или выключить, интервал, адрес, ЛОМ',
          params: idParams,
          body: feedPatchBody,
          response: { 200: feed },
        },
      },
      async (request) => updateFeed(ctx, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      FEED_PATHS.detail,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Удалить ленту с её журналом (собранные сообщения остаются)',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteFeed(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      FEED_PATHS.collect,
      {
        config: admins,
        schema: {
          tags,
          summary:
            'Собрать сейчас (включённую или выключенную ленту): найдено, создано, обновлено, пропущено, ошибка',
          description: 'Лента, которую в этот момент собирает другой процесс, — 409.',
          params: idParams,
          response: { 200: feedCollectResult },
        },
      },
      async (request) => collectNow(ctx, currentUser(request), request.params.id),
    );
    app.get(
      FEED_PATHS.runs,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Журнал сбора ленты, новые сверху',
          params: idParams,
          querystring: feedRunsQuery,
          response: { 200: feedRunList },
        },
      },
      async (request) => listRuns(db, request.params.id, request.query.page, request.query.page_size),
    );
  };
}
