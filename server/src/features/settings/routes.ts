import { outboxQuery, outboxResponse, SETTINGS_PATHS, settingsEnvironment } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { environmentOf, listOutbox } from './service.ts';

/** /settings: the environment and outbox tabs (the groups and organisations have their own calls). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      SETTINGS_PATHS.environment,
      {
        config: { guard: 'view_settings' },
        schema: {
          tags: ['settings'],
          summary: 'Окружение: версия, база, почта (без секретов)',
          response: { 200: settingsEnvironment },
        },
      },
      async () => environmentOf(ctx.config),
    );
    // The outbox holds reset links: only those who may set a user's password anyway (ADMIN_PANEL) read it.
    app.get(
      SETTINGS_PATHS.outbox,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['settings'],
          summary: 'Исходящая почта, сохранённая без отправки (нет SMTP_URL)',
          querystring: outboxQuery,
          response: { 200: outboxResponse },
        },
      },
      async (request) => listOutbox(ctx.db, request.query),
    );
  };
}
