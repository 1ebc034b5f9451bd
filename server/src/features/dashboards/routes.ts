import {
  DASHBOARD_KINDS,
  DASHBOARD_LIST_TYPES,
  DASHBOARD_PATHS,
  dashboardGraphQuery,
  dashboardGraphResponse,
  dashboardIdParams,
  dashboardListQuery,
  dashboardLomCount,
  dashboardLomCountQuery,
  dashboardLomItem,
  dashboardLomsQuery,
  dashboardMoodTableQuery,
  dashboardMoodTableResponse,
  dashboardReportQuery,
  listEnvelope,
  reportEstimation,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { dashboardLomRoutes } from './lom-routes.ts';
import { pinnedThemeRoutes } from './pinned-routes.ts';
import { dashboardReport, dashboardReportEstimation } from './report.ts';
import { LABEL, READ, setOf, tags } from './route-config.ts';
import {
  constantLomCount,
  dashboardGraph,
  dashboardList,
  dashboardLoms,
  dashboardMoodTable,
  resolvePeriod,
} from './service.ts';

/**
 * api.md §7.5 theme, personal-theme and rubric dashboards: what every kind answers (here),
 * the constant lom lists of theme and personal dashboards (lom-routes.ts) and the pinned
 * themes (pinned-routes.ts).
 */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    for (const kind of DASHBOARD_KINDS) {
      const paths = DASHBOARD_PATHS[kind];
      const read = READ[kind];
      const label = LABEL[kind];
      const params = dashboardIdParams;

      const moodTable = (path: string, pool?: 1 | 4, summary = '') =>
        app.get(
          path,
          {
            config: read,
            schema: {
              tags,
              summary: `${label}: таблица тональности${summary}`,
              params,
              querystring: dashboardMoodTableQuery,
              response: { 200: dashboardMoodTableResponse },
            },
          },
          async (request) =>
            dashboardMoodTable(
              db,
              await setOf(db, kind, request),
              { ...request.query, pool: pool ?? request.query.pool },
              new Date(),
            ),
        );
      const graph = (path: string, pool?: 1 | 4, summary = '') =>
        app.get(
          path,
          {
            config: read,
            schema: {
              tags,
              summary: `${label}: динамика по периодам${summary}`,
              params,
              querystring: dashboardGraphQuery,
              response: { 200: dashboardGraphResponse },
            },
          },
          async (request) =>
            dashboardGraph(
              db,
              await setOf(db, kind, request),
              { ...request.query, pool: pool ?? request.query.pool },
              new Date(),
            ),
        );

      moodTable(paths.moodTable);
      graph(paths.graphStats);
      if (kind === 'rubric') {
        const rubric = DASHBOARD_PATHS.rubric;
        moodTable(rubric.moodTableConstantLoms, 1, ' (ЛОМ рубрики)');
        moodTable(rubric.moodTableRegionalLoms, 4, ' (региональные ЛОМ)');
        graph(rubric.graphStatsConstantLoms, 1, ' (ЛОМ рубрики)');
        graph(rubric.graphStatsRegionalLoms, 4, ' (региональные ЛОМ)');
      }

      app.get(
        paths.constantLomCount,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: число постоянных ЛОМ по спискам`,
            params,
            querystring: dashboardLomCountQuery,
            response: { 200: dashboardLomCount },
          },
        },
        async (request) => constantLomCount(db, await setOf(db, kind, request), request.query, new Date()),
      );

      for (const type of DASHBOARD_LIST_TYPES) {
        app.get(
          paths[type],
          {
            config: read,
            schema: {
              tags,
              summary: `${label}: список ЛОМ «${type}» со статистикой за период`,
              params,
              querystring: dashboardListQuery,
              response: { 200: listEnvelope(dashboardLomItem) },
            },
          },
          async (request) =>
            dashboardList(db, await setOf(db, kind, request), type, request.query, new Date()),
        );
      }

      app.get(
        paths.loms,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: все ЛОМ с сообщениями за период (по убыванию Si)`,
            params,
            querystring: dashboardLomsQuery,
            response: { 200: listEnvelope(dashboardLomItem) },
          },
        },
        async (request) => dashboardLoms(db, await setOf(db, kind, request), request.query, new Date()),
      );

      app.get(
        paths.report,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: отчёт Excel по сообщениям`,
            params,
            querystring: dashboardReportQuery,
          },
        },
        async (request, reply) => {
          const set = await setOf(db, kind, request);
          const now = new Date();
          const period = resolvePeriod(request.query, now);
          return sendDownload(reply, await dashboardReport(db, currentUser(request), set, period, now));
        },
      );
      app.get(
        paths.reportEstimation,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: оценка отчёта Excel`,
            params,
            querystring: dashboardReportQuery,
            response: { 200: reportEstimation },
          },
        },
        async (request) => {
          const set = await setOf(db, kind, request);
          const period = resolvePeriod(request.query, new Date());
          return dashboardReportEstimation(db, currentUser(request), set, period);
        },
      );
    }

    await app.register(dashboardLomRoutes(ctx));
    await app.register(pinnedThemeRoutes(ctx));
  };
}
