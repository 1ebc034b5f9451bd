import {
  FRAGMENT_PATHS,
  fragmentEditBody,
  fragmentFieldsBody,
  fragmentIdParams,
  fragmentIdsParams,
  fragmentInfoReasonDeleteBody,
  fragmentListQuery,
  fragmentListResponse,
  fragmentMoodAiBody,
  fragmentQuoteBody,
  fragmentResult,
  fragmentThemeDeleteBody,
  MESSAGE_PATHS,
  messageEditResult,
  messageFragmentFieldsBody,
  quoteResult,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { listFragments } from './list-queries.ts';
import * as service from './service.ts';

const tags = ['fragments'];
const EDIT = { guard: 'EDIT_MESSAGE_ATTRIBUTES' } as const;

/** Fragments (api.md §7.7) and messages/fragment_fields/ of §7.8. */
export function fragmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      FRAGMENT_PATHS.list,
      {
        config: { guard: 'MESSAGES' },
        schema: {
          tags,
          summary: 'Фрагменты сообщений за период',
          querystring: fragmentListQuery,
          response: { 200: fragmentListResponse },
        },
      },
      async (request) => listFragments(ctx.db, request.query),
    );

    app.patch(
      FRAGMENT_PATHS.moodAi,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Тональность фрагмента по ИИ',
          params: fragmentIdParams,
          body: fragmentMoodAiBody,
          response: { 200: fragmentResult },
        },
      },
      async (request) =>
        service.setMoodAi(ctx.db, currentUser(request).id, request.params.id, request.body.mood_ai),
    );

    app.patch(
      FRAGMENT_PATHS.edit,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Изменить фрагмент',
          params: fragmentIdParams,
          body: fragmentEditBody,
          response: { 200: fragmentResult },
        },
      },
      async (request) =>
        service.editFragment(ctx.db, currentUser(request).id, request.params.id, request.body),
    );

    app.post(
      FRAGMENT_PATHS.quote,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Цитата из фрагмента',
          params: fragmentIdParams,
          body: fragmentQuoteBody,
          response: { 201: quoteResult },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.quoteFromFragment(
              ctx.db,
              currentUser(request).id,
              request.params.id,
              request.body.text,
            ),
          ),
    );

    app.delete(
      FRAGMENT_PATHS.detail,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Удалить фрагмент',
          params: fragmentIdParams,
          response: { 200: messageEditResult },
        },
      },
      async (request) => service.deleteFragment(ctx.db, currentUser(request).id, request.params.id),
    );

    app.patch(
      FRAGMENT_PATHS.fields,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Изменить поля нескольких фрагментов (ids через запятую)',
          params: fragmentIdsParams,
          body: fragmentFieldsBody,
          response: { 200: z.array(fragmentResult) },
        },
      },
      async (request) =>
        service.fragmentsFields(ctx.db, currentUser(request).id, request.params.ids, request.body),
    );

    app.delete(
      FRAGMENT_PATHS.theme,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Убрать тему фрагмента',
          params: fragmentIdParams,
          body: fragmentThemeDeleteBody,
          response: { 200: fragmentResult },
        },
      },
      async (request) =>
        service.removeFragmentTheme(
          ctx.db,
          currentUser(request).id,
          request.params.id,
          request.body.theme_id,
        ),
    );

    app.delete(
      FRAGMENT_PATHS.infoReason,
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Убрать инфоповод фрагмента',
          params: fragmentIdParams,
          body: fragmentInfoReasonDeleteBody,
          response: { 200: fragmentResult },
        },
      },
      async (request) =>
        service.removeFragmentInfoReason(
          ctx.db,
          currentUser(request).id,
          request.params.id,
          request.body.info_reason_id,
        ),
    );

    app.patch(
      MESSAGE_PATHS.fragmentFields,
      {
        config: { guard: 'MASS_EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: 'Изменить поля фрагментов сообщений (422 при конфликте)',
          body: messageFragmentFieldsBody,
          response: { 200: z.array(fragmentResult) },
        },
      },
      async (request) => {
        const { ids, fragment_ids, ...fields } = request.body;
        return service.messageFragmentFields(ctx.db, currentUser(request).id, ids, fragment_ids, fields);
      },
    );
  };
}
