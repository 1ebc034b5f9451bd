import {
  DAILY_DASHBOARD_PATHS,
  DAILY_DASHBOARD_PERMISSION,
  dailyDashboardCreateBody,
  dailyDashboardIdParams,
  dailyDashboardItem,
  dailyDashboardList,
  dailyDashboardPrivateResult,
  dailyDashboardReorderBody,
  dailyDashboardUpdateBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  createDailyDashboard,
  deleteDailyDashboard,
  listDailyDashboards,
  reorderDailyDashboards,
  toggleDailyDashboardPrivate,
  updateDailyDashboard,
} from './service.ts';

const tags = ['daily-dashboards'];
/** The picture of the day's permission guards every call; visibility is the service's. */
const guarded = { guard: DAILY_DASHBOARD_PERMISSION } as const;

/** api.md §7.5 dashboard-configurations/ (daily dashboards). docs/home.md. */
export function dailyDashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      DAILY_DASHBOARD_PATHS.list,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Ежедневные дашборды: свои и публичные, по позиции',
          response: { 200: dailyDashboardList },
        },
      },
      async (request) => listDailyDashboards(db, currentUser(request)),
    );
    app.post(
      DAILY_DASHBOARD_PATHS.list,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Создать ежедневный дашборд: name, shortName, types, position, filters',
          body: dailyDashboardCreateBody,
          response: { 201: dailyDashboardItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createDailyDashboard(db, request.body, currentUser(request))),
    );
    app.post(
      DAILY_DASHBOARD_PATHS.reorder,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Новый порядок своих дашбордов: ids',
          body: dailyDashboardReorderBody,
          response: { 200: dailyDashboardList },
        },
      },
      async (request) => reorderDailyDashboards(db, request.body.ids, currentUser(request)),
    );
    app.put(
      DAILY_DASHBOARD_PATHS.detail,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Изменить свой ежедневный дашборд',
          params: dailyDashboardIdParams,
          body: dailyDashboardUpdateBody,
          response: { 200: dailyDashboardItem },
        },
      },
      async (request) => updateDailyDashboard(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      DAILY_DASHBOARD_PATHS.detail,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Удалить свой ежедневный дашборд',
          params: dailyDashboardIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteDailyDashboard(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
    app.post(
      DAILY_DASHBOARD_PATHS.private,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Переключить личный / публичный; ответ is_private',
          params: dailyDashboardIdParams,
          response: { 200: dailyDashboardPrivateResult },
        },
      },
      async (request) => toggleDailyDashboardPrivate(db, request.params.id, currentUser(request)),
    );
  };
}
