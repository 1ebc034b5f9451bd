import { fillMoodTable } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { reportEnvelope, reportRow, reportStatsAnswer } from '../../test/reports.ts';
import { buildUser } from '../../test/users.ts';
import { parseHomeUrl } from './home-url.ts';
import { PictureOfDayPage } from './PictureOfDayPage.tsx';

const SLOW_TEST_MS = 60_000;

const dashboard = (id: number, shortName: string, filters = {}) => ({
  id,
  name: `Дашборд ${shortName}`,
  shortName,
  position: id,
  types: [],
  filters,
  is_private: true,
  is_own: true,
  owner: { id: 1, name: 'Олег' },
});

const row = reportRow;
const envelope = reportEnvelope;
const stats = (all: number) => reportStatsAnswer(all, { withThemes: all - 1 });

describe('home-url', () => {
  it('defaults to the last 7 days ending today and SI', () => {
    const today = dayjs('2026-11-25');
    expect(parseHomeUrl(new URLSearchParams(''), today)).toEqual({
      period: { after: '2026-11-19', before: '2026-11-25' },
      tab: undefined,
      ordering: 'si',
    });
    expect(parseHomeUrl(new URLSearchParams('tab=abc&ordering=name'), today).ordering).toBe('si');
  });
});

describe('PictureOfDayPage', () => {
  it(
    'shows the dashboards as tabs, asks each table with the tab’s filter, and says when there are no messages',
    async () => {
      const { requests } = installFakeApi({
        user: buildUser({ role: 3 }),
        routes: {
          'GET /api/v1/dashboard-configurations/': () =>
            json(200, [dashboard(1, 'Всё'), dashboard(2, 'Дороги', { theme_or_rubrics_in: '7,8' })]),
          'GET /api/v1/report/themes_stats/': (request) =>
            json(200, stats(new URLSearchParams(request.search).get('theme_in') ? 0 : 6)),
          'GET /api/v1/report/themes/': () => json(200, envelope([row(7, 'Дороги и мосты')])),
          'GET /api/v1/report/info_reasons/': () => json(200, envelope([row(9, 'Ремонт моста')])),
          'GET /api/v1/report/loms/': () => json(200, envelope([row(5, 'Иван Петров')])),
          'GET /api/v1/report/themes_dashboard/': () => json(200, { results: [row(7, 'Дороги и мосты')] }),
          'GET /api/v1/report/info_reasons_dashboard/': () => json(200, { results: [] }),
          'GET /api/v2/messages/mood-table/': () => json(200, { mood_table: fillMoodTable({}), total: null }),
        },
      });
      renderWithUser(<PictureOfDayPage />, { user: buildUser({ role: 3 }), path: '/' });
      await screen.findByText('Дороги и мосты');
      expect(screen.getByText('Ремонт моста')).toBeTruthy();
      expect(screen.getByText('Иван Петров')).toBeTruthy();
      expect(await screen.findByRole('region', { name: 'Топ-10 тем: Si' })).toBeTruthy();
      const first = requests.find((r) => r.path === '/api/v1/report/themes/');
      const query = new URLSearchParams(first?.search);
      expect(query.get('page_size')).toBe('5');
      expect(query.get('ordering')).toBe('si');
      expect(query.get('wrote_at_after')).toBe(dayjs().subtract(6, 'day').format('YYYY-MM-DD'));

      fireEvent.click(screen.getByRole('tab', { name: 'Дороги' }));
      await screen.findByText(/сообщений по этому дашборду нет/);
      expect(
        requests.some(
          (r) => r.path === '/api/v1/report/loms/' && new URLSearchParams(r.search).get('theme_in') === '7,8',
        ),
      ).toBe(true);

      fireEvent.click(screen.getByText('По просмотрам'));
      await waitFor(() =>
        expect(
          requests.some(
            (r) =>
              r.path === '/api/v1/report/themes/' &&
              new URLSearchParams(r.search).get('ordering') === 'views',
          ),
        ).toBe(true),
      );
    },
    SLOW_TEST_MS,
  );
});
