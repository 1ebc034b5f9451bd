import { FEED_PATHS } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { buildProfileLom, CARD_DIRECTORIES } from './card/lom-profile.fixtures.ts';
import { LomAddPage } from './LomAddPage.tsx';

/** Forms of antd render slowly in jsdom on a busy machine. */
const SLOW_TEST_MS = 60_000;

const CREATE = 'POST /api/v1/loms/create-lom/';
const DIRECTORIES = 'GET /api/v1/loms/card-directories/';

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPage(role: 2 | 3 = 2, uiPermissions: string[] = []) {
  return renderWithUser(
    <>
      <LomAddPage />
      <LocationProbe />
    </>,
    { user: buildUser({ role, ui_permissions: uiPermissions }), path: '/loms/add' },
  );
}

describe('LomAddPage', () => {
  it(
    'creates the lom from the form and opens its card',
    async () => {
      const { requests } = installFakeApi({
        routes: {
          [DIRECTORIES]: () => json(200, CARD_DIRECTORIES),
          [CREATE]: () => json(201, buildProfileLom({ id: 42, name: 'Мария Соколова' })),
        },
      });
      renderPage();
      const name = await screen.findByLabelText('Имя');
      expect(document.activeElement).toBe(name);
      fireEvent.change(name, { target: { value: ' Мария Соколова ' } });
      fireEvent.change(screen.getByLabelText('Место жительства'), { target: { value: 'г. Казань' } });
      fireEvent.change(screen.getByLabelText('Категория'), { target: { value: 'Персона' } });
      // Ctrl+Enter saves from any field.
      fireEvent.keyDown(screen.getByLabelText('Категория'), { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/loms/42'));
      const post = requests.find((r) => r.method === 'POST');
      expect(post?.body).toMatchObject({
        name: ' Мария Соколова ',
        residence: 'г. Казань',
        category: 'Персона',
        birthDate: null,
        awards: '',
        interests: [],
        region: null,
        city: null,
        sources: [],
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the server’s 400 beside the field it names',
    async () => {
      installFakeApi({
        routes: {
          [DIRECTORIES]: () => json(200, CARD_DIRECTORIES),
          [CREATE]: () => errorResponse(400, 'Некорректное значение поля «agency»: слишком длинно', 'agency'),
        },
      });
      renderPage();
      fireEvent.change(await screen.findByLabelText('Имя'), { target: { value: 'Мария' } });
      fireEvent.click(screen.getByRole('button', { name: 'Создать ЛОМ' }));
      expect(await screen.findByText(/слишком длинно/)).toBeTruthy();
      expect(screen.getByTestId('location').textContent).toBe('/loms/add');
    },
    SLOW_TEST_MS,
  );

  it(
    'asks for a name before calling the server',
    async () => {
      const { requests } = installFakeApi({ routes: { [DIRECTORIES]: () => json(200, CARD_DIRECTORIES) } });
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Создать ЛОМ' }));
      expect(await screen.findByText('Укажите имя')).toBeTruthy();
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
    },
    SLOW_TEST_MS,
  );

  it(
    'offers the feed of a t.me account to a user who runs the collectors, once the card opens',
    async () => {
      const { requests } = installFakeApi({
        routes: {
          [DIRECTORIES]: () => json(200, CARD_DIRECTORIES),
          [CREATE]: () => json(201, buildProfileLom({ id: 42, name: 'Мария Соколова' })),
          [`POST ${FEED_PATHS.list}`]: () => errorResponse(400, 'Такая лента уже есть', 'url'),
        },
      });
      renderWithUser(
        <>
          <LomAddPage />
          <LocationProbe />
        </>,
        {
          user: buildUser({ scope: ['CREATE_LOM', 'view_loms', 'view_lomsource_admin'] }),
          path: '/loms/add',
        },
      );
      fireEvent.change(await screen.findByLabelText('Имя'), { target: { value: 'Мария Соколова' } });
      fireEvent.click(screen.getByRole('button', { name: 'Создать ЛОМ' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/loms/42'));
      const offer = (await screen.findAllByText('Собирать публикации этого аккаунта?'))[0]?.closest(
        '[role="dialog"]',
      ) as HTMLElement;
      fireEvent.click(within(offer).getByRole('button', { name: 'Собирать' }));
      expect(await screen.findByText('Лента сбора для этого адреса уже есть')).toBeTruthy();
      expect(requests.find((r) => r.path === FEED_PATHS.list)?.body).toEqual({
        kind: 'telegram',
        url: 'https://t.me/orlova',
        lom_id: 42,
        lom_source_id: 11,
      });
    },
    SLOW_TEST_MS,
  );

  it('refuses users without CREATE_LOM', async () => {
    installFakeApi();
    renderPage(3);
    expect(await screen.findByText('Недостаточно прав для создания ЛОМ.')).toBeTruthy();
  });

  it('refuses a producer-center editor', async () => {
    installFakeApi();
    renderPage(2, ['extended_lom_card_for_pc']);
    expect(await screen.findByText('Недостаточно прав для создания ЛОМ.')).toBeTruthy();
  });
});
