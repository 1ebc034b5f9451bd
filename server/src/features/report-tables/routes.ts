import {
  listEnvelope,
  REPORT_PERMISSION,
  REPORT_TABLE_PATHS,
  reportInfoReasonsQuery,
  reportLomsQuery,
  reportStats,
  reportStatsQuery,
  reportTableRow,
  reportThemesQuery,
  reportTop,
  reportTopQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { clientAbortSignal } from './client-abort.ts';
import { reportStats as readStats, reportTop as readTop, reportTablePage } from './service.ts';

const tags = ['report-tables'];
/** The picture of the day's tables (product.md §3 Report dashboard); docs/home.md. */
const guarded = { guard: REPORT_PERMISSION } as const;

/** api.md §7.5 report/…: live messages of a filter, grouped; SI, views, messages, mood counts. */
export function reportTableRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    const tables = [
      [REPORT_TABLE_PATHS.themes, reportThemesQuery, 'theme', 'Темы отчёта (по 5)'],
      [REPORT_TABLE_PATHS.infoReasons, reportInfoReasonsQuery, 'info_reason', 'Инфоповоды отчёта (по 15)'],
      [REPORT_TABLE_PATHS.loms, reportLomsQuery, 'lom', 'ЛОМ отчёта (по 7)'],
    ] as const;
    for (const [path, querystring, dimension, summary] of tables) {
      app.get(
        path,
        {
          config: guarded,
          schema: { tags, summary, querystring, response: { 200: listEnvelope(reportTableRow) } },
        },
        async (request, reply) =>
          reportTablePage(db, request.query, dimension, currentUser(request), clientAbortSignal(reply)),
      );
    }
    const tops = [
      [REPORT_TABLE_PATHS.themesDashboard, 'theme', 'Топ-10 тем для графиков'],
      [REPORT_TABLE_PATHS.infoReasonsDashboard, 'info_reason', 'Топ-10 инфоповодов для графиков'],
    ] as const;
    for (const [path, dimension, summary] of tops) {
      app.get(
        path,
        {
          config: guarded,
          schema: { tags, summary, querystring: reportTopQuery, response: { 200: reportTop } },
        },
        async (request, reply) =>
          readTop(db, request.query, dimension, currentUser(request), clientAbortSignal(reply)),
      );
    }
    app.get(
      REPORT_TABLE_PATHS.themesStats,
      {
        config: guarded,
        schema: {
          tags,
          summary: 'Все сообщения, с темами, динамика по дням',
          querystring: reportStatsQuery,
          response: { 200: reportStats },
        },
      },
      async (request, reply) => readStats(db, request.query, currentUser(request), clientAbortSignal(reply)),
    );
  };
}
