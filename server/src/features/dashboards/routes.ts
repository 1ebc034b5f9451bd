import {
  DASHBOARD_LIST_TYPES,
  type DashboardKind,
  dashboardAddLomsBody,
  dashboardAvailableLom,
  dashboardAvailableLomsQuery,
  dashboardCopyLomsBody,
  dashboardCopyLomsResponse,
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
  dashboardPinnedTheme,
  dashboardPinnedThemesQuery,
  dashboardPinResult,
  dashboardPinThemeBody,
  dashboardRemoveLomsBody,
  dashboardReportQuery,
  dashboardThemeChoice,
  listEnvelope,
  type Permission,
  reportEstimation,
  THEME_DASHBOARD_PATHS,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { badRequest } from '../../http/errors.ts';
import type { DashboardSet } from './queries.ts';
import { dashboardReport, dashboardReportEstimation } from './report.ts';
import {
  availableLomList,
  constantLomCount,
  dashboardGraph,
  dashboardList,
  dashboardLoms,
  dashboardMoodTable,
  listPinnedThemes,
  resolvePeriod,
  resolveSet,
  themeChoices,
} from './service.ts';
import { addLoms, copyLoms, pinDashboardTheme, removeLoms, unpinDashboardTheme } from './write-service.ts';

const tags = ['dashboards'];
const V2 = '/api/v2/dashboard';

/**
 * Guards (docs/dashboards.md): theme dashboards are the THEMES_DASHBOARD page, their
 * constant loms and pins an editor's EDIT_DASHBOARD_TABLE_FRAGMENTS; a personal theme's
 * dashboard is show_personal_loms_dashboard (↔ THEMES_DASHBOARD) and its owner's alone;
 * rubric dashboards are the segments page (RUBRICS ↔ view_rubrics).
 */
const READ: Record<DashboardKind, { guard: Permission }> = {
  theme: { guard: 'THEMES_DASHBOARD' },
  personal: { guard: 'show_personal_loms_dashboard' },
  rubric: { guard: 'RUBRICS' },
};
const WRITE: Record<'theme' | 'personal', { guard: Permission }> = {
  theme: { guard: 'EDIT_DASHBOARD_TABLE_FRAGMENTS' },
  personal: { guard: 'show_personal_loms_dashboard' },
};

const BASE: Record<DashboardKind, string> = {
  theme: `${V2}/:id`,
  personal: `${V2}/personal/:id`,
  rubric: `${V2}/rubrics/:id`,
};

const LABEL: Record<DashboardKind, string> = {
  theme: 'Дашборд темы',
  personal: 'Дашборд личной темы',
  rubric: 'Дашборд рубрики',
};

const removeLomsInput = dashboardRemoveLomsBody.partial();

/** api.md §7.5 theme, personal-theme and rubric dashboards. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    const setOf = (kind: DashboardKind, request: FastifyRequest & { params: { id: number } }) =>
      resolveSet(db, kind, request.params.id, currentUser(request));

    for (const kind of ['theme', 'personal', 'rubric'] as const) {
      const base = BASE[kind];
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
              await setOf(kind, request),
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
              await setOf(kind, request),
              { ...request.query, pool: pool ?? request.query.pool },
              new Date(),
            ),
        );

      moodTable(`${base}/mood-table/`);
      graph(`${base}/graph-stats/`);
      if (kind === 'rubric') {
        moodTable(`${base}/mood-table-constant-loms/`, 1, ' (ЛОМ рубрики)');
        moodTable(`${base}/mood-table-regional-loms/`, 4, ' (региональные ЛОМ)');
        graph(`${base}/graph-stats-constant-loms/`, 1, ' (ЛОМ рубрики)');
        graph(`${base}/graph-stats-regional-loms/`, 4, ' (региональные ЛОМ)');
      }

      app.get(
        `${base}/constant-lom-count/`,
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
        async (request) => constantLomCount(db, await setOf(kind, request), request.query, new Date()),
      );

      for (const type of DASHBOARD_LIST_TYPES) {
        app.get(
          `${base}/${type}/`,
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
          async (request) => dashboardList(db, await setOf(kind, request), type, request.query, new Date()),
        );
      }

      app.get(
        `${base}/loms/`,
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
        async (request) => dashboardLoms(db, await setOf(kind, request), request.query, new Date()),
      );

      app.get(
        `${base}/get-report/`,
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
          const set = await setOf(kind, request);
          const now = new Date();
          const period = resolvePeriod(request.query, now);
          return sendDownload(reply, await dashboardReport(db, currentUser(request), set, period, now));
        },
      );
      app.get(
        `${base}/get-report-estimation/`,
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
          const set = await setOf(kind, request);
          const period = resolvePeriod(request.query, new Date());
          return dashboardReportEstimation(db, currentUser(request), set, period);
        },
      );

      if (kind === 'rubric') continue;
      const write = WRITE[kind];
      const writableSet = async (request: FastifyRequest & { params: { id: number } }) =>
        (await setOf(kind, request)) as Extract<DashboardSet, { kind: 'theme' | 'personal' }>;

      app.get(
        `${base}/all-available-loms/`,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: ЛОМ, которых ещё нет в списках`,
            params,
            querystring: dashboardAvailableLomsQuery,
            response: { 200: listEnvelope(dashboardAvailableLom) },
          },
        },
        async (request) => availableLomList(db, await setOf(kind, request), request.query),
      );
      app.post(
        `${base}/add-loms-arr/`,
        {
          config: write,
          schema: {
            tags,
            summary: `${label}: добавить ЛОМ в список (или перенести из другого)`,
            params,
            body: dashboardAddLomsBody,
            response: { 200: dashboardLomCount },
          },
        },
        async (request) => addLoms(db, currentUser(request), await writableSet(request), request.body),
      );
      app.delete(
        `${base}/remove-loms-arr/`,
        {
          config: write,
          schema: {
            tags,
            summary: `${label}: убрать ЛОМ из списков (loms в теле или в запросе)`,
            params,
            querystring: removeLomsInput,
            body: removeLomsInput.nullish(),
            response: { 200: dashboardLomCount },
          },
        },
        async (request) => {
          const loms = request.body?.loms ?? request.query.loms;
          if (!loms) throw badRequest('Некорректное значение поля «loms»: выберите хотя бы один лом', 'loms');
          return removeLoms(db, currentUser(request), await writableSet(request), loms);
        },
      );
      app.post(
        `${base}/copy-loms/`,
        {
          config: write,
          schema: {
            tags,
            summary:
              kind === 'theme'
                ? `${label}: скопировать постоянные ЛОМ другой темы`
                : `${label}: скопировать постоянные ЛОМ другой своей личной темы`,
            params,
            body: dashboardCopyLomsBody,
            response: { 200: dashboardCopyLomsResponse },
          },
        },
        async (request) => copyLoms(db, currentUser(request), await writableSet(request), request.body.theme),
      );
    }

    app.get(
      THEME_DASHBOARD_PATHS.pinnedThemes,
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
      THEME_DASHBOARD_PATHS.pinnedThemes,
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
      `${V2}/themes/:id/`,
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
      THEME_DASHBOARD_PATHS.themesDashboards,
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
  };
}
