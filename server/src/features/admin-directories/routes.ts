import {
  ADMIN_INFO_REASON_PATHS,
  ADMIN_RUBRIC_PATHS,
  ADMIN_THEME_PATHS,
  adminArchiveBody,
  adminClearThemeBody,
  adminConvertResult,
  adminConvertToThemeBody,
  adminDeactivateBody,
  adminInfoReasonItem,
  adminInfoReasonListQuery,
  adminInfoReasonMergeResult,
  adminMergeBody,
  adminRubricLomItem,
  adminRubricLomsBody,
  adminRubricLomsQuery,
  adminSetThemeBody,
  adminThemeItem,
  adminThemeListQuery,
  adminThemeMergeResult,
  adminUpdatedResult,
  idParams,
  listEnvelope,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  archiveInfoReason,
  clearTheme,
  convertToTheme,
  deactivateInfoReason,
  mergeInfoReasons,
  setTheme,
} from './info-reason-service.ts';
import { adminInfoReasonList, adminThemeList } from './list-service.ts';
import { changeRubricLoms, rubricMembers } from './rubric-service.ts';
import { archiveTheme, deactivateTheme, mergeThemes } from './theme-service.ts';

const tags = ['admin'];
const themes = { guard: 'view_theme_admin' } as const;
const infoReasons = { guard: 'view_inforeason_admin' } as const;
const rubrics = { guard: 'view_rubric_admin' } as const;

/** api.md §7.2: the admin themes and info reasons, and the lom membership of rubrics (docs/admin-directories.md). */
export function adminDirectoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    app.get(
      ADMIN_THEME_PATHS.list,
      {
        config: themes,
        schema: {
          tags,
          summary: 'Темы для администрирования (по умолчанию ai=false)',
          querystring: adminThemeListQuery,
          response: { 200: listEnvelope(adminThemeItem) },
        },
      },
      async (request) => adminThemeList(db, request.query),
    );
    app.post(
      ADMIN_THEME_PATHS.merge,
      {
        config: themes,
        schema: {
          tags,
          summary: 'Объединить темы queryset в тему {id}',
          params: idParams,
          body: adminMergeBody,
          response: { 200: adminThemeMergeResult },
        },
      },
      async (request) => mergeThemes(db, request.params.id, request.body.queryset, currentUser(request)),
    );
    app.post(
      ADMIN_THEME_PATHS.archive,
      {
        config: themes,
        schema: {
          tags,
          summary: 'Архивировать тему или вернуть из архива',
          params: idParams,
          body: adminArchiveBody,
          response: { 200: adminThemeItem },
        },
      },
      async (request) => archiveTheme(db, request.params.id, request.body.archive, currentUser(request)),
    );
    app.patch(
      ADMIN_THEME_PATHS.deactivate,
      {
        config: themes,
        schema: {
          tags,
          summary: 'Деактивировать тему ({active: true} — вернуть)',
          params: idParams,
          body: adminDeactivateBody,
          response: { 200: adminThemeItem },
        },
      },
      async (request) =>
        deactivateTheme(db, request.params.id, request.body?.active ?? false, currentUser(request)),
    );

    app.get(
      ADMIN_INFO_REASON_PATHS.list,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Инфоповоды для администрирования (по умолчанию ai=false)',
          querystring: adminInfoReasonListQuery,
          response: { 200: listEnvelope(adminInfoReasonItem) },
        },
      },
      async (request) => adminInfoReasonList(db, request.query),
    );
    app.post(
      ADMIN_INFO_REASON_PATHS.clearTheme,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Отвязать инфоповоды queryset от тем',
          body: adminClearThemeBody,
          response: { 200: adminUpdatedResult },
        },
      },
      async (request) => clearTheme(db, request.body.queryset, currentUser(request)),
    );
    app.patch(
      ADMIN_INFO_REASON_PATHS.convertToTheme,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Преобразовать инфоповоды в темы (include_markups — перенести разметку)',
          body: adminConvertToThemeBody,
          response: { 200: adminConvertResult },
        },
      },
      async (request) =>
        convertToTheme(db, request.body.ids, request.body.include_markups, currentUser(request)),
    );
    app.post(
      ADMIN_INFO_REASON_PATHS.merge,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Объединить инфоповоды queryset в инфоповод {id}',
          params: idParams,
          body: adminMergeBody,
          response: { 200: adminInfoReasonMergeResult },
        },
      },
      async (request) => mergeInfoReasons(db, request.params.id, request.body.queryset, currentUser(request)),
    );
    app.patch(
      ADMIN_INFO_REASON_PATHS.archive,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Архивировать инфоповод или вернуть из архива',
          params: idParams,
          body: adminArchiveBody,
          response: { 200: adminInfoReasonItem },
        },
      },
      async (request) => archiveInfoReason(db, request.params.id, request.body.archive, currentUser(request)),
    );
    app.patch(
      ADMIN_INFO_REASON_PATHS.deactivate,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Деактивировать инфоповод ({active: true} — вернуть)',
          params: idParams,
          body: adminDeactivateBody,
          response: { 200: adminInfoReasonItem },
        },
      },
      async (request) =>
        deactivateInfoReason(db, request.params.id, request.body?.active ?? false, currentUser(request)),
    );
    app.post(
      ADMIN_INFO_REASON_PATHS.setTheme,
      {
        config: infoReasons,
        schema: {
          tags,
          summary: 'Привязать инфоповод к теме',
          params: idParams,
          body: adminSetThemeBody,
          response: { 200: adminInfoReasonItem },
        },
      },
      async (request) => setTheme(db, request.params.id, request.body.theme, currentUser(request)),
    );

    app.get(
      ADMIN_RUBRIC_PATHS.loms,
      {
        config: rubrics,
        schema: {
          tags,
          summary: 'ЛОМ, входящие в рубрику (сегмент)',
          params: idParams,
          querystring: adminRubricLomsQuery,
          response: { 200: listEnvelope(adminRubricLomItem) },
        },
      },
      async (request) => rubricMembers(db, request.params.id, request.query),
    );
    app.post(
      ADMIN_RUBRIC_PATHS.addLoms,
      {
        config: rubrics,
        schema: {
          tags,
          summary: 'Добавить ЛОМ в рубрику',
          params: idParams,
          body: adminRubricLomsBody,
          response: { 200: adminUpdatedResult },
        },
      },
      async (request) =>
        changeRubricLoms(db, request.params.id, request.body.loms, true, currentUser(request)),
    );
    app.post(
      ADMIN_RUBRIC_PATHS.removeLoms,
      {
        config: rubrics,
        schema: {
          tags,
          summary: 'Убрать ЛОМ из рубрики',
          params: idParams,
          body: adminRubricLomsBody,
          response: { 200: adminUpdatedResult },
        },
      },
      async (request) =>
        changeRubricLoms(db, request.params.id, request.body.loms, false, currentUser(request)),
    );
  };
}
