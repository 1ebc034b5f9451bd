import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { queryOf, reportCalls, reportEnvelope, reportRow, reportStatsAnswer } from '../../test/reports.ts';
import { buildUser } from '../../test/users.ts';
import { InfoReasonPage } from './InfoReasonPage.tsx';

const SLOW_TEST_MS = 60_000;
const PERIOD = 'wrote_at_after=2026-10-01&wrote_at_before=2026-10-31';

const infoReason = {
  id: 9,
  name: 'Ремонт моста',
  theme: { id: 5, name: 'Дороги и мосты', approved: true },
  created_at: '2026-01-10T09:00:00Z',
  active: true,
  archived: false,
  is_favorite: false,
  target_tonality: null,
  ai: false,
  message_count: 12,
  actual_mood: null,
  complete: null,
};

function reportRoutes(all: number) {
  return {
    'GET /api/v1/report/themes_stats/': () => json(200, reportStatsAnswer(all)),
    'GET /api/v1/report/loms/': () => json(200, reportEnvelope([reportRow(3, 'Иван Петров')])),
  };
}

describe('the statistics tab of an info reason card', () => {
  it(
    'asks with info_reason_in = the info reason, shows the loms and says when there are no messages',
    async () => {
      const { requests } = installFakeApi({
        user: buildUser({ role: 3 }),
        routes: { 'GET /api/v1/info-reasons/9/': () => json(200, infoReason), ...reportRoutes(0) },
      });
      renderWithUser(<InfoReasonPage />, {
        user: buildUser({ role: 3 }),
        route: '/info-reason/:id',
        path: `/info-reason/9?tab=stats&${PERIOD}`,
      });
      expect(await screen.findByText(/сообщений по этому инфоповоду нет/)).toBeTruthy();
      expect((await screen.findByTestId('report-message-count')).textContent).toBe('0');
      expect(await screen.findByText('Иван Петров')).toBeTruthy();
      const paths = new Set(reportCalls(requests).map((r) => r.path));
      expect(paths).toEqual(new Set(['/api/v1/report/themes_stats/', '/api/v1/report/loms/']));
      for (const request of reportCalls(requests)) {
        expect(queryOf(request).get('info_reason_in')).toBe('9');
        expect(queryOf(request).get('theme_in')).toBeNull();
        expect(queryOf(request).get('wrote_at_after')).toBe('2026-10-01');
        expect(queryOf(request).get('wrote_at_before')).toBe('2026-10-31');
      }
    },
    SLOW_TEST_MS,
  );
});
