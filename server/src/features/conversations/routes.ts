import {
  CONVERSATION_PATHS,
  conversationDetail as conversationDetailSchema,
  conversationListQuery,
  conversationListResponse,
  idParams,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { conversationDetail, listConversations } from './service.ts';

const tags = ['conversations'];

/** api.md §7.10 conversations/ and {id}/: the CONVERSATIONS page's calls (docs/conversations.md). */
export function conversationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CONVERSATION_PATHS.list,
      {
        config: { guard: 'CONVERSATIONS' },
        schema: {
          tags,
          summary: 'Эфиры: название, дата, канал, Si, просмотры',
          querystring: conversationListQuery,
          response: { 200: conversationListResponse },
        },
      },
      async (request) => listConversations(ctx.db, request.query),
    );
    app.get(
      CONVERSATION_PATHS.detail,
      {
        config: { guard: 'CONVERSATIONS' },
        schema: {
          tags,
          summary: 'Эфир: источник, статистика, расшифровка и темы',
          params: idParams,
          response: { 200: conversationDetailSchema },
        },
      },
      async (request) => conversationDetail(ctx.db, request.params.id),
    );
  };
}
