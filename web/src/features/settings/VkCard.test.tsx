import { VK_SETTINGS_PATHS } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { VkCard } from './VkCard.tsx';

const SLOW_TEST_MS = 60_000;
const GET = `GET ${VK_SETTINGS_PATHS.vk}`;
const PUT = `PUT ${VK_SETTINGS_PATHS.vk}`;
const puts = (requests: FakeRequest[]) => requests.filter((r) => `${r.method} ${r.path}` === PUT);

const configured = { configured: true, label: 'x9Qz', updated_at: '2026-11-20T09:00:00.000Z' };
const unset = { configured: false, label: null, updated_at: null };
const TOKEN = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2x9Qz';

describe('VkCard', () => {
  it(
    'shows the token’s last four characters and when it was set, never the token; the form only to ADMIN_PANEL',
    async () => {
      const admin = buildUser({ scope: ['view_settings', 'ADMIN_PANEL'] });
      installFakeApi({ user: admin, routes: { [GET]: () => json(200, configured) } });
      const { unmount } = renderWithUser(<VkCard />, { user: admin });
      expect(await screen.findByText('Ключ задан: …x9Qz')).toBeTruthy();
      // Moscow time of 09:00 UTC.
      expect(screen.getByText('20 ноября 2026, 12:00')).toBeTruthy();
      expect((screen.getByLabelText('Сервисный ключ') as HTMLInputElement).value).toBe('');
      expect(screen.getByRole('button', { name: 'Удалить ключ' })).toBeTruthy();
      unmount();

      // Should the server let others read it, they get the state without the form.
      const reader = buildUser({ scope: ['view_settings'] });
      installFakeApi({ user: reader, routes: { [GET]: () => json(200, configured) } });
      renderWithUser(<VkCard />, { user: reader });
      expect(await screen.findByText('Ключ задан: …x9Qz')).toBeTruthy();
      expect(screen.queryByLabelText('Сервисный ключ')).toBeNull();
    },
    SLOW_TEST_MS,
  );

  it(
    'lets an administrator set the token in a password field: checked first, the server’s 400 at the field',
    async () => {
      const user = buildUser({ scope: ['view_settings', 'ADMIN_PANEL'] });
      let answer = 400;
      const { requests } = installFakeApi({
        user,
        routes: {
          [GET]: () => json(200, answer === 400 ? unset : configured),
          [PUT]: () =>
            answer === 400
              ? errorResponse(400, 'VK не принял ключ: access denied', 'service_token')
              : json(200, configured),
        },
      });
      renderWithUser(<VkCard />, { user });
      expect(await screen.findByText('Ключ не задан: ленты ВКонтакте на паузе')).toBeTruthy();
      const input = screen.getByLabelText('Сервисный ключ') as HTMLInputElement;
      expect(input.type).toBe('password');
      const form = input.closest('form') as HTMLFormElement;

      fireEvent.change(input, { target: { value: 'короткий' } });
      fireEvent.submit(form);
      expect(await screen.findByText('сервисный ключ: латинские буквы и цифры, от 20 символов')).toBeTruthy();
      expect(puts(requests)).toHaveLength(0);

      fireEvent.change(input, { target: { value: ` ${TOKEN} ` } });
      fireEvent.submit(form);
      expect(await screen.findByText('VK не принял ключ: access denied')).toBeTruthy();
      expect(puts(requests)[0]?.body).toEqual({ service_token: TOKEN });

      answer = 200;
      fireEvent.submit(form);
      expect(await screen.findByText('Сервисный ключ сохранён')).toBeTruthy();
      expect(await screen.findByText('Ключ задан: …x9Qz')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'clears the token only after the confirmation',
    async () => {
      const user = buildUser({ scope: ['view_settings', 'ADMIN_PANEL'] });
      const { requests } = installFakeApi({
        user,
        routes: { [GET]: () => json(200, configured), [PUT]: () => json(200, unset) },
      });
      renderWithUser(<VkCard />, { user });
      fireEvent.click(await screen.findByRole('button', { name: 'Удалить ключ' }));
      const question = await screen.findByText(/Удалить сервисный ключ\?/);
      expect(puts(requests)).toHaveLength(0);
      fireEvent.click(
        within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Удалить ключ' }),
      );
      await waitFor(() => expect(puts(requests)).toHaveLength(1));
      expect(puts(requests)[0]?.body).toEqual({ service_token: null });
    },
    SLOW_TEST_MS,
  );
});
