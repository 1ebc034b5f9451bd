import {
  AUTH_PATHS,
  ROLES,
  SYSTEM_PATHS,
  TOO_MANY_LOGINS_TEXT,
  WRONG_CREDENTIALS_TEXT,
} from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getToken } from '../../api/token.ts';
import { errorResponse, installFakeApi, json } from '../../test/fake-api.ts';

const PASSWORD_RESET_PATH = AUTH_PATHS.passwordReset;

import { renderApp } from '../../test/render-app.tsx';
import { buildUser } from '../../test/users.ts';
import { AUTH_TEXTS } from './texts.ts';

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Логин'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: password } });
  // Enter in a field submits the form; jsdom has no implicit submission, so submit directly.
  const form = screen.getByRole('button', { name: 'Войти' }).closest('form');
  if (!form) throw new Error('no form');
  fireEvent.submit(form);
}

function loginApi(user = buildUser({ role: ROLES.user })) {
  return installFakeApi({
    user,
    routes: {
      [`POST ${AUTH_PATHS.login}`]: ({ body }) => {
        const { username, password } = body as { username: string; password: string };
        if (username === 'flood') return errorResponse(429, TOO_MANY_LOGINS_TEXT);
        if (username !== 'ivanova' || password !== 'secret')
          return errorResponse(400, WRONG_CREDENTIALS_TEXT);
        return json(200, { token: 'test-token' });
      },
    },
  });
}

afterEach(() => vi.useRealTimers());

describe('LoginPage', () => {
  it('focuses the login field and checks required fields before calling the server', async () => {
    const { requests } = loginApi();
    renderApp('/login');
    const username = await screen.findByLabelText('Логин');
    expect(document.activeElement).toBe(username);
    fillAndSubmit('', '');
    expect(await screen.findByText('Введите логин')).toBeTruthy();
    expect(requests.some((request) => request.path === AUTH_PATHS.login)).toBe(false);
  });

  it.each([
    ['ivanova', 'wrong', WRONG_CREDENTIALS_TEXT],
    ['flood', 'secret', TOO_MANY_LOGINS_TEXT],
  ])('shows the server message for %s under the form', async (username, password, message) => {
    loginApi();
    renderApp('/login');
    await screen.findByLabelText('Логин');
    fillAndSubmit(username, password);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(getToken()).toBeNull();
    // The login route is silent: no notification on top of the form message.
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('stores the token, loads the user and goes to the safe next', async () => {
    const { requests } = loginApi();
    const { router } = renderApp('/login?next=%2Fmessages%3Fpage%3D2');
    await screen.findByLabelText('Логин');
    fillAndSubmit('ivanova', 'secret');
    await screen.findByRole('heading', { name: 'Сообщения' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/messages?page=2');
    expect(getToken()).toBe('test-token');
    const me = requests.find((request) => request.path === AUTH_PATHS.me);
    expect(me?.headers.get('Authorization')).toBe('Token test-token');
  });

  it('lands a lom-selection user on /loms with a one-year range', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 0, 31, 10, 0) });
    loginApi(buildUser({ role: ROLES.lomSelection }));
    const { router } = renderApp('/login');
    await screen.findByLabelText('Логин');
    fillAndSubmit('ivanova', 'secret');
    await screen.findByRole('heading', { name: 'Лидеры мнений' });
    expect(router.state.location.search).toBe(
      '?message__wrote_at_after=2024-01-31&message__wrote_at_before=2025-01-31',
    );
  });

  it('logs out: tells the server once, token gone, back to login', async () => {
    const { requests } = loginApi();
    const { router } = renderApp('/messages', { token: 'test-token' });
    await screen.findByRole('heading', { name: 'Сообщения' });
    const before = requests.length;
    fireEvent.click(screen.getByText('Выйти'));
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    // The one call is logout/ (it revokes the token and clears the counter's cookie); no other data call.
    const calls = requests.slice(before).filter((request) => request.path !== SYSTEM_PATHS.environment);
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${AUTH_PATHS.logout}`,
    ]);
  });
});

describe('ResetPasswordPage', () => {
  it('posts the email and says a letter is on its way', async () => {
    const { requests } = installFakeApi({ routes: { [`POST ${PASSWORD_RESET_PATH}`]: () => json(200, {}) } });
    renderApp('/reset-password');
    fireEvent.change(await screen.findByLabelText(AUTH_TEXTS.email), { target: { value: 'a@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.resetSubmit }));
    expect(await screen.findByText(AUTH_TEXTS.resetSent)).toBeTruthy();
    await waitFor(() =>
      expect(requests.find((request) => request.path === PASSWORD_RESET_PATH)?.body).toEqual({
        email: 'a@example.ru',
      }),
    );
  });
});
