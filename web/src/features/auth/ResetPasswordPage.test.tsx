import { AUTH_PATHS, apiPath, RESET_LINK_INVALID_TEXT } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const CONFIRM = `POST ${apiPath(AUTH_PATHS.confirmPassword, { id: 5, token: 'abcdef0123456789abcdef' })}`;

function fill(password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: repeat } });
  fireEvent.submit(
    screen.getByRole('button', { name: 'Сохранить пароль' }).closest('form') as HTMLFormElement,
  );
}

const render = () =>
  renderWithUser(<ResetPasswordPage />, { path: '/reset-password?id=5&token=abcdef0123456789abcdef' });

describe('ResetPasswordPage with a mailed link', () => {
  it('sets the new password and links to the login page', async () => {
    const { requests } = installFakeApi({
      routes: { [CONFIRM]: () => json(200, { detail: 'Пароль изменён' }) },
    });
    render();
    fill('short', 'short');
    expect(await screen.findByText(/не менее 8 символов/)).toBeTruthy();
    fill('new-password-1', 'other-password');
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    fill('new-password-1', 'new-password-1');
    expect(await screen.findByRole('link', { name: 'Перейти ко входу' })).toBeTruthy();
    const sent = requests.filter((r) => `${r.method} ${r.path}` === CONFIRM);
    expect(sent.map((r) => r.body)).toEqual([{ password: 'new-password-1' }]);
  }, 30_000);

  it('shows the server’s one message for a used, expired or tampered link', async () => {
    installFakeApi({ routes: { [CONFIRM]: () => errorResponse(400, RESET_LINK_INVALID_TEXT, 'token') } });
    render();
    fill('new-password-1', 'new-password-1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(RESET_LINK_INVALID_TEXT));
  }, 30_000);

  it('without a link asks for the email', async () => {
    installFakeApi();
    renderWithUser(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByLabelText('Электронная почта')).toBeTruthy();
  });
});
