import { createHmac } from 'node:crypto';
import { ALERT_LIMITS, WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/database.ts';
import {
  buildAlert,
  buildOwner,
  type ChannelSpec,
  collectingMailer,
  engineOptions,
  startReceiver,
  testClock,
} from '../../test/factories-alerts.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { TELEGRAM_BOT_TOKEN_KEY } from './app-secret-keys.ts';
import { OWNER_MAY_NOT_SEND_OUTSIDE, retryDelayMs } from './deliver.ts';
import { AlertEngine, type AlertEngineOptions } from './engine.ts';
import { queueForAlerts } from './inbox-queries.ts';

// Deliveries against local receivers (docs/alerts.md "Engine"): the signed webhook, its failures (an error answer,
// a slow one, a redirect to a refused address, a refused address itself) with backoff and, after ten in a row, the
// channel disabled; Telegram through a fake Bot API; the mail with Russian text and HTML.
let database: Database;
const PUBLIC = 'https://monitoring.example.test';
let word = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

interface DeliveryRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  channel_id: number;
}

/** An alert with `channels` and one matching message, its event written by a first tick of a fresh engine. */
async function fired(
  channels: ChannelSpec[],
  extra: Partial<AlertEngineOptions> & { telegramApiBase?: string } = {},
  permissions: string[] = ['send_external_alerts'],
) {
  const query = `слово${++word}`;
  const owner = await buildOwner(database.db, permissions);
  const lom = await buildLom(database.db, { name: 'Пётр Иванов' });
  const { alert } = await buildAlert(database.db, owner.id, { name: `Оповещение ${word}`, query }, channels);
  const message = await buildMessage(database.db, {
    text: `Сегодня ${query} прозвучало на площади`,
    lomId: lom.id,
    url: 'https://t.me/ivanov/1',
    wroteAt: new Date(),
  });
  const clock = testClock(new Date());
  const mail = collectingMailer();
  const engine = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now, extra));
  await queueForAlerts(database.db, [message.id]);
  await engine.tick();
  const deliveries = () =>
    queryRows<DeliveryRow>(
      database.db,
      sql`select d.id, d.status, d.attempts, d.last_error, d.next_attempt_at, d.channel_id from alert_deliveries d
           join alert_events e on e.id = d.event_id where e.alert_id = ${alert.id} and d.channel_type <> 'app'`,
    );
  return { alert, message, clock, mail, engine, deliveries };
}

const channelOf = async (id: number) =>
  (
    await queryRows<{ failures: number; disabled_at: string | null; disabled_reason: string | null }>(
      database.db,
      sql`select failures, disabled_at, disabled_reason from alert_channels where id = ${id}`,
    )
  )[0];

describe('webhook', () => {
  it('is not sent once the owner may no longer send outside: the channel is disabled with the reason', async () => {
    const { deliveries, alert } = await fired(
      [{ type: 'webhook', config: { url: 'http://127.0.0.1:9/hook', secret: 'x' } }],
      {},
      [],
    );
    const [delivery] = await deliveries();
    expect(delivery.status).toBe('disabled');
    expect(delivery.last_error).toBe(OWNER_MAY_NOT_SEND_OUTSIDE);
    const [channel] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from alert_channels where alert_id = ${alert.id} and type = 'webhook'`,
    );
    expect((await channelOf(channel.id)).disabled_reason).toBe(
      `Канал отключён: ${OWNER_MAY_NOT_SEND_OUTSIDE}`,
    );
  });

  it('gets one POST with the JSON, a valid HMAC signature of its timestamp and the delivery id', async () => {
    const receiver = await startReceiver();
    try {
      const { alert, message, clock, deliveries } = await fired([
        { type: 'webhook', config: { url: `${receiver.url}/in`, secret: 'top-secret' } },
      ]);
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toMatch(/^application\/json/);
      const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER]);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
      expect(match).not.toBeNull();
      const seconds = Number(match?.[1]);
      expect(seconds).toBe(Math.floor(clock.now().getTime() / 1000));
      const expected = createHmac('sha256', 'top-secret').update(`${seconds}.${request.body}`).digest('hex');
      expect(match?.[2]).toBe(expected);
      const [delivery] = await deliveries();
      expect(request.headers[WEBHOOK_DELIVERY_HEADER]).toBe(String(delivery.id));
      expect(delivery).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      const body = JSON.parse(request.body);
      expect(body).toMatchObject({
        alert: { id: alert.id, name: alert.name, kind: 'new' },
        event: { summary: '1 новое сообщение', message_count: 1 },
        messages: [
          {
            id: message.id,
            url: 'https://t.me/ivanov/1',
            lom_name: 'Пётр Иванов',
            link: `${PUBLIC}/messages/${message.id}`,
          },
        ],
        link: `${PUBLIC}/alerts?alert=${alert.id}`,
      });
    } finally {
      await receiver.close();
    }
  });

  it('records a 500, backs off 30 s then 60 s, and delivers when the receiver recovers', async () => {
    let status = 500;
    const receiver = await startReceiver((_, res) => {
      res.statusCode = status;
      res.end('oops');
    });
    try {
      const { clock, engine, deliveries } = await fired([
        { type: 'webhook', config: { url: receiver.url, secret: 'x' } },
      ]);
      let [delivery] = await deliveries();
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'Получатель ответил кодом 500',
      });
      expect(new Date(delivery.next_attempt_at).getTime() - clock.now().getTime()).toBe(retryDelayMs(1));
      expect(retryDelayMs(1)).toBe(30_000);
      expect((await channelOf(delivery.channel_id)).failures).toBe(1);

      clock.advance(29_000);
      await engine.tick();
      expect(receiver.received).toHaveLength(1);
      clock.advance(1_000);
      await engine.tick();
      expect(receiver.received).toHaveLength(2);
      [delivery] = await deliveries();
      expect(delivery.attempts).toBe(2);
      expect(new Date(delivery.next_attempt_at).getTime() - clock.now().getTime()).toBe(60_000);

      status = 200;
      clock.advance(60_000);
      await engine.tick();
      [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect((await channelOf(delivery.channel_id)).failures).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('records a slow answer past the timeout', async () => {
    const receiver = await startReceiver((_, res) => {
      setTimeout(() => res.end('late'), 1500).unref();
    });
    try {
      const { deliveries } = await fired([{ type: 'webhook', config: { url: receiver.url, secret: 'x' } }], {
        sendTimeoutMs: 300,
      });
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'failed', last_error: 'Превышено время ожидания (0,3 с)' });
    } finally {
      await receiver.close();
    }
  });

  it('records a redirect to a refused address', async () => {
    const receiver = await startReceiver((_, res) => {
      res.statusCode = 307;
      res.setHeader('location', 'http://10.0.0.1/steal');
      res.end();
    });
    try {
      const { deliveries } = await fired([{ type: 'webhook', config: { url: receiver.url, secret: 'x' } }]);
      const [delivery] = await deliveries();
      expect(delivery.status).toBe('failed');
      expect(delivery.last_error).toMatch(/^Адрес 10\.0\.0\.1 запрещён/);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('refuses 127.0.0.2 at send time when only 127.0.0.1 is allowed', async () => {
    const { deliveries } = await fired([
      { type: 'webhook', config: { url: 'http://127.0.0.2:9/hook', secret: 'x' } },
    ]);
    const [delivery] = await deliveries();
    expect(delivery.status).toBe('failed');
    expect(delivery.last_error).toMatch(/^Адрес 127\.0\.0\.2 запрещён: внутренняя сеть/);
  });

  it('after 10 failures in a row disables the channel with the reason, and its waiting deliveries', async () => {
    const receiver = await startReceiver((_, res) => {
      res.statusCode = 503;
      res.end();
    });
    try {
      const { clock, engine, deliveries } = await fired([
        { type: 'webhook', config: { url: receiver.url, secret: 'x' } },
      ]);
      for (let i = 1; i < ALERT_LIMITS.maxFailures; i++) {
        clock.advance(60 * 60_000);
        await engine.tick();
      }
      expect(receiver.received).toHaveLength(ALERT_LIMITS.maxFailures);
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({
        status: 'disabled',
        attempts: 10,
        last_error: 'Получатель ответил кодом 503',
      });
      const channel = await channelOf(delivery.channel_id);
      expect(channel.failures).toBe(10);
      expect(channel.disabled_at).not.toBeNull();
      expect(channel.disabled_reason).toBe(
        'Канал отключён после 10 ошибок подряд: Получатель ответил кодом 503',
      );
      clock.advance(60 * 60_000);
      await engine.tick();
      expect(receiver.received).toHaveLength(ALERT_LIMITS.maxFailures);
    } finally {
      await receiver.close();
    }
  });
});

describe('Telegram', () => {
  const TOKEN = '123456789:AAtest_token_for_the_fake_bot_api_x';

  it('sends through the Bot API and records «chat not found» as a failure', async () => {
    const api = await startReceiver((request, res) => {
      const body = JSON.parse(request.body) as { chat_id: string };
      res.setHeader('content-type', 'application/json');
      if (request.url !== `/bot${TOKEN}/sendMessage`) {
        res.statusCode = 404;
        res.end(JSON.stringify({ ok: false, description: 'Not Found' }));
      } else if (body.chat_id === '-1001') {
        res.end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
      } else {
        res.statusCode = 400;
        res.end(JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: chat not found' }));
      }
    });
    try {
      // Without a token the channel fails with the administrator's step.
      const before = await fired([{ type: 'telegram', config: { chat_id: '-1001' } }], {
        telegramApiBase: api.url,
      });
      expect((await before.deliveries())[0].last_error).toBe(
        'Бот Telegram не настроен: администратор задаёт токен в «Настройках»',
      );
      expect(api.received).toHaveLength(0);

      await database.db.insert(appSecrets).values({ key: TELEGRAM_BOT_TOKEN_KEY, value: TOKEN });
      const ok = await fired([{ type: 'telegram', config: { chat_id: '-1001' } }], {
        telegramApiBase: api.url,
      });
      expect((await ok.deliveries())[0]).toMatchObject({ status: 'sent', last_error: null });
      const sent = JSON.parse(api.received[0].body) as Record<string, unknown>;
      expect(sent).toMatchObject({ chat_id: '-1001', parse_mode: 'HTML', disable_web_page_preview: true });
      expect(sent.text).toContain(`<b>Оповещение «${ok.alert.name}»</b>`);
      expect(sent.text).toContain(`<a href="${PUBLIC}/messages/${ok.message.id}">`);
      expect(sent.text).toContain(`<a href="${PUBLIC}/alerts?alert=${ok.alert.id}">Открыть оповещение</a>`);

      const lost = await fired([{ type: 'telegram', config: { chat_id: '-999' } }], {
        telegramApiBase: api.url,
      });
      const [delivery] = await lost.deliveries();
      expect(delivery).toMatchObject({
        status: 'failed',
        last_error: 'Telegram: Bad Request: chat not found',
      });
      expect(delivery.last_error).not.toContain(TOKEN);
    } finally {
      await api.close();
    }
  });
});

describe('email', () => {
  it('lands in the mailer in Russian, as text and HTML, with links to the messages and the alert', async () => {
    const { alert, message, mail, deliveries } = await fired([
      { type: 'email', config: { to: ['one@example.test', 'two@example.test'] } },
    ]);
    expect((await deliveries())[0]).toMatchObject({ status: 'sent' });
    expect(mail.sent).toHaveLength(1);
    const [sent] = mail.sent;
    expect(sent.to).toBe('one@example.test, two@example.test');
    expect(sent.subject).toBe(`Оповещение «${alert.name}»: 1 новое сообщение`);
    expect(sent.body).toContain(`Оповещение «${alert.name}» (Новые сообщения)`);
    expect(sent.body).toContain(`${PUBLIC}/messages/${message.id}`);
    expect(sent.body).toContain(`Открыть оповещение: ${PUBLIC}/alerts?alert=${alert.id}`);
    expect(sent.html).toContain(
      `<a href="${PUBLIC}/messages/${message.id}">Сегодня ${alert.query} прозвучало на площади</a>`,
    );
    expect(sent.html).toContain(`<a href="${PUBLIC}/alerts?alert=${alert.id}">Открыть оповещение</a>`);
    expect(sent.html).toContain('lang="ru"');
  });

  it('a failing mailer is a failed delivery with the reason, retried', async () => {
    const mail = collectingMailer();
    mail.state.fail = 'SMTP недоступен';
    const owner = await buildOwner(database.db);
    const { alert } = await buildAlert(database.db, owner.id, { query: 'трамвай' }, [
      { type: 'email', config: { to: ['x@example.test'] } },
    ]);
    const m = await buildMessage(database.db, { text: 'Новый трамвай вышел на линию', wroteAt: new Date() });
    const clock = testClock(new Date());
    const engine = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
    await queueForAlerts(database.db, [m.id]);
    await engine.tick();
    const rows = () =>
      queryRows<{ status: string; last_error: string }>(
        database.db,
        sql`select d.status, d.last_error from alert_deliveries d join alert_events e on e.id = d.event_id
             where e.alert_id = ${alert.id}`,
      );
    expect(await rows()).toEqual([{ status: 'failed', last_error: 'Почта не отправлена: SMTP недоступен' }]);
    mail.state.fail = null;
    clock.advance(30_000);
    await engine.tick();
    expect((await rows())[0].status).toBe('sent');
    expect(mail.sent).toHaveLength(1);
  });
});
