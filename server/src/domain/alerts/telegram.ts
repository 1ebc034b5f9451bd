import type { OutboundClient } from '../../http/outbound.ts';
import { DeliveryError, outboundReason } from './delivery-error.ts';

// Telegram (docs/alerts.md "Telegram"): sendMessage of the Bot API at config.telegramApiBase, through the outbound
// client; an answer {ok: false, description} is a failure «Telegram: <description>». The token never reaches an
// error text.

export const TELEGRAM_NOT_CONFIGURED = 'Бот Telegram не настроен: администратор задаёт токен в «Настройках»';

export interface TelegramSend {
  apiBase: string;
  token: string | null;
  chatId: string;
  /** HTML (parse_mode HTML). */
  text: string;
  timeoutMs: number;
}

export async function sendTelegram(outbound: OutboundClient, send: TelegramSend): Promise<void> {
  if (!send.token) throw new DeliveryError(TELEGRAM_NOT_CONFIGURED);
  if (!send.chatId) throw new DeliveryError('У канала Telegram нет идентификатора чата');
  const hide = (text: string) => text.split(send.token as string).join('***');
  let status: number;
  let body: Buffer;
  try {
    const answer = await outbound.fetch(`${send.apiBase}/bot${send.token}/sendMessage`, {
      method: 'POST',
      json: {
        chat_id: send.chatId,
        text: send.text,
        parse_mode: 'HTML',
        disable_web_page_preview: true,
      },
      timeoutMs: send.timeoutMs,
      maxBytes: 256 * 1024,
    });
    status = answer.status;
    body = answer.body;
  } catch (error) {
    throw new DeliveryError(hide(`Telegram: ${outboundReason(error)}`));
  }
  let parsed: { ok?: unknown; description?: unknown } | null = null;
  try {
    parsed = JSON.parse(body.toString('utf8')) as { ok?: unknown; description?: unknown };
  } catch {
    parsed = null;
  }
  if (parsed?.ok === true && status >= 200 && status < 300) return;
  const description =
    typeof parsed?.description === 'string' && parsed.description
      ? parsed.description.slice(0, 300)
      : `ответ с кодом ${status}`;
  throw new DeliveryError(hide(`Telegram: ${description}`));
}
