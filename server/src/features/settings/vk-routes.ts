import { VK_SETTINGS_PATHS, vkSettings, vkSettingsBody } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { setVkToken, vkSettingsOf } from './vk-service.ts';

/** /settings, the VK service token of the collectors (issue 31): whether it is set for admins; set by ADMIN_PANEL. */
export function vkSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The «Сбор» view (view_lomsource_admin, which ADMIN_PANEL includes) says why VK feeds are paused.
    app.get(
      VK_SETTINGS_PATHS.vk,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['settings'],
          summary: 'Сервисный ключ ВКонтакте для сбора: задан ли, его последние 4 символа (без ключа)',
          response: { 200: vkSettings },
        },
      },
      async () => vkSettingsOf(ctx.db),
    );
    app.put(
      VK_SETTINGS_PATHS.vk,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['settings'],
          summary:
            'Задать сервисный ключ ВКонтакте или убрать его (null): без ключа ленты ВКонтакте на паузе',
          body: vkSettingsBody,
          response: { 200: vkSettings },
        },
      },
      async (request) => setVkToken(ctx.db, request.body.service_token),
    );
  };
}
