import {
  listEnvelope,
  THEME_RELATION_PATHS,
  themeRelationDetail,
  themeRelationGraph,
  themeRelationGraphQuery,
  themeRelationItem,
  themeRelationListQuery,
  themeRelationMoodTable,
  themeRelationParams,
  themeRelationQuery,
  themeRelationSourceStats,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import {
  relationDetail,
  relationGraph,
  relationList,
  relationMoodTable,
  relationSourceStats,
} from './service.ts';

const tags = ['theme-relation'];
/** Like the themes table: the themes page or the admin themes list. */
const view = { guard: { anyOf: ['THEMES', 'view_theme_admin'] } } as const;

/** api.md §7.6 "Theme relation" (docs/theme-relations.md). */
export function themeRelationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    app.get(
      THEME_RELATION_PATHS.list,
      {
        config: view,
        schema: {
          tags,
          summary: 'Темы, о которых писали ЛОМ за период (по числу сообщений)',
          querystring: themeRelationListQuery,
          response: { 200: listEnvelope(themeRelationItem) },
        },
      },
      async (request) => relationList(db, request.query),
    );
    app.get(
      THEME_RELATION_PATHS.detail,
      {
        config: view,
        schema: {
          tags,
          summary: 'Тема глазами ЛОМ: суммы за период и первые ЛОМ',
          params: themeRelationParams,
          querystring: themeRelationQuery,
          response: { 200: themeRelationDetail },
        },
      },
      async (request) => relationDetail(db, request.params.id, request.query),
    );
    app.get(
      THEME_RELATION_PATHS.moodTable,
      {
        config: view,
        schema: {
          tags,
          summary: 'Таблица тональностей темы по ЛОМ (проверенные сообщения)',
          params: themeRelationParams,
          querystring: themeRelationQuery,
          response: { 200: themeRelationMoodTable },
        },
      },
      async (request) => relationMoodTable(db, request.params.id, request.query),
    );
    app.get(
      THEME_RELATION_PATHS.sourceStats,
      {
        config: view,
        schema: {
          tags,
          summary: 'Сообщения темы по источникам',
          params: themeRelationParams,
          querystring: themeRelationQuery,
          response: { 200: themeRelationSourceStats },
        },
      },
      async (request) => relationSourceStats(db, request.params.id, request.query),
    );
    app.get(
      THEME_RELATION_PATHS.graph,
      {
        config: view,
        schema: {
          tags,
          summary: 'График темы по дням периода',
          params: themeRelationParams,
          querystring: themeRelationGraphQuery,
          response: { 200: themeRelationGraph },
        },
      },
      async (request) => relationGraph(db, request.params.id, request.query),
    );
  };
}
