import {
  COMMENT_PATHS,
  commentsQuery,
  listEnvelope,
  lomStatItem,
  MESSAGE_PATHS,
  MESSAGE_V2_PATHS,
  messageComment,
  messageDetailQuery,
  messageDetail as messageDetailSchema,
  messageFilterQuery,
  messageIdParams,
  messageListItem,
  messageListQuery,
  messageLomStatQuery,
  moodTableResponse,
  oneCommentResponse,
  paginationCountResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { commentsPaginationCount, listComments, oneCommentByMessage } from './read-comments.ts';
import { listMessages, messageDetail, messagesPaginationCount } from './read-service.ts';
import { messageLomStat, messageMoodTable } from './read-stats-service.ts';

const tags = ['messages'];
const guard = 'MESSAGES' as const;

/** GET calls of api.md §7.8: lists, counts, the detail, mood table, lom stat and comments. */
export function messageReadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec names the list, its count and the detail on v2 and v3: both are served.
    for (const paths of [MESSAGE_V2_PATHS, MESSAGE_PATHS]) {
      app.get(
        paths.list,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Список сообщений по фильтру',
            querystring: messageListQuery,
            response: { 200: listEnvelope(messageListItem) },
          },
        },
        async (request) => listMessages(ctx.db, request.query, currentUser(request)),
      );
      app.get(
        paths.paginationCount,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Число сообщений и страниц по фильтру',
            querystring: messageListQuery,
            response: { 200: paginationCountResponse },
          },
        },
        async (request) => messagesPaginationCount(ctx.db, request.query, currentUser(request)),
      );
      app.get(
        paths.detail,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Сообщение целиком (карточка редактора)',
            params: messageIdParams,
            querystring: messageDetailQuery,
            response: { 200: messageDetailSchema },
          },
        },
        async (request) =>
          messageDetail(ctx.db, request.params.id, currentUser(request), request.query.search || undefined),
      );
    }

    app.get(
      MESSAGE_PATHS.moodTable,
      {
        config: { guard: 'MESSAGE_STATISTICS' },
        schema: {
          tags,
          summary: 'Таблица тональностей по фильтру (только проверенные сообщения)',
          querystring: messageFilterQuery,
          response: { 200: moodTableResponse },
        },
      },
      async (request) => messageMoodTable(ctx.db, request.query, currentUser(request)),
    );
    app.get(
      MESSAGE_PATHS.lomStat,
      {
        config: { guard: 'MESSAGE_STATISTICS' },
        schema: {
          tags,
          summary: 'Статистика ЛОМ по фильтру сообщений',
          querystring: messageLomStatQuery,
          response: { 200: listEnvelope(lomStatItem) },
        },
      },
      async (request) => messageLomStat(ctx.db, request.query, currentUser(request)),
    );

    // The spec lists comment/, pagination_count/ and one_comment_by_message/ among the
    // message calls without their prefix: both spellings are served.
    for (const paths of [MESSAGE_PATHS, COMMENT_PATHS]) {
      app.get(
        paths.comments,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Комментарии к сообщению',
            querystring: commentsQuery,
            response: { 200: listEnvelope(messageComment) },
          },
        },
        async (request) => {
          const { message, page, page_size } = request.query;
          return listComments(ctx.db, message, page, page_size);
        },
      );
      app.get(
        paths.commentsCount,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Число комментариев к сообщению',
            querystring: commentsQuery,
            response: { 200: paginationCountResponse },
          },
        },
        async (request) => commentsPaginationCount(ctx.db, request.query.message, request.query.page_size),
      );
      app.get(
        paths.oneComment,
        {
          config: { guard },
          schema: {
            tags,
            summary: 'Главный комментарий сообщения',
            querystring: commentsQuery,
            response: { 200: oneCommentResponse },
          },
        },
        async (request) => oneCommentByMessage(ctx.db, request.query.message),
      );
    }
  };
}
