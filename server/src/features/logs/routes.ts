import {
  ACTION_TYPES,
  type ActionType,
  listEnvelope,
  userActionItem,
  userActionsQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { envelope } from '../../http/pagination.ts';
import { countUserActions, listUserActions, type UserActionRow } from './queries.ts';

function present(row: UserActionRow) {
  return {
    id: row.id,
    type: row.type,
    type_name: ACTION_TYPES[row.type as ActionType] ?? 'Другое',
    action: row.action,
    user: row.userId === null ? null : { id: row.userId, username: row.username ?? '' },
    message_id: row.messageId,
    theme_id: row.themeId,
    info_reason_id: row.infoReasonId,
    lom_id: row.lomId,
    old_value: row.oldValue,
    new_value: row.newValue,
    created_at: row.createdAt.toISOString(),
  };
}

export function logsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/user-actions/',
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
        return envelope(rows, filter.page, filter.page_size, present, totalWhenEmpty);
      },
    );
  };
}
