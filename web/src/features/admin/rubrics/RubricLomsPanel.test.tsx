import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { page } from '../../../test/messages.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { RubricLomsPanel } from './RubricLomsPanel.tsx';

const LOMS = 'GET /api/v1/admin/rubrics/4/loms/';

describe('RubricLomsPanel', () => {
  it('shows the empty state', async () => {
    installFakeApi({ routes: { [LOMS]: () => json(200, page([], 1, 1, 0)) } });
    renderWithUser(<RubricLomsPanel rubric={{ id: 4, name: 'Блогеры' }} />, { user: buildUser({ role: 1 }) });
    expect(await screen.findByText('В рубрике нет ЛОМ')).toBeTruthy();
  });

  it('removes a lom after a confirmation', async () => {
    let removed = false;
    const { requests } = installFakeApi({
      routes: {
        [LOMS]: () =>
          json(
            200,
            page(
              removed ? [] : [{ id: 8, name: 'Анна Петрова', avatar: null, is_active: true }],
              1,
              1,
              removed ? 0 : 1,
            ),
          ),
        'POST /api/v1/admin/rubrics/4/remove-loms/': () => {
          removed = true;
          return json(200, { updated: 1 });
        },
      },
    });
    renderWithUser(<RubricLomsPanel rubric={{ id: 4, name: 'Блогеры' }} />, { user: buildUser({ role: 1 }) });
    expect(await screen.findByRole('link', { name: 'Анна Петрова' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать' }));
    const [title] = await screen.findAllByText('Убрать «Анна Петрова» из рубрики «Блогеры»?');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(
      within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Убрать' }),
    );
    expect(await screen.findByText('ЛОМ убран из рубрики')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ loms: [8] });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Анна Петрова' })).toBeNull());
  });
});
