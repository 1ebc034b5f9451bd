import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { ThemePage } from './ThemePage.tsx';

const theme = {
  id: 5,
  name: 'Дороги и мосты',
  external_id: null,
  created_at: '2026-01-10T09:00:00Z',
  active: true,
  archived: false,
  approved: true,
  draft: false,
  created_by_ai: false,
  ai: false,
  service: false,
  cluster_type: null,
  actual: true,
  hidden: false,
  is_favorite: false,
  info_reasons: [],
};

describe('the messages tab of a theme card', () => {
  it('takes its period from the URL, so a shared link opens the same messages', async () => {
    installFakeApi({
      user: buildUser({ role: 3 }),
      routes: { 'GET /api/v2/themes/5/': () => json(200, theme) },
    });
    renderWithUser(<ThemePage />, {
      user: buildUser({ role: 3 }),
      route: '/theme/:id',
      path: '/theme/5?tab=messages&wrote_at_after=2026-03-01&wrote_at_before=2026-03-15',
    });
    const link = await screen.findByRole('link', { name: /Открыть сообщения темы/ });
    expect(link.getAttribute('href')).toBe(
      '/messages?theme_in=5&wrote_at_after=2026-03-01&wrote_at_before=2026-03-15',
    );
  });
});
