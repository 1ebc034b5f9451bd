import { AUTH_PATHS } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

const CHANGE = `PATCH ${AUTH_PATHS.changePassword}`;

function fill(old: string, password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: old } });
  fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Повторите новый пароль'), { target: { value: repeat } });
  fireEvent.submit(screen.getByLabelText('Текущий пароль').closest('form') as HTMLFormElement);
}

describe('ChangePasswordForm', () => {
  it('checks the repeat, shows the server’s message on the field it names, then succeeds', async () => {
    const user = buildUser();
    let attempt = 0;
    const { requests } = installFakeApi({
      user,
      routes: {
        [CHANGE]: () =>
          ++attempt === 1
            ? errorResponse(400, 'Текущий пароль указан неверно', 'old_password')
            : json(200, { detail: 'Пароль изменён' }),
      },
    });
    renderWithUser(<ChangePasswordForm />, { user });
    fill('old-one', 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    expect(requests.some((r) => `${r.method} ${r.path}` === CHANGE)).toBe(false);
    fill('wrong-old', 'new-password-1', 'new-password-1');
    expect(await screen.findByText('Текущий пароль указан неверно')).toBeTruthy();
    fill('old-one', 'new-password-1', 'new-password-1');
    expect(await screen.findByText(/Пароль изменён/)).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => `${r.method} ${r.path}` === CHANGE).at(-1)?.body).toEqual({
        old_password: 'old-one',
        password: 'new-password-1',
        password2: 'new-password-1',
      }),
    );
  }, 30_000);
});
