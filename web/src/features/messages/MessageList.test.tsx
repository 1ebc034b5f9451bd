import type { MessageFilterParams } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { buildMessage, page } from '../../test/messages.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { MessageList } from './MessageList.tsx';

const LIST = 'GET /api/v3/messages/';

function Harness() {
  const [filter, setFilter] = useState<MessageFilterParams>({ lom_in: [1] });
  return (
    <>
      <button type="button" onClick={() => setFilter({ lom_in: [2] })}>
        другой фильтр
      </button>
      <MessageList filter={filter} selectable={false} selected={new Set()} onSelect={() => {}} />
    </>
  );
}

const shownIds = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-message-id]')).map((card) =>
    Number(card.dataset.messageId),
  );

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

describe('MessageList paging (§4)', () => {
  it('appends later pages and replaces the list with page 1 of a new filter', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: (request) => {
          if (param(request, 'lom_in') === '2') return json(200, page([buildMessage({ id: 9 })], 1, 1, 1));
          return param(request, 'page') === '2'
            ? json(200, page([buildMessage({ id: 3 })], 2, 2, 3))
            : json(200, page([buildMessage({ id: 1 }), buildMessage({ id: 2 })], 1, 2, 3));
        },
      },
    });
    renderWithUser(<Harness />, { user: buildUser() });

    await waitFor(() => expect(shownIds()).toEqual([1, 2]));
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3]));
    // The last page is loaded: no more button.
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'другой фильтр' }));
    await waitFor(() => expect(shownIds()).toEqual([9]));
    const lists = requests.filter((r) => r.path === '/api/v3/messages/');
    expect(lists.map((r) => [param(r, 'lom_in'), param(r, 'page')])).toEqual([
      ['1', '1'],
      ['1', '2'],
      ['2', '1'],
    ]);
  });

  it('cancels the request of the old filter when the filter changes', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: (request) =>
          param(request, 'lom_in') === '1'
            ? new Promise<Response>(() => {})
            : Promise.resolve(json(200, page([buildMessage({ id: 9 })], 1, 1, 1))),
      },
    });
    renderWithUser(<Harness />, { user: buildUser() });
    await waitFor(() => expect(requests.some((r) => param(r, 'lom_in') === '1')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'другой фильтр' }));
    await waitFor(() => expect(shownIds()).toEqual([9]));
    const stale = requests.find((r) => param(r, 'lom_in') === '1');
    expect(stale?.signal?.aborted).toBe(true);
  });

  it('says so when nothing matches', async () => {
    installFakeApi({ routes: { [LIST]: () => json(200, page([], 1, 1, 0)) } });
    renderWithUser(<Harness />, { user: buildUser() });
    expect(await screen.findByText('Сообщений не найдено')).toBeTruthy();
  });
});
