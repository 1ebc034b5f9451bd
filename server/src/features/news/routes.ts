import {
  idParams,
  listNewsQuery,
  listNewsResponse,
  NEWS_PATHS,
  newsDetail as newsDetailSchema,
  newsListQuery,
  newsListResponse,
  newsMessagesPageQuery,
  newsMessagesQuery,
  newsMessagesResponse,
  newsStatisticsQuery,
  newsStatisticsResponse,
  newsStoryMessagesResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { listNews, listStories, newsDetail, newsMessages, newsStatistics, storyMessages } from './service.ts';

const tags = ['news'];
/** product.md §2: the news pages are view_reports's (its counterpart NEWS passes too). */
const guard = 'view_reports' as const;

/** api.md §7.10 and §7.6: news stories, their statistic and their messages (docs/news.md). */
export function newsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      NEWS_PATHS.list,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Новости периода',
          querystring: newsListQuery,
          response: { 200: newsListResponse },
        },
      },
      async (request) => listStories(ctx.db, request.query),
    );
    app.get(
      NEWS_PATHS.detail,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Новость: текст и статистика',
          params: idParams,
          response: { 200: newsDetailSchema },
        },
      },
      async (request) => newsDetail(ctx.db, request.params.id),
    );
    app.get(
      NEWS_PATHS.statistics,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Новости периода с суммарным Si, просмотрами и тональностью',
          querystring: newsStatisticsQuery,
          response: { 200: newsStatisticsResponse },
        },
      },
      async (request) => newsStatistics(ctx.db, request.query),
    );
    app.get(
      NEWS_PATHS.storyMessages,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Сообщения новости',
          params: idParams,
          querystring: newsMessagesPageQuery,
          response: { 200: newsStoryMessagesResponse },
        },
      },
      async (request) => storyMessages(ctx.db, request.params.id, request.query),
    );
    app.get(
      NEWS_PATHS.listNews,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Список новостей для выбора',
          querystring: listNewsQuery,
          response: { 200: listNewsResponse },
        },
      },
      async (request) => listNews(ctx.db, request.query),
    );
    app.get(
      NEWS_PATHS.messages,
      {
        config: { guard },
        schema: {
          tags,
          summary: 'Сообщения новостей',
          querystring: newsMessagesQuery,
          response: { 200: newsMessagesResponse },
        },
      },
      async (request) => newsMessages(ctx.db, request.query),
    );
  };
}
