import type { LomStatItem, MoodTableResponse, QuoteListItem, QuoteLomGroup } from '@monitoring/contracts';
import { fillMoodTable } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { page } from '../../test/messages.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { QuotesPage } from './QuotesPage.tsx';

const LIST = 'GET /api/v2/quotes/';
const MOOD_TABLE = 'GET /api/v2/quotes/mood-table/';
const LOM_STAT = 'GET /api/v2/quotes/lom-stat/';

function buildQuote(overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    text: `Цитата номер ${id}`,
    wrote_at: '2025-05-20T09:30:00.000Z',
    mood: 1,
    theme: { id: 3, name: 'Благоустройство' },
    info_reason: { id: 4, name: 'Открытие парка' },
    message_id: 100 + id,
    fragment_id: null,
    speech_timestamp: null,
    is_manual: false,
    url: 'https://t.me/example/1',
    ...overrides,
  };
}

function buildGroup(lomId: number | null, quotes: QuoteListItem[], count = quotes.length): QuoteLomGroup {
  return {
    lom: lomId === null ? null : { id: lomId, name: `ЛОМ ${lomId}`, avatar: null },
    quotes_count: count,
    quotes,
  };
}

const moodTable: MoodTableResponse = {
  mood_table: fillMoodTable({
    1: { message_count: 7, lom_count: 2, total_si: 50, total_views: 900, subscribers: 1200 },
    2: { message_count: 3, lom_count: 1, total_si: 10, total_views: 100, subscribers: 500 },
  }),
  total: { message_count: 10, lom_count: 2, total_si: 60, total_views: 1000, subscribers: 1200 },
};

const lomStat: LomStatItem = {
  lom: { id: 10, name: 'Анна Петрова', avatar: null },
  message_count: 7,
  total_si: 50,
  total_views: 900,
  total_reposts: 12,
  subscribers: 1200,
  mood_table: fillMoodTable({ 1: { message_count: 7 } }),
};

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);
const callsTo = (requests: FakeRequest[], path: string) => requests.filter((r) => r.path === path);

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(path: string, role: 0 | 2 | 3 = 3) {
  return renderWithUser(
    <>
      <QuotesPage />
      <LocationProbe />
    </>,
    { user: buildUser({ role }), path },
  );
}

const groupIds = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.quote-group[data-lom-id]')).map(
    (el) => el.dataset.lomId,
  );

function statRoutes() {
  return {
    [MOOD_TABLE]: () => json(200, moodTable),
    [LOM_STAT]: () => json(200, page([lomStat], 1, 1, 1)),
  };
}

describe('QuotesPage', () => {
  it('reads the filter from the URL and shows the groups, the mood table and the lom stat', async () => {
    const { requests } = installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: () =>
          json(
            200,
            page(
              [
                buildGroup(10, [buildQuote({ id: 1 }), buildQuote({ id: 2, mood: 2, theme: null })], 5),
                buildGroup(null, [buildQuote({ id: 3, message_id: null, url: null, is_manual: true })]),
              ],
              1,
              1,
              2,
            ),
          ),
      },
    });
    renderPage('/quotes?wrote_at_after=2025-05-01&wrote_at_before=2025-05-31&lom_in=10&mood_in=1,2&stat=si');

    await waitFor(() => expect(groupIds()).toEqual(['10', '']));
    for (const path of ['/api/v2/quotes/', '/api/v2/quotes/mood-table/', '/api/v2/quotes/lom-stat/']) {
      const [call] = callsTo(requests, path);
      expect(param(call, 'wrote_at_after')).toBe('2025-05-01');
      expect(param(call, 'wrote_at_before')).toBe('2025-05-31');
      expect(param(call, 'lom_in')).toBe('10');
      expect(param(call, 'mood_in')).toBe('1,2');
    }
    expect(param(callsTo(requests, '/api/v2/quotes/lom-stat/')[0], 'stat')).toBe('si');
    expect(param(callsTo(requests, '/api/v2/quotes/')[0], 'page')).toBe('1');

    const first = screen.getByRole('article', { name: 'ЛОМ 10' });
    expect(within(first).getByTestId('quote-group-count').textContent).toBe('5 цитат');
    expect(within(first).getByRole('link', { name: 'ЛОМ 10' }).getAttribute('href')).toBe('/loms/10');
    const quote = first.querySelector<HTMLElement>('[data-quote-id="1"]');
    if (!quote) throw new Error('quote 1 not shown');
    expect(within(quote).getByText('Цитата номер 1')).toBeTruthy();
    expect(within(quote).getByText('Позитивное')).toBeTruthy();
    expect(within(quote).getByText('Благоустройство')).toBeTruthy();
    expect(within(quote).getByText(/Открытие парка/)).toBeTruthy();
    expect(within(quote).getByText(/20 мая 2025/)).toBeTruthy();
    expect(within(quote).getByRole('link', { name: 'Сообщение' }).getAttribute('href')).toBe('/messages/101');
    expect(within(first).getByText('Показаны 2 из 5')).toBeTruthy();

    const noLom = screen.getByRole('article', { name: 'Без ЛОМ' });
    expect(within(noLom).queryByRole('link', { name: 'Сообщение' })).toBeNull();
    expect(within(noLom).getByText('вручную')).toBeTruthy();

    const moodSection = screen.getByRole('region', { name: 'Тональность цитат' });
    expect(within(moodSection).getByText('Цитат')).toBeTruthy();
    expect(within(moodSection).getByText('7')).toBeTruthy();
    const lomSection = screen.getByRole('region', { name: 'ЛОМ по цитатам' });
    expect(within(lomSection).getByRole('link', { name: 'Анна Петрова' })).toBeTruthy();
    // A basic viewer may not delete quotes.
    expect(screen.queryByRole('button', { name: /Удалить цитату/ })).toBeNull();
  });

  it('loads more loms and appends them', async () => {
    const { requests } = installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: (request) =>
          param(request, 'page') === '2'
            ? json(200, page([buildGroup(30, [buildQuote({ id: 3 })])], 2, 2, 3))
            : json(
                200,
                page(
                  [buildGroup(10, [buildQuote({ id: 1 })]), buildGroup(20, [buildQuote({ id: 2 })])],
                  1,
                  2,
                  3,
                ),
              ),
      },
    });
    renderPage('/quotes');
    await waitFor(() => expect(groupIds()).toEqual(['10', '20']));
    expect(screen.getByText('Показано ЛОМ: 2 из 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё ЛОМ' }));
    await waitFor(() => expect(groupIds()).toEqual(['10', '20', '30']));
    expect(screen.queryByRole('button', { name: 'Показать ещё ЛОМ' })).toBeNull();
    expect(callsTo(requests, '/api/v2/quotes/').map((r) => param(r, 'page'))).toEqual(['1', '2']);
  });

  it('shows every quote of a lom on demand', async () => {
    const { requests } = installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: (request) =>
          param(request, 'quotes_per_lom') === '50'
            ? json(
                200,
                page(
                  [
                    buildGroup(
                      10,
                      [1, 2, 3, 4].map((id) => buildQuote({ id })),
                    ),
                  ],
                  1,
                  1,
                  1,
                ),
              )
            : json(200, page([buildGroup(10, [buildQuote({ id: 1 })], 4)], 1, 1, 1)),
      },
    });
    renderPage('/quotes?theme_in=3');
    await waitFor(() => expect(groupIds()).toEqual(['10']));
    fireEvent.click(screen.getByRole('button', { name: 'Все цитаты ЛОМ' }));
    await waitFor(() => expect(document.querySelectorAll('[data-quote-id]').length).toBe(4));
    const full = callsTo(requests, '/api/v2/quotes/').find((r) => param(r, 'quotes_per_lom') === '50');
    expect(full && [param(full, 'lom_in'), param(full, 'theme_in')]).toEqual(['10', '3']);
    expect(screen.getByRole('button', { name: /Свернуть/ })).toBeTruthy();
  });

  it('writes a new stat and a reset filter to the URL and asks again', async () => {
    const { requests } = installFakeApi({
      routes: { ...statRoutes(), [LIST]: () => json(200, page([buildGroup(10, [buildQuote()])], 1, 1, 1)) },
    });
    renderPage('/quotes?wrote_at_after=2025-05-01&theme_in=3');
    await waitFor(() => expect(groupIds()).toEqual(['10']));

    fireEvent.click(
      within(screen.getByRole('region', { name: 'ЛОМ по цитатам' })).getByRole('radio', { name: 'Репосты' }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('stat=reposts'));
    await waitFor(() =>
      expect(callsTo(requests, '/api/v2/quotes/lom-stat/').some((r) => param(r, 'stat') === 'reposts')).toBe(
        true,
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?wrote_at_after=2025-05-01&stat=reposts'),
    );
    await waitFor(() => {
      const last = callsTo(requests, '/api/v2/quotes/').at(-1);
      expect(last && [param(last, 'theme_in'), param(last, 'wrote_at_after')]).toEqual([null, '2025-05-01']);
    });
  });

  it('deletes a quote after confirmation and reloads the list', async () => {
    let deleted = false;
    const { requests } = installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: () =>
          json(
            200,
            page(
              [
                buildGroup(
                  10,
                  deleted ? [buildQuote({ id: 2 })] : [buildQuote({ id: 1 }), buildQuote({ id: 2 })],
                ),
              ],
              1,
              1,
              1,
            ),
          ),
        'DELETE /api/v3/quotes/1/': () => {
          deleted = true;
          return json(200, { detail: 'Цитата удалена' });
        },
      },
    });
    renderPage('/quotes', 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить цитату 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Удалить цитату?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('«Цитата номер 1»')).toBeTruthy();
    // Nothing is sent before the user confirms.
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(document.querySelector('[data-quote-id="1"]')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v3/quotes/1/']);
    expect(await screen.findByText('Цитата удалена')).toBeTruthy();
    // The stats reload too.
    expect(callsTo(requests, '/api/v2/quotes/mood-table/').length).toBeGreaterThan(1);
  });

  it('cancels a deletion', async () => {
    const { requests } = installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: () => json(200, page([buildGroup(10, [buildQuote({ id: 1 })])], 1, 1, 1)),
      },
    });
    renderPage('/quotes', 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить цитату 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    // Give a deletion, were one sent, the time to reach the server and reload the list.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(callsTo(requests, '/api/v2/quotes/').length).toBe(1);
    expect(document.querySelector('[data-quote-id="1"]')).not.toBeNull();
  });

  it('shows a loading state, then an empty state', async () => {
    let answer: (response: Response) => void = () => {};
    installFakeApi({
      routes: {
        ...statRoutes(),
        [LIST]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderPage('/quotes?search=%D0%BC%D0%BE%D1%81%D1%82');
    await waitFor(() => expect(document.querySelector('.quote-groups[aria-busy="true"]')).not.toBeNull());
    answer(json(200, page([], 1, 1, 0)));
    expect(await screen.findByText('Цитат не найдено')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Поиск по тексту цитаты' }) as HTMLInputElement).value).toBe(
      'мост',
    );
  });

  it('says so when the list cannot be loaded', async () => {
    installFakeApi({
      routes: { ...statRoutes(), [LIST]: () => errorResponse(500, 'Внутренняя ошибка сервера') },
    });
    renderPage('/quotes');
    expect(await screen.findByText('Не удалось загрузить цитаты')).toBeTruthy();
  });
});
