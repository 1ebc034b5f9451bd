import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/format.ts';
import { type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { queryOf, reportCalls, reportEnvelope, reportRow, reportStatsAnswer } from '../../test/reports.ts';
import { buildUser } from '../../test/users.ts';
import { ThemePage } from './ThemePage.tsx';

const SLOW_TEST_MS = 60_000;
const PERIOD = 'wrote_at_after=2026-10-01&wrote_at_before=2026-10-31';

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

function reportRoutes(all: number) {
  return {
    'GET /api/v1/report/themes_stats/': () => json(200, reportStatsAnswer(all, { si: 4321, views: 98765 })),
    'GET /api/v1/report/info_reasons/': () => json(200, reportEnvelope([reportRow(9, 'Ремонт моста')])),
    'GET /api/v1/report/loms/': () => json(200, reportEnvelope([reportRow(3, 'Иван Петров')])),
    'GET /api/v1/report/info_reasons_dashboard/': () =>
      json(200, { results: [reportRow(9, 'Ремонт моста')] }),
  };
}

describe('the statistics tab of a theme card', () => {
  it(
    'asks every report call with theme_in = the theme and the URL period, and shows the numbers',
    async () => {
      const { requests } = installFakeApi({
        user: buildUser({ role: 3 }),
        routes: { 'GET /api/v2/themes/5/': () => json(200, theme), ...reportRoutes(1234) },
      });
      renderWithUser(<ThemePage />, {
        user: buildUser({ role: 3 }),
        route: '/theme/:id',
        path: `/theme/5?tab=stats&${PERIOD}`,
      });
      const count = await screen.findByTestId('report-message-count');
      expect(count.textContent?.replace(/\D/g, '')).toBe('1234');
      expect(screen.getByText(formatCount(4321))).toBeTruthy();
      expect(screen.getByText(formatCount(98765))).toBeTruthy();
      expect(await screen.findByText('Иван Петров')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Инфоповоды' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Топ-10 инфоповодов: Si' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Динамика по дням' })).toBeTruthy();

      const paths = new Set(reportCalls(requests).map((r) => r.path));
      expect(paths).toEqual(
        new Set([
          '/api/v1/report/themes_stats/',
          '/api/v1/report/info_reasons/',
          '/api/v1/report/info_reasons_dashboard/',
          '/api/v1/report/loms/',
        ]),
      );
      for (const request of reportCalls(requests)) {
        expect(queryOf(request).get('theme_in')).toBe('5');
        expect(queryOf(request).get('wrote_at_after')).toBe('2026-10-01');
        expect(queryOf(request).get('wrote_at_before')).toBe('2026-10-31');
      }
      const loms = reportCalls(requests).find((r) => r.path === '/api/v1/report/loms/');
      expect(loms && queryOf(loms).get('page_size')).toBe('7');
      const reasons = reportCalls(requests).find((r) => r.path === '/api/v1/report/info_reasons/');
      expect(reasons && queryOf(reasons).get('page_size')).toBe('15');

      const link = screen.getByRole('link', { name: 'Открыть сообщения' }).getAttribute('href') ?? '';
      const linked = new URLSearchParams(link.split('?')[1]);
      expect(link.startsWith('/messages?')).toBe(true);
      expect(Object.fromEntries(linked)).toMatchObject({
        theme_in: '5',
        wrote_at_after: '2026-10-01',
        wrote_at_before: '2026-10-31',
        trash: 'false',
        archived: 'false',
        delayed: 'false',
      });

      fireEvent.click(screen.getByText('По просмотрам'));
      await waitFor(() =>
        expect(
          reportCalls(requests).some(
            (r) => r.path === '/api/v1/report/loms/' && queryOf(r).get('ordering') === 'views',
          ),
        ).toBe(true),
      );
    },
    SLOW_TEST_MS,
  );

  it('has no statistics tab and makes no report call without the report permission', async () => {
    const user = buildUser({ role: 3, scope: ['THEME_DETAIL', 'THEMES'] });
    const { requests } = installFakeApi({
      user,
      routes: { 'GET /api/v2/themes/5/': () => json(200, theme), ...reportRoutes(3) },
    });
    renderWithUser(<ThemePage />, { user, route: '/theme/:id', path: '/theme/5?tab=stats' });
    expect(await screen.findByRole('tab', { name: 'Инфоповоды' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Статистика' })).toBeNull();
    expect(reportCalls(requests)).toEqual([]);
  });
});

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

describe('one period for the whole theme card', () => {
  const relationRoutes = {
    'GET /api/v2/themes/5/': () => json(200, theme),
    'GET /api/v2/theme-relation/5/': () =>
      json(200, { message_count: 0, lom_count: 0, total_si: 0, total_views: 0, loms: [] }),
    'GET /api/v2/theme-relation/5/mood-table/': () => json(200, {}),
    'GET /api/v2/theme-relation/5/source-stats/': () => json(200, []),
    'GET /api/v2/theme-relation/5/graph/': () => json(200, []),
  };
  const relationCalls = (requests: FakeRequest[]) =>
    requests.filter((r) => r.path.startsWith('/api/v2/theme-relation/5/'));

  it('«Связи» counts over the period in the URL, the one the other tabs show', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: 3 }), routes: relationRoutes });
    renderWithUser(<ThemePage />, {
      user: buildUser({ role: 3 }),
      route: '/theme/:id',
      path: `/theme/5?tab=relations&${PERIOD}`,
    });
    await waitFor(() => expect(relationCalls(requests).length).toBeGreaterThan(0));
    for (const request of relationCalls(requests)) {
      expect(queryOf(request).get('wrote_at_after')).toBe('2026-10-01');
    }
  });

  it('defaults every tab to the same period, so «Сообщения» and «Связи» agree with «Статистика»', async () => {
    const { requests } = installFakeApi({
      user: buildUser({ role: 3 }),
      routes: { ...relationRoutes, ...reportRoutes(10) },
    });
    renderWithUser(<ThemePage />, {
      user: buildUser({ role: 3 }),
      route: '/theme/:id',
      path: '/theme/5?tab=stats',
    });
    await waitFor(() => expect(reportCalls(requests).length).toBeGreaterThan(0));
    const stats = queryOf(reportCalls(requests)[0]);
    const period = [stats.get('wrote_at_after'), stats.get('wrote_at_before')];

    fireEvent.click(screen.getByRole('tab', { name: 'Сообщения' }));
    const link = await screen.findByRole('link', { name: /Открыть сообщения темы/ });
    const linked = new URLSearchParams(link.getAttribute('href')?.split('?')[1]);
    expect([linked.get('wrote_at_after'), linked.get('wrote_at_before')]).toEqual(period);

    fireEvent.click(screen.getByRole('tab', { name: 'Связи' }));
    await waitFor(() => expect(relationCalls(requests).length).toBeGreaterThan(0));
    // The detail call (the graph's end is moved back a day, product.md §4).
    const detail = relationCalls(requests).find((r) => r.path === '/api/v2/theme-relation/5/');
    const relation = queryOf(detail as FakeRequest);
    expect([relation.get('wrote_at_after'), relation.get('wrote_at_before')]).toEqual(period);
  });
});
