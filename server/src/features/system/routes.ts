import {
  environmentResponse,
  errorBody as errorBodySchema,
  readyResponse,
  SYSTEM_PATHS,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notServingMessage } from '../../http/drain.ts';
import { errorBody } from '../../http/errors.ts';
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

    // Liveness: the process answers and the database does.
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

    // Readiness for a load balancer: 503 while starting (migrations, first seed) and while draining for a
    // shutdown. It does not ask the database: one database down must not take every instance out (docs/operations.md).
    app.get(
      SYSTEM_PATHS.ready,
      {
        config: { guard: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Готовность принимать запросы (для балансировщика)',
          response: { 200: readyResponse, 503: errorBodySchema },
        },
      },
      async (_request, reply) => {
        const state = app.lifecycle.state;
        if (state !== 'serving') return reply.code(503).send(errorBody(503, notServingMessage(state)));
        return { status: 'ready' as const };
      },
    );
  };
}
