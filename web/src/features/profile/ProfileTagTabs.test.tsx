import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { ProfileTagTabs } from './ProfileTagTabs.tsx';

const envelope = (results: unknown[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const TAGS = {
  'GET /api/v2/tags/': () =>
    json(200, envelope([{ id: 1, name: 'фейк', created_at: '2026-11-01T00:00:00Z', messages_count: 40 }])),
};

/** Ant Design's table and modal render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;

describe('ProfileTagTabs', () => {
  it(
    'gives an editor the create, rename and delete controls and creates a tag',
    async () => {
      const user = buildUser({ scope: ['PROFILE', 'MESSAGES', 'EDIT_MESSAGE_ATTRIBUTES'] });
      const { requests } = installFakeApi({
        user,
        routes: {
          ...TAGS,
          'POST /api/v2/tags/': () =>
            json(201, { id: 2, name: 'новый', created_at: '2026-11-23T00:00:00Z', messages_count: 0 }),
        },
      });
      renderWithUser(<ProfileTagTabs>профиль</ProfileTagTabs>, { user, path: '/profile?tab=tags' });
      await screen.findByText('фейк');
      expect(screen.getByLabelText('Удалить тег фейк')).toBeTruthy();
      expect(screen.queryByText('Личные теги')).toBeNull();
      fireEvent.click(screen.getByText('Новый тег'));
      const input = await screen.findByLabelText('Название тега');
      fireEvent.change(input, { target: { value: 'новый' } });
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      await waitFor(() =>
        expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v2/tags/')).toBe(true),
      );
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'новый' });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a reader the tags without the controls, and personal tags with PERSONAL_TAGS',
    async () => {
      const user = buildUser({ scope: ['PROFILE', 'MESSAGES', 'PERSONAL_TAGS'] });
      installFakeApi({
        user,
        routes: {
          ...TAGS,
          'GET /api/v1/personal-tags/filter-list/': () => json(200, envelope([{ id: 9, name: 'важное' }])),
        },
      });
      renderWithUser(<ProfileTagTabs>профиль</ProfileTagTabs>, { user, path: '/profile?tab=tags' });
      await screen.findByText('фейк');
      expect(screen.queryByText('Новый тег')).toBeNull();
      expect(screen.queryByLabelText('Удалить тег фейк')).toBeNull();
      fireEvent.click(screen.getByText('Личные теги'));
      await screen.findByText('важное');
      expect(screen.getByLabelText('Удалить личный тег важное')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );
});
