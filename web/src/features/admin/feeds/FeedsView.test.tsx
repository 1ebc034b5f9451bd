import { apiPath, FEED_PATHS, type Feed, type FeedRun } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { AdminSourcesPage } from '../AdminSourcesPage.tsx';

const SLOW_TEST_MS = 60_000;
const admin = buildUser({ role: 1 });

const envelope = <T,>(results: T[], count = results.length) => ({
  results,
  page: 1,
  last_page: Math.max(1, Math.ceil(count / 25)),
  elements_count: count,
  next_pages_available: 0,
});

const buildFeed = (overrides: Partial<Feed> = {}): Feed => ({
  id: 11,
  kind: 'telegram',
  url: 'https://t.me/gorod_news',
  lom: { id: 3, name: 'Петрова Анна' },
  lom_source: { id: 7, url: 'https://t.me/s/gorod_news' },
  source: { id: 2, name: 'Telegram' },
  enabled: true,
  interval_minutes: 15,
  last_fetch_at: '2026-03-05T09:00:00.000Z',
  last_success_at: '2026-03-05T08:45:00.000Z',
  last_status: 503,
  last_error: 'Лента недоступна: 503',
  failures: 3,
  items_last_day: 8372,
  next_run_at: '2026-03-05T09:15:00.000Z',
  paused_reason: null,
  created_at: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const run = (overrides: Partial<FeedRun> = {}): FeedRun => ({
  id: 1,
  started_at: '2026-03-05T09:00:00.000Z',
  trigger: 'manual',
  http_status: 200,
  fetched: 50,
  created: 48,
  updated: 0,
  skipped: 2,
  duration_ms: 1234,
  error: null,
  ...overrides,
});

const LIST = `GET ${FEED_PATHS.list}`;
const listRequests = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === FEED_PATHS.list);
const queryOf = (request: FakeRequest | undefined) => new URLSearchParams(request?.search);
/** The drawer with this title (in jsdom antd labels every dialog with one test id, so the name cannot tell). */
const drawerTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
};
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the «Сбор» view of /admin-panel/sources', () => {
  it(
    'shows each feed in Russian: kind, lom, Moscow dates, a day’s count, the error, the pause; «—» when off',
    async () => {
      installFakeApi({
        user: admin,
        routes: {
          [LIST]: () =>
            json(
              200,
              envelope([
                buildFeed(),
                buildFeed({
                  id: 12,
                  kind: 'vk',
                  url: 'https://vk.com/gorod',
                  lom: null,
                  lom_source: null,
                  source: { id: 3, name: 'ВКонтакте' },
                  last_fetch_at: null,
                  last_success_at: null,
                  last_status: null,
                  last_error: null,
                  failures: 0,
                  items_last_day: 0,
                  next_run_at: null,
                  paused_reason: 'Не задан сервисный ключ ВКонтакте',
                }),
                buildFeed({
                  id: 13,
                  kind: 'rss',
                  url: 'https://www.interfax.ru/rss.asp',
                  lom: null,
                  lom_source: null,
                  source: { id: 4, name: 'www.interfax.ru' },
                  enabled: false,
                  interval_minutes: 180,
                  last_error: null,
                  failures: 0,
                  next_run_at: '2026-03-05T12:00:00.000Z',
                }),
              ]),
            ),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });

      const telegram = await screen.findByText('https://t.me/gorod_news');
      expect(telegram.closest('a')?.getAttribute('target')).toBe('_blank');
      const first = rowOf('https://t.me/gorod_news');
      expect(within(first).getByText('Telegram')).toBeTruthy();
      expect(within(first).getByRole('link', { name: 'Петрова Анна' }).getAttribute('href')).toBe('/loms/3');
      expect(within(first).getByText('https://t.me/s/gorod_news')).toBeTruthy();
      // Moscow time (UTC+3) of 09:00 UTC, the next run, the exact count of the day.
      expect(within(first).getByText('05 марта 2026, 12:00')).toBeTruthy();
      expect(within(first).getByText('05 марта 2026, 12:15')).toBeTruthy();
      expect(within(first).getByText('8 372')).toBeTruthy();
      expect(within(first).getAllByText('Лента недоступна: 503').length).toBeGreaterThan(0);
      expect(within(first).getByText('ошибок подряд: 3')).toBeTruthy();
      expect(within(first).getByText('HTTP 503')).toBeTruthy();
      expect(
        (within(first).getByRole('switch', { name: 'Лента https://t.me/gorod_news включена' }) as HTMLElement)
          .ariaChecked,
      ).toBe('true');

      const vk = rowOf('https://vk.com/gorod');
      expect(within(vk).getByText('ВКонтакте')).toBeTruthy();
      expect(within(vk).getByText('Без ЛОМ')).toBeTruthy();
      expect(within(vk).getByRole('note').textContent).toContain(
        'На паузе: Не задан сервисный ключ ВКонтакте',
      );
      expect(within(vk).getAllByText('ещё не было')).toHaveLength(2);

      const rss = rowOf('https://www.interfax.ru/rss.asp');
      expect(within(rss).getByText('RSS / Atom')).toBeTruthy();
      expect(within(rss).getByText('www.interfax.ru')).toBeTruthy();
      expect(within(rss).getByText('3 ч')).toBeTruthy();
      // Off: no next run, whatever the row says.
      expect(within(rss).queryByText('05 марта 2026, 15:00')).toBeNull();
      expect(screen.getByText(/Найдено: 3/)).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'sends the URL’s filters, and a new filter goes back to the first page',
    async () => {
      const { requests } = installFakeApi({
        user: admin,
        routes: { [LIST]: () => json(200, envelope([buildFeed()], 60)) },
      });
      renderWithUser(<AdminSourcesPage />, {
        user: admin,
        path: '/admin-panel/sources?view=collect&kind=telegram&state=failing&search=gorod&page=2',
      });
      await screen.findByText('https://t.me/gorod_news');
      const first = queryOf(listRequests(requests)[0]);
      expect(Object.fromEntries(first)).toEqual({
        page: '2',
        page_size: '25',
        kind: 'telegram',
        state: 'failing',
        search: 'gorod',
      });
      expect((screen.getByRole('radio', { name: 'С ошибкой' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('searchbox', { name: 'Адрес ленты или ЛОМ' }) as HTMLInputElement).value).toBe(
        'gorod',
      );

      fireEvent.click(screen.getByRole('radio', { name: 'Выключены' }));
      await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).get('state')).toBe('disabled'));
      const after = queryOf(listRequests(requests).at(-1));
      expect(after.get('page')).toBe('1');
      expect(after.get('kind')).toBe('telegram');
      expect(after.get('search')).toBe('gorod');

      fireEvent.click(screen.getByRole('radio', { name: 'Все' }));
      await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).get('state')).toBeNull());
    },
    SLOW_TEST_MS,
  );

  it(
    '«Собрать сейчас» spins, then tells the counts, or the run’s error in Russian, and the list is read again',
    async () => {
      let answer: 'ok' | 'failed' | 'busy' = 'ok';
      let release = () => {};
      const gate = () => new Promise<void>((resolve) => (release = resolve));
      let held = gate();
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([buildFeed({ enabled: false, next_run_at: null })])),
          [`POST ${apiPath(FEED_PATHS.collect, { id: 11 })}`]: async () => {
            await held;
            if (answer === 'busy') return errorResponse(409, 'Лента сейчас собирается, повторите позже');
            return json(
              200,
              answer === 'ok'
                ? { fetched: 50, created: 48, updated: 0, skipped: 2, error: null }
                : {
                    fetched: 0,
                    created: 0,
                    updated: 0,
                    skipped: 0,
                    error: 'Не удалось разобрать XML: строка 12',
                  },
            );
          },
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      const button = await screen.findByRole('button', { name: 'Собрать сейчас' });
      const listsBefore = listRequests(requests).length;
      fireEvent.click(button);
      await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
      expect(screen.queryByText('Сбор завершён')).toBeNull();
      release();
      expect(await screen.findByText('Найдено 50, создано 48, обновлено 0, пропущено 2')).toBeTruthy();
      expect(screen.getByText('Сбор завершён')).toBeTruthy();
      await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(listsBefore));

      // The button's loading icon leaves with a motion jsdom never ends: its label stays in the name.
      answer = 'failed';
      held = Promise.resolve();
      fireEvent.click(screen.getByRole('button', { name: /Собрать сейчас/ }));
      expect(await screen.findByText('Не удалось разобрать XML: строка 12')).toBeTruthy();
      expect(screen.getAllByText('Сбор не удался').length).toBeGreaterThan(0);

      answer = 'busy';
      fireEvent.click(screen.getByRole('button', { name: /Собрать сейчас/ }));
      expect(await screen.findByText('Лента сейчас собирается, повторите позже')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'turns a feed off and changes its interval with a PATCH each',
    async () => {
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([buildFeed()])),
          [`PATCH ${apiPath(FEED_PATHS.detail, { id: 11 })}`]: (request) =>
            json(200, buildFeed(request.body as Partial<Feed>)),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      fireEvent.click(await screen.findByRole('switch', { name: 'Лента https://t.me/gorod_news включена' }));
      await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false });

      const interval = screen.getByRole('combobox', { name: 'Интервал ленты https://t.me/gorod_news' });
      fireEvent.mouseDown(interval);
      fireEvent.click(await screen.findByTitle('6 ч'));
      await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
      expect(requests.filter((r) => r.method === 'PATCH')[1]?.body).toEqual({ interval_minutes: 360 });
    },
    SLOW_TEST_MS,
  );

  it(
    'opens the paged log: when, how started, HTTP, counts, time «1,2 с», error',
    async () => {
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([buildFeed()])),
          [`GET ${apiPath(FEED_PATHS.runs, { id: 11 })}`]: () =>
            json(
              200,
              envelope(
                [
                  run(),
                  run({
                    id: 2,
                    trigger: 'schedule',
                    started_at: '2026-03-05T08:45:00.000Z',
                    http_status: 503,
                    fetched: 0,
                    created: 0,
                    skipped: 0,
                    duration_ms: 20_000,
                    error: 'Лента недоступна: 503',
                  }),
                ],
                45,
              ),
            ),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      fireEvent.click(await screen.findByRole('button', { name: 'Журнал' }));
      const drawer = await drawerTitled('Журнал ленты https://t.me/gorod_news');
      expect(await within(drawer).findByText('Вручную')).toBeTruthy();
      const manual = within(drawer).getByText('Вручную').closest('tr') as HTMLElement;
      expect(within(manual).getByText('05 марта 2026, 12:00')).toBeTruthy();
      expect(within(manual).getByText('1,2 с')).toBeTruthy();
      expect(within(manual).getByText('48')).toBeTruthy();
      const scheduled = within(drawer).getByText('По расписанию').closest('tr') as HTMLElement;
      expect(within(scheduled).getByText('503')).toBeTruthy();
      expect(within(scheduled).getByText('20 с')).toBeTruthy();
      expect(within(scheduled).getByText('Лента недоступна: 503')).toBeTruthy();
      const runs = requests.find((r) => r.path === apiPath(FEED_PATHS.runs, { id: 11 }));
      expect(queryOf(runs).get('page')).toBe('1');

      fireEvent.click(within(drawer).getByTitle('2'));
      await waitFor(() =>
        expect(
          requests.some(
            (r) => r.path === apiPath(FEED_PATHS.runs, { id: 11 }) && queryOf(r).get('page') === '2',
          ),
        ).toBe(true),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'adds a feed from the drawer: the kind’s address rule, the server’s 400 at the field it names, then saves',
    async () => {
      let answer = 400;
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([])),
          [`POST ${FEED_PATHS.list}`]: () =>
            answer === 400
              ? errorResponse(400, 'Такая лента уже есть', 'url')
              : json(201, buildFeed({ id: 20, kind: 'rss', url: 'https://example.ru/rss.xml' })),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      expect(await screen.findByText('Лент пока нет')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Добавить ленту/ }));
      const drawer = await drawerTitled('Новая лента');
      const url = within(drawer).getByLabelText('Адрес ленты') as HTMLInputElement;
      expect(document.activeElement).toBe(url);

      // A Telegram feed needs a channel on t.me: checked before sending.
      fireEvent.click(within(drawer).getByRole('radio', { name: 'Telegram' }));
      fireEvent.change(url, { target: { value: 'https://example.ru/rss.xml' } });
      fireEvent.submit(url.closest('form') as HTMLFormElement);
      expect(await within(drawer).findByText('адрес канала Telegram: https://t.me/имя_канала')).toBeTruthy();
      expect(requests.some((r) => r.method === 'POST')).toBe(false);

      fireEvent.click(within(drawer).getByRole('radio', { name: 'RSS / Atom' }));
      fireEvent.submit(url.closest('form') as HTMLFormElement);
      expect(await within(drawer).findByText('Такая лента уже есть')).toBeTruthy();
      const post = requests.find((r) => r.method === 'POST');
      expect(post?.body).toEqual({
        kind: 'rss',
        url: 'https://example.ru/rss.xml',
        lom_id: null,
        interval_minutes: 15,
        enabled: true,
      });
      // The message sits at the address field.
      expect(url.getAttribute('aria-invalid')).toBe('true');

      // Enter in a field submits the form (its hidden submit button makes the browser do so).
      answer = 201;
      expect(url.closest('form')?.querySelector('button[type="submit"]')).toBeTruthy();
      fireEvent.submit(url.closest('form') as HTMLFormElement);
      await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
      expect(await screen.findByText('Лента сохранена')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'edits a feed with only what changed, and deletes one after «Сообщения ленты останутся»',
    async () => {
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([buildFeed()])),
          [`PATCH ${apiPath(FEED_PATHS.detail, { id: 11 })}`]: () => json(200, buildFeed()),
          [`DELETE ${apiPath(FEED_PATHS.detail, { id: 11 })}`]: () => new Response(null, { status: 204 }),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
      const drawer = await drawerTitled('Лента сбора');
      expect(within(drawer).getByText(/Аккаунт ЛОМ: https:\/\/t\.me\/s\/gorod_news/)).toBeTruthy();
      const url = within(drawer).getByLabelText('Адрес ленты') as HTMLInputElement;
      expect(url.value).toBe('https://t.me/gorod_news');
      fireEvent.change(url, { target: { value: 'https://t.me/gorod_news_2' } });
      fireEvent.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ url: 'https://t.me/gorod_news_2' });

      fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
      expect(await screen.findByText('Сообщения ленты останутся.')).toBeTruthy();
      expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
      const confirm = screen.getByText('Сообщения ленты останутся.').closest('.ant-popover') as HTMLElement;
      fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
      await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
      expect(await screen.findByText('Лента удалена')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'creates the feeds of the lom sources after a confirmation and tells how many',
    async () => {
      const { requests } = installFakeApi({
        user: admin,
        routes: {
          [LIST]: () => json(200, envelope([])),
          [`POST ${FEED_PATHS.fromSources}`]: () => json(200, { checked: 45, created: 42 }),
        },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      await screen.findByText('Лент пока нет');
      fireEvent.click(screen.getByRole('button', { name: 'Создать ленты для источников' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText('Создать ленты для источников?').length).toBeGreaterThan(0);
      expect(requests.some((r) => r.path === FEED_PATHS.fromSources)).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
      expect(await screen.findByText('Создано лент: 42 из 45 аккаунтов с адресом ленты')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the load error with «Повторить», and the accounts view without a view in the URL',
    async () => {
      installFakeApi({
        user: admin,
        routes: { [LIST]: () => errorResponse(503, 'Сервер недоступен') },
      });
      renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?view=collect' });
      expect(await screen.findByText('Не удалось загрузить ленты')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();

      fireEvent.click(screen.getByRole('radio', { name: 'Аккаунты' }));
      expect(await screen.findByRole('button', { name: 'Загрузить вероятных ЛОМ' })).toBeTruthy();
      expect(screen.queryByText('Не удалось загрузить ленты')).toBeNull();
    },
    SLOW_TEST_MS,
  );
});
