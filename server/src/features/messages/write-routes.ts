import {
  approveMessagesBody,
  createMessageBody,
  filteredMassUpdateBody,
  MESSAGE_FLAG_CALLS,
  MESSAGE_FLAG_PATHS,
  MESSAGE_PATHS,
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
    for (const paths of [MESSAGE_FLAG_PATHS.v1, MESSAGE_FLAG_PATHS.v2]) {
      for (const call of MESSAGE_FLAG_CALLS) {
        app.patch(
          paths[call],
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
      MESSAGE_PATHS.approve,
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
      MESSAGE_PATHS.fields,
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
      MESSAGE_PATHS.massUpdateByFilter,
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
        url: MESSAGE_PATHS.rubrics,
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
      MESSAGE_PATHS.personalTags,
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
      MESSAGE_PATHS.personalTag,
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
      MESSAGE_PATHS.convertFromAi,
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
      MESSAGE_PATHS.create,
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
