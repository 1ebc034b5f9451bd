import {
  ALERT_PATHS,
  type AlertEvent,
  type AlertItem,
  apiPath,
  DELIVERY_STATUS_LABELS,
  DIGEST_PATHS,
  DIGEST_RUN_STATUS_LABELS,
  type DigestItem,
  type DigestRun,
} from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { AlertsPage } from './AlertsPage.tsx';

/** Ant Design's tables, drawers and forms render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;

afterEach(() => vi.unstubAllGlobals());

const user = buildUser({ scope: ['view_messages', 'MESSAGES', 'send_external_alerts'] });

function buildAlert(overrides: Partial<AlertItem> = {}): AlertItem {
  return {
    id: 5,
    name: 'Газпром',
    kind: 'new',
    query: 'газпром OR роснефть',
    filters: {},
    theme_id: null,
    personal_theme_id: null,
    lom_group_id: null,
    target_label: 'Запрос: газпром OR роснефть',
    interval_minutes: 15,
    window: null,
    metric: null,
    sensitivity: null,
    threshold: null,
    muted: false,
    channels: [
      { id: 1, type: 'app', failures: 0, disabled_at: null, disabled_reason: null },
      {
        id: 2,
        type: 'webhook',
        url: 'https://hooks.example.ru/in',
        secret: 'abc123',
        failures: 10,
        disabled_at: '2026-11-20T09:00:00.000Z',
        disabled_reason: 'Сервер ответил 500',
      },
    ],
    last_fired_at: '2026-11-20T08:30:00.000Z',
    last_evaluated_at: '2026-11-20T08:30:00.000Z',
    last_result: 'Найдено 3 новых сообщения',
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const envelope = <T,>(results: T[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const LIST = `GET ${ALERT_PATHS.list}`;
const CREATE = `POST ${ALERT_PATHS.list}`;

function renderPage(path = '/alerts') {
  return renderWithUser(<AlertsPage />, { user, path, route: '/alerts' });
}

const posted = (requests: FakeRequest[], key: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === key);

/** Opens the empty page's form. */
async function openCreateForm() {
  fireEvent.click(await screen.findByRole('button', { name: /Создать оповещение/ }));
  return screen.findByLabelText('Название');
}

describe('AlertsPage: the list', () => {
  it(
    'lists the alerts with the kind, target, last firing and a warning on a disabled channel',
    async () => {
      installFakeApi({ user, routes: { [LIST]: () => json(200, envelope([buildAlert()])) } });
      renderPage();
      expect(await screen.findByText('Газпром')).toBeTruthy();
      expect(screen.getByText('Новые сообщения')).toBeTruthy();
      expect(screen.getByText('не чаще раза в 15 мин')).toBeTruthy();
      expect(screen.getByText('Запрос: газпром OR роснефть')).toBeTruthy();
      expect(screen.getAllByText(formatDateTime('2026-11-20T08:30:00.000Z')).length).toBeGreaterThan(0);
      expect(screen.getByText('В приложении')).toBeTruthy();
      expect(screen.getByRole('note').textContent).toBe('Вебхук отключён: Сервер ответил 500');
      expect(
        (
          screen.getByRole('switch', { name: 'Оповещение «Газпром» включено' }) as HTMLButtonElement
        ).getAttribute('aria-checked'),
      ).toBe('true');
    },
    SLOW_TEST_MS,
  );

  it(
    'mutes an alert with its switch (PATCH muted)',
    async () => {
      const { requests } = installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([buildAlert()])),
          [`PATCH ${apiPath(ALERT_PATHS.detail, { id: 5 })}`]: () => json(200, buildAlert({ muted: true })),
        },
      });
      renderPage();
      fireEvent.click(await screen.findByRole('switch', { name: 'Оповещение «Газпром» включено' }));
      await waitFor(() =>
        expect(posted(requests, `PATCH ${apiPath(ALERT_PATHS.detail, { id: 5 })}`)).toHaveLength(1),
      );
      expect(posted(requests, `PATCH ${apiPath(ALERT_PATHS.detail, { id: 5 })}`)[0].body).toEqual({
        muted: true,
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'asks before deleting, and deletes only after the confirmation',
    async () => {
      const DELETE = `DELETE ${apiPath(ALERT_PATHS.detail, { id: 5 })}`;
      const { requests } = installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([buildAlert()])),
          [DELETE]: () => new Response(null, { status: 204 }),
        },
      });
      renderPage();
      await screen.findByText('Газпром');
      fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
      const question = await screen.findByText('Удалить оповещение «Газпром»?');
      expect(posted(requests, DELETE)).toHaveLength(0);
      const popup = question.closest('.ant-popover') as HTMLElement;
      fireEvent.click(within(popup).getByRole('button', { name: 'Удалить' }));
      await waitFor(() => expect(posted(requests, DELETE)).toHaveLength(1));
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the empty state with a button that opens the form',
    async () => {
      installFakeApi({ user, routes: { [LIST]: () => json(200, envelope([])) } });
      renderPage();
      expect(await screen.findByText('Оповещений пока нет')).toBeTruthy();
      const name = await openCreateForm();
      expect(name).toBeTruthy();
      expect(screen.getByText('Новое оповещение')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );
});

describe('AlertsPage: the form', () => {
  it(
    'checks the query as it is typed: the Russian error with its position, the span underlined, nothing sent',
    async () => {
      const { requests } = installFakeApi({ user, routes: { [LIST]: () => json(200, envelope([])) } });
      renderPage();
      fireEvent.change(await openCreateForm(), { target: { value: 'Нефть' } });
      const query = screen.getByRole('textbox', { name: 'Запрос' });
      fireEvent.change(query, { target: { value: 'газпром "роснефть' } });
      expect(await screen.findByText('Не закрыта кавычка, позиция 9')).toBeTruthy();
      const underlined = document.querySelector('.search-query__error');
      expect(underlined?.textContent).toBe('"роснефть');
      expect(query.getAttribute('aria-invalid')).toBe('true');
      fireEvent.submit(query.closest('form') as HTMLFormElement);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(posted(requests, CREATE)).toHaveLength(0);

      fireEvent.change(query, { target: { value: '' } });
      expect(await screen.findByText('Укажите запрос или хотя бы один фильтр')).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'sends the alert, and shows the server’s 400 at the channel it names',
    async () => {
      const { requests } = installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([])),
          [CREATE]: () =>
            errorResponse(
              400,
              'Некорректное значение поля «channels.1.url»: адрес ведёт во внутреннюю сеть',
              'channels.1.url',
            ),
        },
      });
      renderPage();
      fireEvent.change(await openCreateForm(), { target: { value: ' Нефть ' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Запрос' }), {
        target: { value: 'нефть OR газ' },
      });
      fireEvent.click(screen.getByRole('button', { name: '1 ч' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Вебхук' }));
      const url = await screen.findByLabelText('Адрес вебхука');
      fireEvent.change(url, { target: { value: 'http://127.0.0.2/' } });
      fireEvent.submit(url.closest('form') as HTMLFormElement);
      await waitFor(() => expect(posted(requests, CREATE)).toHaveLength(1));
      expect(posted(requests, CREATE)[0].body).toEqual({
        name: 'Нефть',
        kind: 'new',
        query: 'нефть OR газ',
        filters: null,
        theme_id: null,
        personal_theme_id: null,
        lom_group_id: null,
        interval_minutes: 60,
        window: null,
        metric: null,
        sensitivity: null,
        threshold: null,
        channels: [{ type: 'app' }, { type: 'webhook', url: 'http://127.0.0.2/' }],
      });
      const message = await screen.findByText(/адрес ведёт во внутреннюю сеть/);
      // At the webhook's address field, not in a general notice.
      const item = message.closest('.ant-form-item') as HTMLElement;
      expect(within(item).getByLabelText('Адрес вебхука')).toBe(url);
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the server’s 403 for an external channel above the form',
    async () => {
      installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([])),
          [CREATE]: () =>
            errorResponse(
              403,
              'Канал «Telegram» (channels.1.chat_id) требует права «Отправка оповещений вне системы»',
              'channels.1.chat_id',
            ),
        },
      });
      renderPage();
      fireEvent.change(await openCreateForm(), { target: { value: 'Нефть' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Запрос' }), { target: { value: 'нефть' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Telegram' }));
      const chat = await screen.findByLabelText('Чат Telegram');
      fireEvent.change(chat, { target: { value: '-1001234567890' } });
      fireEvent.submit(chat.closest('form') as HTMLFormElement);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('требует права «Отправка оповещений вне системы»');
    },
    SLOW_TEST_MS,
  );

  it(
    'edits a spike alert: its settings come filled, the body carries the kind’s fields and null for the others',
    async () => {
      const PATCH = `PATCH ${apiPath(ALERT_PATHS.detail, { id: 5 })}`;
      const spike = buildAlert({
        kind: 'spike',
        interval_minutes: null,
        window: 'day',
        metric: 'si',
        sensitivity: 'high',
        channels: [{ id: 1, type: 'app', failures: 0, disabled_at: null, disabled_reason: null }],
      });
      const { requests } = installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([spike])),
          [PATCH]: () => json(200, spike),
        },
      });
      renderPage();
      await screen.findByText('Газпром');
      fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
      const name = await screen.findByLabelText('Название');
      expect((screen.getByRole('radio', { name: 'Сутки' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('radio', { name: 'SI' }) as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByRole('radio', { name: 'Средняя' }));
      fireEvent.submit(name.closest('form') as HTMLFormElement);
      await waitFor(() => expect(posted(requests, PATCH)).toHaveLength(1));
      expect(posted(requests, PATCH)[0].body).toMatchObject({
        kind: 'spike',
        query: 'газпром OR роснефть',
        interval_minutes: null,
        window: 'day',
        metric: 'si',
        sensitivity: 'medium',
        threshold: null,
        channels: [{ type: 'app' }],
      });
    },
    SLOW_TEST_MS,
  );
});

describe('AlertsPage: events and digests', () => {
  it(
    'opens the events of ?alert=<id>: why it fired, the messages, each channel’s delivery',
    async () => {
      const event: AlertEvent = {
        id: 9,
        fired_at: '2026-11-20T08:30:00.000Z',
        kind: 'new',
        window_start: '2026-11-20T08:15:00.000Z',
        window_end: '2026-11-20T08:30:00.000Z',
        summary: '3 новых сообщения по запросу',
        message_count: 3,
        messages: [
          {
            id: 101,
            text: 'Газпром увеличил поставки',
            lom_name: 'Иванов',
            wrote_at: '2026-11-20T08:20:00.000Z',
            url: null,
          },
        ],
        loms: [],
        deliveries: [
          {
            id: 1,
            channel_type: 'webhook',
            target: 'hooks.example.ru',
            status: 'failed',
            attempts: 2,
            last_error: 'Сервер ответил 500',
            next_attempt_at: '2026-11-20T08:31:00.000Z',
            sent_at: null,
          },
        ],
      };
      installFakeApi({
        user,
        routes: {
          [LIST]: () => json(200, envelope([buildAlert()])),
          [`GET ${apiPath(ALERT_PATHS.detail, { id: 5 })}`]: () => json(200, buildAlert()),
          [`GET ${apiPath(ALERT_PATHS.events, { id: 5 })}`]: () => json(200, envelope([event])),
        },
      });
      renderPage('/alerts?alert=5');
      expect(await screen.findByText('3 новых сообщения по запросу')).toBeTruthy();
      expect(await screen.findByText('События оповещения «Газпром»')).toBeTruthy();
      const link = screen.getByRole('link', { name: 'Газпром увеличил поставки' });
      expect(link.getAttribute('href')).toBe('/messages/101');
      expect(screen.getByText('и ещё 2')).toBeTruthy();
      expect(screen.getByText(DELIVERY_STATUS_LABELS.failed)).toBeTruthy();
      expect(screen.getAllByText('Сервер ответил 500').length).toBeGreaterThan(0);
    },
    SLOW_TEST_MS,
  );

  it(
    'sends a digest now and shows its run',
    async () => {
      const digest: DigestItem = {
        id: 3,
        name: 'Утренний',
        period: 'weekly',
        weekday: 1,
        time: '09:00',
        format: 'xlsx',
        query: null,
        filters: {},
        theme_id: 12,
        personal_theme_id: null,
        lom_group_id: null,
        target_label: 'Тема: Выборы',
        recipients: ['ivanova@example.ru', 'press@example.org'],
        muted: false,
        next_run_at: '2026-11-23T06:00:00.000Z',
        last_run: null,
        created_at: '2026-11-01T09:00:00.000Z',
        updated_at: '2026-11-01T09:00:00.000Z',
      };
      const run: DigestRun = {
        id: 77,
        scheduled_for: '2026-11-20T10:00:00.000Z',
        period_start: '2026-11-13T00:00:00.000Z',
        period_end: '2026-11-20T00:00:00.000Z',
        status: 'pending',
        attempts: 0,
        message_count: null,
        error: null,
        sent_at: null,
        next_attempt_at: '2026-11-20T10:00:00.000Z',
      };
      const SEND = `POST ${apiPath(DIGEST_PATHS.send, { id: 3 })}`;
      const { requests } = installFakeApi({
        user,
        routes: {
          [`GET ${DIGEST_PATHS.list}`]: () => json(200, envelope([digest])),
          [SEND]: () => json(201, run),
          [`GET ${apiPath(DIGEST_PATHS.runs, { id: 3 })}`]: () => json(200, envelope([run])),
        },
      });
      renderPage('/alerts?tab=digests');
      expect(await screen.findByText('Утренний')).toBeTruthy();
      expect(screen.getByText('Еженедельно, понедельник, 09:00 МСК')).toBeTruthy();
      expect(screen.getByText('ivanova@example.ru, press@example.org')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Отправить сейчас' }));
      await waitFor(() => expect(posted(requests, SEND)).toHaveLength(1));
      expect(await screen.findByText('Отправки дайджеста «Утренний»')).toBeTruthy();
      expect(await screen.findByText(DIGEST_RUN_STATUS_LABELS.pending)).toBeTruthy();
    },
    SLOW_TEST_MS,
  );

  it(
    'creates a weekly digest, and shows the server’s 403 at the recipients',
    async () => {
      const CREATE_DIGEST = `POST ${DIGEST_PATHS.list}`;
      const { requests } = installFakeApi({
        user,
        routes: {
          [`GET ${DIGEST_PATHS.list}`]: () => json(200, envelope([])),
          [CREATE_DIGEST]: () =>
            errorResponse(403, 'Адрес press@example.org не принадлежит пользователю системы', 'recipients'),
        },
      });
      renderPage('/alerts?tab=digests');
      fireEvent.click(await screen.findByRole('button', { name: /Создать дайджест/ }));
      const name = await screen.findByLabelText('Название');
      fireEvent.change(name, { target: { value: 'Неделя' } });
      fireEvent.click(screen.getByRole('radio', { name: 'Еженедельно' }));
      fireEvent.change(screen.getByLabelText('Время отправки (по Москве)'), { target: { value: '18:30' } });
      fireEvent.click(screen.getByRole('radio', { name: 'Word' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Запрос' }), { target: { value: 'выборы' } });
      fireEvent.change(screen.getByLabelText('Получатели'), {
        target: { value: 'ivanova@example.ru, press@example.org' },
      });
      fireEvent.submit(name.closest('form') as HTMLFormElement);
      await waitFor(() => expect(posted(requests, CREATE_DIGEST)).toHaveLength(1));
      expect(posted(requests, CREATE_DIGEST)[0].body).toEqual({
        name: 'Неделя',
        period: 'weekly',
        weekday: 1,
        time: '18:30',
        format: 'docx',
        query: 'выборы',
        filters: null,
        theme_id: null,
        personal_theme_id: null,
        lom_group_id: null,
        recipients: ['ivanova@example.ru', 'press@example.org'],
      });
      expect((await screen.findByRole('alert')).textContent).toContain('не принадлежит пользователю системы');
      const messages = screen.getAllByText('Адрес press@example.org не принадлежит пользователю системы');
      expect(messages.some((m) => m.closest('.ant-form-item')?.querySelector('textarea'))).toBe(true);
    },
    SLOW_TEST_MS,
  );
});
