import { listEnvelope, USER_ACTION_PATHS, userActionItem, userActionsQuery } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { envelope } from '../../http/pagination.ts';
import { presentUserAction } from './presenter.ts';
import { countUserActions, listUserActions } from './queries.ts';

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
      async (request) => {
        const filter = request.query;
        const rows = await listUserActions(ctx.db, filter);
        const totalWhenEmpty =
          rows.length === 0 && filter.page > 1 ? await countUserActions(ctx.db, filter) : 0;
        return envelope(rows, filter.page, filter.page_size, presentUserAction, totalWhenEmpty);
      },
    );
  };
}
