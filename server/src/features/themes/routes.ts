import {
  listEnvelope,
  paginationCountResponse,
  THEME_LIST_PATHS,
  THEME_WRITE_PATHS,
  themeAiCreateBody,
  themeApproveBody,
  themeApproveResult,
  themeCreateBody,
  themeDetail,
  themeFavoriteResult,
  themeHideResult,
  themeIdParams,
  themeListCountQuery,
  themeListItem,
  themeListQuery,
  themeMassArchiveBody,
  themeMassArchiveResult,
  themeMergeBody,
  themeMergeResult,
  themeNameBody,
  themeUpdateBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { themeList, themeListCount } from './list-service.ts';
import {
  approveThemes,
  createAiTheme,
  createTheme,
  deleteTheme,
  massArchive,
  mergeTheme,
  themeDetail as readThemeDetail,
  renameTheme,
  switchFavourite,
  toggleHidden,
  updateThemeFields,
} from './service.ts';

const tags = ['themes'];
const edit = { guard: 'EDIT_THEME' } as const;
/** The themes table: the themes page (THEMES ↔ view_themes) or the admin themes list. */
const viewList = { guard: { anyOf: ['THEMES', 'view_theme_admin'] } } as const;

/** api.md §7.6: the theme card and the theme writes (docs/themes.md). */
export function themeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    app.get(
      THEME_LIST_PATHS.list,
      {
        config: viewList,
        schema: {
          tags,
          summary: 'Таблица тем с суммами за период (по умолчанию последние 30 дней)',
          querystring: themeListQuery,
          response: { 200: listEnvelope(themeListItem) },
        },
      },
      async (request) => themeList(db, request.query, currentUser(request)),
    );
    // A literal path: registered before `:id/` reads it, and the router prefers it anyway.
    app.get(
      THEME_LIST_PATHS.count,
      {
        config: viewList,
        schema: {
          tags,
          summary: 'Число тем и страниц таблицы тем',
          querystring: themeListCountQuery,
          response: { 200: paginationCountResponse },
        },
      },
      async (request) => themeListCount(db, request.query, currentUser(request)),
    );
    app.get(
      THEME_WRITE_PATHS.detail,
      {
        config: { guard: { anyOf: ['THEMES', 'THEME_DETAIL'] } },
        schema: { tags, summary: 'Тема', params: themeIdParams, response: { 200: themeDetail } },
      },
      async (request) => readThemeDetail(db, request.params.id, currentUser(request)),
    );
    app.post(
      THEME_LIST_PATHS.list,
      {
        config: { guard: 'CREATE_THEME' },
        schema: {
          tags,
          summary: 'Создать тему (без названия — «без имени»)',
          body: themeCreateBody,
          response: { 201: themeDetail },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createTheme(db, request.body, currentUser(request))),
    );
    app.post(
      THEME_WRITE_PATHS.createAi,
      {
        config: { guard: 'CREATE_AUTO_THEME' },
        schema: {
          tags,
          summary: 'Создать тему ИИ по названию',
          body: themeAiCreateBody,
          response: { 201: themeDetail },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAiTheme(db, request.body, currentUser(request))),
    );
    app.patch(
      THEME_WRITE_PATHS.massArchive,
      {
        // The same right as archiving one theme with PATCH {id}/ (EDIT_THEME, or ARCHIVE_THEME alone).
        config: { guard: { anyOf: ['EDIT_THEME', 'ARCHIVE_THEME'] } },
        schema: {
          tags,
          summary: 'Архивировать темы (archive по умолчанию true)',
          body: themeMassArchiveBody,
          response: { 200: themeMassArchiveResult },
        },
      },
      async (request) => massArchive(db, request.body, currentUser(request)),
    );
    app.post(
      THEME_WRITE_PATHS.approve,
      {
        config: edit,
        schema: {
          tags,
          summary: 'Утвердить темы',
          body: themeApproveBody,
          response: { 202: themeApproveResult },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await approveThemes(db, request.body.ids, currentUser(request))),
    );
    app.patch(
      THEME_WRITE_PATHS.detail,
      {
        // ARCHIVE_THEME alone may change `archived` only; the service checks the rest.
        config: { guard: { anyOf: ['EDIT_THEME', 'ARCHIVE_THEME'] } },
        schema: {
          tags,
          summary: 'Изменить поля темы',
          params: themeIdParams,
          body: themeUpdateBody,
          response: { 200: themeDetail },
        },
      },
      async (request) => updateThemeFields(db, request.params.id, request.body, currentUser(request)),
    );
    app.patch(
      THEME_WRITE_PATHS.name,
      {
        config: edit,
        schema: {
          tags,
          summary: 'Переименовать тему (пустое название — «без имени»)',
          params: themeIdParams,
          body: themeNameBody,
          response: { 200: themeDetail },
        },
      },
      async (request) => renameTheme(db, request.params.id, request.body.name, currentUser(request)),
    );
    app.patch(
      THEME_WRITE_PATHS.hide,
      {
        config: edit,
        schema: {
          tags,
          summary: 'Скрыть тему или показать снова (переключает hidden)',
          params: themeIdParams,
          response: { 200: themeHideResult },
        },
      },
      async (request) => toggleHidden(db, request.params.id, currentUser(request)),
    );
    app.patch(
      THEME_WRITE_PATHS.switchFavorite,
      {
        config: { guard: 'ADD_THEME_TO_FAVORITE' },
        schema: {
          tags,
          summary: 'Добавить тему в избранное или убрать',
          params: themeIdParams,
          response: { 200: themeFavoriteResult },
        },
      },
      async (request) => switchFavourite(db, request.params.id, currentUser(request)),
    );
    app.post(
      THEME_WRITE_PATHS.merge,
      {
        config: edit,
        schema: {
          tags,
          summary: 'Склеить тему с другой (theme): всё переносится, тема удаляется',
          params: themeIdParams,
          body: themeMergeBody,
          response: { 200: themeMergeResult },
        },
      },
      async (request) => mergeTheme(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      THEME_WRITE_PATHS.detail,
      {
        config: edit,
        schema: { tags, summary: 'Удалить тему', params: themeIdParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteTheme(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
  };
}
