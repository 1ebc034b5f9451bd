import {
  ACTIONS_COUNT_COOKIE,
  AUTH_PATHS,
  changePasswordBody,
  confirmPasswordBody,
  confirmPasswordParams,
  detailResponse,
  loginBody,
  loginResponse,
  NOTIFICATIONS_COOKIE,
  PASSWORD_RESET_SENT_TEXT,
  passwordResetBody,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser, headerToken } from '../../http/auth.ts';
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
      async (request, reply) => {
        const { username, password } = request.body;
        const token = await service.login(ctx.db, throttle, request.ip, username, password);
        reply.header('set-cookie', tokenCookies(request, token, TOKEN_COOKIE_MAX_AGE_S));
        return { token };
      },
    );

    // Not in the spec (api.md §7.1 has no logout): the counter's cookie is HttpOnly, so only the server can clear
    // it, and a token that outlives its tab should die with the logout. Public, so that a client whose token is
    // already gone still gets its cookie cleared; it revokes only the token its own Authorization header carries.
    app.post(
      AUTH_PATHS.logout,
      {
        config: { guard: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Выход: отзывает токен и стирает cookie счётчика',
          response: { 200: detailResponse },
        },
      },
      async (request, reply) => {
        const key = headerToken(request);
        if (key) await service.logout(ctx.db, key);
        reply.header('set-cookie', tokenCookies(request, '', 0));
        return { detail: 'Вы вышли из системы' };
      },
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

/** The cookie lives as long as a token is kept in the browser (tokens do not expire on their own). */
const TOKEN_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The token for the live counter's and the bell's EventSource: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it), only under each stream's path, Secure when the request came over https.
 */
function tokenCookies(request: FastifyRequest, value: string, maxAgeS: number): string[] {
  return [ACTIONS_COUNT_COOKIE.path, NOTIFICATIONS_COOKIE.path].map((path) => {
    const parts = [
      `${ACTIONS_COUNT_COOKIE.name}=${value}`,
      `Path=${path}`,
      `Max-Age=${maxAgeS}`,
      'HttpOnly',
      'SameSite=Strict',
    ];
    if (request.protocol === 'https') parts.push('Secure');
    return parts.join('; ');
  });
}
