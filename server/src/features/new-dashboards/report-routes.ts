import multipart from '@fastify/multipart';
import { generatedReportItem, NEW_DASHBOARD_PATHS, newDashboardIdParams } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { REPORT_FORM_LIMITS, readReportForm } from './report-form.ts';
import { requestReport } from './report-service.ts';
import { ownDashboard } from './service.ts';

/** POST new-dashboards/{id}/report/ (multipart): multipart stays inside this plugin. docs/reports.md. */
export function newDashboardReportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    await app.register(multipart, { limits: REPORT_FORM_LIMITS });
    app.post(
      NEW_DASHBOARD_PATHS.report,
      {
        config: { guard: 'NEW_DASHBOARDS' },
        schema: {
          tags: ['new-dashboards'],
          summary:
            'Отчёт с изображениями графиков (multipart: name, report_type, charts[n][name], charts[n][image], charts[n][chart], charts[n][parameters])',
          params: newDashboardIdParams,
          response: { 202: generatedReportItem },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await ownDashboard(db, user, request.params.id);
        const form = await readReportForm(request);
        const item = await requestReport(db, user, request.params.id, form, (error) => {
          if (error) request.log.error({ err: error }, 'dashboard report failed');
        });
        return reply.status(202).send(item);
      },
    );
  };
}
