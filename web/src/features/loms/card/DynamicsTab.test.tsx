import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { DynamicsTab } from './DynamicsTab.tsx';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';

const BASE = '/api/v1/loms/lom-dynamic-graph/5';
const SUBSCRIBERS = `GET ${BASE}/subscribers-graph/`;
const SI = `GET ${BASE}/si-graph/`;
const VIEWS = `GET ${BASE}/views-graph/`;

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTab(path = '/loms/5') {
  return renderWithUser(
    <>
      <DynamicsTab lom={buildLomDetail()} period={JUNE} />
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }), path },
  );
}

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

describe('DynamicsTab', () => {
  it('draws subscribers, SI and views of the card period with a summary of each', async () => {
    const { requests } = installFakeApi({
      routes: {
        [SUBSCRIBERS]: () =>
          json(200, {
            graph: [
              { date: '2025-06-02', value: 1000 },
              { date: '2025-06-09', value: 1250 },
            ],
          }),
        [SI]: () =>
          json(200, {
            graph: [
              { date: '2025-06-01', value: 0 },
              { date: '2025-06-02', value: 15.5 },
              { date: '2025-06-03', value: 7 },
            ],
          }),
        [VIEWS]: () => json(200, { graph: [{ date: '2025-06-01', value: 1200 }] }),
      },
    });
    renderTab();
    expect(await screen.findByText('На конец периода: 1 250 (+250 за период)')).toBeTruthy();
    expect(await screen.findByText('Всего за период: 22,5')).toBeTruthy();
    expect(await screen.findByText('Всего за период: 1 200')).toBeTruthy();
    for (const name of ['Подписчики', 'Si', 'Число просмотров']) {
      expect(screen.getByRole('img', { name: `Динамика: ${name}` })).toBeTruthy();
    }
    const calls = requests.filter((r) => r.path.startsWith(BASE));
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(param(call, 'period_after')).toBe('2025-06-01');
      expect(param(call, 'period_before')).toBe('2025-06-30');
      expect(param(call, 'filter')).toBe('day');
    }
  });

  it('asks again with the step chosen and keeps it in the URL', async () => {
    const { requests } = installFakeApi({
      routes: {
        [SUBSCRIBERS]: () => json(200, { graph: [{ date: '2025-06-02', value: 1000 }] }),
        [SI]: () => json(200, { graph: [{ date: '2025-06-02', value: 1 }] }),
        [VIEWS]: () => json(200, { graph: [{ date: '2025-06-02', value: 1 }] }),
      },
    });
    renderTab();
    await screen.findByText('На конец периода: 1 000 (0 за период)');
    fireEvent.click(screen.getByText('Месяц'));
    await waitFor(() =>
      expect(requests.filter((r) => param(r, 'filter') === 'month').map((r) => r.path)).toHaveLength(3),
    );
    expect(screen.getByTestId('location').textContent).toBe('?dynamics_step=month');
  });

  it('reads the step from the URL, says when there is nothing and shows a refusal', async () => {
    const { requests } = installFakeApi({
      routes: {
        [SUBSCRIBERS]: () => json(200, { graph: [] }),
        [SI]: () => json(200, { graph: [{ date: '2025-05-26', value: 0 }] }),
        [VIEWS]: () =>
          errorResponse(400, 'Слишком много точек графика (3000) с шагом «Неделя»: не больше 2000', 'filter'),
      },
    });
    renderTab('/loms/5?dynamics_step=week');
    expect(await screen.findByText('За период нет данных о подписчиках')).toBeTruthy();
    expect(await screen.findByText('За период нет публикаций')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить график «Число просмотров»')).toBeTruthy();
    expect(screen.getByText(/Слишком много точек графика/)).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith(BASE)).every((r) => param(r, 'filter') === 'week')).toBe(
      true,
    );
  });
});
