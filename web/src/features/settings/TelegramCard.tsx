import { useSaveTelegramToken, useTelegramSettings } from '../../api/alerts.ts';
import { SecretTokenCard } from './SecretTokenCard.tsx';

export const TELEGRAM_TEXTS = {
  title: 'Telegram-бот',
  hint: 'Бот отправляет оповещения в чаты Telegram. Токен выдаёт @BotFather; после сохранения он не показывается.',
  loadError: 'Не удалось загрузить настройки Telegram',
  state: 'Состояние',
  configured: (name: string | null) => (name ? `Настроен: @${name}` : 'Настроен'),
  notConfigured: 'Не настроен: оповещения в Telegram не отправляются',
  updated: 'Изменён',
  token: 'Токен бота',
  tokenRequired: 'Введите токен бота',
  save: 'Сохранить токен',
  saved: 'Токен бота сохранён',
  remove: 'Удалить токен',
  removeConfirm: 'Удалить токен бота? Оповещения в Telegram перестанут отправляться.',
  removed: 'Токен бота удалён',
  cancel: 'Отмена',
} as const;

/**
 * «Telegram-бот» of the settings (issue 30): whether a bot token is set and the bot's name; administrators
 * (ADMIN_PANEL) set the token (a password field, never shown back) or remove it after a confirmation.
 */
export function TelegramCard() {
  return (
    <SecretTokenCard
      texts={TELEGRAM_TEXTS}
      className="telegram-card"
      field="bot_token"
      placeholder="123456789:AA…"
      settings={useTelegramSettings()}
      save={useSaveTelegramToken()}
      configuredText={(data) => TELEGRAM_TEXTS.configured(data.bot_username)}
    />
  );
}
