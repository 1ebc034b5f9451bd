import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { SavePersonalThemeButton } from './PersonalThemeDialog.tsx';

const CREATE = 'POST /api/v1/messages/save_personal_theme/';

/** Ant Design's table and modal render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;

describe('SavePersonalThemeButton', () => {
  it(
    'saves the current message filter under the typed name (Enter submits), type 1',
    async () => {
      const user = buildUser();
      const { requests } = installFakeApi({
        user,
        routes: {
          [CREATE]: () =>
            json(201, {
              id: 42,
              name: 'Культура',
              type: 1,
              filters: { theme_in: [13], verified: true },
              created_at: '2026-11-23T10:00:00.000Z',
            }),
        },
      });
      renderWithUser(<SavePersonalThemeButton filter={{ theme_in: [13], mood_in: [], verified: true }} />, {
        user,
      });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить как личную тему' }));
      const input = await screen.findByLabelText('Название темы');
      expect(screen.getByText(/условий: 2/)).toBeTruthy();
      fireEvent.change(input, { target: { value: '  Культура ' } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      await screen.findByText(/Личная тема «Культура» сохранена/);
      const posted = requests.filter((r) => `${r.method} ${r.path}` === CREATE);
      expect(posted).toHaveLength(1);
      expect(posted[0].body).toEqual({
        name: 'Культура',
        filters: { theme_in: [13], verified: true },
        type: 1,
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the server’s 400 at the name field and keeps the dialog open',
    async () => {
      const user = buildUser();
      installFakeApi({
        user,
        routes: {
          [CREATE]: () =>
            errorResponse(400, 'Некорректное значение поля «name»: не длиннее 200 символов', 'name'),
        },
      });
      renderWithUser(<SavePersonalThemeButton filter={{}} />, { user });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить как личную тему' }));
      const input = await screen.findByLabelText('Название темы');
      expect(screen.getByText(/Фильтры не заданы/)).toBeTruthy();
      fireEvent.change(input, { target: { value: 'Тема' } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      await waitFor(() => expect(screen.getByText(/не длиннее 200 символов/)).toBeTruthy());
      expect(screen.getByLabelText('Название темы')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );
});
