import {
  listEnvelope,
  RUBRIC_PATHS,
  rubricCreateBody,
  rubricIdParams,
  rubricItem,
  rubricListQuery,
  rubricLomItem,
  rubricLomsQuery,
  rubricPeriodQuery,
  rubricUpdateBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { changeRubric, createRubric, getRubric, listRubrics, removeRubric, rubricLoms } from './service.ts';

const tags = ['rubrics'];
/** The segments page (view_rubrics ↔ RUBRICS) and the rubrics admin page read the same lists. */
const read = { guard: { anyOf: ['RUBRICS', 'view_rubric_admin'] } } as const;
/** Rubrics are edited on the admin page /admin-panel/rubrics, so its own admin view guards the changes. */
const write = { guard: 'view_rubric_admin' } as const;

/** api.md §7.3 Rubrics (the v1 pick list rubrics/filter-list/ lives with the directories). */
export function rubricRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    app.get(
      RUBRIC_PATHS.list,
      {
        config: read,
        schema: {
          tags,
          summary: 'Рубрики (сегменты) с суммами за период',
          querystring: rubricListQuery,
          response: { 200: listEnvelope(rubricItem) },
        },
      },
      async (request) => listRubrics(db, request.query),
    );
    app.post(
      RUBRIC_PATHS.list,
      {
        config: write,
        schema: {
          tags,
          summary: 'Создать рубрику (name, type, themes)',
          body: rubricCreateBody,
          response: { 201: rubricItem },
        },
      },
      async (request, reply) => {
        const rubric = await createRubric(db, currentUser(request), request.body);
        return reply.status(201).send(rubric);
      },
    );
    app.get(
      RUBRIC_PATHS.detail,
      {
        config: read,
        schema: {
          tags,
          summary: 'Рубрика с суммами за период',
          params: rubricIdParams,
          querystring: rubricPeriodQuery,
          response: { 200: rubricItem },
        },
      },
      async (request) => getRubric(db, request.params.id, request.query),
    );
    app.put(
      RUBRIC_PATHS.detail,
      {
        config: write,
        schema: {
          tags,
          summary: 'Изменить рубрику (name, type, archived, themes)',
          params: rubricIdParams,
          body: rubricUpdateBody,
          response: { 200: rubricItem },
        },
      },
      async (request) => changeRubric(db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      RUBRIC_PATHS.detail,
      {
        config: write,
        schema: {
          tags,
          summary: 'Удалить рубрику (и снять её с сообщений)',
          params: rubricIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeRubric(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      RUBRIC_PATHS.loms,
      {
        config: read,
        schema: {
          tags,
          summary: 'ЛОМ рубрики: сообщения, Si, просмотры и таблица тональности за период',
          params: rubricIdParams,
          querystring: rubricLomsQuery,
          response: { 200: listEnvelope(rubricLomItem) },
        },
      },
      async (request) => rubricLoms(db, request.params.id, request.query),
    );
  };
}
