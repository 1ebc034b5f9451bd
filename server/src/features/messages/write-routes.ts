import {
  approveMessagesBody,
  createMessageBody,
  filteredMassUpdateBody,
  MESSAGE_FLAG_CALLS,
  messageEditResult,
  messageIdParams,
  messageMassFieldsBody,
  messagePersonalTagParams,
  messagePersonalTagsBody,
  messagePersonalTagsResult,
  messageRubricsBody,
  updatedCountResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { createMessage } from './write-create.ts';
import { massEditByFilter, massEditByIds } from './write-mass.ts';
import { messagePartsRoutes } from './write-routes-parts.ts';
import * as service from './write-service.ts';

const tags = ['messages'];

/** The editors' write calls on messages (api.md §7.8); parts and markups are in write-routes-parts.ts. */
export function messageWriteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(messagePartsRoutes(ctx));

    // The spec names verify, se-verify, delay and archive unversioned and adds trash and
    // verify_ai on v2; every toggle is served on both so a client may use either.
    for (const version of ['v1', 'v2']) {
      for (const call of MESSAGE_FLAG_CALLS) {
        app.patch(
          `/api/${version}/messages/:id/${call}/`,
          {
            config: { guard: call === 'se-verify' ? 'SUPER_EDITOR_STATUS' : 'EDIT_MESSAGE_ATTRIBUTES' },
            schema: {
              tags,
              summary: `Переключить флаг сообщения (${call})`,
              params: messageIdParams,
              response: { 200: messageEditResult },
            },
          },
          async (request) => service.toggleFlag(ctx.db, currentUser(request).id, request.params.id, call),
        );
      }
    }

    app.post(
      '/api/v3/messages/messages-verify/',
      {
        config: { guard: 'SUPER_EDITOR_STATUS' },
        schema: {
          tags,
          summary: 'Одобрить сообщения (супер-редактор)',
          body: approveMessagesBody,
          response: { 202: updatedCountResponse },
        },
      },
      async (request, reply) => {
        const updated = await service.approveMessages(ctx.db, currentUser(request).id, request.body.messages);
        return reply.code(202).send({ updated });
      },
    );

    app.patch(
      '/api/v3/messages/fields/',
      {
        config: { guard: 'MASS_EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: 'Массовое изменение полей сообщений',
          body: messageMassFieldsBody,
          response: { 200: updatedCountResponse },
        },
      },
      async (request) => {
        const { ids, ...fields } = request.body;
        return { updated: await massEditByIds(ctx.db, currentUser(request).id, ids, fields) };
      },
    );

    app.patch(
      '/api/v1/messages/filtered-message-mass-update/',
      {
        config: { guard: 'MASS_EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: 'Изменение полей всех сообщений по фильтру (одна транзакция)',
          body: filteredMassUpdateBody,
          response: { 200: updatedCountResponse },
        },
      },
      async (request) => {
        const { filter, fields } = request.body;
        return { updated: await massEditByFilter(ctx.db, currentUser(request).id, filter, fields) };
      },
    );

    for (const [method, add] of [
      ['PATCH', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/api/v3/messages/:id/rubrics/',
        config: { guard: 'EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: add ? 'Добавить рубрики сообщению' : 'Убрать рубрики у сообщения',
          params: messageIdParams,
          body: messageRubricsBody,
          response: { 200: messageEditResult },
        },
        handler: async (request) =>
          service.changeRubrics(
            ctx.db,
            currentUser(request).id,
            request.params.id,
            request.body.rubrics_id,
            add,
          ),
      });
    }

    app.patch(
      '/api/v3/messages/:id/personal_tags/',
      {
        config: { guard: 'PERSONAL_TAGS' },
        schema: {
          tags,
          summary: 'Задать свои персональные метки сообщения',
          params: messageIdParams,
          body: messagePersonalTagsBody,
          response: { 200: messagePersonalTagsResult },
        },
      },
      async (request) =>
        service.setPersonalTags(
          ctx.db,
          currentUser(request).id,
          request.params.id,
          request.body.personal_tags,
        ),
    );

    app.delete(
      '/api/v3/messages/:id/personal-tags/:tagId/',
      {
        config: { guard: 'PERSONAL_TAGS' },
        schema: {
          tags,
          summary: 'Снять свою персональную метку с сообщения',
          params: messagePersonalTagParams,
          response: { 200: messagePersonalTagsResult },
        },
      },
      async (request) =>
        service.removePersonalTag(ctx.db, currentUser(request).id, request.params.id, request.params.tagId),
    );

    app.post(
      '/api/v1/messages/:id/convert-from-ai/',
      {
        config: { guard: 'EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: 'Принять разметку ИИ и перевести сообщение на редактирование',
          params: messageIdParams,
          response: { 200: messageEditResult },
        },
      },
      async (request) => service.convertFromAi(ctx.db, currentUser(request).id, request.params.id),
    );

    app.post(
      '/api/v1/messages/',
      {
        config: { guard: 'CREATE_MESSAGE' },
        schema: {
          tags,
          summary: 'Создать сообщение вручную',
          body: createMessageBody,
          response: { 201: messageEditResult },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createMessage(ctx.db, currentUser(request).id, request.body)),
    );
  };
}
