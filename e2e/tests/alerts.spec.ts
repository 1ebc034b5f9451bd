import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ALERT_PATHS,
  type AlertItem,
  INGEST_PATHS,
  type ListEnvelope,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { digits, logIn } from './helpers.ts';
import { apiGet } from './messages-helpers.ts';

// Issue 30's proof in the browser (docs/alerts.md): a user makes a `new` alert on a query with the app and a webhook
// channel, a message that matches is ingested, the bell counts it, and the local receiver gets one signed POST.
// The e2e server allows 127.0.0.1 for outgoing requests (e2e/serve.mjs, OUTBOUND_ALLOW_HOSTS) and runs the engine.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('a new alert with the bell and a webhook: an ingested match rings the bell and posts once, signed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const port = (receiver.address() as AddressInfo).port;
  const hookUrl = `http://127.0.0.1:${port}/hooks/monitoring`;
  // A word the demo never writes; the message carries another form of it («дирижабли» → «дирижабль»).
  const name = `Дирижабли ${Date.now()}`;

  await logIn(page, 'superEditor');
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { name: 'Оповещения' }).first()).toBeVisible();
  const bell = page.getByRole('button', { name: /^Уведомления: / });
  await expect(bell).toBeVisible();
  const unreadBefore = digits(await bell.getAttribute('aria-label'));

  await page.getByRole('button', { name: 'Создать оповещение' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Новое оповещение' });
  await drawer.getByRole('textbox', { name: 'Название' }).fill(name);
  await drawer.getByRole('textbox', { name: 'Запрос' }).fill('дирижабли');
  await drawer.getByRole('checkbox', { name: 'Вебхук' }).check();
  await drawer.getByLabel('Адрес вебхука').fill(hookUrl);
  await drawer.getByRole('button', { name: 'Создать' }).click();
  // The generated signing secret is shown once, in a dialog.
  const secretDialog = page.getByRole('dialog', { name: 'Секрет подписи вебхука' });
  await expect(secretDialog).toBeVisible();
  await secretDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('cell', { name }).first()).toBeVisible();

  const alerts = await apiGet<ListEnvelope<AlertItem>>(page, `${ALERT_PATHS.list}?page_size=100`);
  const alert = alerts.results.find((a) => a.name === name);
  expect(alert?.channels.map((c) => c.type).sort()).toEqual(['app', 'webhook']);
  const secret = alert?.channels.find((c) => c.type === 'webhook')?.secret ?? '';
  expect(secret).not.toBe('');

  // The crawler delivers a matching post (the super editor holds api_edit, as the service account does).
  const line = JSON.stringify({
    source: 'Telegram',
    external_id: `e2e-alert-${Date.now()}`,
    url: 'https://t.me/e2e_alerts/1',
    author: 'Наблюдатель',
    text: 'Над набережной утром пролетел дирижабль с рекламой фестиваля.',
    wrote_at: new Date(Date.now() - 60_000).toISOString(),
    type: 0,
    views: 120,
  });
  const ingest = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Token ${window.localStorage.getItem('monitoring.token') ?? ''}`,
          'Content-Type': 'application/x-ndjson',
        },
        body,
      });
      return { status: response.status, body: await response.json() };
    },
    { path: INGEST_PATHS.messages, body: `${line}\n` },
  );
  expect(ingest.status, JSON.stringify(ingest.body)).toBe(200);
  expect(ingest.body.created).toBe(1);

  // The bell counts it, live (the issue allows 60 s from the ingest).
  await expect(async () => {
    expect(digits(await bell.getAttribute('aria-label'))).toBeGreaterThan(unreadBefore);
  }).toPass({ timeout: 60_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Уведомления' });
  await expect(panel.getByText(name).first()).toBeVisible();
  await expect(panel.getByRole('link', { name: /дирижабль/ }).first()).toBeVisible();

  // The receiver gets one POST, signed with the alert's secret over "<t>.<body>".
  await expect(() => expect(received.length).toBeGreaterThan(0)).toPass({ timeout: 60_000 });
  // A few engine ticks later there is still only the one.
  await page.waitForTimeout(12_000);
  expect(received).toHaveLength(1);
  const [post] = received;
  const signature = String(post.headers[WEBHOOK_SIGNATURE_HEADER]);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
  expect(Math.abs(Number(t) * 1000 - Date.now())).toBeLessThan(120_000);
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${post.body}`).digest('hex'));
  expect(post.headers[WEBHOOK_DELIVERY_HEADER]).toMatch(/^\d+$/);
  const payload = JSON.parse(post.body);
  expect(payload.alert.name).toBe(name);
  expect(payload.messages.map((m: { text: string }) => m.text)).toEqual([
    'Над набережной утром пролетел дирижабль с рекламой фестиваля.',
  ]);

  // The alert's events (/alerts?alert=<id>, where the mail links) show both deliveries as sent.
  await page.goto(`/alerts?alert=${alert?.id}`);
  const events = page.getByRole('dialog');
  await expect(events.getByText('Доставлено').first()).toBeVisible();
  await expect(events.getByText('Доставлено')).toHaveCount(2);
});
