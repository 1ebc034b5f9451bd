import {
  chartRequestBody,
  chartResponse,
  NEW_DASHBOARD_PATHS,
  newDashboardChartParams,
  newDashboardCreateBody,
  newDashboardIdParams,
  newDashboardItem,
  newDashboardListQuery,
  newDashboardListResponse,
  newDashboardPatchBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { dashboardChart } from './chart-service.ts';
import {
  createDashboard,
  getDashboard,
  listDashboards,
  removeDashboard,
  updateDashboard,
} from './service.ts';

const tags = ['new-dashboards'];
const guard = { guard: 'NEW_DASHBOARDS' } as const;

/** api.md §7.5 new-dashboards/ and the eight charts; every dashboard is the caller's own. docs/new-dashboards.md. */
export function newDashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      NEW_DASHBOARD_PATHS.list,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Мои новые дашборды: search, page, pageSize',
          querystring: newDashboardListQuery,
          response: { 200: newDashboardListResponse },
        },
      },
      async (request) => listDashboards(db, currentUser(request), request.query),
    );
    app.post(
      NEW_DASHBOARD_PATHS.list,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Создать дашборд: name, filters, lom_groups, is_dashboard',
          body: newDashboardCreateBody,
          response: { 201: newDashboardItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createDashboard(db, currentUser(request), request.body)),
    );
    app.get(
      NEW_DASHBOARD_PATHS.detail,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Один свой дашборд',
          params: newDashboardIdParams,
          response: { 200: newDashboardItem },
        },
      },
      async (request) => getDashboard(db, currentUser(request), request.params.id),
    );
    app.patch(
      NEW_DASHBOARD_PATHS.detail,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Изменить свой дашборд',
          params: newDashboardIdParams,
          body: newDashboardPatchBody,
          response: { 200: newDashboardItem },
        },
      },
      async (request) => updateDashboard(db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      NEW_DASHBOARD_PATHS.detail,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Удалить свой дашборд',
          params: newDashboardIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeDashboard(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      NEW_DASHBOARD_PATHS.chart,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Данные графика дашборда (period_tonality, tonality, …): filters, parameters',
          params: newDashboardChartParams,
          body: chartRequestBody,
          response: { 200: chartResponse },
        },
      },
      async (request) =>
        dashboardChart(db, currentUser(request), request.params.id, request.params.chart, request.body),
    );
  };
}
