import { ACTIONS_COUNT_PATHS, actionsCountEvent } from '@monitoring/contracts';
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
            'With `Accept: text/event-stream` (an EventSource): `data: {"count": n, "day": "YYYY-MM-DD"}` at once and after every change, a comment every 20 s. Without it: the count once, as JSON.',
          response: { 200: actionsCountEvent },
        },
      },
      async (request, reply) => {
        // Read before the stream starts, so that a database failure still answers with a status.
        const first = await counter.read();
        // A client that did not ask for a stream (curl, a script) gets the count once and a finished answer.
        if (!request.headers.accept?.includes('text/event-stream')) return first;
        reply.hijack();
        openStream(request.raw, reply.raw, counter, first);
      },
    );
  };
}
