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
const COUNT = 'GET /api/v3/messages/pagination_count/';

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

function SearchedList({ search }: { search: string }) {
  return <MessageList filter={{ search }} selectable={false} selected={new Set()} onSelect={() => {}} />;
}

/** The list's count line, its spaces (formatNumber's no-break ones) made plain. */
const countLine = () => document.querySelector('.message-list__count')?.textContent?.replace(/\s/g, ' ');

describe('a searched list (docs/search.md)', () => {
  it('marks what the search found and links to the message with the search', async () => {
    installFakeApi({
      routes: {
        [LIST]: () =>
          json(
            200,
            page(
              [
                buildMessage({
                  id: 4,
                  text: 'Газпром и <b>Роснефть</b>',
                  highlighted_text: '<mark>Газпром</mark> и <mark>Роснефть</mark><script>x()</script>',
                }),
              ],
              1,
              1,
              1,
            ),
          ),
      },
    });
    renderWithUser(<SearchedList search="газпром роснефть" />, { user: buildUser() });
    await waitFor(() => expect(shownIds()).toEqual([4]));
    const text = document.querySelector('.message-card__text');
    expect(Array.from(text?.querySelectorAll('mark') ?? []).map((mark) => mark.textContent)).toEqual([
      'Газпром',
      'Роснефть',
    ]);
    expect(text?.querySelector('script, b')).toBeNull();
    const open = screen.getByRole('link', { name: 'Открыть' });
    expect(open.getAttribute('href')).toBe(`/messages/4?search=${encodeURIComponent('газпром роснефть')}`);
  });

  it('says «более 1 000» while it counts, then the exact number', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () =>
          json(200, { ...page([buildMessage({ id: 1 })], 1, 40, 1000), elements_count_exact: false }),
        [COUNT]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderWithUser(<SearchedList search="москва" />, { user: buildUser() });
    await waitFor(() => expect(countLine()).toBe('Найдено более 1 000, показано 1считаем…'));
    const count = requests.find((r) => r.path === '/api/v3/messages/pagination_count/');
    expect(count && param(count, 'search')).toBe('москва');
    expect(count?.signal).toBeInstanceOf(AbortSignal);
    answer(json(200, { elements_count: 12_345, last_page: 494 }));
    await waitFor(() => expect(countLine()).toBe('Показано 1 из 12 345'));
  });

  it('keeps «более N» when the exact count too stops at a bound', async () => {
    installFakeApi({
      routes: {
        [LIST]: () =>
          json(200, { ...page([buildMessage({ id: 1 })], 1, 40, 1000), elements_count_exact: false }),
        [COUNT]: () => json(200, { elements_count: 250_000, last_page: 10_000, elements_count_exact: false }),
      },
    });
    renderWithUser(<SearchedList search="москва" />, { user: buildUser() });
    await waitFor(() => expect(countLine()).toBe('Найдено более 250 000, показано 1'));
  });

  it('asks no count when the list’s number is exact', async () => {
    const { requests } = installFakeApi({
      routes: { [LIST]: () => json(200, page([buildMessage({ id: 1 })], 1, 1, 1)) },
    });
    renderWithUser(<SearchedList search="москва" />, { user: buildUser() });
    await waitFor(() => expect(countLine()).toBe('Показано 1 из 1'));
    expect(requests.some((r) => r.path.endsWith('/pagination_count/'))).toBe(false);
  });

  it('offers more pages past a bound that is only a floor', async () => {
    const full = (from: number) => Array.from({ length: 25 }, (_, i) => buildMessage({ id: from + i }));
    installFakeApi({
      routes: {
        [LIST]: (request) =>
          param(request, 'page') === '2'
            ? json(200, { ...page(full(26).slice(0, 3), 2, 2, 28), elements_count_exact: true })
            : json(200, { ...page(full(1), 1, 1, 25), elements_count_exact: false }),
        [COUNT]: () => new Promise<Response>(() => {}),
      },
    });
    renderWithUser(<SearchedList search="москва" />, { user: buildUser() });
    await waitFor(() => expect(shownIds()).toHaveLength(25));
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(shownIds()).toHaveLength(28));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });
});
