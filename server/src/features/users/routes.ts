import { AUTH_PATHS, currentUser as currentUserSchema } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { unauthorized } from '../../http/errors.ts';
import { userAdminRoutes } from './admin-routes.ts';
import { presentCurrentUser } from './presenter.ts';
import { findUserWithOrganization } from './queries.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      AUTH_PATHS.me,
      {
        config: { guard: 'authenticated' },
        schema: { tags: ['users'], summary: 'Текущий пользователь', response: { 200: currentUserSchema } },
      },
      async (request) => {
        const row = await findUserWithOrganization(ctx.db, currentUser(request).id);
        if (!row) throw unauthorized();
        return presentCurrentUser(row);
      },
    );
    await app.register(userAdminRoutes(ctx));
  };
}
