import {
  ADMIN_LOM_PATHS,
  ADMIN_LOM_SOURCE_PATHS,
  ADMIN_MLG_REPORT_PATHS,
  adminLomActiveResult,
  adminLomBody,
  adminLomDeactivateManyResult,
  adminLomItem,
  adminLomListQuery,
  adminLomMergeResult,
  adminLomSourceItem,
  adminLomSourceListQuery,
  adminMlgLoadResult,
  adminMlgMassDeleteQuery,
  adminMlgMassDeleteResult,
  adminMlgReportCreateBody,
  adminMlgReportItem,
  adminMlgReportListQuery,
  adminQuerysetBody,
  idParams,
  listEnvelope,
  loadProbableLomsResult,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import * as mlg from './mlg-service.ts';
import * as service from './service.ts';

const tags = ['admin'];
/** /admin-panel/sources. */
const sourcesGuard = { guard: 'view_lomsource_admin' } as const;
/** /admin-panel/loms. */
const lomsGuard = { guard: 'view_lom_admin' } as const;
/** /admin-panel/mlg-report: any admin view permission (product.md §6, page-permissions.ts). */
const reportsGuard = { guard: 'ADMIN_PANEL' } as const;

/** api.md §7.2: admin/lom-sources/, admin/loms/, admin/reports-mlg/ (docs/admin-loms.md). */
export function adminLomRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    const S = ADMIN_LOM_SOURCE_PATHS;
    const L = ADMIN_LOM_PATHS;
    const R = ADMIN_MLG_REPORT_PATHS;

    app.get(
      S.list,
      {
        config: sourcesGuard,
        schema: {
          tags,
          summary: 'Аккаунты ЛОМ (filter, lom_isnull, probable_loms_isnull, source, is_active)',
          querystring: adminLomSourceListQuery,
          response: { 200: listEnvelope(adminLomSourceItem) },
        },
      },
      async (request) => service.listLomSources(db, request.query),
    );
    app.post(
      S.addLom,
      {
        config: sourcesGuard,
        schema: {
          tags,
          summary: 'Привязать аккаунт (и его сообщения) к ЛОМ',
          params: idParams,
          body: adminLomBody,
          response: { 200: adminLomSourceItem },
        },
      },
      async (request) =>
        service.addLomToSource(db, request.params.id, request.body.lom, currentUser(request)),
    );
    app.patch(
      S.deactivate,
      {
        config: sourcesGuard,
        schema: {
          tags,
          summary: 'Отключить аккаунт',
          params: idParams,
          response: { 200: adminLomSourceItem },
        },
      },
      async (request) => service.deactivateSource(db, request.params.id, currentUser(request)),
    );
    app.post(
      S.addProbableLom,
      {
        config: sourcesGuard,
        schema: {
          tags,
          summary: 'Указать вероятный ЛОМ аккаунта',
          params: idParams,
          body: adminLomBody,
          response: { 200: adminLomSourceItem },
        },
      },
      async (request) =>
        service.addProbableLom(db, request.params.id, request.body.lom, currentUser(request)),
    );
    app.post(
      S.loadProbableLoms,
      {
        config: sourcesGuard,
        schema: {
          tags,
          summary: 'Подобрать вероятных ЛОМ для аккаунтов без ЛОМ',
          response: { 200: loadProbableLomsResult },
        },
      },
      async (request) => service.loadProbableLoms(db, currentUser(request)),
    );

    app.get(
      L.list,
      {
        config: lomsGuard,
        schema: {
          tags,
          summary: 'ЛОМ для администрирования (filter, is_active)',
          querystring: adminLomListQuery,
          response: { 200: listEnvelope(adminLomItem) },
        },
      },
      async (request) => service.listLoms(db, request.query),
    );
    app.post(
      L.merge,
      {
        config: lomsGuard,
        schema: {
          tags,
          summary: 'Объединить ЛОМ queryset в ЛОМ {id}',
          params: idParams,
          body: adminQuerysetBody,
          response: { 200: adminLomMergeResult },
        },
      },
      async (request) =>
        service.mergeLoms(db, request.params.id, request.body.queryset, currentUser(request)),
    );
    app.patch(
      L.deactivate,
      {
        config: lomsGuard,
        schema: {
          tags,
          summary: 'Отключить ЛОМ',
          params: idParams,
          response: { 200: adminLomActiveResult },
        },
      },
      async (request) => service.deactivateLom(db, request.params.id, currentUser(request)),
    );
    app.post(
      L.deactivateMany,
      {
        config: lomsGuard,
        schema: {
          tags,
          summary: 'Отключить несколько ЛОМ',
          body: adminQuerysetBody,
          response: { 200: adminLomDeactivateManyResult },
        },
      },
      async (request) => service.deactivateLoms(db, request.body.queryset, currentUser(request)),
    );

    app.get(
      R.list,
      {
        config: reportsGuard,
        schema: {
          tags,
          summary: 'Отчёты МЛГ (search)',
          querystring: adminMlgReportListQuery,
          response: { 200: listEnvelope(adminMlgReportItem) },
        },
      },
      async (request) => mlg.listReports(db, request.query),
    );
    app.post(
      R.list,
      {
        config: reportsGuard,
        schema: {
          tags,
          summary: 'Завести отчёт МЛГ по номеру (report_id, title, lom_sources)',
          body: adminMlgReportCreateBody,
          response: { 201: adminMlgReportItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await mlg.createReport(db, request.body, currentUser(request))),
    );
    app.delete(
      R.massDelete,
      {
        config: reportsGuard,
        schema: {
          tags,
          summary: 'Удалить отчёты МЛГ по номерам (report_id_in)',
          querystring: adminMlgMassDeleteQuery,
          response: { 200: adminMlgMassDeleteResult },
        },
      },
      async (request) => mlg.massDeleteReports(db, request.query.report_id_in, currentUser(request)),
    );
    app.delete(
      R.detail,
      {
        config: reportsGuard,
        schema: { tags, summary: 'Удалить отчёт МЛГ', params: idParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await mlg.deleteReport(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
    app.get(
      R.load,
      {
        config: reportsGuard,
        schema: {
          tags,
          summary: 'Загрузить отчёт МЛГ: собрать его ЛОМ по аккаунтам',
          params: idParams,
          response: { 200: adminMlgLoadResult },
        },
      },
      async (request) => mlg.loadReport(db, request.params.id, currentUser(request)),
    );
  };
}
