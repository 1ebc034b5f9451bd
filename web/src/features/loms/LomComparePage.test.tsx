import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { buildCompareItem } from './card/lom-profile.fixtures.ts';
import { LomComparePage } from './LomComparePage.tsx';

/** Forms of antd render slowly in jsdom on a busy machine. */
const SLOW_TEST_MS = 60_000;

const COMPARE = 'GET /api/v1/loms/compare_loms/';
const LOM_PICK = 'GET /api/v1/loms/filter-list/';

const page = <T,>(results: T[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const anna = buildCompareItem({ id: 5, name: 'Анна Орлова', total_si: 120, subscribers: 12500 });
const boris = buildCompareItem({
  id: 9,
  name: 'Борис Ким',
  total_si: 40,
  subscribers: 90000,
  mood_counts: { 1: 0, 2: 3, 3: 1, 4: 1, 5: 0, 6: 0 },
});

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

function renderPage(path: string, role: 0 | 3 = 3) {
  return renderWithUser(<LomComparePage />, { user: buildUser({ role }), path });
}

describe('LomComparePage', () => {
  it(
    'reads the loms and the period from the URL and shows them side by side with charts',
    async () => {
      const { requests } = installFakeApi({
        routes: {
          [COMPARE]: () => json(200, page([boris, anna])),
          [LOM_PICK]: () =>
            json(
              200,
              page([
                { id: 5, name: 'Анна Орлова' },
                { id: 9, name: 'Борис Ким' },
              ]),
            ),
        },
      });
      renderPage('/loms/compare?id_in=9,5&wrote_at_after=2025-06-01&wrote_at_before=2025-06-30');
      const table = await screen.findByRole('table');
      await waitFor(() =>
        expect(
          within(table)
            .getAllByRole('link')
            .map((a) => a.textContent),
        ).toEqual(['Борис Ким', 'Анна Орлова']),
      );
      const call = requests.find((r) => r.path === '/api/v1/loms/compare_loms/');
      expect(call && param(call, 'id_in')).toBe('9,5');
      expect(call && param(call, 'wrote_at_after')).toBe('2025-06-01');
      expect(call && param(call, 'wrote_at_before')).toBe('2025-06-30');
      // Each metric a row, each lom a column; the best value of a row in bold.
      const siRow = within(table).getByText('Si').closest('tr') as HTMLElement;
      expect(within(siRow).getByText('120').tagName).toBe('STRONG');
      expect(within(siRow).getByText('40').tagName).not.toBe('STRONG');
      const subscribersRow = within(table).getByText('Подписчики').closest('tr') as HTMLElement;
      expect(within(subscribersRow).getByText('90 тыс.').tagName).toBe('STRONG');
      expect(within(table).getByRole('img', { name: 'Тональность: Борис Ким' })).toBeTruthy();
      for (const chart of [
        'Число сообщений',
        'Si',
        'Число просмотров',
        'Подписчики',
        'Тональность сообщений',
      ]) {
        expect(screen.getByRole('img', { name: chart })).toBeTruthy();
      }
      expect(screen.queryByText('За всё время')).toBeNull();
    },
    SLOW_TEST_MS,
  );

  it('asks nothing until a lom is chosen', async () => {
    const { requests } = installFakeApi({ routes: { [COMPARE]: () => json(200, page([])) } });
    renderPage('/loms/compare');
    expect(await screen.findByText('Выберите хотя бы одного ЛОМ, чтобы сравнить')).toBeTruthy();
    expect(screen.getByText('За всё время')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v1/loms/compare_loms/')).toBe(false);
  });

  it('says so when the comparison fails', async () => {
    installFakeApi({
      routes: {
        [COMPARE]: () => errorResponse(400, 'Некорректное значение поля «id_in»: нет ЛОМ с id 77', 'id_in'),
      },
    });
    renderPage('/loms/compare?id_in=77');
    expect(await screen.findByText('Не удалось загрузить сравнение')).toBeTruthy();
    expect(screen.getByText(/нет ЛОМ с id 77/)).toBeTruthy();
  });
});
