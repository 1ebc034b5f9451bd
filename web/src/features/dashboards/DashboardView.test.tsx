import { fillMoodTable } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { DashboardView } from './DashboardView.tsx';
import { useDashboardUrlState } from './useDashboardUrlState.ts';

/** Ant Design's tables render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;
const BASE = '/api/v2/dashboard/13/';

const envelope = (results: unknown[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const lom = {
  id: 5,
  name: 'Ларионов Алексей',
  avatar: null,
  subscribers: 1000,
  message_count: 2,
  total_si: 175.79,
  total_views: 76900,
  moods: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 2 },
  dominant_mood: 6,
  tonality: 1,
};

function Harness() {
  const { state, patch } = useDashboardUrlState('theme');
  return (
    <DashboardView dashboard={{ kind: 'theme', id: 13 }} name="Культура" state={state} onPatch={patch} />
  );
}

describe('DashboardView', () => {
  it(
    'shows the mood table, the lists with the count, and asks again with the pool chosen',
    async () => {
      const table = fillMoodTable({
        6: { message_count: 7, lom_count: 5, total_si: 658, total_views: 1, subscribers: 2 },
      });
      const { requests } = installFakeApi({
        user: buildUser({ role: 4 }),
        routes: {
          [`GET ${BASE}mood-table/`]: () => json(200, { mood_table: table, total: { ...table[6] } }),
          [`GET ${BASE}graph-stats/`]: () =>
            json(200, [
              {
                date: '2026-11-01',
                message_count: 7,
                total_si: 658,
                moods: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 7 },
              },
            ]),
          [`GET ${BASE}constant-lom-count/`]: () =>
            json(200, { positive: 1, negative: 0, neutral: 0, total: 1 }),
          [`GET ${BASE}positive/`]: () => json(200, envelope([lom])),
          [`GET ${BASE}negative/`]: () => json(200, envelope([])),
          [`GET ${BASE}neutral/`]: () => json(200, envelope([])),
        },
      });
      renderWithUser(<Harness />, { user: buildUser({ role: 4 }), path: '/dashboards/theme?theme=13' });
      await screen.findByText('Ларионов Алексей');
      expect(screen.getByText(/Всего: 1 · позитивных 1/)).toBeTruthy();
      expect(screen.getByText('В списке негативных ЛОМ пока никого нет')).toBeTruthy();
      expect(screen.getByLabelText('Доли тональности')).toBeTruthy();

      const first = requests.find((r) => r.path === `${BASE}mood-table/`);
      const period = new URLSearchParams(first?.search);
      expect(period.get('wrote_at_after')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(period.get('pool')).toBeNull();

      fireEvent.click(screen.getByText('Региональные ЛОМ'));
      await waitFor(() =>
        expect(
          requests.some(
            (r) => r.path === `${BASE}graph-stats/` && new URLSearchParams(r.search).get('pool') === '4',
          ),
        ).toBe(true),
      );
      expect(
        requests.some(
          (r) => r.path === `${BASE}mood-table/` && new URLSearchParams(r.search).get('pool') === '4',
        ),
      ).toBe(true);

      fireEvent.click(screen.getByText('По неделям'));
      await waitFor(() =>
        expect(
          requests.some(
            (r) =>
              r.path === `${BASE}graph-stats/` && new URLSearchParams(r.search).get('range_step') === 'week',
          ),
        ).toBe(true),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'shows in each lom list the face of that list’s tonality, whatever a lom’s own largest mood',
    async () => {
      const table = fillMoodTable({});
      // A lom put into the negative list although it writes positively; and the reverse.
      const praising = { ...lom, id: 6, name: 'Хвалящий ЛОМ', tonality: 2 };
      const scolding = {
        ...lom,
        id: 7,
        name: 'Ругающий ЛОМ',
        moods: { 1: 0, 2: 3, 3: 0, 4: 0, 5: 0, 6: 0 },
        dominant_mood: 2,
        tonality: 1,
      };
      installFakeApi({
        user: buildUser({ role: 4 }),
        routes: {
          [`GET ${BASE}mood-table/`]: () => json(200, { mood_table: table, total: { ...table[3] } }),
          [`GET ${BASE}graph-stats/`]: () => json(200, []),
          [`GET ${BASE}constant-lom-count/`]: () =>
            json(200, { positive: 1, negative: 1, neutral: 0, total: 2 }),
          [`GET ${BASE}positive/`]: () => json(200, envelope([scolding])),
          [`GET ${BASE}negative/`]: () => json(200, envelope([praising])),
          [`GET ${BASE}neutral/`]: () => json(200, envelope([])),
        },
      });
      renderWithUser(<Harness />, { user: buildUser({ role: 4 }), path: '/dashboards/theme?theme=13' });
      const faceIn = async (list: string, name: string) => {
        const table = await screen.findByRole('table', { name: list });
        const row = (await within(table).findByText(name)).closest('tr') as HTMLElement;
        return row.querySelector('[data-icon]') as HTMLElement;
      };
      const negative = await faceIn('Негативные ЛОМ', 'Хвалящий ЛОМ');
      expect(negative.dataset.icon).toBe('angry');
      expect(negative.getAttribute('aria-label')).toBe('Негативное');
      const positive = await faceIn('Позитивные ЛОМ', 'Ругающий ЛОМ');
      expect(positive.dataset.icon).toBe('happy');
    },
    SLOW_TEST_MS,
  );
});
