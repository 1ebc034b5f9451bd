import { ACTIONS_COUNT_PATHS } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ActionsCounter } from './service.ts';
import { openStream } from './stream.ts';

/**
 * GET actions-count/: the number of editor actions today, as Server-Sent Events (api.md §7.10). The token comes
 * from the HttpOnly cookie login sets (an EventSource sends no header); 401 and 403 answer as JSON before the
 * stream starts. docs/logs.md "The live counter".
 */
export function actionsCountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const counter = new ActionsCounter(ctx.db, ctx.notifications);
    // Before the server waits for its connections: open streams would otherwise hold a shutdown to its deadline.
    app.addHook('preClose', async () => counter.close());

    app.get(
      ACTIONS_COUNT_PATHS.stream,
      {
        config: { guard: 'editor_actions_counter', tokenFromCookie: true },
        schema: {
          tags: ['logs'],
          summary: 'Счётчик действий редакторов за сегодня (Server-Sent Events)',
          description:
            'text/event-stream: `data: {"count": n, "day": "YYYY-MM-DD"}` at once and after every change; a comment every 20 s.',
        },
      },
      async (request, reply) => {
        // Read before the stream starts, so that a database failure still answers with a status.
        const first = await counter.read();
        reply.hijack();
        openStream(request.raw, reply.raw, counter, first);
      },
    );
  };
}
