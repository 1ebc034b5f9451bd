import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { GroupsTab } from './GroupsTab.tsx';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';

const GROUPS = 'GET /api/v1/loms/vk_groups/';
const CAN_LOAD = 'GET /api/v2/loms/new-loms/can_load_subscriptions/';
const LOAD = 'POST /api/v2/loms/new-loms/5/load_subscriptions/';
const SUBSCRIPTIONS = 'GET /api/v2/subscriptions/';

const group = (id: number, index = 50) => ({
  id,
  name: `Группа ${id}`,
  url: `https://vk.com/club${id}`,
  members: 1500,
  index,
});

const page = (results: unknown[], pageNo: number, total: number) => ({
  results,
  page: pageNo,
  last_page: Math.max(1, Math.ceil(total / 30)),
  elements_count: total,
  next_pages_available: Math.max(0, Math.ceil(total / 30) - pageNo),
});

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

function renderTab(role: 2 | 3 = 3) {
  return renderWithUser(<GroupsTab lom={buildLomDetail()} period={JUNE} />, { user: buildUser({ role }) });
}

describe('GroupsTab', () => {
  it('shows 30 groups with their index and loads the next 30 on «Показать ещё»', async () => {
    const { requests } = installFakeApi({
      routes: {
        [GROUPS]: (request) =>
          param(request, 'page') === '2'
            ? json(200, page([group(31, 0)], 2, 31))
            : json(
                200,
                page(
                  Array.from({ length: 30 }, (_, i) => group(i + 1, 73.5)),
                  1,
                  31,
                ),
              ),
        [CAN_LOAD]: () => json(200, { lom: 5, can_load: false, available: 0 }),
      },
    });
    renderTab();
    expect(await screen.findByText('Показано групп: 30 из 31')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Группы ВКонтакте' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(within(list).getAllByText('Индекс: 73,5')).toHaveLength(30);
    expect(screen.getByRole('link', { name: 'Группа 1' }).getAttribute('href')).toBe('https://vk.com/club1');
    expect(screen.getByText('Новых групп ВКонтакте в подписках ЛОМ нет')).toBeTruthy();
    const first = requests.find((r) => r.path === '/api/v1/loms/vk_groups/');
    expect(first && [param(first, 'lom'), param(first, 'page_size')]).toEqual(['5', '30']);

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Показано групп: 31 из 31')).toBeTruthy();
    expect(screen.getByText('Индекс не рассчитан')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('lets an editor load the groups found in the subscriptions, then reloads the list', async () => {
    let loaded = false;
    const { requests } = installFakeApi({
      routes: {
        [GROUPS]: () => json(200, loaded ? page([group(1), group(2)], 1, 2) : page([group(1)], 1, 1)),
        [CAN_LOAD]: () =>
          json(
            200,
            loaded ? { lom: 5, can_load: false, available: 0 } : { lom: 5, can_load: true, available: 1 },
          ),
        [LOAD]: () => {
          loaded = true;
          return json(200, { lom: 5, loaded: 1, groups_count: 2 });
        },
      },
    });
    renderTab(2);
    expect(await screen.findByText('Новых страниц ВКонтакте в подписках ЛОМ: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить группы' }));
    expect(await screen.findByText('Загружено групп ВКонтакте: 1')).toBeTruthy();
    expect(await screen.findByText('Показано групп: 2 из 2')).toBeTruthy();
    expect(await screen.findByText('Новых групп ВКонтакте в подписках ЛОМ нет')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('gives a reader without EDIT_LOM no load button, says when there are no groups', async () => {
    installFakeApi({
      routes: {
        [GROUPS]: () => json(200, page([], 1, 0)),
        [CAN_LOAD]: () => json(200, { lom: 5, can_load: true, available: 3 }),
      },
    });
    renderTab(3);
    expect(await screen.findByText('Групп ВКонтакте у ЛОМ нет')).toBeTruthy();
    expect(await screen.findByText('Новых страниц ВКонтакте в подписках ЛОМ: 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Загрузить группы' })).toBeNull();
  });

  it('tells a failed load and a failed list in Russian', async () => {
    installFakeApi({
      routes: {
        [GROUPS]: () => errorResponse(403, 'Вкладка «Группы в соцсетях» карточки ЛОМ недоступна'),
        [CAN_LOAD]: () => json(200, { lom: 5, can_load: true, available: 1 }),
        [LOAD]: () => errorResponse(403, 'Недостаточно прав'),
      },
    });
    renderTab(2);
    expect(await screen.findByText('Не удалось загрузить группы ВКонтакте')).toBeTruthy();
    expect(screen.getByText('Вкладка «Группы в соцсетях» карточки ЛОМ недоступна')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить группы' }));
    expect(
      await screen.findByText('Не удалось загрузить группы из подписок: Недостаточно прав'),
    ).toBeTruthy();
  });

  it('reads the subscriptions only when their section is opened', async () => {
    const { requests } = installFakeApi({
      routes: {
        [GROUPS]: () => json(200, page([], 1, 0)),
        [CAN_LOAD]: () => json(200, { lom: 5, can_load: false, available: 0 }),
        [SUBSCRIPTIONS]: () =>
          json(200, {
            ...page(
              [
                {
                  id: 9,
                  lom: { id: 5, name: 'Анна Орлова' },
                  name: 'Клуб любителей',
                  url: 'https://vk.com/lovers',
                  subscribers: 12000,
                  subscribed_lom: { id: 8, name: 'Пётр' },
                  lom_source: null,
                  is_vk: true,
                },
              ],
              1,
              1,
            ),
          }),
      },
    });
    renderTab();
    await screen.findByText('Групп ВКонтакте у ЛОМ нет');
    expect(requests.some((r) => r.path === '/api/v2/subscriptions/')).toBe(false);
    fireEvent.click(screen.getByText('Подписки ЛОМ'));
    expect(await screen.findByRole('link', { name: 'Клуб любителей' })).toBeTruthy();
    expect(screen.getByText('ЛОМ: Пётр')).toBeTruthy();
    await waitFor(() => {
      const call = requests.find((r) => r.path === '/api/v2/subscriptions/');
      expect(call && param(call, 'lom_in')).toBe('5');
    });
  });
});
