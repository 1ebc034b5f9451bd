import type { TelegramSettings } from '@monitoring/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { TELEGRAM_BOT_TOKEN_KEY } from '../../domain/alerts/app-secret-keys.ts';
import { deleteSecret, saveSecret, secretInfo } from '../../domain/secrets-queries.ts';
import { badRequest } from '../../http/errors.ts';
import { createOutboundClient, OutboundError } from '../../http/outbound.ts';
import { presentTelegramSettings } from './telegram-presenter.ts';

// The Telegram bot of the alerts (issue 30, docs/alerts.md): an administrator sets its token in /settings; the
// server asks Telegram who the bot is (getMe) before keeping it, and never answers the token.

/** getMe answers a few hundred bytes: anything much larger is not Telegram. */
const GET_ME_MAX_BYTES = 64 * 1024;

export async function telegramSettingsOf(db: Db): Promise<TelegramSettings> {
  return presentTelegramSettings(await secretInfo(db, TELEGRAM_BOT_TOKEN_KEY));
}

/** The bot's @name as getMe answers it for the token; a refusal or a wrong answer is a 400 naming bot_token. */
async function botUsername(ctx: Pick<AppContext, 'config'>, token: string): Promise<string> {
  const outbound = createOutboundClient({ allow: ctx.config.outboundAllowHosts });
  let status: number;
  let text: string;
  try {
    const res = await outbound.fetch(`${ctx.config.telegramApiBase}/bot${token}/getMe`, {
      maxBytes: GET_ME_MAX_BYTES,
    });
    status = res.status;
    text = res.body.toString('utf8');
  } catch (error) {
    if (error instanceof OutboundError)
      throw badRequest(`Не удалось проверить токен: Telegram недоступен (${error.message})`, 'bot_token');
    throw error;
  }
  let answer: { ok?: unknown; description?: unknown; result?: { username?: unknown } } | null = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: said below with the status.
  }
  if (!answer || typeof answer !== 'object')
    throw badRequest(`Не удалось проверить токен: Telegram ответил не JSON (HTTP ${status})`, 'bot_token');
  if (answer.ok !== true) {
    const reason = typeof answer.description === 'string' ? answer.description : `HTTP ${status}`;
    throw badRequest(`Telegram не принял токен: ${reason.slice(0, 300)}`, 'bot_token');
  }
  const username = answer.result?.username;
  if (typeof username !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(username))
    throw badRequest('Telegram не назвал имя бота: проверьте токен', 'bot_token');
  return username;
}

/** PUT settings/telegram/: a token Telegram knows is kept (labelled with the bot's @name); null clears it. */
export async function setTelegramToken(
  ctx: Pick<AppContext, 'config' | 'db'>,
  token: string | null,
): Promise<TelegramSettings> {
  if (token === null) {
    await deleteSecret(ctx.db, TELEGRAM_BOT_TOKEN_KEY);
  } else {
    const username = await botUsername(ctx, token);
    await saveSecret(ctx.db, TELEGRAM_BOT_TOKEN_KEY, token, `@${username}`);
  }
  return telegramSettingsOf(ctx.db);
}
