// Keys of `app_secrets`: values an administrator sets in /settings that are never answered (docs/alerts.md).

/** The Telegram bot's token; its label is the bot's @name as getMe answered it. */
export const TELEGRAM_BOT_TOKEN_KEY = 'telegram_bot_token';
