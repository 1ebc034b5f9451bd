import {
  fragmentDeletionBody,
  fragmentResult,
  manualQuoteBody,
  markupCreateBody,
  markupPatchBody,
  markupResult,
  messageEditResult,
  messageFragmentBody,
  messageIdParams,
  messageInfoReasonBody,
  messageInfoReasonDeleteBody,
  messageQuoteBody,
  messageThemeBody,
  messageThemeDeleteBody,
  personalThemeResult,
  quoteResult,
  savePersonalThemeBody,
  speakerBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { createManualQuote, savePersonalTheme } from './write-create.ts';
import * as markups from './write-markups.ts';
import * as parts from './write-parts.ts';
import * as themes from './write-themes.ts';

const tags = ['messages'];
const EDIT = { guard: 'EDIT_MESSAGE_ATTRIBUTES' } as const;

/** Quotes, fragments, themes, info reasons, speech data and markups of a message (api.md §7.8). */
export function messagePartsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/messages/:id/quote/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Цитата из сообщения',
          params: messageIdParams,
          body: messageQuoteBody,
          response: { 201: quoteResult },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await parts.quoteFromMessage(ctx.db, currentUser(request).id, request.params.id, request.body),
          ),
    );

    app.post(
      '/api/v1/messages/:id/fragment/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Фрагмент сообщения по выделению текста',
          params: messageIdParams,
          body: messageFragmentBody,
          response: { 201: fragmentResult },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await parts.createFragment(ctx.db, currentUser(request).id, request.params.id, request.body)),
    );

    app.post(
      '/api/v1/messages/:id/theme/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Добавить тему сообщению',
          params: messageIdParams,
          body: messageThemeBody,
          response: { 200: messageEditResult },
        },
      },
      async (request) =>
        themes.addTheme(ctx.db, currentUser(request).id, request.params.id, request.body.theme_id),
    );

    app.delete(
      '/api/v1/messages/:id/theme/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Убрать темы у сообщения',
          params: messageIdParams,
          body: messageThemeDeleteBody,
          response: { 200: messageEditResult },
        },
      },
      async (request) =>
        themes.removeThemes(ctx.db, currentUser(request).id, request.params.id, request.body.theme_ids),
    );

    app.post(
      '/api/v1/messages/:id/info-reason/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Задать инфоповод сообщения',
          params: messageIdParams,
          body: messageInfoReasonBody,
          response: { 200: messageEditResult },
        },
      },
      async (request) =>
        themes.setInfoReason(
          ctx.db,
          currentUser(request).id,
          request.params.id,
          request.body.info_reason_id,
          request.body.theme_id,
        ),
    );

    app.delete(
      '/api/v1/messages/:id/info_reason/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Убрать инфоповод сообщения',
          params: messageIdParams,
          body: messageInfoReasonDeleteBody,
          response: { 200: messageEditResult },
        },
      },
      async (request) =>
        themes.removeInfoReason(
          ctx.db,
          currentUser(request).id,
          request.params.id,
          request.body?.info_reason_id,
        ),
    );

    app.delete(
      '/api/v3/messages/fragment-deletion/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Удалить фрагменты сообщений',
          body: fragmentDeletionBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await parts.deleteMessageFragments(
          ctx.db,
          currentUser(request).id,
          request.body.messages,
          request.body.fragments,
        );
        return reply.code(204).send(null);
      },
    );

    app.patch(
      '/api/v1/messages/:id/add-speaker/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Указать спикера сообщения',
          params: messageIdParams,
          body: speakerBody,
          response: { 200: messageEditResult },
        },
      },
      async (request) => parts.addSpeaker(ctx.db, currentUser(request).id, request.params.id, request.body),
    );

    app.patch(
      '/api/v1/messages/:id/del-speaker/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Убрать спикера сообщения',
          params: messageIdParams,
          response: { 200: messageEditResult },
        },
      },
      async (request) => parts.removeSpeaker(ctx.db, currentUser(request).id, request.params.id),
    );

    app.patch(
      '/api/v1/messages/:id/merge-speech-data/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Перенести данные речи сообщения на его цитаты и фрагменты',
          params: messageIdParams,
          response: { 200: messageEditResult },
        },
      },
      async (request) => parts.mergeSpeechData(ctx.db, currentUser(request).id, request.params.id),
    );

    app.post(
      '/api/v1/messages/create-manual-quote/',
      {
        // Content made by hand, like a manual message (docs/permissions.md).
        config: { guard: 'CREATE_MESSAGE' },
        schema: {
          tags,
          summary: 'Создать цитату вручную',
          body: manualQuoteBody,
          response: { 201: quoteResult },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createManualQuote(ctx.db, currentUser(request).id, request.body)),
    );

    app.post(
      '/api/v1/messages/save_personal_theme/',
      {
        config: { guard: 'CREATE_PERSONAL_THEME' },
        schema: {
          tags,
          summary: 'Сохранить фильтр сообщений как персональную тему',
          body: savePersonalThemeBody,
          response: { 201: personalThemeResult },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await savePersonalTheme(ctx.db, currentUser(request).id, request.body)),
    );

    app.post(
      '/api/v3/message_markups/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Добавить разметку сообщения',
          body: markupCreateBody,
          response: { 201: markupResult },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await markups.createMarkup(ctx.db, currentUser(request).id, request.body)),
    );

    app.patch(
      '/api/v3/message_markups/:id/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Изменить разметку сообщения',
          params: messageIdParams,
          body: markupPatchBody,
          response: { 200: markupResult },
        },
      },
      async (request) =>
        markups.updateMarkup(ctx.db, currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/v3/message_markups/:id/',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Удалить разметку сообщения',
          params: messageIdParams,
          response: { 200: markupResult },
        },
      },
      async (request) => markups.deleteMarkup(ctx.db, currentUser(request).id, request.params.id),
    );
  };
}
