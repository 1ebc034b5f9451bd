import { siAnswer, VIRAL_CONTENT_PATHS, viralContentAnswer, viralContentQuery } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { siDefinition, viralContent } from './service.ts';
import { SI_READERS } from './si-readers.ts';

const tags = ['viral-content'];

/** api.md §7.5: viral content (VIRAL_CONTENT) and the SI index's definition (every page that shows SI). */
export function viralContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      VIRAL_CONTENT_PATHS.list,
      {
        config: { guard: 'VIRAL_CONTENT' },
        schema: {
          tags,
          summary:
            'Вирусный контент: сообщения периода, разошедшиеся вчетверо шире обычного охвата ЛОМ; stat',
          querystring: viralContentQuery,
          response: { 200: viralContentAnswer },
        },
      },
      async (request) => viralContent(ctx.db, request.query),
    );
    app.get(
      VIRAL_CONTENT_PATHS.si,
      {
        config: { guard: { anyOf: SI_READERS } },
        schema: { tags, summary: 'Индекс SI: определение, формула и шкала', response: { 200: siAnswer } },
      },
      async () => siDefinition(),
    );
  };
}
