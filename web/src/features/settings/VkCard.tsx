import { vkSettingsBody } from '@monitoring/contracts';
import { useSaveVkToken, useVkSettings } from '../../api/feeds.ts';
import { SecretTokenCard } from './SecretTokenCard.tsx';

export const VK_TEXTS = {
  title: 'Сбор: ВКонтакте',
  hint:
    'Ленты ВКонтакте читают публичные стены через VK API (wall.get) с сервисным ключом приложения VK. ' +
    'Ключ выдаётся в настройках приложения на dev.vk.com; после сохранения он не показывается.',
  loadError: 'Не удалось загрузить настройки ВКонтакте',
  state: 'Состояние',
  configured: (label: string | null) => (label ? `Ключ задан: …${label}` : 'Ключ задан'),
  notConfigured: 'Ключ не задан: ленты ВКонтакте на паузе',
  updated: 'Изменён',
  token: 'Сервисный ключ',
  tokenRequired: 'Введите сервисный ключ',
  save: 'Сохранить ключ',
  saved: 'Сервисный ключ сохранён',
  remove: 'Удалить ключ',
  removeConfirm: 'Удалить сервисный ключ? Ленты ВКонтакте встанут на паузу.',
  removed: 'Сервисный ключ удалён',
  cancel: 'Отмена',
} as const;

/** The contract's check of the token, for the form: its Russian message, or null. */
function tokenProblem(value: string): string | null {
  const parsed = vkSettingsBody.safeParse({ service_token: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * «Сбор: ВКонтакте» of the settings (issue 31): whether the VK service token is set, its last four characters and
 * when; administrators (ADMIN_PANEL) set it (a password field, never shown back) or remove it after a confirmation.
 * Without it the VK feeds are paused, with the reason shown in the «Сбор» view.
 */
export function VkCard() {
  return (
    <SecretTokenCard
      texts={VK_TEXTS}
      className="vk-card"
      field="service_token"
      settings={useVkSettings()}
      save={useSaveVkToken()}
      configuredText={(data) => VK_TEXTS.configured(data.label)}
      check={tokenProblem}
    />
  );
}
