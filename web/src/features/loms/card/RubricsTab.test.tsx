import type { LomRubricsByPeriodResponse } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';
import { RubricsTab } from './RubricsTab.tsx';

const RUBRICS = 'GET /api/v1/loms/5/rubrics_by_period/';

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

function answer(
  agg: 'si' | 'messages',
  rubrics: LomRubricsByPeriodResponse['rubrics'],
): LomRubricsByPeriodResponse {
  return {
    agg_param: agg,
    step: 'week',
    periods: ['2025-05-26', '2025-06-02'],
    lom_messages: 8,
    lom_si: 42.5,
    rubrics,
  };
}

const SPORT = {
  id: 3,
  name: 'Спорт',
  type: 'rubric',
  is_lom_rubric: false,
  messages: 2,
  si: 16.25,
  series: [10, 6.25],
};
const SEGMENT = {
  id: 4,
  name: 'Блогеры',
  type: 'rubric',
  is_lom_rubric: true,
  messages: 0,
  si: 0,
  series: [0, 0],
};

function renderTab() {
  return renderWithUser(
    <>
      <RubricsTab lom={buildLomDetail()} period={JUNE} />
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }) },
  );
}

describe('RubricsTab', () => {
  it('draws the rubrics of the period by SI and lists them with the lom’s own segments', async () => {
    const { requests } = installFakeApi({
      routes: { [RUBRICS]: () => json(200, answer('si', [SPORT, SEGMENT])) },
    });
    renderTab();
    expect(await screen.findByRole('img', { name: 'Рубрики публикаций ЛОМ по периодам' })).toBeTruthy();
    expect(screen.getByText('Публикаций ЛОМ за период: 8, Si: 42,5')).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Спорт' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('16,25')).toBeTruthy();
    expect(within(row).getByText('25 %')).toBeTruthy();
    const segment = screen.getByRole('link', { name: 'Блогеры' }).closest('tr') as HTMLElement;
    expect(within(segment).getByText('Сегмент ЛОМ')).toBeTruthy();
    const call = requests.find((r) => r.path === '/api/v1/loms/5/rubrics_by_period/');
    expect(
      call && [param(call, 'period_after'), param(call, 'period_before'), param(call, 'agg_param')],
    ).toEqual(['2025-06-01', '2025-06-30', 'si']);
  });

  it('switches to message counts and keeps the choice in the URL', async () => {
    const { requests } = installFakeApi({
      routes: {
        [RUBRICS]: (request) => json(200, answer(param(request, 'agg_param') as 'si', [SPORT])),
      },
    });
    renderTab();
    await screen.findByRole('img', { name: 'Рубрики публикаций ЛОМ по периодам' });
    fireEvent.click(screen.getByRole('radio', { name: 'Сообщения' }));
    await waitFor(() => expect(requests.some((r) => param(r, 'agg_param') === 'messages')).toBe(true));
    expect(screen.getByTestId('location').textContent).toBe('?rubrics_by=messages');
  });

  it('says when the lom’s publications of the period carry no rubric', async () => {
    installFakeApi({ routes: { [RUBRICS]: () => json(200, answer('si', [])) } });
    renderTab();
    expect(await screen.findByText('За период у публикаций ЛОМ нет рубрик')).toBeTruthy();
  });
});
