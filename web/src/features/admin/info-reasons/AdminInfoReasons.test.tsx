import type { AdminInfoReasonItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { page } from '../../../test/messages.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { AdminInfoReasons } from './AdminInfoReasons.tsx';

const LIST = 'GET /api/v1/admin/info-reasons/';

function reason(id: number, name: string): AdminInfoReasonItem {
  return {
    id,
    name,
    theme: { id: 9, name: 'Экология' },
    created_at: '2026-10-01T10:00:00.000Z',
    active: true,
    archived: false,
    ai: false,
    message_count: 5,
  };
}

const rows = [reason(1, 'Раздельный сбор мусора'), reason(2, 'Раздельный сбор отходов')];

function renderList() {
  return renderWithUser(<AdminInfoReasons />, {
    user: buildUser({ role: 1 }),
    path: '/admin-panel/info-reasons',
  });
}

async function selectAll() {
  await screen.findByRole('link', { name: 'Раздельный сбор отходов' });
  const checkboxes = screen.getAllByRole('checkbox');
  fireEvent.click(checkboxes[1]);
  fireEvent.click(checkboxes[2]);
}

describe('AdminInfoReasons', () => {
  it('converts the selected info reasons to themes, with «Перенести разметку»', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page(rows, 1, 1, 2)),
        'PATCH /api/v1/admin/info-reasons/convert_to_theme/': () =>
          json(200, {
            converted: rows.map((row, i) => ({
              info_reason: { id: row.id, name: row.name },
              theme: { id: 100 + i, name: row.name },
              markups: 5,
            })),
          }),
      },
    });
    renderList();
    await selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Преобразовать в тему' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: 'Перенести разметку' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Преобразовать…' }));
    const [title] = await screen.findAllByText('Преобразовать в темы выбранные инфоповоды (2)?');
    fireEvent.click(
      within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Преобразовать' }),
    );
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ ids: [1, 2], include_markups: true });
    expect(await screen.findByText('Создано тем: 2')).toBeTruthy();
  });

  it('clears the theme of the selected ones after a confirmation', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page(rows, 1, 1, 2)),
        'POST /api/v1/admin/info-reasons/clear-theme/': () => json(200, { updated: 2 }),
      },
    });
    renderList();
    await selectAll();
    fireEvent.click(screen.getByRole('button', { name: 'Отвязать от темы' }));
    const [title] = await screen.findAllByText('Отвязать от тем выбранные инфоповоды (2)?');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(
      within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Отвязать' }),
    );
    expect(await screen.findByText('Отвязано от тем: 2')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ queryset: [1, 2] });
  });
});
