import { SETTINGS_PATHS, settingsEnvironment } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { environmentOf } from './service.ts';

/** /settings: the environment tab (the groups and organisations have their own calls). */
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
  };
}
