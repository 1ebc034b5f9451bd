import { DIGEST_MAX_ATTEMPTS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import type { Mail, Mailer } from '../../mail.ts';
import { openTestDatabase } from '../../test/database.ts';
import {
  buildDigest,
  buildOwner,
  collectingMailer,
  engineOptions,
  testClock,
} from '../../test/factories-alerts.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { nextDigestRunAt } from './digest-schedule.ts';
import { digestRetryDelayMs } from './digests-run.ts';
import { AlertEngine } from './engine.ts';

// Scheduled digests through the engine (docs/alerts.md "Digests"): one run per due moment whatever the number of
// engines, the report built by the reports' generators and attached, a failing mailer retried and then given up.
let database: Database;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const runsOf = (digestId: number) =>
  queryRows<{
    status: string;
    attempts: number;
    error: string | null;
    message_count: number | null;
    next_attempt_at: string;
    scheduled_for: string;
  }>(
    database.db,
    sql`select status, attempts, error, message_count, next_attempt_at, scheduled_for from digest_runs
         where digest_id = ${digestId} order by id`,
  );

describe('digests', () => {
  it('a due digest gets one run on two engines, its Excel report attached, and its next send scheduled', async () => {
    const owner = await buildOwner(database.db);
    const lom = await buildLom(database.db, { name: 'Мария Школьникова' });
    const clock = testClock(new Date());
    const due = new Date(clock.now().getTime() - MINUTE);
    await buildMessage(database.db, {
      text: 'Школа открылась после ремонта',
      lomId: lom.id,
      wroteAt: new Date(due.getTime() - 2 * 3_600_000),
    });
    await buildMessage(database.db, {
      text: 'В школе новый директор',
      lomId: lom.id,
      wroteAt: new Date(due.getTime() - 3 * 3_600_000),
    });
    // Outside the period (older than a day) and outside the target.
    await buildMessage(database.db, {
      text: 'Школа год назад',
      lomId: lom.id,
      wroteAt: new Date(due.getTime() - 2 * 86_400_000),
    });
    await buildMessage(database.db, {
      text: 'Погода',
      lomId: lom.id,
      wroteAt: new Date(due.getTime() - 3_600_000),
    });
    const digest = await buildDigest(database.db, owner.id, {
      name: 'Школы',
      recipients: ['a@example.test', 'b@example.test'],
      nextRunAt: due,
    });
    const mail = collectingMailer();
    const a = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
    const b = new AlertEngine(engineOptions(database.db, mail.mailer, clock.now));
    await Promise.all([a.digest(), b.digest(), a.digest(), b.digest()]);

    const runs = await runsOf(digest.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'sent', attempts: 1, error: null, message_count: 2 });
    expect(new Date(runs[0].scheduled_for).getTime()).toBe(due.getTime());
    expect(mail.sent.map((m) => m.to).sort()).toEqual(['a@example.test', 'b@example.test']);
    const [first] = mail.sent;
    expect(first.subject).toMatch(/^Дайджест «Школы» за /);
    expect(first.body).toContain('За период: 2 сообщения.');
    expect(first.html).toContain('Дайджест «Школы»');
    expect(first.attachment?.filename).toMatch(/\.xlsx$/);
    expect(first.attachment?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = Buffer.from(first.attachment?.content ?? new Uint8Array());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const [{ next_run_at }] = await queryRows<{ next_run_at: string }>(
      database.db,
      sql`select next_run_at from digests where id = ${digest.id}`,
    );
    expect(new Date(next_run_at).getTime()).toBe(
      nextDigestRunAt({ period: 'daily', weekday: null, time: '09:00' }, clock.now()).getTime(),
    );
    await Promise.all([a.digest(), b.digest()]);
    expect(mail.sent).toHaveLength(2);
  });

  it('a Word digest attaches a .docx', async () => {
    const owner = await buildOwner(database.db);
    const clock = testClock(new Date());
    const digest = await buildDigest(database.db, owner.id, { format: 'docx', nextRunAt: clock.now() });
    const mail = collectingMailer();
    await new AlertEngine(engineOptions(database.db, mail.mailer, clock.now)).digest();
    expect((await runsOf(digest.id))[0].status).toBe('sent');
    expect(mail.sent[0].attachment?.filename).toMatch(/\.docx$/);
    expect(
      Buffer.from(mail.sent[0].attachment?.content ?? new Uint8Array())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('a failing mailer is retried with growing pauses and after the last attempt the run is failed with the error', async () => {
    const owner = await buildOwner(database.db);
    const clock = testClock(new Date());
    const digest = await buildDigest(database.db, owner.id, {
      recipients: ['c@example.test'],
      nextRunAt: clock.now(),
    });
    const tried: Mail[] = [];
    const mailer: Mailer = async (mail) => {
      tried.push(mail);
      throw new Error('SMTP недоступен');
    };
    const engine = new AlertEngine(engineOptions(database.db, mailer, clock.now));
    await engine.digest();
    let [run] = await runsOf(digest.id);
    expect(run).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'Письмо не отправлено: c@example.test (SMTP недоступен)',
    });
    expect(new Date(run.next_attempt_at).getTime() - clock.now().getTime()).toBe(digestRetryDelayMs(1));
    // Not before its pause.
    clock.advance(digestRetryDelayMs(1) - 1000);
    await engine.digest();
    expect(tried).toHaveLength(1);
    for (let attempt = 2; attempt <= DIGEST_MAX_ATTEMPTS; attempt++) {
      clock.advance(digestRetryDelayMs(attempt - 1) + 1000);
      await engine.digest();
      expect(tried).toHaveLength(attempt);
    }
    [run] = await runsOf(digest.id);
    expect(run).toMatchObject({
      status: 'failed',
      attempts: DIGEST_MAX_ATTEMPTS,
      error: 'Письмо не отправлено: c@example.test (SMTP недоступен)',
    });
    clock.advance(24 * 60 * MINUTE);
    await engine.digest();
    // The next day's scheduled send is a new run; the failed one is not tried again.
    expect((await runsOf(digest.id))[0]).toMatchObject({ status: 'failed', attempts: DIGEST_MAX_ATTEMPTS });
  });

  it('an owner who may not read messages gets a failed run with the reason, at once', async () => {
    const owner = await buildOwner(database.db);
    await database.db.execute(sql`update users set ui_permissions = '{}' where id = ${owner.id}`);
    const clock = testClock(new Date());
    const digest = await buildDigest(database.db, owner.id, { nextRunAt: clock.now() });
    const mail = collectingMailer();
    await new AlertEngine(engineOptions(database.db, mail.mailer, clock.now)).digest();
    expect(await runsOf(digest.id)).toMatchObject([
      {
        status: 'failed',
        attempts: 1,
        error: 'Дайджест не собран: У владельца нет права просматривать сообщения',
      },
    ]);
    expect(mail.sent).toHaveLength(0);
  });
});
