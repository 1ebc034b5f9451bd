import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { InvolvementsTab } from './InvolvementsTab.tsx';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';

const BASE = '/api/v1/loms/involvements/';
const metrics = { total: 10, accepted: 6, declined: 4, paid: 3, grant: 0 };
const FILM = {
  id: 11,
  title: 'Фильм «Север»',
  lom: { id: 5, name: 'Анна Орлова' },
  pc_customer: { id: 2, name: 'Центр «Север»' },
  involvement_type: 'Фильм',
  values: metrics,
  grant: null,
  grant_giver: null,
  fee: 100000,
  release_dates: ['2025-06-05'],
  approval: 'approved',
  day: '2025-06-05',
  created_at: '2025-05-01T00:00:00.000Z',
};

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);
const inPeriod = (request: FakeRequest) => param(request, 'period_after') !== null;

/** The film lies in the period when `periodHasIt`, else only all time shows it. */
function routes(periodHasIt: boolean) {
  const has = (request: FakeRequest) => periodHasIt || !inPeriod(request);
  return {
    [`GET ${BASE}`]: (request: FakeRequest) =>
      json(200, {
        results: has(request) ? [FILM] : [],
        page: 1,
        last_page: 1,
        elements_count: has(request) ? 1 : 0,
        next_pages_available: 0,
      }),
    [`GET ${BASE}total_graph/`]: (request: FakeRequest) =>
      json(
        200,
        has(request)
          ? { involvements: 1, ...metrics, fee_sum: 100000, grant_sum: 0 }
          : {
              involvements: 0,
              total: 0,
              accepted: 0,
              declined: 0,
              paid: 0,
              grant: 0,
              fee_sum: 0,
              grant_sum: 0,
            },
      ),
    [`GET ${BASE}period_graph/`]: () =>
      json(200, { points: [{ period: '2025-06', involvements: 1, ...metrics }] }),
    [`GET ${BASE}values_distribution/`]: () =>
      json(200, {
        items: [{ id: 11, title: FILM.title, involvement_type: 'Фильм', day: FILM.day, ...metrics }],
      }),
    [`GET ${BASE}involvement_types_graph/`]: () =>
      json(200, { types: [{ involvement_type: 'Фильм', involvements: 1, ...metrics }] }),
  };
}

function renderTab(path = '/loms/5') {
  return renderWithUser(<InvolvementsTab lom={buildLomDetail()} period={JUNE} />, {
    user: buildUser({ role: 3 }),
    path,
  });
}

describe('InvolvementsTab', () => {
  it('shows the totals, the four charts, the plan targets and the projects of the card period', async () => {
    const { requests } = installFakeApi({ routes: routes(true) });
    renderTab();
    expect(await screen.findByRole('img', { name: 'Вовлечённость: Итоги' })).toBeTruthy();
    for (const name of ['По месяцам', 'Значения по проектам', 'По типам проектов']) {
      expect(await screen.findByRole('img', { name: `Вовлечённость: ${name}` })).toBeTruthy();
    }
    expect(screen.getByRole('img', { name: 'Плановые показатели интеграции, %' })).toBeTruthy();
    expect(screen.getByText('Проектов')).toBeTruthy();
    expect(screen.getAllByText('100 000').length).toBeGreaterThan(0);
    const row = (await screen.findByText('Фильм «Север»', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Согласовано')).toBeTruthy();
    expect(within(row).getByText('Центр «Север»')).toBeTruthy();
    expect(within(row).getByText('05 июня 2025')).toBeTruthy();
    const calls = requests.filter((r) => r.path.startsWith(BASE));
    expect(calls).toHaveLength(5);
    for (const call of calls) {
      expect([param(call, 'lom_id'), param(call, 'period_after'), param(call, 'period_before')]).toEqual([
        '5',
        '2025-06-01',
        '2025-06-30',
      ]);
    }
  });

  it('offers all time when the period has no projects, and asks without the period', async () => {
    const { requests } = installFakeApi({ routes: routes(false) });
    renderTab();
    expect(await screen.findByText('Проектов продюсерских центров за период нет')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Плановые показатели интеграции, %' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать за всё время' }));
    expect(await screen.findByText('Фильм «Север»', { selector: 'td' })).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => r.path === `${BASE}total_graph/` && !inPeriod(r))).toBe(true),
    );
  });

  it('tells a failure in Russian', async () => {
    installFakeApi({
      routes: { [`GET ${BASE}total_graph/`]: () => errorResponse(404, 'ЛОМ не найден') },
    });
    renderTab('/loms/5?involvements_scope=all');
    expect(await screen.findByText('Не удалось загрузить данные о вовлечённости')).toBeTruthy();
    expect(screen.getByText('ЛОМ не найден')).toBeTruthy();
  });
});
