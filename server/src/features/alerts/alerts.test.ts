import { ALERT_PATHS, apiPath } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertChannels,
  alertDeliveries,
  alertEvents,
  alertHourCounts,
  alertMatches,
  alerts,
  appSecrets,
  personalThemes,
} from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
/** Reads messages, may not send outside (demo `editor`). */
let editor: UserCaller;
/** Holds send_external_alerts (the super editor's full preset). */
let superEditor: UserCaller;
/** Another reader, who must never see the editor's alerts. */
let stranger: UserCaller;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  superEditor = t.as('superEditor');
  stranger = t.as('user');
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json: () => Record<string, unknown> };

function expectBad(res: Res, field: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { field?: string; message: string };
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const detail = (id: number) => apiPath(ALERT_PATHS.detail, { id });
const events = (id: number) => apiPath(ALERT_PATHS.events, { id });
const PUBLIC_HOOK = 'https://93.184.216.34/hook';

const base = { name: 'Газпром', kind: 'new', query: 'газпром', channels: [{ type: 'app' }] };

async function create(caller: UserCaller, body: Record<string, unknown>) {
  const res = await caller.post(ALERT_PATHS.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; channels: { id: number; type: string; secret?: string }[] } & Record<
    string,
    unknown
  >;
}

async function storedAlert(id: number) {
  const [row] = await t.db.select().from(alerts).where(eq(alerts.id, id));
  return row;
}

async function alertCount(userId: number) {
  return (await t.db.select().from(alerts).where(eq(alerts.userId, userId))).length;
}

describe('alerts: create, read, own only', () => {
  it('creates a new alert with the default interval and a Russian target label; only its owner sees it', async () => {
    const item = await create(editor, {
      ...base,
      query: 'газпром OR роснефть',
      filters: { lom_in: [1, 2, 3], mood_in: [2, 5], theme_in: [] },
    });
    expect(item).toMatchObject({
      name: 'Газпром',
      kind: 'new',
      query: 'газпром OR роснефть',
      filters: { lom_in: [1, 2, 3], mood_in: [2, 5] },
      target_label: 'Запрос: газпром OR роснефть · ЛОМы: 3, тональности: 2',
      interval_minutes: 15,
      window: null,
      metric: null,
      sensitivity: null,
      threshold: null,
      muted: false,
      last_fired_at: null,
      channels: [{ type: 'app', failures: 0, disabled_at: null, disabled_reason: null }],
    });
    const row = await storedAlert(item.id);
    expect(row.nextCheckAt).toBeNull();
    expect(row.countedSince).toBeNull();

    const mine = (await editor.get(ALERT_PATHS.list)).json();
    expect(mine.results.map((a: { id: number }) => a.id)).toContain(item.id);
    const theirs = (await stranger.get(ALERT_PATHS.list)).json();
    expect(theirs.results.map((a: { id: number }) => a.id)).not.toContain(item.id);

    expect((await editor.get(detail(item.id))).json()).toEqual(item);
    expect((await stranger.get(detail(item.id))).statusCode).toBe(404);
    expect((await stranger.patch(detail(item.id), { name: 'Чужое' })).statusCode).toBe(404);
    expect((await stranger.delete(detail(item.id))).statusCode).toBe(404);
    expect((await stranger.get(events(item.id))).statusCode).toBe(404);
    expect((await storedAlert(item.id)).name).toBe('Газпром');
  });

  it('lists newest first, a page at a time', async () => {
    const caller = await t.caller({ role: 3 });
    const first = await create(caller, { ...base, name: 'Первое' });
    const second = await create(caller, { ...base, name: 'Второе' });
    const page = (await caller.get(ALERT_PATHS.list, { page_size: 1 })).json();
    expect(page).toMatchObject({ elements_count: 2, last_page: 2, page: 1 });
    expect(page.results.map((a: { id: number }) => a.id)).toEqual([second.id]);
    const next = (await caller.get(ALERT_PATHS.list, { page_size: 1, page: 2 })).json();
    expect(next.results.map((a: { id: number }) => a.id)).toEqual([first.id]);
  });

  it('a role without view_messages is refused', async () => {
    expect((await t.as('role0').get(ALERT_PATHS.list)).statusCode).toBe(403);
    expect((await t.as('role0').post(ALERT_PATHS.list, base)).statusCode).toBe(403);
  });

  it('gives each kind its defaults and stores the fields of other kinds as null', async () => {
    const spike = await create(editor, { ...base, kind: 'spike', interval_minutes: 5, threshold: 50 });
    expect(spike).toMatchObject({
      window: 'hour',
      metric: 'messages',
      sensitivity: 'medium',
      interval_minutes: null,
      threshold: null,
    });
    expect((await storedAlert(spike.id)).nextCheckAt).not.toBeNull();

    const negative = await create(editor, { ...base, kind: 'negative', sensitivity: 'high', metric: 'si' });
    expect(negative).toMatchObject({
      window: 'day',
      threshold: 30,
      metric: null,
      sensitivity: null,
      interval_minutes: null,
    });

    const chosen = await create(editor, {
      ...base,
      kind: 'spike',
      window: 'day',
      metric: 'views',
      sensitivity: 'low',
    });
    expect(chosen).toMatchObject({ window: 'day', metric: 'views', sensitivity: 'low' });
  });

  it('labels a theme, a personal theme and a lom group by name', async () => {
    const theme = await buildTheme(t.db, { name: 'Выборы 2026' });
    const [personal] = await t.db
      .insert(personalThemes)
      .values({ userId: editor.user.id, name: 'Мои губернаторы', filters: {} })
      .returning();
    const group = await buildLomGroup(t.db, { title: 'Губернаторы', public: true });
    const target = { ...base, query: null };
    expect((await create(editor, { ...target, theme_id: theme.id })).target_label).toBe('Тема: Выборы 2026');
    expect((await create(editor, { ...target, personal_theme_id: personal.id })).target_label).toBe(
      'Личная тема: Мои губернаторы',
    );
    expect((await create(editor, { ...target, lom_group_id: group.id })).target_label).toBe(
      'Группа ЛОМов: Губернаторы',
    );
    expect((await create(editor, { ...target, filters: { source_in: [1, 2] } })).target_label).toBe(
      'Фильтры: источники: 2',
    );
  });
});

describe('alerts: bad input answers 400 naming the field, and stores nothing', () => {
  it('an invalid query, with its position', async () => {
    const before = await alertCount(editor.user.id);
    const body = expectBad(await editor.post(ALERT_PATHS.list, { ...base, query: 'газпром AND (' }), 'query');
    expect((body as { position?: number }).position).toBeGreaterThan(0);
    expect(await alertCount(editor.user.id)).toBe(before);
  });

  it('an unknown theme, someone else’s personal theme, a lom group the caller does not see', async () => {
    const before = await alertCount(editor.user.id);
    const target = { ...base, query: null };
    expectBad(await editor.post(ALERT_PATHS.list, { ...target, theme_id: 999_999 }), 'theme_id');
    const [theirs] = await t.db
      .insert(personalThemes)
      .values({ userId: stranger.user.id, name: 'Чужая', filters: {} })
      .returning();
    expectBad(
      await editor.post(ALERT_PATHS.list, { ...target, personal_theme_id: theirs.id }),
      'personal_theme_id',
    );
    const hidden = await buildLomGroup(t.db, { public: false, ownerId: stranger.user.id });
    expectBad(await editor.post(ALERT_PATHS.list, { ...target, lom_group_id: hidden.id }), 'lom_group_id');
    // The owner of the private group may watch it.
    await create(stranger, { ...target, lom_group_id: hidden.id });
    expect(await alertCount(editor.user.id)).toBe(before);
  });

  it('no target, two targets, and a channel type given twice', async () => {
    expectBad(await editor.post(ALERT_PATHS.list, { ...base, query: null }), 'query');
    const theme = await buildTheme(t.db);
    expectBad(await editor.post(ALERT_PATHS.list, { ...base, theme_id: theme.id }), 'theme_id');
    expectBad(
      await editor.post(ALERT_PATHS.list, { ...base, channels: [{ type: 'app' }, { type: 'app' }] }),
      'channels.1.type',
    );
  });

  it('an email list with a bad address', async () => {
    expectBad(
      await editor.post(ALERT_PATHS.list, {
        ...base,
        channels: [{ type: 'email', to: ['ok@example.test', 'не адрес'] }],
      }),
      'channels.0.to.1',
    );
  });

  it('an interval of 0', async () => {
    expectBad(await editor.post(ALERT_PATHS.list, { ...base, interval_minutes: 0 }), 'interval_minutes');
  });

  it('a webhook at http://127.0.0.2/ unless OUTBOUND_ALLOW_HOSTS allows it', async () => {
    const before = await alertCount(superEditor.user.id);
    const hook = (url: string) => ({ ...base, channels: [{ type: 'app' }, { type: 'webhook', url }] });
    const refused = expectBad(
      await superEditor.post(ALERT_PATHS.list, hook('http://127.0.0.2/')),
      'channels.1.url',
    );
    expect(refused.message).toContain('127.0.0.2');
    expect(await alertCount(superEditor.user.id)).toBe(before);
    const saved = t.ctx.config.outboundAllowHosts;
    t.ctx.config.outboundAllowHosts = ['127.0.0.2'];
    try {
      const item = await create(superEditor, hook('http://127.0.0.2/'));
      expect(item.channels[1]).toMatchObject({ type: 'webhook', url: 'http://127.0.0.2/' });
    } finally {
      t.ctx.config.outboundAllowHosts = saved;
    }
  });

  it('file: and ftp: addresses, and private or link-local ones', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://93.184.216.34/x',
      'http://10.0.0.1/',
      'http://169.254.169.254/',
    ]) {
      const res = await superEditor.post(ALERT_PATHS.list, { ...base, channels: [{ type: 'webhook', url }] });
      expectBad(res, 'channels.0.url');
    }
  });

  it('a Telegram chat when no bot token is set', async () => {
    const body = { ...base, channels: [{ type: 'telegram', chat_id: '-1001234567890' }] };
    const res = expectBad(await superEditor.post(ALERT_PATHS.list, body), 'channels.0.chat_id');
    expect(res.message).toContain('Бот Telegram не настроен');
    await t.db.insert(appSecrets).values({ key: 'telegram_bot_token', value: '1:x', label: '@bot' });
    try {
      const item = await create(superEditor, body);
      expect(item.channels[0]).toMatchObject({ type: 'telegram', chat_id: '-1001234567890' });
    } finally {
      await t.db.delete(appSecrets).where(eq(appSecrets.key, 'telegram_bot_token'));
    }
  });
});

describe('alerts: external channels need send_external_alerts', () => {
  it('refuses a webhook or Telegram channel to the editor with 403 naming the channel', async () => {
    const before = await alertCount(editor.user.id);
    const webhook = await editor.post(ALERT_PATHS.list, {
      ...base,
      channels: [{ type: 'app' }, { type: 'webhook', url: PUBLIC_HOOK }],
    });
    const body = expectBad(webhook, 'channels.1.type', 403);
    expect(body.message).toContain('Оповещения во внешние каналы');
    expectBad(
      await editor.post(ALERT_PATHS.list, {
        ...base,
        channels: [{ type: 'telegram', chat_id: '@news_chat' }],
      }),
      'channels.0.type',
      403,
    );
    expect(await alertCount(editor.user.id)).toBe(before);
    // Mail stays inside the rules of the product: the editor may have it.
    await create(editor, { ...base, channels: [{ type: 'email', to: ['Someone@Example.test'] }] });
  });

  it('lets the super editor have a webhook, with a generated secret', async () => {
    const item = await create(superEditor, { ...base, channels: [{ type: 'webhook', url: PUBLIC_HOOK }] });
    expect(item.channels[0].secret).toMatch(/^[0-9a-f]{64}$/);
    const given = await create(superEditor, {
      ...base,
      channels: [{ type: 'webhook', url: PUBLIC_HOOK, secret: 'мой-секрет' }],
    });
    expect(given.channels[0].secret).toBe('мой-секрет');
  });
});

describe('alerts: PATCH', () => {
  it('merges the body with the stored alert and checks the whole again', async () => {
    const item = await create(editor, { ...base, filters: { lom_in: [4] } });
    const renamed = (await editor.patch(detail(item.id), { name: 'Новое имя', muted: true })).json();
    expect(renamed).toMatchObject({
      name: 'Новое имя',
      muted: true,
      query: 'газпром',
      filters: { lom_in: [4] },
    });

    const theme = await buildTheme(t.db, { name: 'Тема для смены' });
    // The stored query stays: watching a theme as well is two targets.
    expectBad(await editor.patch(detail(item.id), { theme_id: theme.id }), 'theme_id');
    expectBad(await editor.patch(detail(item.id), { query: 'газпром AND (' }), 'query');
    expectBad(
      await editor.patch(detail(item.id), { query: null, filters: null, theme_id: 999_999 }),
      'theme_id',
    );
    const moved = (
      await editor.patch(detail(item.id), { query: null, filters: null, theme_id: theme.id })
    ).json();
    expect(moved).toMatchObject({
      query: null,
      filters: {},
      theme_id: theme.id,
      target_label: 'Тема: Тема для смены',
    });

    const spike = (await editor.patch(detail(item.id), { kind: 'spike' })).json();
    expect(spike).toMatchObject({
      kind: 'spike',
      interval_minutes: null,
      window: 'hour',
      sensitivity: 'medium',
    });
    expectBad(await editor.patch(detail(item.id), { channels: [] }), 'channels');
  });

  it('a change of target or kind starts the counts anew; a save other than the mute switch re-enables the channels', async () => {
    const item = await create(editor, {
      ...base,
      kind: 'spike',
      channels: [{ type: 'app' }, { type: 'email', to: ['a@example.test'] }],
    });
    const counted = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2030-01-01T00:00:00Z');
    await t.db
      .update(alerts)
      .set({ countedSince: counted, nextCheckAt: later })
      .where(eq(alerts.id, item.id));
    await t.db.insert(alertHourCounts).values({ alertId: item.id, hour: counted, messages: 5 });
    await t.db
      .update(alertChannels)
      .set({ failures: 10, disabledAt: later, disabledReason: 'Сервер не отвечает' })
      .where(eq(alertChannels.alertId, item.id));

    // The list's mute switch alone leaves a disabled channel disabled.
    const muted = (await editor.patch(detail(item.id), { muted: true })).json();
    expect(muted.channels.map((c: { failures: number }) => c.failures)).toEqual([10, 10]);

    const saved = (await editor.patch(detail(item.id), { name: 'Только имя' })).json();
    expect(
      saved.channels.map((c: { failures: number; disabled_at: string | null }) => [
        c.failures,
        c.disabled_at,
      ]),
    ).toEqual([
      [0, null],
      [0, null],
    ]);
    let row = await storedAlert(item.id);
    expect(row.countedSince).toEqual(counted);
    expect(row.nextCheckAt).toEqual(later);
    expect(
      await t.db.select().from(alertHourCounts).where(eq(alertHourCounts.alertId, item.id)),
    ).toHaveLength(1);

    await editor.patch(detail(item.id), { query: 'роснефть' });
    row = await storedAlert(item.id);
    expect(row.countedSince).toBeNull();
    expect(row.nextCheckAt).not.toBeNull();
    expect(Math.abs((row.nextCheckAt as Date).getTime() - Date.now())).toBeLessThan(60_000);
    expect(
      await t.db.select().from(alertHourCounts).where(eq(alertHourCounts.alertId, item.id)),
    ).toHaveLength(0);
  });

  it('a change of kind drops the matches a new alert was waiting to tell', async () => {
    const item = await create(editor, base);
    const message = await buildMessage(t.db);
    await t.db.insert(alertMatches).values({ alertId: item.id, messageIds: [message.id] });
    await editor.patch(detail(item.id), { interval_minutes: 30 });
    expect(await t.db.select().from(alertMatches).where(eq(alertMatches.alertId, item.id))).toHaveLength(1);
    await editor.patch(detail(item.id), { kind: 'negative' });
    expect(await t.db.select().from(alertMatches).where(eq(alertMatches.alertId, item.id))).toHaveLength(0);
    expect((await storedAlert(item.id)).threshold).toBe(30);
  });

  it('channels replace the set: a type it had keeps its row, and a webhook keeps its secret', async () => {
    const item = await create(superEditor, {
      ...base,
      channels: [{ type: 'app' }, { type: 'webhook', url: PUBLIC_HOOK, secret: 'старый' }],
    });
    const webhookId = item.channels[1].id;
    const res = await superEditor.patch(detail(item.id), {
      channels: [
        { type: 'webhook', url: 'https://93.184.216.35/new' },
        { type: 'email', to: ['b@example.test'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const channels = res.json().channels;
    expect(channels).toMatchObject([
      { id: webhookId, type: 'webhook', url: 'https://93.184.216.35/new', secret: 'старый' },
      { type: 'email', to: ['b@example.test'] },
    ]);
    expect(await t.db.select().from(alertChannels).where(eq(alertChannels.alertId, item.id))).toHaveLength(2);
    // A refused address is refused on PATCH too, and changes nothing.
    expectBad(
      await superEditor.patch(detail(item.id), { channels: [{ type: 'webhook', url: 'http://127.0.0.2/' }] }),
      'channels.0.url',
    );
    expect((await superEditor.get(detail(item.id))).json().channels).toEqual(channels);
  });

  it('an editor may not add a webhook by PATCH', async () => {
    const item = await create(editor, base);
    expectBad(
      await editor.patch(detail(item.id), { channels: [{ type: 'webhook', url: PUBLIC_HOOK }] }),
      'channels.0.type',
      403,
    );
  });
});

describe('alerts: DELETE', () => {
  it('deletes the owner’s alert with its channels', async () => {
    const item = await create(editor, base);
    expect((await editor.delete(detail(item.id))).statusCode).toBe(204);
    expect((await editor.get(detail(item.id))).statusCode).toBe(404);
    expect(await t.db.select().from(alertChannels).where(eq(alertChannels.alertId, item.id))).toHaveLength(0);
    expect((await editor.delete(detail(item.id))).statusCode).toBe(404);
  });
});

describe('alerts: events', () => {
  it('lists what fired, newest first, with messages, loms and each delivery', async () => {
    const item = await create(editor, base);
    const lom = await buildLom(t.db, { name: 'Иван Петров' });
    const long = `${'слово '.repeat(60)}конец`;
    const first = await buildMessage(t.db, { text: long, lomId: lom.id, url: 'https://example.test/1' });
    const second = await buildMessage(t.db, { text: 'Короткий текст', lomName: 'Без карточки' });
    const [older] = await t.db
      .insert(alertEvents)
      .values({
        alertId: item.id,
        kind: 'new',
        windowKey: 'new:2026-03-01T10:00:00.000Z',
        windowStart: new Date('2026-03-01T10:00:00Z'),
        windowEnd: new Date('2026-03-01T10:15:00Z'),
        firedAt: new Date('2026-03-01T10:15:00Z'),
        summary: '2 новых сообщения',
        messageCount: 2,
        messageIds: [second.id, first.id],
        details: { loms: [{ id: lom.id, name: 'Иван Петров', count: 1 }, { bad: true }] },
      })
      .returning();
    const [newer] = await t.db
      .insert(alertEvents)
      .values({
        alertId: item.id,
        kind: 'new',
        windowKey: 'new:2026-03-02T10:00:00.000Z',
        windowStart: new Date('2026-03-02T10:00:00Z'),
        windowEnd: new Date('2026-03-02T10:15:00Z'),
        firedAt: new Date('2026-03-02T10:15:00Z'),
        summary: '1 новое сообщение',
        messageCount: 1,
        messageIds: [999_999],
      })
      .returning();
    const retry = new Date('2026-03-01T10:20:00Z');
    await t.db.insert(alertDeliveries).values([
      {
        eventId: older.id,
        channelType: 'app',
        target: 'Колокольчик',
        status: 'sent',
        attempts: 1,
        sentAt: new Date('2026-03-01T10:15:01Z'),
      },
      {
        eventId: older.id,
        channelType: 'webhook',
        target: '93.184.216.34',
        status: 'failed',
        attempts: 3,
        nextAttemptAt: retry,
        lastError: 'Сервер ответил 500',
      },
    ]);

    const res = await editor.get(events(item.id));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.elements_count).toBe(2);
    expect(page.results.map((e: { id: number }) => e.id)).toEqual([newer.id, older.id]);
    // A listed message deleted since is left out.
    expect(page.results[0]).toMatchObject({ messages: [], loms: [], deliveries: [] });
    const event = page.results[1];
    expect(event).toMatchObject({
      kind: 'new',
      summary: '2 новых сообщения',
      message_count: 2,
      window_start: '2026-03-01T10:00:00.000Z',
      window_end: '2026-03-01T10:15:00.000Z',
      fired_at: '2026-03-01T10:15:00.000Z',
      loms: [{ id: lom.id, name: 'Иван Петров', count: 1 }],
      deliveries: [
        {
          channel_type: 'app',
          target: 'Колокольчик',
          status: 'sent',
          attempts: 1,
          last_error: null,
          next_attempt_at: null,
          sent_at: '2026-03-01T10:15:01.000Z',
        },
        {
          channel_type: 'webhook',
          status: 'failed',
          attempts: 3,
          last_error: 'Сервер ответил 500',
          next_attempt_at: retry.toISOString(),
          sent_at: null,
        },
      ],
    });
    expect(event.messages.map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
    expect(event.messages[0]).toMatchObject({ text: 'Короткий текст', lom_name: 'Без карточки', url: null });
    const cut = event.messages[1];
    expect(cut).toMatchObject({ lom_name: 'Иван Петров', url: 'https://example.test/1' });
    expect(cut.wrote_at).toBe(first.wroteAt.toISOString());
    expect(cut.text.length).toBeLessThanOrEqual(201);
    expect(cut.text.endsWith('слово…')).toBe(true);

    const paged = (await editor.get(events(item.id), { page_size: 1, page: 2 })).json();
    expect(paged.results.map((e: { id: number }) => e.id)).toEqual([older.id]);
  });
});
