import { ORGANIZATION_PATHS, USER_ADMIN_PATHS, type UserItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { checkedKeysOf, treeBodyOf } from './PermissionTreeDrawer.tsx';
import { UserDialog } from './UserDialog.tsx';

const CREATE = `POST ${USER_ADMIN_PATHS.create}`;
const empty = { results: [], page: 1, last_page: 1, elements_count: 0, next_pages_available: 0 };

const created: UserItem = {
  id: 40,
  username: 'new.user',
  email: '',
  first_name: '',
  last_name: '',
  role: 3,
  role_name: 'Пользователь',
  organization: null,
  is_active: true,
  groups: [{ id: 2, name: 'Аналитики' }],
  user_ui_permissions: ['view_logs'],
  permissions: [],
  daily_dashboard_permissions: [],
  is_admin: false,
  last_login: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function render(answer: (request: FakeRequest) => Response) {
  const user = buildUser({ role: 1, ui_permissions: ['view_lom_admin'] });
  const api = installFakeApi({
    user,
    routes: {
      [CREATE]: answer,
      [`GET ${ORGANIZATION_PATHS.list}`]: () => json(200, empty),
      [`GET ${USER_ADMIN_PATHS.groups}`]: () => json(200, { results: [] }),
    },
  });
  renderWithUser(<UserDialog open user={null} onClose={() => {}} />, { user });
  return api;
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Логин'), { target: { value: 'new.user' } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'long-password-1' } });
  fireEvent.submit(screen.getByLabelText('Логин').closest('form') as HTMLFormElement);
}

describe('UserDialog', () => {
  it('creates a user with role 3 by default', async () => {
    const { requests } = render(() => json(201, created));
    fillAndSubmit();
    await waitFor(() => expect(requests.some((r) => `${r.method} ${r.path}` === CREATE)).toBe(true));
    const body = requests.find((r) => `${r.method} ${r.path}` === CREATE)?.body;
    expect(body).toMatchObject({
      username: 'new.user',
      password: 'long-password-1',
      role: 3,
      is_active: true,
    });
  }, 60_000);

  it('labels its fields and choices in Russian, without codes or ids', async () => {
    render(() => json(201, created));
    const dialog = (await screen.findAllByLabelText('Логин'))[0].closest('form') as HTMLFormElement;
    expect(screen.getByText('Права')).toBeTruthy();
    expect(screen.getByText('Пользователь')).toBeTruthy();
    expect(screen.getByText('Личные дашборды дня')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/user_ui_permissions|add_private_dashboard|\(\d+\)/);
  }, 60_000);

  it('shows a 400 on the field the server names', async () => {
    render(() => errorResponse(400, 'Этот логин уже занят', 'username'));
    fillAndSubmit();
    expect(await screen.findByText('Этот логин уже занят')).toBeTruthy();
  }, 60_000);

  it('asks for a password on creation', async () => {
    const { requests } = render(() => json(201, created));
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByLabelText('Логин').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Введите пароль')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  }, 60_000);
});

describe('permission tree keys', () => {
  it('turns the user into checked keys and the checked keys into the body', () => {
    expect(checkedKeysOf(created)).toEqual(['view_logs', 'group:2']);
    expect(treeBodyOf(['branch:menu', 'view_logs', 'view_loms', 'group:2', 'group:5'])).toEqual({
      ui_permissions: ['view_logs', 'view_loms'],
      groups: [2, 5],
    });
  });
});
