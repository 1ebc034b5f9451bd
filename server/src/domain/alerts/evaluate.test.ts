import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { alertHourCounts, alerts } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/database.ts';
import {
  buildAlert,
  buildOwner,
  collectingMailer,
  engineOptions,
  testClock,
} from '../../test/factories-alerts.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { DAY_MS, HOUR_MS } from '../moscow-calendar.ts';
import { AlertEngine } from './engine.ts';
import { backfillAlerts, backfillFrom, evaluateDueAlerts } from './evaluate.ts';
import { queueForAlerts } from './inbox-queries.ts';
import { runInboxPass } from './matching.ts';
import { spikeWindows } from './spike.ts';

// The spike and negative alerts through the database (docs/alerts.md "Engine"): the hourly counts and a seeded
// baseline fire once per window, a quiet series does not, no history is said so, and the backfill fills 15 days.

/** Ten past the current hour: the window is the last complete hour. */
const NOW = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 10 * 60_000);

const seedCounts = (db: Db, alertId: number, rows: { hour: Date; messages: number; negative?: number }[]) =>
  db.insert(alertHourCounts).values(
    rows.map((r) => ({
      alertId,
      hour: r.hour,
      messages: r.messages,
      si: r.messages * 30,
      views: 0,
      negative: r.negative ?? 0,
    })),
  );

const alertRow = async (db: Db, id: number) =>
  (
    await queryRows<{ last_result: string; next_check_at: string; last_evaluated_at: string | null }>(
      db,
      sql`select last_result, next_check_at, last_evaluated_at from alerts where id = ${id}`,
    )
  )[0];

const eventsOf = (db: Db, id: number) =>
  queryRows<{
    window_key: string;
    summary: string;
    message_count: number;
    message_ids: number[];
    details: Record<string, unknown>;
  }>(
    db,
    sql`select window_key, summary, message_count, message_ids, details from alert_events where alert_id = ${id} order by id`,
  );

const dueNow = (db: Db, id: number, at: Date) =>
  db.update(alerts).set({ nextCheckAt: at }).where(sql`${alerts.id} = ${id}`);

describe('spike and negative alerts over their hourly counts', () => {
  let database: Database;
  let db: Db;
  const { window, baseline } = spikeWindows(NOW, 'hour');

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    // The data began three weeks ago: every baseline day has data.
    await buildMessage(db, { text: 'Старое сообщение', wroteAt: new Date(NOW.getTime() - 21 * DAY_MS) });
  });
  afterAll(() => database.close());

  it('fires once per window with the numbers, the loms that drive it and the top messages', async () => {
    const owner = await buildOwner(db);
    const rising = await buildLom(db, { name: 'Растущий ЛОМ' });
    const steady = await buildLom(db, { name: 'Ровный ЛОМ' });
    const { alert } = await buildAlert(db, owner.id, {
      name: 'Пожары',
      kind: 'spike',
      query: 'пожар',
      window: 'hour',
      metric: 'messages',
      sensitivity: 'medium',
      countedSince: new Date(),
      nextCheckAt: NOW,
    });
    await seedCounts(db, alert.id, [
      ...baseline.map((b, i) => ({ hour: b.start, messages: [4, 5, 6, 5, 5, 4, 6, 5, 5, 4, 6, 5, 5, 5][i] })),
      { hour: window.start, messages: 40 },
    ]);
    // The window's messages (what the drivers read): the rising lom's six, the steady lom's one as every day.
    const inWindow = (minutes: number) => new Date(window.start.getTime() + minutes * 60_000);
    const top: number[] = [];
    for (let i = 0; i < 6; i++)
      top.push(
        (await buildMessage(db, { text: `Пожар ${i}`, lomId: rising.id, wroteAt: inWindow(i), si: 100 - i }))
          .id,
      );
    await buildMessage(db, { text: 'Пожар у соседей', lomId: steady.id, wroteAt: inWindow(30), si: 1 });
    for (const b of baseline)
      await buildMessage(db, {
        text: 'Пожар вчера',
        lomId: steady.id,
        wroteAt: new Date(b.start.getTime() + 60_000),
        si: 1,
      });

    const result = await evaluateDueAlerts(db, NOW);
    expect(result.fired).toBe(1);
    const [event] = await eventsOf(db, alert.id);
    expect(event.window_key).toBe(window.start.toISOString());
    expect(event.summary).toBe(
      'За последний час: 40 сообщений — в 8 раз больше обычного (медиана 5 за тот же час предыдущих 14 дней)',
    );
    expect(event.message_count).toBe(40);
    expect(event.details).toMatchObject({
      metric: 'messages',
      value: 40,
      baseline: 5,
      ratio: 8,
      change_percent: 700,
    });
    expect(event.details.loms).toEqual([{ id: rising.id, name: 'Растущий ЛОМ', count: 6 }]);
    expect(event.message_ids.map(Number).slice(0, 6)).toEqual(top);
    const row = await alertRow(db, alert.id);
    expect(row.last_result).toBe(`Всплеск, оповещение отправлено. ${event.summary}`);
    expect(new Date(row.next_check_at).getTime()).toBe(window.end.getTime() + HOUR_MS + 2 * 60_000);
    const notifications = await queryRows<{ body: string; more: number }>(
      db,
      sql`select body, more from notifications where alert_id = ${alert.id}`,
    );
    expect(notifications).toEqual([{ body: event.summary, more: 33 }]);

    // Due again within the same window (another engine, a restart): no second event, no second notification.
    await dueNow(db, alert.id, NOW);
    expect((await evaluateDueAlerts(db, NOW)).fired).toBe(0);
    expect(await eventsOf(db, alert.id)).toHaveLength(1);
    expect((await alertRow(db, alert.id)).last_result).toBe(
      `Всплеск, об этом окне уже сообщено. ${event.summary}`,
    );
    // Not due: nothing is evaluated.
    expect((await evaluateDueAlerts(db, NOW)).evaluated).toBe(0);
  });

  it('a quiet series does not fire, and says how far it is from a spike', async () => {
    const owner = await buildOwner(db);
    const { alert } = await buildAlert(db, owner.id, {
      kind: 'spike',
      query: 'тишина',
      window: 'hour',
      sensitivity: 'high',
      countedSince: new Date(),
      nextCheckAt: NOW,
    });
    await seedCounts(db, alert.id, [
      ...baseline.map((b) => ({ hour: b.start, messages: 20 })),
      { hour: window.start, messages: 24 },
    ]);
    await evaluateDueAlerts(db, NOW);
    expect(await eventsOf(db, alert.id)).toEqual([]);
    expect((await alertRow(db, alert.id)).last_result).toBe(
      'Всплеска нет. За последний час: 24 сообщения — на 20 % больше обычного (медиана 20 за тот же час предыдущих 14 дней)',
    );
  });

  it('a negative alert fires when the share crosses the threshold, not again while it stays above', async () => {
    const owner = await buildOwner(db);
    const { alert } = await buildAlert(db, owner.id, {
      name: 'Негатив',
      kind: 'negative',
      query: 'дороги',
      window: 'day',
      threshold: 30,
      countedSince: new Date(),
      nextCheckAt: NOW,
    });
    const day = (offset: number) => spikeWindows(new Date(NOW.getTime() + offset * DAY_MS), 'day').window;
    // Yesterday 8 of 20 negative, then 9 of 20, then 2 of 20, then 10 of 20.
    const shares = [8, 9, 2, 10];
    await seedCounts(
      db,
      alert.id,
      shares.map((negative, i) => ({
        hour: new Date(day(i).start.getTime() + 9 * HOUR_MS),
        messages: 20,
        negative,
      })),
    );
    const results: string[] = [];
    for (let i = 0; i < shares.length; i++) {
      const at = new Date(day(i).end.getTime() + 5 * 60_000);
      await dueNow(db, alert.id, at);
      await evaluateDueAlerts(db, at);
      results.push((await alertRow(db, alert.id)).last_result);
    }
    const events = await eventsOf(db, alert.id);
    expect(events.map((e) => e.window_key)).toEqual([day(0).start.toISOString(), day(3).start.toISOString()]);
    expect(events[0].details).toMatchObject({ value: 8, share: 0.4, threshold: 30 });
    expect(results[0]).toMatch(
      /^Доля негатива выше порога, оповещение отправлено\. За сутки .*: доля негатива 40 % \(8 из 20 сообщений\), порог 30 %$/,
    );
    expect(results[1]).toMatch(/^Доля негатива всё ещё выше порога/);
    expect(results[2]).toMatch(/^Доля негатива ниже порога\. .*доля негатива 10 %/);
    expect(results[3]).toMatch(/^Доля негатива выше порога, оповещение отправлено\. .*50 %/);
  });
});

describe('history', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('without history the evaluation says so and nothing fires', async () => {
    const owner = await buildOwner(db);
    const { window } = spikeWindows(NOW, 'hour');
    // The only data is in the window: every baseline day lies before the data began.
    await buildMessage(db, { text: 'Первое сообщение', wroteAt: window.start });
    const { alert } = await buildAlert(db, owner.id, {
      kind: 'spike',
      query: 'новое',
      window: 'hour',
      countedSince: new Date(),
      nextCheckAt: NOW,
    });
    await seedCounts(db, alert.id, [{ hour: window.start, messages: 50 }]);
    await evaluateDueAlerts(db, NOW);
    expect(await eventsOf(db, alert.id)).toEqual([]);
    expect((await alertRow(db, alert.id)).last_result).toBe(
      'Нет истории для сравнения. За последний час: 50 сообщений — сравнить не с чем, истории меньше 7 дней',
    );
  });

  it('the backfill fills the last 15 days from the messages, once; later batches add only what is new', async () => {
    const owner = await buildOwner(db);
    const lom = await buildLom(db);
    const from = backfillFrom(NOW);
    const at = (ms: number) => new Date(ms);
    // Inside: three on one hour, one on the first hour of the range, one two days ago; outside: before the range,
    // in the trash, not matching.
    const hourA = at(Math.floor((NOW.getTime() - 3 * DAY_MS) / HOUR_MS) * HOUR_MS);
    const inside = [
      await buildMessage(db, {
        text: 'Ярмарка открылась',
        lomId: lom.id,
        wroteAt: at(hourA.getTime() + 60_000),
        mood: 2,
      }),
      await buildMessage(db, {
        text: 'На ярмарке людно',
        lomId: lom.id,
        wroteAt: at(hourA.getTime() + 120_000),
      }),
      await buildMessage(db, {
        text: 'Ярмарки по выходным',
        lomId: lom.id,
        wroteAt: at(hourA.getTime() + 180_000),
      }),
      await buildMessage(db, { text: 'Ярмарка в первый час', lomId: lom.id, wroteAt: from }),
      await buildMessage(db, {
        text: 'Ярмарка позавчера',
        lomId: lom.id,
        wroteAt: at(NOW.getTime() - 2 * DAY_MS),
      }),
    ];
    await buildMessage(db, { text: 'Старая ярмарка', lomId: lom.id, wroteAt: at(from.getTime() - 1) });
    await buildMessage(db, { text: 'Ярмарка в корзине', lomId: lom.id, trash: true, wroteAt: hourA });
    await buildMessage(db, { text: 'Рынок', lomId: lom.id, wroteAt: hourA });
    const { alert } = await buildAlert(db, owner.id, {
      kind: 'spike',
      query: 'ярмарка',
      window: 'hour',
      nextCheckAt: NOW,
    });
    // The engine's evaluation round backfills first, then evaluates.
    const engine = new AlertEngine(engineOptions(db, collectingMailer().mailer, testClock(NOW).now));
    const round = await engine.evaluate();
    expect(round.backfilled).toBe(1);
    expect(round.evaluation.evaluated).toBeGreaterThanOrEqual(1);
    const counts = async () =>
      (
        await queryRows<{ hour: string; messages: number; negative: number }>(
          db,
          sql`select hour, messages, negative from alert_hour_counts where alert_id = ${alert.id} order by hour`,
        )
      ).map((r) => ({ hour: new Date(r.hour).toISOString(), messages: r.messages, negative: r.negative }));
    const hourOf = (m: { wroteAt: Date }) =>
      at(Math.floor(m.wroteAt.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    expect(await counts()).toEqual(
      [
        { hour: hourOf(inside[3]), messages: 1, negative: 0 },
        { hour: hourA.toISOString(), messages: 3, negative: 1 },
        { hour: hourOf(inside[4]), messages: 1, negative: 0 },
      ].sort((a, b) => a.hour.localeCompare(b.hour)),
    );
    const [{ counted_since }] = await queryRows<{ counted_since: string | null }>(
      db,
      sql`select counted_since from alerts where id = ${alert.id}`,
    );
    expect(counted_since).not.toBeNull();
    // Done once: another round does not count again.
    expect(await backfillAlerts(db, NOW)).toBe(0);

    // A batch with an already counted message and a new one: only the new one is added.
    const fresh = await buildMessage(db, {
      text: 'Снова ярмарка',
      lomId: lom.id,
      wroteAt: at(hourA.getTime() + 240_000),
    });
    await queueForAlerts(db, [inside[0].id, fresh.id]);
    await runInboxPass(db, NOW);
    expect((await counts()).find((c) => c.hour === hourA.toISOString())).toEqual({
      hour: hourA.toISOString(),
      messages: 4,
      negative: 1,
    });
  });
});
