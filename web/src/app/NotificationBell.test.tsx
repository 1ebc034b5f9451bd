import { NOTIFICATION_PATHS, type NotificationItem } from '@monitoring/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_RETRY_MS } from '../api/notifications.ts';
import { type FakeRequest, installFakeApi, json } from '../test/fake-api.ts';
import { installFakeEventSource } from '../test/fake-event-source.ts';
import { renderWithUser } from '../test/render-with-user.tsx';
import { buildUser } from '../test/users.ts';
import { NotificationBell } from './NotificationBell.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const user = buildUser({ scope: ['view_messages'] });

function buildNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 1,
    alert_id: 5,
    event_id: 9,
    title: 'Газпром',
    body: '12 новых сообщений по запросу',
    messages: [{ id: 101, text: 'Газпром увеличил поставки' }],
    more: 11,
    created_at: '2026-11-20T08:30:00.000Z',
    read_at: null,
    ...overrides,
  };
}

const LIST = `GET ${NOTIFICATION_PATHS.list}`;
const READ = `POST ${NOTIFICATION_PATHS.read}`;
const reads = (requests: FakeRequest[]) => requests.filter((r) => `${r.method} ${r.path}` === READ);

function setup() {
  const Fake = installFakeEventSource();
  // The server's state: the answer of a read is what the list says after it.
  let unread = 1;
  const api = installFakeApi({
    user,
    routes: {
      [LIST]: () =>
        json(200, {
          results: [
            buildNotification(),
            buildNotification({
              id: 2,
              title: 'Всплеск: Выборы',
              body: 'За последний час: 48 сообщений',
              messages: [],
              more: 0,
              read_at: '2026-11-19T10:00:00.000Z',
            }),
          ],
          page: 1,
          last_page: 1,
          elements_count: 2,
          next_pages_available: 0,
          unread,
        }),
      [READ]: () => {
        unread = 0;
        return json(200, { unread });
      },
    },
  });
  renderWithUser(<NotificationBell />, { user });
  return { Fake, ...api };
}

describe('NotificationBell', () => {
  it('counts the unread notifications from the live stream', async () => {
    const { Fake } = setup();
    const source = Fake.latest();
    expect(source.url).toBe(NOTIFICATION_PATHS.stream);
    expect(source.withCredentials).toBe(true);
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeTruthy();
    act(() => source.emit({ unread: 3 }));
    expect(await screen.findByRole('button', { name: 'Уведомления: 3 непрочитанных' })).toBeTruthy();
    expect(screen.getByTestId('notification-bell').textContent).toContain('3');
    act(() => source.emit({ unread: 1 }));
    expect(await screen.findByRole('button', { name: 'Уведомления: 1 непрочитанное' })).toBeTruthy();
    act(() => source.emit({ nope: true }));
    act(() => source.onmessage?.(new MessageEvent('message', { data: 'not json' })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Уведомления: 1 непрочитанное' })).toBeTruthy();
  });

  it('opens a new stream later when the browser gave up', () => {
    vi.useFakeTimers();
    const { Fake } = setup();
    act(() => Fake.latest().fail(true));
    expect(Fake.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(NOTIFICATIONS_RETRY_MS));
    expect(Fake.instances).toHaveLength(2);
  });

  it('lists the latest ten, unread ones bold, with links to the messages and the alert', async () => {
    const { Fake, requests } = setup();
    act(() => Fake.latest().emit({ unread: 1 }));
    await screen.findByRole('button', { name: 'Уведомления: 1 непрочитанное' });
    fireEvent.click(screen.getByTestId('notification-bell'));
    const title = await screen.findByRole('link', { name: 'Газпром' });
    expect(title.getAttribute('href')).toBe('/alerts?alert=5');
    expect(title.closest('li')?.className).toContain('bell-panel__item--unread');
    expect(screen.getByText('12 новых сообщений по запросу')).toBeTruthy();
    const message = screen.getByRole('link', { name: 'Газпром увеличил поставки' });
    expect(message.getAttribute('href')).toBe('/messages/101');
    expect(screen.getByRole('link', { name: 'и ещё 11' }).getAttribute('href')).toBe('/alerts?alert=5');
    const read = screen.getByRole('link', { name: 'Всплеск: Выборы' });
    expect(read.closest('li')?.className).not.toContain('bell-panel__item--unread');
    expect(screen.getByRole('link', { name: 'Все оповещения' }).getAttribute('href')).toBe('/alerts');
    const list = requests.find((r) => `${r.method} ${r.path}` === LIST);
    expect(new URLSearchParams(list?.search).get('page_size')).toBe('10');

    // Following a link reads that notification.
    fireEvent.click(message);
    await waitFor(() => expect(reads(requests)).toHaveLength(1));
    expect(reads(requests)[0].body).toEqual({ ids: [1] });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Уведомления: 0 непрочитанных' })).toBeTruthy(),
    );
  });

  it('marks all read, and the count follows the answer', async () => {
    const { Fake, requests } = setup();
    act(() => Fake.latest().emit({ unread: 1 }));
    await screen.findByRole('button', { name: 'Уведомления: 1 непрочитанное' });
    fireEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByRole('link', { name: 'Газпром' });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить все прочитанными' }));
    await waitFor(() => expect(reads(requests)).toHaveLength(1));
    expect(reads(requests)[0].body).toEqual({ all: true });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Уведомления: 0 непрочитанных' })).toBeTruthy(),
    );
  });
});
