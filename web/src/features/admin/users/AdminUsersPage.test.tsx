import { ORGANIZATION_PATHS, USER_ADMIN_PATHS, type UserItem } from '@monitoring/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { AdminUsersPage } from '../AdminUsersPage.tsx';

const row = (id: number, username: string, extra: Partial<UserItem> = {}): UserItem => ({
  id,
  username,
  email: `${username}@example.test`,
  first_name: 'Анна',
  last_name: 'Петрова',
  role: 2,
  role_name: 'Редактор',
  organization: { id: 3, name: 'Центр Поволжья', kind: 2 },
  is_active: true,
  groups: [{ id: 1, name: 'Аналитики' }],
  user_ui_permissions: [],
  permissions: [],
  daily_dashboard_permissions: [],
  is_admin: false,
  last_login: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('AdminUsersPage', () => {
  it('sends the URL filters and offers deactivation to others only', async () => {
    const me = buildUser({ id: 7, role: 1, ui_permissions: ['view_lom_admin'] });
    const page = { page: 1, last_page: 1, elements_count: 2, next_pages_available: 0 };
    const { requests } = installFakeApi({
      user: me,
      routes: {
        [`GET ${USER_ADMIN_PATHS.list}`]: () =>
          json(200, { ...page, results: [row(7, 'ivanova', { is_admin: true }), row(8, 'petrova')] }),
        [`GET ${ORGANIZATION_PATHS.list}`]: () => json(200, { ...page, elements_count: 0, results: [] }),
      },
    });
    renderWithUser(<AdminUsersPage />, {
      user: me,
      path: '/admin-panel/users?role=2&is_active=true&search=пет',
    });
    expect(await screen.findByText('petrova')).toBeTruthy();
    const sent = requests.find((r) => r.path === USER_ADMIN_PATHS.list);
    const query = new URLSearchParams(sent?.search);
    expect(query.get('role')).toBe('2');
    expect(query.get('is_active')).toBe('true');
    expect(query.get('search')).toBe('пет');
    expect(screen.getByText('администратор')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Деактивировать' })).toHaveLength(1));
    expect(screen.getAllByText('Аналитики')).toHaveLength(2);
  }, 60_000);
});
