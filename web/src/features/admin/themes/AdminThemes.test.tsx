import type { AdminThemeItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../../../test/fake-api.ts';
import { page } from '../../../test/messages.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { AdminThemes } from './AdminThemes.tsx';

const LIST = 'GET /api/v1/admin/themes/';

function theme(id: number, name: string, overrides: Partial<AdminThemeItem> = {}): AdminThemeItem {
  return {
    id,
    name,
    created_at: '2026-10-01T10:00:00.000Z',
    active: true,
    archived: false,
    approved: true,
    ai: false,
    message_count: id * 10,
    info_reason_count: 1,
    ...overrides,
  };
}

const rows = [theme(1, 'Экология'), theme(2, 'экология'), theme(3, 'Транспорт')];

function renderThemes(path = '/admin-panel/themes') {
  return renderWithUser(<AdminThemes />, { user: buildUser({ role: 1 }), path });
}

describe('AdminThemes', () => {
  it('asks the list with ai=false by default and shows its rows', async () => {
    const { requests } = installFakeApi({ routes: { [LIST]: () => json(200, page(rows, 1, 1, 3)) } });
    renderThemes();
    expect(await screen.findByRole('link', { name: 'Транспорт' })).toBeTruthy();
    const list = requests.find((r) => r.path === '/api/v1/admin/themes/');
    expect(new URLSearchParams(list?.search).get('ai')).toBe('false');
  });

  it('shows the empty state', async () => {
    installFakeApi({ routes: { [LIST]: () => json(200, page([], 1, 1, 0)) } });
    renderThemes('/admin-panel/themes?search=нет');
    expect(await screen.findByText('Темы не найдены')).toBeTruthy();
  });

  it('merges the selected themes into the chosen one after a confirmation', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page(rows, 1, 1, 3)),
        'POST /api/v1/admin/themes/2/merge/': () =>
          json(200, {
            theme: theme(2, 'экология'),
            merged: [{ id: 1, name: 'Экология' }],
            moved: {
              messages: 10,
              fragments: 0,
              quotes: 0,
              markups: 0,
              markups_dropped: 0,
              info_reasons: 1,
              favourites: 0,
              rubrics: 0,
              regions: 0,
              cities: 0,
              conversations: 0,
              lom_types: 0,
              lom_focuses: 0,
              dashboard_loms: 0,
              dashboard: 0,
            },
          }),
      },
    });
    renderThemes();
    await screen.findByRole('link', { name: 'Транспорт' });
    const checkboxes = screen.getAllByRole('checkbox');
    // [0] selects the page; rows follow.
    fireEvent.click(checkboxes[1]);
    fireEvent.click(checkboxes[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Объединить' }));
    const chooser = await screen.findByRole('dialog');
    // The busiest (id 2, 20 messages) is offered to stay.
    fireEvent.click(within(chooser).getByRole('button', { name: 'Объединить…' }));
    const [confirm] = await screen.findAllByText('Объединить 1 тем(ы) в «экология»?');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    const dialog = confirm.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Объединить' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ queryset: [1] });
    expect(await screen.findByText('Объединено: 1, перенесено сообщений: 10')).toBeTruthy();
  });

  it('shows the server reason of a refused archive', async () => {
    installFakeApi({
      routes: {
        [LIST]: () => json(200, page(rows, 1, 1, 3)),
        'POST /api/v1/admin/themes/3/archive/': () =>
          errorResponse(400, 'Некорректное значение поля «archive»', 'archive'),
      },
    });
    renderThemes();
    await screen.findByRole('link', { name: 'Транспорт' });
    fireEvent.click(screen.getAllByRole('button', { name: 'В архив' })[3]);
    const [confirm] = await screen.findAllByText('Отправить тему «Транспорт» в архив?');
    const dialog = confirm.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'В архив' }));
    expect(
      await screen.findByText('Не удалось изменить архив: Некорректное значение поля «archive»'),
    ).toBeTruthy();
  });
});
