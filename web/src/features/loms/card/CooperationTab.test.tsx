import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { CooperationTab } from './CooperationTab.tsx';
import { buildLom, JUNE, LOM_ID } from './lom-content.fixtures.ts';

const STATUSES = 'GET /api/v1/loms/cooperation/';
const PATCH = `PATCH /api/v1/loms/new-loms/${LOM_ID}/cooperation/`;
const statuses = [
  { id: 0, name: 'Статус не выбран' },
  { id: 1, name: 'Сотрудничает' },
  { id: 2, name: 'Идут переговоры' },
];

function renderTab(role: 2 | 3) {
  return renderWithUser(<CooperationTab lom={buildLom()} period={JUNE} />, {
    user: buildUser({ role }),
    path: `/loms/${LOM_ID}`,
  });
}

async function choose(name: string) {
  const select = await screen.findByRole('combobox', { name: 'Статус сотрудничества' });
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle(name));
}

describe('CooperationTab', () => {
  it('saves the chosen status for an editor', async () => {
    const { requests } = installFakeApi({
      routes: {
        [STATUSES]: () => json(200, statuses),
        [PATCH]: () => json(200, { id: LOM_ID, cooperation: { id: 2, name: 'Идут переговоры' } }),
      },
    });
    renderTab(2);
    const save = await screen.findByRole('button', { name: 'Сохранить' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await choose('Идут переговоры');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Статус сотрудничества сохранён')).toBeTruthy();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ cooperation: 2 });
  });

  it("shows 'Cooperation update error' when the answer is not 200", async () => {
    installFakeApi({
      routes: {
        [STATUSES]: () => json(200, statuses),
        [PATCH]: () => errorResponse(500, 'Внутренняя ошибка сервера'),
      },
    });
    renderTab(2);
    await choose('Сотрудничает');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Cooperation update error: Внутренняя ошибка сервера')).toBeTruthy();
  });

  it("shows 'Cooperation update error' also for a success status other than 200", async () => {
    installFakeApi({
      routes: {
        [STATUSES]: () => json(200, statuses),
        [PATCH]: () => new Response(null, { status: 204 }),
      },
    });
    renderTab(2);
    await choose('Сотрудничает');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/^Cooperation update error/)).toBeTruthy();
  });

  it('is read-only without EDIT_LOM', async () => {
    const { requests } = installFakeApi({ routes: { [STATUSES]: () => json(200, statuses) } });
    renderTab(3);
    expect(
      await screen.findByText('Изменять статус может пользователь с правом редактирования ЛОМ.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Статус сотрудничества' });
    expect(select.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTitle('Статус не выбран')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(false));
  });
});
