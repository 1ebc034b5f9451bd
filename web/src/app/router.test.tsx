import {
  ACTIONS_COUNT_PATHS,
  ADMIN_VIEW_PERMISSIONS,
  AUTH_PATHS,
  apiPath,
  ERROR_PAGE_TITLE,
  formatNumber,
  GUEST_ROUTES,
  MESSAGE_PATHS,
  NEWS_PATHS,
  NOT_FOUND_TEXT,
  PAGE_ACCESS,
  PERSONAL_THEME_PATHS,
  ROLES,
  ROUTES,
  type RouteName,
  SYSTEM_PATHS,
} from '@monitoring/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../api/token.ts';
import { PAGE_TITLES } from '../lib/page-titles.ts';
import { installFakeApi, json } from '../test/fake-api.ts';
import { installFakeEventSource } from '../test/fake-event-source.ts';
import { buildMessageDetail, page } from '../test/messages.ts';
import { renderApp } from '../test/render-app.tsx';
import { buildUser } from '../test/users.ts';
import { pageReloader } from './chunk-reload.ts';
import { PAGES } from './pages.ts';
import { RECORD_CHECKS } from './record-checks.ts';

const TOKEN = 'test-token';

function currentUrl(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

afterEach(() => vi.useRealTimers());

describe('route guard', () => {
  it('sends a visitor without a token to login, remembering the page', async () => {
    installFakeApi();
    const { router } = renderApp('/messages?page=2');
    await screen.findByRole('button', { name: 'Войти' }, { timeout: 15_000 });
    expect(currentUrl(router)).toBe(`/login?next=${encodeURIComponent('/messages?page=2')}`);
  });

  it('treats a rejected token as no login and clears it', async () => {
    installFakeApi({ user: buildUser(), token: 'another' });
    const { router } = renderApp('/messages', { token: TOKEN });
    await screen.findByRole('button', { name: 'Войти' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('sends a logged-in user away from login to a safe next', async () => {
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    const { router } = renderApp('/login?next=/messages', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Сообщения' });
    expect(currentUrl(router)).toBe('/messages');
  });

  it('ignores an unsafe next and goes home', async () => {
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    const { router } = renderApp('/login?next=//evil.example/x', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Картина дня' });
    expect(currentUrl(router)).toBe('/');
  });

  it('starts a lom-selection user at /loms with a one-year range', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 4, 20, 12, 0) });
    installFakeApi({ user: buildUser({ role: ROLES.lomSelection }) });
    const { router } = renderApp('/', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Лидеры мнений' });
    expect(currentUrl(router)).toBe(
      '/loms?message__wrote_at_after=2024-05-20&message__wrote_at_before=2025-05-20',
    );
  });
});

describe('pages', () => {
  it('renders the page of every route of contracts ROUTES for a user with every permission', async () => {
    const everything = [...ADMIN_VIEW_PERMISSIONS, 'view_logs', 'view_settings', 'ADMIN_PANEL_INFOREASONS'];
    installFakeApi({ user: buildUser({ role: ROLES.superEditor, ui_permissions: everything }) });
    // Record 5 exists everywhere; the pages' own calls answer 404 from the fake server.
    for (const name of Object.keys(RECORD_CHECKS) as RouteName[]) {
      vi.spyOn(RECORD_CHECKS, name).mockResolvedValue(true);
    }
    const { router } = renderApp('/about', { token: TOKEN });
    await screen.findByRole('heading', { name: 'О системе' });
    const names = (Object.keys(ROUTES) as RouteName[]).filter((name) => !GUEST_ROUTES.includes(name));
    for (const name of names) {
      const path = ROUTES[name].replace(':id?', '5').replace(':id', '5');
      await router.navigate(path);
      // A page of one record heads itself with the record (a message with its author), so check the tab title.
      await waitFor(() => expect(document.title, path).toContain(PAGE_TITLES[name]));
      await waitFor(() => expect(document.querySelector('h1, .ant-result-title'), path).toBeTruthy());
      expect(screen.queryByText(NOT_FOUND_TEXT, { exact: false }), path).toBeNull();
      expect(screen.queryByText(ERROR_PAGE_TITLE), path).toBeNull();
    }
    // A walk of every route: about 20 s on a quiet machine, so it gets more than vitest's default.
  }, 90_000);

  it('shows the heading, an empty state and the page title', async () => {
    const empty = { results: [], page: 1, last_page: 1, elements_count: 0, next_pages_available: 0 };
    installFakeApi({
      user: buildUser({ role: ROLES.user }),
      env: 'dev',
      routes: { [`GET ${NEWS_PATHS.statistics}`]: () => json(200, empty) },
    });
    renderApp('/news', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Новости' });
    expect(await screen.findByText('За этот период новостей нет')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('[DEV] Новости | monitoring'));
    expect(screen.getByRole('note').textContent).toBe('Среда разработки');
  });

  it('shows 404 when the validity check fails', async () => {
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderApp('/loms/abc', { token: TOKEN });
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена');
    // Inside the layout: the navigation is still there.
    expect(document.querySelector('[data-nav-key="loms"]')).toBeTruthy();
  });

  it('shows 404 for unknown URLs, logged in or not', async () => {
    installFakeApi();
    renderApp('/no/such/page');
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
  });

  it('shows 403 when the user lacks the permission of the page', async () => {
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderApp('/logs', { token: TOKEN });
    expect(await screen.findByText('403 Forbidden')).toBeTruthy();
    expect(screen.getByText(ERROR_PAGE_TITLE)).toBeTruthy();
  });

  it('shows the real current user on the profile page', async () => {
    const user = buildUser({
      role: ROLES.editor,
      username: 'petrov',
      first_name: 'Пётр',
      last_name: 'Петров',
    });
    installFakeApi({ user });
    renderApp('/profile', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Профиль' });
    expect(screen.getByText('petrov')).toBeTruthy();
    expect(screen.getByText('Редактор')).toBeTruthy();
    expect(screen.getByText('Аналитический центр')).toBeTruthy();
    expect(
      screen.getAllByRole('listitem').some((item) => item.textContent === 'EDIT_MESSAGE_ATTRIBUTES'),
    ).toBe(true);
  });

  it('shows the editor-actions slot only with editor_actions_counter: «—» until the live count arrives', async () => {
    const Fake = installFakeEventSource();
    installFakeApi({ user: buildUser({ role: ROLES.editor }) });
    renderApp('/messages', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Действия' });
    expect(screen.getByTestId('editor-actions-count').textContent).toBe('—');
    // The header opens the bell's stream too (NotificationBell): this test feeds the counter's.
    const counter = () => {
      const source = Fake.instances.find((s) => s.url === ACTIONS_COUNT_PATHS.stream);
      if (!source) throw new Error('the counter opened no stream');
      return source;
    };
    act(() => counter().emit({ count: 1234, day: '2026-03-01' }));
    expect(screen.getByTestId('editor-actions-count').textContent).toBe(formatNumber(1234));
    act(() => counter().fail());
    expect(screen.getByTestId('editor-actions-count').textContent).toBe('—');
    vi.unstubAllGlobals();
  });

  it('has no editor-actions slot for a basic viewer', async () => {
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderApp('/messages', { token: TOKEN });
    await screen.findByRole('heading', { name: 'Сообщения' });
    expect(screen.queryByText('Действия')).toBeNull();
  });
});

/** Calls other than the two every start makes (environment, current user). */
const pageCalls = (requests: { path: string }[]) =>
  requests.filter(({ path }) => path !== SYSTEM_PATHS.environment && path !== AUTH_PATHS.me);

describe('page permissions', () => {
  it('declares who may open every route', () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) expect(PAGE_ACCESS[name], name).toBeDefined();
  });

  it('shows 403 to a user without the page permission, before the page makes a call', async () => {
    const { requests, fetchMock } = installFakeApi({ user: buildUser({ role: ROLES.user }) });
    const { router } = renderApp('/about', { token: TOKEN });
    await screen.findByRole('heading', { name: 'О системе' });
    const before = fetchMock.mock.calls.length;

    await router.navigate('/dashboards/theme');
    expect(await screen.findByText('403 Forbidden')).toBeTruthy();
    expect(screen.getByText(ERROR_PAGE_TITLE)).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(pageCalls(requests)).toEqual([]);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('opens the page for a user who holds the permission', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.extendedUser }) });
    renderApp('/dashboards/theme', { token: TOKEN });
    await screen.findByRole('heading', { name: PAGE_TITLES['dashboards-theme'] });
    expect(screen.queryByText(ERROR_PAGE_TITLE)).toBeNull();
    await waitFor(() => expect(pageCalls(requests).length).toBeGreaterThan(0));
  });

  it('guards every page: a user who holds nothing gets 403 on each, and no page call', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.undefined }) });
    const { router } = renderApp('/no/such/page', { token: TOKEN });
    await screen.findByText(`404 ${NOT_FOUND_TEXT}`);
    const names = (Object.keys(ROUTES) as RouteName[]).filter((name) => !GUEST_ROUTES.includes(name));
    for (const name of names) {
      await router.navigate(ROUTES[name].replace(':id?', '5').replace(':id', '5'));
      await waitFor(() => expect(screen.queryByText('403 Forbidden'), name).toBeTruthy());
    }
    expect(pageCalls(requests)).toEqual([]);
  });

  it('gives a lom-selection user 403 on a message, without asking for it', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.lomSelection }) });
    renderApp('/messages/5', { token: TOKEN });
    expect(await screen.findByText('403 Forbidden')).toBeTruthy();
    expect(pageCalls(requests)).toEqual([]);
  });
});

describe('records of a page', () => {
  it('shows 404 for a message the server does not have, with no notification', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderApp('/messages/404', { token: TOKEN });
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
    expect(pageCalls(requests).map(({ path }) => path)).toEqual([apiPath(MESSAGE_PATHS.detail, { id: 404 })]);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('shows a message that exists, loaded once for the check and the page', async () => {
    const message = buildMessageDetail({ id: 7, text: 'Проверка существования' });
    const { requests } = installFakeApi({
      user: buildUser({ role: ROLES.user }),
      routes: { [`GET ${apiPath(MESSAGE_PATHS.detail, { id: 7 })}`]: () => json(200, message) },
    });
    renderApp('/messages/7', { token: TOKEN });
    expect(await screen.findByText('Проверка существования')).toBeTruthy();
    expect(requests.filter(({ path }) => path === apiPath(MESSAGE_PATHS.detail, { id: 7 }))).toHaveLength(1);
  });

  it('shows 404 for a personal theme that is not the user’s', async () => {
    installFakeApi({
      user: buildUser({ role: ROLES.extendedUser }),
      routes: { [`GET ${PERSONAL_THEME_PATHS.list}`]: () => json(200, page([], 1, 1, 0)) },
    });
    renderApp('/dashboards/personalTheme/9/loms', { token: TOKEN });
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
  });

  it('shows 404 for the theme of a theme dashboard that does not exist, asked once', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.extendedUser }) });
    renderApp('/dashboards/theme?theme=404', { token: TOKEN });
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
    expect(pageCalls(requests).map(({ path }) => path)).toEqual([
      '/api/v2/dashboard/404/constant-lom-count/',
    ]);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('shows 404 for an id out of the database range, with no call', async () => {
    const { requests } = installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderApp('/theme/99999999999', { token: TOKEN });
    expect(await screen.findByText(`404 ${NOT_FOUND_TEXT}`)).toBeTruthy();
    expect(pageCalls(requests)).toEqual([]);
  });
});

describe('failed page chunks', () => {
  it('reloads once, then shows the error page within the minute', async () => {
    // React reports the thrown import error; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    vi.spyOn(PAGES, 'quotes').mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    installFakeApi({ user: buildUser({ role: ROLES.user }) });

    const first = renderApp('/quotes', { token: TOKEN });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    renderApp('/quotes', { token: TOKEN });
    expect(await screen.findByText('418 Network error')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
