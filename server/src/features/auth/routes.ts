import {
  AUTH_PATHS,
  changePasswordBody,
  confirmPasswordBody,
  confirmPasswordParams,
  detailResponse,
  loginBody,
  loginResponse,
  PASSWORD_RESET_SENT_TEXT,
  passwordResetBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { LoginThrottle } from './login-throttle.ts';
import * as service from './service.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const throttle = new LoginThrottle(ctx.config.loginFailuresPerAccount);
    app.post(
      AUTH_PATHS.login,
      {
        config: {
          guard: 'public',
          rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['auth'],
          summary: 'Вход: выдаёт токен',
          body: loginBody,
          response: { 200: loginResponse },
        },
      },
      async (request) => ({
        token: await service.login(ctx.db, throttle, request.body.username, request.body.password),
      }),
    );

    app.patch(
      AUTH_PATHS.changePassword,
      {
        config: { guard: 'authenticated' },
        schema: { tags: ['auth'], body: changePasswordBody, response: { 200: detailResponse } },
      },
      async (request) => {
        const { old_password, password } = request.body;
        const user = currentUser(request);
        await service.changePassword(
          ctx.db,
          { userId: user.id, tokenId: user.tokenId },
          old_password,
          password,
        );
        return { detail: 'Пароль изменён' };
      },
    );

    app.post(
      AUTH_PATHS.passwordReset,
      {
        config: { guard: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
        schema: { tags: ['auth'], body: passwordResetBody, response: { 200: detailResponse } },
      },
      async (request) => {
        const origin = `${request.protocol}://${request.host}`;
        await service.requestPasswordReset(ctx.db, ctx.mailer, request.body.email, origin);
        return { detail: PASSWORD_RESET_SENT_TEXT };
      },
    );

    app.post(
      AUTH_PATHS.confirmPassword,
      {
        config: { guard: 'public' },
        schema: {
          tags: ['auth'],
          params: confirmPasswordParams,
          body: confirmPasswordBody,
          response: { 200: detailResponse },
        },
      },
      async (request) => {
        await service.confirmPasswordReset(
          ctx.db,
          request.params.id,
          request.params.token,
          request.body.password,
        );
        return { detail: 'Пароль изменён' };
      },
    );
  };
}
