import type { RelationGraphResponse } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';
import { RelationsTab } from './RelationsTab.tsx';

const GRAPH = 'GET /api/v1/loms/5/relation_graph/';

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

function graph(agg: 'views' | 'messages'): RelationGraphResponse {
  const v = (views: number, messages: number) => ({
    value: agg === 'views' ? views : messages,
    views,
    messages,
  });
  return {
    agg_param: agg,
    nodes: [
      { id: 'lom-5', kind: 'lom', entity_id: 5, name: 'Анна Орлова', center: true, ...v(1200, 4) },
      { id: 'theme-7', kind: 'theme', entity_id: 7, name: 'Школы', center: false, ...v(150, 2) },
      { id: 'lom-8', kind: 'lom', entity_id: 8, name: 'Захар', center: false, ...v(500, 1) },
      { id: 'lom-9', kind: 'lom', entity_id: 9, name: 'Юлия', center: false, ...v(30, 1) },
    ],
    links: [
      { source: 'lom-5', target: 'theme-7', kind: 'theme', ...v(150, 2) },
      { source: 'theme-7', target: 'lom-8', kind: 'co_theme', ...v(500, 1) },
      { source: 'lom-9', target: 'lom-5', kind: 'host', ...v(30, 1) },
    ],
  };
}

function renderTab(path = '/loms/5') {
  return renderWithUser(
    <>
      <RelationsTab lom={buildLomDetail()} period={JUNE} />
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }), path },
  );
}

describe('RelationsTab', () => {
  it('asks the graph for the card period with its last day taken off and lists the links', async () => {
    const { requests } = installFakeApi({
      routes: { [GRAPH]: (request) => json(200, graph(param(request, 'agg_param') as 'views')) },
    });
    renderTab();
    expect(await screen.findByRole('img', { name: 'Граф связей ЛОМ' })).toBeTruthy();
    const call = requests.find((r) => r.path === '/api/v1/loms/5/relation_graph/');
    expect(
      call && [param(call, 'period_after'), param(call, 'period_before'), param(call, 'agg_param')],
    ).toEqual(['2025-06-01', '2025-06-29', 'views']);
    expect(screen.getByText(/до 29 июня 2025 включительно/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Школы' }).getAttribute('href')).toBe('/theme/7');
    expect(screen.getByRole('link', { name: 'Захар — «Школы»' }).getAttribute('href')).toBe('/loms/8');
    expect(screen.getByRole('link', { name: 'Юлия' }).getAttribute('href')).toBe('/loms/9');
    expect(screen.getByText('Пишет на общую тему')).toBeTruthy();
    expect(screen.getByText('ЛОМ выступал у него')).toBeTruthy();
  });

  it('weighs by messages when switched, and keeps the choice in the URL', async () => {
    const { requests } = installFakeApi({
      routes: { [GRAPH]: (request) => json(200, graph(param(request, 'agg_param') as 'messages')) },
    });
    renderTab();
    await screen.findByRole('img', { name: 'Граф связей ЛОМ' });
    fireEvent.click(screen.getByRole('radio', { name: 'Сообщения' }));
    await waitFor(() => expect(requests.some((r) => param(r, 'agg_param') === 'messages')).toBe(true));
    expect(screen.getByTestId('location').textContent).toBe('?relations_by=messages');
  });

  it('says when the period has no links, and shows a refusal in Russian', async () => {
    installFakeApi({
      routes: {
        [GRAPH]: () =>
          json(200, {
            agg_param: 'views',
            nodes: [graph('views').nodes[0]],
            links: [],
          } satisfies RelationGraphResponse),
      },
    });
    renderTab('/loms/5?relations_by=views');
    expect(await screen.findByText(/За период связей не найдено/)).toBeTruthy();

    installFakeApi({
      routes: { [GRAPH]: () => errorResponse(403, 'Вкладка «Граф связей» карточки ЛОМ недоступна') },
    });
    renderTab('/loms/5?relations_by=messages');
    expect(await screen.findByText('Не удалось загрузить граф связей')).toBeTruthy();
    expect(screen.getByText('Вкладка «Граф связей» карточки ЛОМ недоступна')).toBeTruthy();
  });
});
