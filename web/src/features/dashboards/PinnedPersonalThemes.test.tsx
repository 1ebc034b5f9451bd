import { apiPath, DASHBOARD_PERSONAL_THEME_PATHS as PATHS } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { PinnedPersonalThemes } from './PinnedPersonalThemes.tsx';

const SLOW_TEST_MS = 60_000;

const row = { message_count: 0, lom_count: 0, total_si: 0, total_views: 0, subscribers: 0 };
const moodTable = { 1: { ...row, message_count: 3 }, 2: row, 3: row, 4: row, 5: row, 6: row };
const pinnedTheme = (id: number, name: string, position: number) => ({
  id,
  name,
  position,
  message_count: 8372,
  total_si: 56.9,
  total_views: 100,
  mood_table: moodTable,
  constant_lom_count: 2,
});
const choice = (id: number, name: string, pinned: boolean) => ({ id, name, constant_lom_count: 0, pinned });
const PERIOD = { wrote_at_after: '2025-03-10', wrote_at_before: '2025-03-14' };

describe('PinnedPersonalThemes', () => {
  it(
    'shows the pinned personal themes with their sums and unpins one only after the confirmation',
    async () => {
      const user = buildUser({ role: 4 });
      const { requests } = installFakeApi({
        user,
        routes: {
          [`GET ${PATHS.pinnedThemes}`]: () => json(200, [pinnedTheme(3, 'Выборы: мой фильтр', 0)]),
          [`GET ${PATHS.themesDashboards}`]: () =>
            json(200, [choice(3, 'Выборы: мой фильтр', true), choice(4, 'Спорт', false)]),
          [`DELETE ${apiPath(PATHS.pinnedTheme, { id: 3 })}`]: () => new Response(null, { status: 204 }),
        },
      });
      renderWithUser(<PinnedPersonalThemes query={PERIOD} search="?wrote_at_after=2025-03-10" />, {
        user,
        path: '/dashboards/theme',
      });
      const link = await screen.findByRole('link', { name: 'Выборы: мой фильтр' });
      expect(link.getAttribute('href')).toBe('/dashboards/personalTheme/3?wrote_at_after=2025-03-10');
      const sums = link.closest('.ant-card')?.querySelector('.muted')?.textContent;
      expect(sums).toBe('Сообщений 8,37 тыс. · Si 56,9 · постоянных ЛОМ 2');
      const asked = requests.find((r) => r.method === 'GET' && r.path === PATHS.pinnedThemes);
      expect(asked?.search).toBe('?wrote_at_after=2025-03-10&wrote_at_before=2025-03-14');

      fireEvent.click(screen.getByLabelText('Открепить личную тему Выборы: мой фильтр'));
      await screen.findByText('Открепить личную тему «Выборы: мой фильтр»?');
      expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Открепить' }));
      await waitFor(() =>
        expect(
          requests.some((r) => r.method === 'DELETE' && r.path === apiPath(PATHS.pinnedTheme, { id: 3 })),
        ).toBe(true),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'pins a personal theme chosen in the picker, which offers the unpinned ones only',
    async () => {
      const user = buildUser({ role: 4 });
      const { requests } = installFakeApi({
        user,
        routes: {
          [`GET ${PATHS.pinnedThemes}`]: () => json(200, []),
          [`GET ${PATHS.themesDashboards}`]: () =>
            json(200, [choice(3, 'Выборы: мой фильтр', true), choice(4, 'Спорт', false)]),
          [`POST ${PATHS.pinnedThemes}`]: () => json(201, { id: 4, name: 'Спорт', position: 1 }),
        },
      });
      renderWithUser(<PinnedPersonalThemes query={{}} search="" />, { user, path: '/dashboards/theme' });
      await screen.findByText(/Закреплённых личных тем нет/);
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Закрепить личную тему' }));
      const option = await screen.findByTitle('Спорт');
      expect(screen.queryByTitle('Выборы: мой фильтр')).toBeNull();
      fireEvent.click(option);
      await waitFor(() => {
        const pin = requests.find((r) => r.method === 'POST' && r.path === PATHS.pinnedThemes);
        expect(pin?.body).toEqual({ theme: 4 });
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'says how to make a personal theme when the user has none',
    async () => {
      const user = buildUser({ role: 4 });
      installFakeApi({
        user,
        routes: {
          [`GET ${PATHS.pinnedThemes}`]: () => json(200, []),
          [`GET ${PATHS.themesDashboards}`]: () => json(200, []),
        },
      });
      renderWithUser(<PinnedPersonalThemes query={{}} search="" />, { user, path: '/dashboards/theme' });
      await screen.findByText(/Личных тем пока нет/);
      expect(screen.queryByRole('combobox', { name: 'Закрепить личную тему' })).toBeNull();
    },
    SLOW_TEST_MS,
  );
});
