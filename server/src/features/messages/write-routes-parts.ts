import {
  fragmentDeletionBody,
  fragmentResult,
  MESSAGE_PATHS,
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
  PERSONAL_THEME_PATHS,
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
      MESSAGE_PATHS.quote,
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
      MESSAGE_PATHS.fragment,
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
      MESSAGE_PATHS.theme,
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
      MESSAGE_PATHS.theme,
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
      MESSAGE_PATHS.infoReason,
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
      MESSAGE_PATHS.infoReasonDelete,
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
      MESSAGE_PATHS.fragmentDeletion,
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
      MESSAGE_PATHS.addSpeaker,
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
      MESSAGE_PATHS.delSpeaker,
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
      MESSAGE_PATHS.mergeSpeechData,
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
      MESSAGE_PATHS.manualQuote,
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
      PERSONAL_THEME_PATHS.create,
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
      MESSAGE_PATHS.markups,
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
      MESSAGE_PATHS.markup,
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
      MESSAGE_PATHS.markup,
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
