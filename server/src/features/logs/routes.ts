import { listEnvelope, USER_ACTION_PATHS, userActionItem, userActionsQuery } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { queryLines, recordDownload } from '../../domain/reports/download-record.ts';
import { currentUser } from '../../http/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { listPage, reportWorkbook } from './service.ts';

export function logsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      USER_ACTION_PATHS.list,
      {
        config: { guard: 'LOGS' },
        schema: {
          tags: ['logs'],
          summary: 'Журнал действий пользователей',
          querystring: userActionsQuery,
          response: { 200: listEnvelope(userActionItem) },
        },
      },
      async (request) => listPage(ctx.db, request.query),
    );

    app.get(
      USER_ACTION_PATHS.report,
      {
        config: { guard: 'LOGS' },
        schema: {
          tags: ['logs'],
          summary: 'Журнал действий в Excel (по тем же фильтрам, потоком)',
          querystring: userActionsQuery,
        },
      },
      async (request, reply) => {
        // Recorded in the reports list (/reports) with the log's filter.
        const file = await reportWorkbook(ctx.db, request.query, new Date());
        const origin = {
          source: 'logs' as const,
          lines: queryLines(request.url),
          repeat: { path: USER_ACTION_PATHS.report, url: request.url },
        };
        return sendDownload(reply, await recordDownload(ctx.db, currentUser(request), file, origin));
      },
    );
  };
}
