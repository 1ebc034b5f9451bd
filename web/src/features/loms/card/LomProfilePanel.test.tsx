import type { LomDetail } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLomDetail } from '../../../api/loms.ts';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { LomProfilePanel } from './LomProfilePanel.tsx';
import { buildProfileLom, CARD_DIRECTORIES } from './lom-profile.fixtures.ts';

/** Forms of antd render slowly in jsdom on a busy machine. */
const SLOW_TEST_MS = 60_000;

const DETAIL = 'GET /api/v1/loms/5/';
const DIRECTORIES = 'GET /api/v1/loms/card-directories/';

/** The card shell in small: the panel shows the card the cache holds, as LomPage does. */
function Host() {
  const card = useLomDetail(5);
  return card.data ? <LomProfilePanel lom={card.data} /> : null;
}

function serve(initial: LomDetail, routes: Record<string, (request: FakeRequest) => Response> = {}) {
  const state = { card: initial };
  const api = installFakeApi({
    routes: {
      [DETAIL]: () => json(200, state.card),
      [DIRECTORIES]: () => json(200, CARD_DIRECTORIES),
      ...routes,
    },
  });
  return { ...api, state };
}

const renderPanel = (role: 2 | 3 = 2, uiPermissions: string[] = []) =>
  renderWithUser(<Host />, { user: buildUser({ role, ui_permissions: uiPermissions }), path: '/loms/5' });

describe('LomProfilePanel', () => {
  it('shows the profile: date, age, family status, producer center with its shown count, marks, accounts', async () => {
    serve(buildProfileLom());
    renderPanel(3);
    expect(await screen.findByRole('heading', { name: 'Анна Орлова' })).toBeTruthy();
    expect(screen.getByText('Иностранный агент')).toBeTruthy();
    expect(screen.getByText('12.05.1990')).toBeTruthy();
    expect(screen.getByText('35 лет')).toBeTruthy();
    expect(screen.getByText('Женат / замужем')).toBeTruthy();
    expect(screen.getByText('г. Казань')).toBeTruthy();
    expect(screen.getByText('Премия года')).toBeTruthy();
    // Producer 23 shows 46 loms whatever it counts (product.md §9).
    expect(await screen.findByText('Центр «Звезда» · 46 ЛОМ')).toBeTruthy();
    expect(screen.getByText('Основной перечень')).toBeTruthy();
    expect(screen.getByText('Музыка')).toBeTruthy();
    const sources = screen.getByRole('region', { name: 'Источники' });
    const link = within(sources).getByRole('link', { name: 'https://t.me/orlova' });
    expect(link.getAttribute('href')).toBe('https://t.me/s/orlova');
    expect(within(sources).getByText('12,5 тыс.')).toBeTruthy();
    // A reader edits nothing.
    expect(screen.queryByRole('button', { name: /Редактировать/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Добавить источник/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Загрузить аватар/ })).toBeNull();
  });

  it('shows a base card without the profile, and no editing even to an editor', async () => {
    serve(
      buildProfileLom({
        card_access: 'base',
        birth_date: null,
        age: null,
        residence_address: null,
        awards: null,
        lom_data: null,
        interests: [],
        producer_centers: [],
        thematic_group_types: [],
        list_and_types: [],
        typology: null,
        cooperation: null,
      }),
    );
    renderPanel(2, ['base_lom_card_for_pc']);
    expect(await screen.findByText('Профиль ЛОМ доступен в расширенной карточке.')).toBeTruthy();
    expect(screen.getByText('Иностранный агент')).toBeTruthy();
    expect(screen.getByText('Персона')).toBeTruthy();
    expect(screen.queryByText('Дата рождения')).toBeNull();
    expect(screen.queryByText('Семейное положение')).toBeNull();
    expect(screen.queryByRole('button', { name: /Редактировать/ })).toBeNull();
  });

  it(
    'edits: sends only what changed and shows the card the server answers',
    async () => {
      const { requests, state } = serve(buildProfileLom(), {
        'PATCH /api/v1/loms/5/': (request) => {
          const body = request.body as { awards: string };
          state.card = { ...state.card, awards: body.awards };
          return json(200, state.card);
        },
      });
      renderPanel(2);
      fireEvent.click(await screen.findByRole('button', { name: /Редактировать/ }));
      const awards = await screen.findByLabelText('Награды');
      expect((awards as HTMLTextAreaElement).value).toBe('Премия года');
      fireEvent.change(awards, { target: { value: '  Золотое перо ' } });
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
      // Back in the view, with what the server answered.
      await waitFor(() => expect(screen.queryByRole('button', { name: /Сохранить/ })).toBeNull());
      expect(screen.queryByLabelText('Награды')).toBeNull();
      expect(screen.getByText('Золотое перо')).toBeTruthy();
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.body).toEqual({ awards: 'Золотое перо' });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the server’s 400 beside its field',
    async () => {
      serve(buildProfileLom(), {
        'PATCH /api/v1/loms/5/': () =>
          errorResponse(400, 'Некорректное значение поля «residence»: не длиннее 1000 символов', 'residence'),
      });
      renderPanel(2);
      fireEvent.click(await screen.findByRole('button', { name: /Редактировать/ }));
      fireEvent.change(await screen.findByLabelText('Место жительства'), { target: { value: 'Самара' } });
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
      expect(await screen.findByText(/не длиннее 1000 символов/)).toBeTruthy();
      expect(screen.getByRole('button', { name: /Сохранить/ })).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it('switches the lom off and on', async () => {
    const { requests, state } = serve(buildProfileLom(), {
      'PATCH /api/v1/loms/5/deactivate/': () => {
        state.card = { ...state.card, is_active: false };
        return json(200, { id: 5, is_active: false });
      },
      'PATCH /api/v1/loms/5/activate/': () => {
        state.card = { ...state.card, is_active: true };
        return json(200, { id: 5, is_active: true });
      },
    });
    renderPanel(2);
    fireEvent.click(await screen.findByRole('button', { name: /Выключить/ }));
    expect(await screen.findByText('Выключен')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Включить/ }));
    await waitFor(() => expect(screen.queryByText('Выключен')).toBeNull());
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      '/api/v1/loms/5/deactivate/',
      '/api/v1/loms/5/activate/',
    ]);
  });

  it(
    'adds a source through the dialog and reads the card again',
    async () => {
      const { requests, state } = serve(buildProfileLom(), {
        'GET /api/v2/sources/filter-list/': () =>
          json(200, {
            results: [{ id: 3, name: 'ВКонтакте', icon: 'vk.svg' }],
            page: 1,
            last_page: 1,
            elements_count: 1,
            next_pages_available: 0,
          }),
        'POST /api/v1/loms/5/create-lomsource/': () => {
          const added = {
            id: 12,
            lom_source_url: 'https://vk.com/orlova',
            external_link: 'https://vk.com/orlova',
            coverage: 900,
            is_active: true,
            source: { id: 3, name: 'ВКонтакте', icon: 'vk.svg' },
          };
          state.card = { ...state.card, lom_sources: [...state.card.lom_sources, added] };
          return json(201, added);
        },
      });
      renderPanel(2);
      fireEvent.click(await screen.findByRole('button', { name: /Добавить источник/ }));
      const dialog = await screen.findByRole('dialog');
      const platform = within(dialog).getByRole('combobox', { name: 'Площадка' });
      fireEvent.mouseDown(platform);
      fireEvent.click(await screen.findByTitle('ВКонтакте'));
      fireEvent.change(within(dialog).getByLabelText('Ссылка на аккаунт'), {
        target: { value: 'https://vk.com/orlova' },
      });
      fireEvent.change(within(dialog).getByLabelText('Охват (подписчики)'), { target: { value: '900' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить источник' }));
      expect(await screen.findByRole('link', { name: 'https://vk.com/orlova' })).toBeTruthy();
      const post = requests.find((r) => r.method === 'POST');
      expect(post?.body).toEqual({
        source: 3,
        lom_source_url: 'https://vk.com/orlova',
        coverage: 900,
        is_active: true,
      });
    },
    SLOW_TEST_MS,
  );
});
