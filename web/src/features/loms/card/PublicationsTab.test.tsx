import type { LomCommentItem, LomPostsDay, LomSpeechItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessage, page } from '../../../test/messages.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { CommentsTab } from './CommentsTab.tsx';
import { buildLom, buildQuote, JUNE, LOM_ID, paramsOf } from './lom-content.fixtures.ts';
import { PublicationsTab } from './PublicationsTab.tsx';
import { QuotesTab } from './QuotesTab.tsx';
import { SpeechTab } from './SpeechTab.tsx';

const PUBLICATIONS = `GET /api/v1/loms/${LOM_ID}/publications/`;
const POSTS = `GET /api/v1/loms/${LOM_ID}/posts_by_period/`;
const QUOTES = `GET /api/v1/loms/${LOM_ID}/quotes/`;
const SPEECH = `GET /api/v1/loms/${LOM_ID}/speech/`;
const COMMENTS = `GET /api/v1/loms/${LOM_ID}/comments/`;

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTab(tab: React.ReactNode, path = `/loms/${LOM_ID}`) {
  return renderWithUser(
    <>
      {tab}
      <LocationProbe />
    </>,
    { user: buildUser({ role: 3 }), path },
  );
}

const lom = buildLom();
const days: LomPostsDay[] = [
  { date: '2025-06-01', messages_count: 2, total_si: 15, total_views: 150 },
  { date: '2025-06-02', messages_count: 0, total_si: 0, total_views: 0 },
];
const callsTo = (requests: FakeRequest[], route: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === route);

describe('PublicationsTab', () => {
  it("asks for the lom's publications of the period and shows them with a chart per day", async () => {
    const { requests } = installFakeApi({
      routes: {
        [PUBLICATIONS]: () =>
          json(
            200,
            page(
              [buildMessage({ id: 41, text: 'Открыли <mark>парк</mark>' }), buildMessage({ id: 42 })],
              1,
              2,
              30,
            ),
          ),
        [POSTS]: () => json(200, days),
      },
    });
    renderTab(<PublicationsTab lom={lom} period={JUNE} />);
    const card = await screen.findByText('парк');
    expect(card.tagName).toBe('MARK');
    expect(document.querySelectorAll('[data-message-id]')).toHaveLength(2);
    const open = screen.getAllByRole('link', { name: 'Открыть' }).map((a) => a.getAttribute('href'));
    expect(open).toEqual(['/messages/41', '/messages/42']);
    expect(screen.getByText('За период: 30 публикаций')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Публикации по дням' })).toBeTruthy();
    expect(paramsOf(callsTo(requests, PUBLICATIONS)[0].search)).toEqual({
      period_after: '2025-06-01',
      period_before: '2025-06-30',
      page: '1',
      page_size: '25',
    });
    expect(paramsOf(callsTo(requests, POSTS)[0].search)).toEqual({
      period_after: '2025-06-01',
      period_before: '2025-06-30',
    });
  });

  it('keeps its page in the URL and asks for the page chosen', async () => {
    const { requests } = installFakeApi({
      routes: {
        [PUBLICATIONS]: (request) => {
          const number = Number(paramsOf(request.search).page);
          return json(200, page([buildMessage({ id: number * 100 })], number, 3, 60));
        },
        [POSTS]: () => json(200, days),
      },
    });
    renderTab(
      <PublicationsTab lom={lom} period={JUNE} />,
      `/loms/${LOM_ID}?tab=publications&publications_page=2`,
    );
    await waitFor(() => expect(document.querySelector('[data-message-id="200"]')).toBeTruthy());
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(document.querySelector('[data-message-id="300"]')).toBeTruthy());
    expect(screen.getByTestId('location').textContent).toBe('?tab=publications&publications_page=3');
    expect(callsTo(requests, PUBLICATIONS).map((r) => paramsOf(r.search).page)).toEqual(['2', '3']);
  });

  it('says when the period has no publications', async () => {
    installFakeApi({
      routes: { [PUBLICATIONS]: () => json(200, page([], 1, 1, 0)), [POSTS]: () => json(200, days) },
    });
    renderTab(<PublicationsTab lom={lom} period={JUNE} />);
    expect(await screen.findByText('За период публикаций нет')).toBeTruthy();
  });

  it('shows the error of a failed load', async () => {
    installFakeApi({
      routes: {
        [PUBLICATIONS]: () => errorResponse(403, 'Вкладка «Публикации» карточки ЛОМ недоступна'),
        [POSTS]: () => errorResponse(500, 'Внутренняя ошибка сервера'),
      },
    });
    renderTab(<PublicationsTab lom={lom} period={JUNE} />);
    expect(await screen.findByText('Не удалось загрузить данные вкладки')).toBeTruthy();
    expect(screen.getByText('Вкладка «Публикации» карточки ЛОМ недоступна')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить график публикаций')).toBeTruthy();
  });
});

describe('QuotesTab', () => {
  it("lists the lom's quotes of the period with links to their messages", async () => {
    const { requests } = installFakeApi({
      routes: {
        [QUOTES]: () =>
          json(
            200,
            page([buildQuote({ id: 1 }), buildQuote({ id: 2, message_id: null, is_manual: true })], 1, 1, 2),
          ),
      },
    });
    renderTab(<QuotesTab lom={lom} period={JUNE} />);
    expect(await screen.findByText('Цитата номер 1')).toBeTruthy();
    expect(screen.getByText('Цитата номер 2')).toBeTruthy();
    expect(screen.getByText('За период: 2 цитаты')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Сообщение' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/messages/101']);
    expect(paramsOf(requests.find((r) => r.path.endsWith('/quotes/'))?.search ?? '')).toMatchObject({
      period_after: '2025-06-01',
      period_before: '2025-06-30',
    });
  });

  it('says when there are none', async () => {
    installFakeApi({ routes: { [QUOTES]: () => json(200, page([], 1, 1, 0)) } });
    renderTab(<QuotesTab lom={lom} period={JUNE} />);
    expect(await screen.findByText('За период цитат нет')).toBeTruthy();
  });
});

describe('SpeechTab', () => {
  it('shows each message the lom speaks in, with the time code of the speech', async () => {
    const speech: LomSpeechItem[] = [
      {
        ...buildMessage({ id: 7, lom: { id: 9, name: 'Первый канал', avatar: null } }),
        speech_timestamp: 95,
      },
      { ...buildMessage({ id: 8 }), speech_timestamp: null },
    ];
    installFakeApi({ routes: { [SPEECH]: () => json(200, page(speech, 1, 1, 2)) } });
    renderTab(<SpeechTab lom={lom} period={JUNE} />);
    const first = await waitFor(() => {
      const box = document.querySelector<HTMLElement>('.lom-content__speech[data-message-id="7"]');
      if (!box) throw new Error('no speech yet');
      return box;
    });
    expect(within(first).getByText(/Выступление с 1:35/)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Первый канал' }).getAttribute('href')).toBe(
      '/messages/7',
    );
    expect(screen.getByText(/Время выступления не отмечено/)).toBeTruthy();
    expect(screen.getByText('За период: 2 выступления')).toBeTruthy();
  });
});

describe('CommentsTab', () => {
  const comment = (id: number): LomCommentItem => ({
    id,
    message_id: 41,
    author_name: `Читатель ${id}`,
    text: id === 1 ? '<b>Отлично</b>, спасибо!' : `Комментарий ${id}`,
    wrote_at: '2025-06-02T09:00:00.000Z',
    likes: 1200,
    mood: id === 1 ? 1 : null,
    message: { id: 41, wrote_at: '2025-06-01T09:00:00.000Z', url: null, text: 'Открыли парк <br>ждём всех' },
  });

  it('asks for 25 comments a page and shows each with the publication it is under', async () => {
    const { requests } = installFakeApi({
      routes: { [COMMENTS]: () => json(200, page([comment(1), comment(2)], 1, 2, 27)) },
    });
    renderTab(<CommentsTab lom={lom} period={JUNE} />);
    // Readers' text stays text: the tags show as written, nothing is parsed.
    expect(await screen.findByText('<b>Отлично</b>, спасибо!')).toBeTruthy();
    expect(screen.getByText('Читатель 2')).toBeTruthy();
    expect(screen.getByText('За период: 27 комментариев')).toBeTruthy();
    const under = document.querySelector<HTMLAnchorElement>('[data-comment-id="1"] .lom-comment__message');
    expect(under?.getAttribute('href')).toBe('/messages/41');
    expect(under?.textContent).toContain('Открыли парк');
    expect(paramsOf(requests.find((r) => r.path.endsWith('/comments/'))?.search ?? '')).toEqual({
      period_after: '2025-06-01',
      period_before: '2025-06-30',
      page: '1',
      page_size: '25',
    });
    expect(screen.getByTitle('2')).toBeTruthy();
  });

  it('says when there are none', async () => {
    installFakeApi({ routes: { [COMMENTS]: () => json(200, page([], 1, 1, 0)) } });
    renderTab(<CommentsTab lom={lom} period={JUNE} />);
    expect(await screen.findByText('Под публикациями периода комментариев нет')).toBeTruthy();
  });
});
