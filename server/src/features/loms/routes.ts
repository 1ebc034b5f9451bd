import {
  LOM_PATHS,
  listEnvelope,
  lomActiveResponse,
  lomCountQuery,
  lomCountResponse,
  lomDetail as lomDetailSchema,
  lomFavouriteResponse,
  lomIdParams,
  lomListItem,
  lomListQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { countLoms, listLomsJson, lomDetail, setLomActive, switchFavourite } from './service.ts';

const tags = ['loms'];

/** api.md §7.9: the lom list, its count, the card's summary and the toggles. */
export function lomRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      LOM_PATHS.list,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Таблица ЛОМ с метриками за период',
          querystring: lomListQuery,
          response: { 200: listEnvelope(lomListItem) },
        },
      },
      async (request, reply) =>
        sendJsonText(reply, await listLomsJson(ctx.db, request.query, currentUser(request))),
    );
    app.get(
      LOM_PATHS.count,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Число ЛОМ',
          querystring: lomCountQuery,
          response: { 200: lomCountResponse },
        },
      },
      async (request) => countLoms(ctx.db, request.query.is_active),
    );
    app.get(
      LOM_PATHS.detail,
      {
        config: { guard: 'LOMS' },
        schema: { tags, summary: 'Карточка ЛОМ', params: lomIdParams, response: { 200: lomDetailSchema } },
      },
      async (request) => lomDetail(ctx.db, request.params.id, currentUser(request)),
    );
    app.patch(
      LOM_PATHS.switchFavourite,
      {
        config: { guard: 'FAVORITE_LOMS' },
        schema: {
          tags,
          summary: 'Добавить ЛОМ в избранное или убрать из него',
          params: lomIdParams,
          response: { 200: lomFavouriteResponse },
        },
      },
      async (request) => switchFavourite(ctx.db, request.params.id, currentUser(request)),
    );
    for (const [path, isActive] of [
      [LOM_PATHS.activate, true],
      [LOM_PATHS.deactivate, false],
    ] as const) {
      app.patch(
        path,
        {
          config: { guard: 'EDIT_LOM' },
          schema: {
            tags,
            summary: isActive ? 'Включить ЛОМ' : 'Выключить ЛОМ',
            params: lomIdParams,
            response: { 200: lomActiveResponse },
          },
        },
        async (request) => setLomActive(ctx.db, request.params.id, isActive, currentUser(request)),
      );
    }
  };
}
