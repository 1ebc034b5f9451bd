import { ALERT_LIMITS, WEBHOOK_DELIVERY_HEADER } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import {
  buildAlert,
  buildOwner,
  collectingMailer,
  engineOptions,
  startReceiver,
  testClock,
} from '../../test/factories-alerts.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { claimDeliveries } from './deliveries-queries.ts';
import { AlertEngine } from './engine.ts';
import { flushNewAlerts } from './evaluate.ts';
import { queueForAlerts } from './inbox-queries.ts';
import { runInboxPass } from './matching.ts';

// The `new` alerts through the engine (docs/alerts.md "Engine"): grouping within the interval, the listed messages
// and the count, and exactly once: two engines on one database, and a crash in the middle of a send.
let database: Database;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(database.db, query))[0]?.n ?? 0);

async function messagesAbout(word: string, n: number, lomId: number, from: Date): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = await buildMessage(database.db, {
      text: `${word}: новость номер ${i + 1}`,
      lomId,
      // Written in reverse order of insertion, so "first by wrote_at" is not "first inserted".
      wroteAt: new Date(from.getTime() - (n - i) * MINUTE),
    });
    ids.push(m.id);
  }
  return ids;
}

describe('a `new` alert speaks at most once per interval', () => {
  it('groups the batches of an interval into one event listing the first ones and the count, then waits', async () => {
    const owner = await buildOwner(database.db);
    const lom = await buildLom(database.db, { name: 'Вера Полякова' });
    const { alert } = await buildAlert(database.db, owner.id, { query: 'стадион', intervalMinutes: 10 });
    const clock = testClock(new Date());
    const mail = collectingMailer();
    const engine = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
    const events = () =>
      queryRows<{ summary: string; message_count: number; message_ids: number[]; window_key: string }>(
        database.db,
        sql`select summary, message_count, message_ids, window_key from alert_events where alert_id = ${alert.id} order by id`,
      );

    const first = await messagesAbout('Стадион', 12, lom.id, clock.now());
    await queueForAlerts(database.db, first.slice(0, 7));
    await queueForAlerts(database.db, first.slice(7));
    await engine.tick();
    const [event] = await events();
    expect(event.message_count).toBe(12);
    expect(event.summary).toBe('12 новых сообщений, показаны первые 10');
    // The first 10 by wrote_at: the oldest are the first inserted here.
    expect(event.message_ids.map(Number)).toEqual(first.slice(0, ALERT_LIMITS.listedMessages));
    const [notification] = await queryRows<{
      title: string;
      body: string;
      messages: { id: number; text: string }[];
      more: number;
    }>(database.db, sql`select title, body, messages, more from notifications where alert_id = ${alert.id}`);
    expect(notification).toMatchObject({ title: 'Оповещение', body: event.summary, more: 2 });
    expect(notification.messages).toHaveLength(10);
    expect(notification.messages[0]).toEqual({ id: first[0], text: 'Стадион: новость номер 1' });

    // Within the interval: matched and kept, not told.
    clock.advance(MINUTE);
    await queueForAlerts(database.db, await messagesAbout('Стадион', 2, lom.id, clock.now()));
    await engine.tick();
    clock.advance(4 * MINUTE);
    await queueForAlerts(database.db, await messagesAbout('Стадион', 1, lom.id, clock.now()));
    await engine.tick();
    expect(await events()).toHaveLength(1);
    expect(
      await count(
        sql`select coalesce(sum(cardinality(message_ids)), 0)::int as n from alert_matches where alert_id = ${alert.id}`,
      ),
    ).toBe(3);

    // The interval has passed since it fired: one event for the three.
    clock.advance(5 * MINUTE);
    await engine.tick();
    const all = await events();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ message_count: 3, summary: '3 новых сообщения' });
    expect(all[1].window_key).not.toBe(all[0].window_key);
    await engine.tick();
    expect(await events()).toHaveLength(2);
    expect(await count(sql`select count(*)::int as n from notifications where alert_id = ${alert.id}`)).toBe(
      2,
    );
  });
});

describe('exactly once', () => {
  it('two engines on one database ticking together deliver each notification once', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await buildOwner(database.db, ['send_external_alerts']);
      const lom = await buildLom(database.db);
      const { alert } = await buildAlert(database.db, owner.id, { query: 'мост' }, [
        { type: 'app' },
        { type: 'webhook', config: { url: `${receiver.url}/hook`, secret: 's3cret' } },
      ]);
      const clock = testClock(new Date());
      const mail = collectingMailer();
      const a = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
      const b = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
      await queueForAlerts(database.db, await messagesAbout('Мост', 3, lom.id, clock.now()));
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      expect(receiver.received).toHaveLength(1);
      expect(
        await count(sql`select count(*)::int as n from notifications where alert_id = ${alert.id}`),
      ).toBe(1);
      expect(await count(sql`select count(*)::int as n from alert_events where alert_id = ${alert.id}`)).toBe(
        1,
      );
      const deliveries = await queryRows<{ channel_type: string; status: string; attempts: number }>(
        database.db,
        sql`select d.channel_type, d.status, d.attempts from alert_deliveries d join alert_events e on e.id = d.event_id
             where e.alert_id = ${alert.id} order by d.channel_type`,
      );
      expect(deliveries).toEqual([
        { channel_type: 'app', status: 'sent', attempts: 1 },
        { channel_type: 'webhook', status: 'sent', attempts: 1 },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('a send cut by a crash is sent by another engine once its lease has passed: delivered, not lost', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await buildOwner(database.db, ['send_external_alerts']);
      const lom = await buildLom(database.db);
      const { alert } = await buildAlert(database.db, owner.id, { query: 'паром' }, [
        { type: 'webhook', config: { url: `${receiver.url}/hook`, secret: 'k' } },
      ]);
      const clock = testClock(new Date());
      await queueForAlerts(database.db, await messagesAbout('Паром', 1, lom.id, clock.now()));
      await runInboxPass(database.db, clock.now());
      expect(await flushNewAlerts(database.db, clock.now())).toBe(1);
      // The crashed engine: it claimed the delivery (lease, attempt) and died before sending.
      const claimed = await claimDeliveries(database.db, clock.now(), 2 * MINUTE, 20);
      expect(claimed).toHaveLength(1);

      const mail = collectingMailer();
      const survivor = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
      clock.advance(MINUTE);
      await survivor.tick();
      expect(receiver.received).toHaveLength(0);

      clock.advance(MINUTE + 1000);
      await survivor.tick();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].headers[WEBHOOK_DELIVERY_HEADER]).toBe(String(claimed[0]));
      const [delivery] = await queryRows<{ status: string; attempts: number; lease_until: string | null }>(
        database.db,
        sql`select status, attempts, lease_until from alert_deliveries where id = ${claimed[0]}`,
      );
      expect(delivery).toEqual({ status: 'sent', attempts: 2, lease_until: null });
      await survivor.tick();
      expect(receiver.received).toHaveLength(1);
      expect(alert.id).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });
});
