import { SETTINGS_PATHS, type SettingsEnvironment, USER_ADMIN_PATHS } from '@monitoring/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { SettingsPage } from './SettingsPage.tsx';

const env: SettingsEnvironment = {
  version: '0.1.0',
  app_env: 'local',
  database: 'PGlite',
  read_replica: false,
  smtp_configured: false,
  demo_data: true,
  demo_messages: 3000,
  time_zone: 'Europe/Moscow (UTC+3)',
  token_lifetime: 'Без ограничения',
  password_reset_link_hours: 24,
  password_min_length: 8,
  login_rate_limit: 10,
  login_failures_per_account: 10,
};

describe('SettingsPage', () => {
  it('lists the permission groups, and shows the environment tab', async () => {
    const user = buildUser({ role: 1 });
    installFakeApi({
      user,
      routes: {
        [`GET ${USER_ADMIN_PATHS.groups}`]: () =>
          json(200, {
            results: [{ id: 1, name: 'Аналитики', ui_permissions: ['view_logs'], users_count: 2 }],
          }),
        [`GET ${SETTINGS_PATHS.environment}`]: () => json(200, env),
      },
    });
    renderWithUser(<SettingsPage />, { user, path: '/settings' });
    expect(await screen.findByText('Аналитики')).toBeTruthy();
    expect(screen.getByText('Логи')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Окружение' }));
    expect(await screen.findByText('PGlite')).toBeTruthy();
    expect(screen.getByText('Europe/Moscow (UTC+3)')).toBeTruthy();
  }, 60_000);

  it('shows the outbox tab to an administrator, with the kept mail', async () => {
    const user = buildUser({ role: 1, ui_permissions: ['view_lom_admin'] });
    installFakeApi({
      user,
      routes: {
        [`GET ${USER_ADMIN_PATHS.groups}`]: () => json(200, { results: [] }),
        [`GET ${SETTINGS_PATHS.outbox}`]: () =>
          json(200, {
            results: [
              {
                id: 3,
                to: 'ivanova@example.ru',
                subject: 'Сброс пароля',
                body: 'Откройте ссылку: http://localhost/reset-password?id=7&token=abc',
                created_at: '2026-11-20T09:00:00.000Z',
              },
            ],
            last_page: 1,
            page: 1,
            next_pages_available: 0,
            elements_count: 1,
          }),
      },
    });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=outbox' });
    expect(await screen.findByText('ivanova@example.ru')).toBeTruthy();
    expect(screen.getByText(/reset-password\?id=7/)).toBeTruthy();
  }, 60_000);

  it('has no outbox tab without ADMIN_PANEL', async () => {
    const user = buildUser({ role: 3, ui_permissions: ['view_settings'] });
    installFakeApi({
      user,
      routes: { [`GET ${USER_ADMIN_PATHS.groups}`]: () => json(200, { results: [] }) },
    });
    renderWithUser(<SettingsPage />, { user, path: '/settings?tab=outbox' });
    expect(await screen.findByRole('tab', { name: 'Окружение' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Исходящая почта' })).toBeNull();
  }, 60_000);
});
