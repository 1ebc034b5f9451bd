import type { LomArticleDetail, LomFactsResponse, LomSearchResultsResponse } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { FactsTab } from './FactsTab.tsx';
import { buildLom, JUNE, LOM_ID, paramsOf } from './lom-content.fixtures.ts';

const FACTS = `GET /api/v1/loms/new-loms/${LOM_ID}/lom-facts/`;
const SEARCH = `GET /api/v1/loms/new-loms/${LOM_ID}/search-results/`;
const ARTICLE = 'GET /api/v2/articles/900001/';

const facts: LomFactsResponse = [
  {
    lom_fact_id: 1,
    name: 'Протесты',
    facts_count: 2,
    facts: [
      {
        fact_name: 'Митинг у мэрии',
        dates: [
          {
            id: 11,
            date: '2025-06-05',
            articles: [
              {
                article_id: 900_001,
                headline: 'Митинг у мэрии собрал сотни человек',
                wrote_at: '2025-06-05T09:00:00.000Z',
                source_name: 'Коммерсантъ',
                source_link: 'https://press.example.ru/900001',
              },
            ],
          },
          { id: 12, date: '2024-11-20', articles: [] },
        ],
      },
    ],
  },
  { lom_fact_id: 2, name: 'Скандалы', facts_count: 0, facts: [] },
  {
    lom_fact_id: 3,
    name: 'Факты',
    facts_count: 1,
    facts: [{ fact_name: 'Награда', dates: [{ id: 13, date: '2025-06-10', articles: [] }] }],
  },
];

const article: LomArticleDetail = {
  article_id: 900_001,
  headline: 'Митинг у мэрии собрал сотни человек',
  text: 'Полный текст статьи о митинге.',
  wrote_at: '2025-06-05T09:00:00.000Z',
  source_name: 'Коммерсантъ',
  source_link: 'https://press.example.ru/900001',
  facts: [
    {
      id: 11,
      lom_fact_id: 1,
      fact_name: 'Митинг у мэрии',
      date: '2025-06-05',
      lom: { id: LOM_ID, name: 'Анна Орлова' },
    },
  ],
};

function searchPage(cachedAt: string | null): LomSearchResultsResponse {
  return {
    results: [
      {
        id: 1,
        title: 'Анна Орлова открыла парк',
        text: 'О планах на лето.',
        url: 'https://search.example.ru/result/1',
        updated_at: '2025-05-01T09:00:00.000Z',
        cached_at: cachedAt,
      },
    ],
    page: 1,
    last_page: 1,
    elements_count: 1,
    next_pages_available: 0,
    cached_at: cachedAt,
  };
}

const routes = (extra: Record<string, (request: FakeRequest) => Response> = {}) => ({
  [FACTS]: () => json(200, facts),
  [SEARCH]: (request: FakeRequest) =>
    json(
      200,
      searchPage(
        paramsOf(request.search).refresh === 'true' ? '2025-07-01T07:05:00.000Z' : '2025-05-02T09:00:00.000Z',
      ),
    ),
  [ARTICLE]: () => json(200, article),
  ...extra,
});

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTab(path = `/loms/${LOM_ID}`) {
  return renderWithUser(
    <>
      <FactsTab lom={buildLom()} period={JUNE} />
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }), path },
  );
}

const group = (kind: number) => document.querySelector<HTMLElement>(`[data-fact-type="${kind}"]`);

describe('FactsTab', () => {
  it('shows the facts by type, each date with its articles, all time by default', async () => {
    const { requests } = installFakeApi({ routes: routes() });
    renderTab();
    await screen.findByText('Митинг у мэрии');
    expect(within(group(1) as HTMLElement).getByText('Протесты · 2')).toBeTruthy();
    expect(within(group(2) as HTMLElement).getByText('Скандалы · 0')).toBeTruthy();
    expect(within(group(3) as HTMLElement).getByText('Награда')).toBeTruthy();
    expect(within(group(1) as HTMLElement).getByText('05 июня 2025')).toBeTruthy();
    expect(within(group(1) as HTMLElement).getByText('20 ноября 2024')).toBeTruthy();
    expect(within(group(1) as HTMLElement).getAllByText('Статей нет')).toHaveLength(1);
    expect(requests.find((r) => r.path.endsWith('/lom-facts/'))?.search).toBe('');
  });

  it('opens an article in a drawer with its text', async () => {
    const { requests } = installFakeApi({ routes: routes() });
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Открыть статью «Митинг у мэрии собрал сотни человек»' }),
    );
    expect(await screen.findByText('Полный текст статьи о митинге.')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v2/articles/900001/')).toBe(true);
  });

  it('narrows the facts to the period on request, keeping the choice in the URL', async () => {
    const { requests } = installFakeApi({ routes: routes() });
    renderTab();
    await screen.findByText('Митинг у мэрии');
    fireEvent.click(screen.getByText('За период карточки'));
    expect(screen.getByTestId('location').textContent).toBe('?facts_scope=period');
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path.endsWith('/lom-facts/')).map((r) => paramsOf(r.search)),
      ).toContainEqual({
        period_after: '2025-06-01',
        period_before: '2025-06-30',
      }),
    );
  });

  it('lists the stored search results and refreshes them with refresh=true', async () => {
    const { requests } = installFakeApi({ routes: routes() });
    renderTab();
    const title = await screen.findByRole('link', { name: /Анна Орлова открыла парк/ });
    expect(title.getAttribute('href')).toBe('https://search.example.ru/result/1');
    expect(screen.getByText('Обновлено: 02 мая 2025, 12:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Обновить/ }));
    expect(await screen.findByText('Обновлено: 01 июля 2025, 10:05')).toBeTruthy();
    const searches = requests
      .filter((r) => r.path.endsWith('/search-results/'))
      .map((r) => paramsOf(r.search).refresh);
    expect(searches).toEqual(['false', 'true']);
  });

  it('says when there are no facts and shows a failed load', async () => {
    installFakeApi({
      routes: routes({
        [FACTS]: () =>
          json(
            200,
            facts.map((g) => ({ ...g, facts_count: 0, facts: [] })),
          ),
        [SEARCH]: () => errorResponse(500, 'Внутренняя ошибка сервера'),
      }),
    });
    renderTab();
    expect(await screen.findByText('Фактов нет')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить результаты поиска')).toBeTruthy();
  });
});
