import { TELEGRAM_SETTINGS_PATHS } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { TelegramCard } from './TelegramCard.tsx';

const SLOW_TEST_MS = 60_000;
const GET = `GET ${TELEGRAM_SETTINGS_PATHS.telegram}`;
const PUT = `PUT ${TELEGRAM_SETTINGS_PATHS.telegram}`;
const puts = (requests: FakeRequest[]) => requests.filter((r) => `${r.method} ${r.path}` === PUT);

afterEach(() => vi.unstubAllGlobals());

const configured = {
  configured: true,
  bot_username: 'monitoring_bot',
  updated_at: '2026-11-20T09:00:00.000Z',
};

describe('TelegramCard', () => {
  it(
    'shows the bot to a reader, without the token field',
    async () => {
      const user = buildUser({ scope: ['view_settings'] });
      installFakeApi({ user, routes: { [GET]: () => json(200, configured) } });
      renderWithUser(<TelegramCard />, { user });
      expect(await screen.findByText('Настроен: @monitoring_bot')).toBeTruthy();
      expect(screen.queryByLabelText('Токен бота')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Удалить токен' })).toBeNull();
    },
    SLOW_TEST_MS,
  );

  it(
    'lets an administrator set the token (a password field), with the server’s 400 at the field',
    async () => {
      const user = buildUser({ scope: ['view_settings', 'ADMIN_PANEL'] });
      let answer = 400;
      const { requests } = installFakeApi({
        user,
        routes: {
          [GET]: () => json(200, { configured: false, bot_username: null, updated_at: null }),
          [PUT]: () =>
            answer === 400
              ? errorResponse(400, 'Telegram не принял токен: Unauthorized', 'bot_token')
              : json(200, configured),
        },
      });
      renderWithUser(<TelegramCard />, { user });
      expect(await screen.findByText('Не настроен: оповещения в Telegram не отправляются')).toBeTruthy();
      const input = screen.getByLabelText('Токен бота') as HTMLInputElement;
      expect(input.type).toBe('password');
      fireEvent.change(input, { target: { value: ' 123456789:AAbbccddeeffgghhiijjkkllmmnn ' } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      expect(await screen.findByText('Telegram не принял токен: Unauthorized')).toBeTruthy();
      expect(puts(requests)[0].body).toEqual({ bot_token: '123456789:AAbbccddeeffgghhiijjkkllmmnn' });
      answer = 200;
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      await waitFor(() => expect(puts(requests)).toHaveLength(2));
    },
    SLOW_TEST_MS,
  );

  it(
    'removes the token only after the confirmation',
    async () => {
      const user = buildUser({ scope: ['view_settings', 'ADMIN_PANEL'] });
      const { requests } = installFakeApi({
        user,
        routes: {
          [GET]: () => json(200, configured),
          [PUT]: () => json(200, { configured: false, bot_username: null, updated_at: null }),
        },
      });
      renderWithUser(<TelegramCard />, { user });
      fireEvent.click(await screen.findByRole('button', { name: 'Удалить токен' }));
      const question = await screen.findByText(/Удалить токен бота\?/);
      expect(puts(requests)).toHaveLength(0);
      const popup = question.closest('.ant-popover') as HTMLElement;
      fireEvent.click(within(popup).getByRole('button', { name: 'Удалить токен' }));
      await waitFor(() => expect(puts(requests)).toHaveLength(1));
      expect(puts(requests)[0].body).toEqual({ bot_token: null });
    },
    SLOW_TEST_MS,
  );
});
