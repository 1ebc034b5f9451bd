import {
  GENERATED_REPORT_PATHS,
  generatedReportIdParams,
  generatedReportListQuery,
  generatedReportListResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { listReports, removeReport, reportDownload } from './service.ts';

const tags = ['reports'];
/** The /reports page's permission (docs/permissions.md). */
const guard = { guard: 'DASHBOARD' } as const;

/** api.md §7.5 "Reports list": GET reports (page, page_size), DELETE by id, and the file. docs/reports.md. */
export function generatedReportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      GENERATED_REPORT_PATHS.list,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Сформированные отчёты: свои; с WATCH_LOGS_AND_REPORTS — все',
          querystring: generatedReportListQuery,
          response: { 200: generatedReportListResponse },
        },
      },
      async (request) => listReports(db, currentUser(request), request.query),
    );
    app.get(
      GENERATED_REPORT_PATHS.download,
      {
        config: guard,
        schema: { tags, summary: 'Файл сформированного отчёта', params: generatedReportIdParams },
      },
      async (request, reply) =>
        sendDownload(reply, await reportDownload(db, currentUser(request), request.params.id)),
    );
    app.delete(
      GENERATED_REPORT_PATHS.detail,
      {
        config: guard,
        schema: {
          tags,
          summary: 'Удалить отчёт',
          params: generatedReportIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeReport(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
