import type { TelegramSettings } from '@monitoring/contracts';
import type { SecretInfo } from '../../domain/secrets-queries.ts';

/** Whether the bot is set and its @name: never the token. */
export function presentTelegramSettings(info: SecretInfo | undefined): TelegramSettings {
  return {
    configured: Boolean(info),
    bot_username: info?.label ?? null,
    updated_at: info ? info.updatedAt.toISOString() : null,
  };
}
