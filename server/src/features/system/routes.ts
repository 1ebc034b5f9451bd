import { environmentResponse, SYSTEM_PATHS } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from './queries.ts';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      SYSTEM_PATHS.environment,
      {
        config: { guard: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Среда (production, local, dev, accept)',
          response: { 200: environmentResponse },
        },
      },
      async () => ({ env: ctx.config.appEnv }),
    );

    app.get(
      SYSTEM_PATHS.health,
      {
        config: { guard: 'public' },
        schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => {
        await pingDatabase(ctx.db);
        return { status: 'ok' as const };
      },
    );
  };
}
