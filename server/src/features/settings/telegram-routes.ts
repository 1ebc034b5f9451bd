import { TELEGRAM_SETTINGS_PATHS, telegramSettings, telegramSettingsBody } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { setTelegramToken, telegramSettingsOf } from './telegram-service.ts';

/** /settings, the Telegram bot of the alerts (issue 30): whether it is set for all; its token for administrators. */
export function telegramSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Whoever may own an alert needs to know whether a Telegram channel can be chosen.
    app.get(
      TELEGRAM_SETTINGS_PATHS.telegram,
      {
        config: { guard: { anyOf: ['view_messages', 'ADMIN_PANEL'] } },
        schema: {
          tags: ['settings'],
          summary: 'Бот Telegram для оповещений: задан ли и его @имя (без токена)',
          response: { 200: telegramSettings },
        },
      },
      async () => telegramSettingsOf(ctx.db),
    );
    app.put(
      TELEGRAM_SETTINGS_PATHS.telegram,
      {
        config: { guard: 'ADMIN_PANEL' },
        schema: {
          tags: ['settings'],
          summary: 'Задать токен бота Telegram (проверяется запросом getMe) или убрать его (null)',
          body: telegramSettingsBody,
          response: { 200: telegramSettings },
        },
      },
      async (request) => setTelegramToken(ctx, request.body.bot_token),
    );
  };
}
