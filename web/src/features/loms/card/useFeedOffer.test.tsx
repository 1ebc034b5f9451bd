import { FEED_PATHS, type Feed, type LomSourceItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { LomSourceDialog } from './LomSourceDialog.tsx';
import { offeredFeeds } from './useFeedOffer.tsx';

const SLOW_TEST_MS = 60_000;
const OFFER = 'Собирать публикации этого аккаунта?';

const collector = buildUser({ scope: ['view_loms', 'view_lomsource_admin'] });
const editor = buildUser({ scope: ['view_loms'] });

const savedSource = (url: string): LomSourceItem => ({
  id: 12,
  lom_source_url: url,
  external_link: url,
  coverage: 0,
  is_active: true,
  source: { id: 3, name: 'Telegram', icon: 'telegram.svg' },
});

const savedFeed: Feed = {
  id: 1,
  kind: 'telegram',
  url: 'https://t.me/orlova_live',
  lom: { id: 5, name: 'Анна Орлова' },
  lom_source: { id: 12, url: 'https://t.me/s/orlova_live' },
  source: { id: 3, name: 'Telegram' },
  enabled: true,
  interval_minutes: 15,
  last_fetch_at: null,
  last_success_at: null,
  last_status: null,
  last_error: null,
  failures: 0,
  items_last_day: 0,
  next_run_at: '2026-03-05T09:00:00.000Z',
  paused_reason: null,
  created_at: '2026-03-05T09:00:00.000Z',
};

const feedPosts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === FEED_PATHS.list);

/** Adds an account with `url` through the dialog of lom 5, the feed POST answering `feedAnswer`. */
async function addAccount(
  url: string,
  user = collector,
  feedAnswer: () => Response = () => json(201, savedFeed),
) {
  const api = installFakeApi({
    user,
    routes: {
      'GET /api/v2/sources/filter-list/': () =>
        json(200, {
          results: [{ id: 3, name: 'Telegram', icon: 'telegram.svg' }],
          page: 1,
          last_page: 1,
          elements_count: 1,
          next_pages_available: 0,
        }),
      'POST /api/v1/loms/5/create-lomsource/': () => json(201, savedSource(url)),
      [`POST ${FEED_PATHS.list}`]: feedAnswer,
    },
  });
  renderWithUser(<LomSourceDialog lomId={5} open onClose={() => {}} />, { user });
  const dialog = await screen.findByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Площадка' }));
  fireEvent.click(await screen.findByTitle('Telegram'));
  fireEvent.change(within(dialog).getByLabelText('Ссылка на аккаунт'), { target: { value: url } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить источник' }));
  expect(await screen.findByText('Источник добавлен')).toBeTruthy();
  return api;
}

/** The offer's confirmation, once shown. */
const offerDialog = async () =>
  (await screen.findAllByText(OFFER))[0]?.closest('.ant-modal-confirm, [role="dialog"]') as HTMLElement;

describe('offeredFeeds', () => {
  const sources = [
    { id: 1, lom_source_url: 'https://t.me/orlova_live' },
    { id: 2, lom_source_url: 'https://vk.com/club123' },
    { id: 3, lom_source_url: 'https://youtube.com/channel/UCabcdefghijklmnopqrstuv' },
    { id: 4, lom_source_url: 'https://www.youtube.com/@orlova' },
    { id: 5, lom_source_url: 'https://rutube.ru/channel/123/' },
    { id: 6, lom_source_url: 'https://orlova.ru/blog' },
  ];

  it('offers the feeds of t.me, vk.com and YouTube channel addresses only', () => {
    expect(offeredFeeds(9, sources, true)).toEqual([
      { kind: 'telegram', url: 'https://t.me/orlova_live', lom_id: 9, lom_source_id: 1 },
      { kind: 'vk', url: 'https://vk.com/club123', lom_id: 9, lom_source_id: 2 },
      {
        kind: 'rss',
        url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv',
        lom_id: 9,
        lom_source_id: 3,
      },
    ]);
  });

  it('offers nothing to a user without view_lomsource_admin', () => {
    expect(offeredFeeds(9, sources, false)).toEqual([]);
  });
});

describe('the feed offer after a lom source is added', () => {
  it(
    'offers a t.me channel’s feed to a user who runs the collectors, and creates it on yes',
    async () => {
      const { requests } = await addAccount('https://t.me/s/orlova_live');
      const dialog = await offerDialog();
      expect(within(dialog).getByText('Telegram: https://t.me/orlova_live')).toBeTruthy();
      expect(feedPosts(requests)).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Собирать' }));
      expect(await screen.findByText('Лента сбора создана')).toBeTruthy();
      expect(feedPosts(requests).map((r) => r.body)).toEqual([
        { kind: 'telegram', url: 'https://t.me/orlova_live', lom_id: 5, lom_source_id: 12 },
      ]);
    },
    SLOW_TEST_MS,
  );

  it(
    'offers a YouTube channel’s feed and tells «already there» as information, not an error',
    async () => {
      const { requests } = await addAccount(
        'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv',
        collector,
        () => errorResponse(400, 'Такая лента уже есть', 'url'),
      );
      const dialog = await offerDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Собирать' }));
      expect(await screen.findByText('Лента сбора для этого адреса уже есть')).toBeTruthy();
      expect(feedPosts(requests)[0]?.body).toEqual({
        kind: 'rss',
        url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv',
        lom_id: 5,
        lom_source_id: 12,
      });
      expect(document.querySelector('.ant-message-notice-error')).toBeNull();
    },
    SLOW_TEST_MS,
  );

  it(
    'offers nothing for an address without a feed (a site)',
    async () => {
      const plain = await addAccount('https://orlova.ru/blog');
      // The account's message and the offer come from the same answer: no offer by now means none.
      await waitFor(() => expect(screen.queryByText(OFFER)).toBeNull());
      expect(feedPosts(plain.requests)).toHaveLength(0);
    },
    SLOW_TEST_MS,
  );

  it(
    'offers nothing to an editor without view_lomsource_admin, even for a vk.com wall',
    async () => {
      const { requests } = await addAccount('https://vk.com/orlova', editor);
      await waitFor(() => expect(screen.queryByText(OFFER)).toBeNull());
      expect(feedPosts(requests)).toHaveLength(0);
    },
    SLOW_TEST_MS,
  );
});
