import {
  DASHBOARD_PERSONAL_THEME_PATHS,
  DASHBOARD_THEME_PATHS,
  dashboardIdParams,
  dashboardPinnedTheme,
  dashboardPinnedThemesQuery,
  dashboardPinPersonalThemeBody,
  dashboardPinResult,
  dashboardPinThemeBody,
  dashboardThemeChoice,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  listPinnedPersonalThemes,
  personalChoices,
  pinDashboardPersonalTheme,
  unpinDashboardPersonalTheme,
} from './personal-pinned-service.ts';
import { READ, tags, WRITE } from './route-config.ts';
import { listPinnedThemes, themeChoices } from './service.ts';
import { pinDashboardTheme, unpinDashboardTheme } from './write-service.ts';

/**
 * api.md §7.5: the themes pinned on the dashboards page, and the theme dashboard picker; the same
 * under personal/ for the caller's own personal themes (guarded as personal dashboards).
 */
export function pinnedThemeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    app.get(
      DASHBOARD_THEME_PATHS.pinnedThemes,
      {
        config: READ.theme,
        schema: {
          tags,
          summary: 'Темы, закреплённые на дашборде, с таблицей тональности за период',
          querystring: dashboardPinnedThemesQuery,
          response: { 200: z.array(dashboardPinnedTheme) },
        },
      },
      async (request) => listPinnedThemes(db, request.query, new Date()),
    );
    app.post(
      DASHBOARD_THEME_PATHS.pinnedThemes,
      {
        config: WRITE.theme,
        schema: {
          tags,
          summary: 'Закрепить тему на дашборде',
          body: dashboardPinThemeBody,
          response: { 201: dashboardPinResult },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await pinDashboardTheme(db, currentUser(request), request.body.theme)),
    );
    app.delete(
      DASHBOARD_THEME_PATHS.pinnedTheme,
      {
        config: WRITE.theme,
        schema: { tags, summary: 'Открепить тему', params: dashboardIdParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await unpinDashboardTheme(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      DASHBOARD_THEME_PATHS.themesDashboards,
      {
        config: READ.theme,
        schema: {
          tags,
          summary: 'Темы для выбора дашборда: с постоянными ЛОМ или закреплённые',
          response: { 200: z.array(dashboardThemeChoice) },
        },
      },
      async () => themeChoices(db),
    );

    app.get(
      DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes,
      {
        config: READ.personal,
        schema: {
          tags,
          summary: 'Свои закреплённые личные темы с таблицей тональности за период',
          querystring: dashboardPinnedThemesQuery,
          response: { 200: z.array(dashboardPinnedTheme) },
        },
      },
      async (request) => listPinnedPersonalThemes(db, currentUser(request), request.query, new Date()),
    );
    app.post(
      DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes,
      {
        config: WRITE.personal,
        schema: {
          tags,
          summary: 'Закрепить свою личную тему на дашборде',
          body: dashboardPinPersonalThemeBody,
          response: { 201: dashboardPinResult },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await pinDashboardPersonalTheme(db, currentUser(request), request.body.theme)),
    );
    app.delete(
      DASHBOARD_PERSONAL_THEME_PATHS.pinnedTheme,
      {
        config: WRITE.personal,
        schema: {
          tags,
          summary: 'Открепить свою личную тему',
          params: dashboardIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await unpinDashboardPersonalTheme(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      DASHBOARD_PERSONAL_THEME_PATHS.themesDashboards,
      {
        config: READ.personal,
        schema: {
          tags,
          summary: 'Свои личные темы для выбора дашборда: постоянные ЛОМ и закрепление',
          response: { 200: z.array(dashboardThemeChoice) },
        },
      },
      async (request) => personalChoices(db, currentUser(request)),
    );
  };
}
