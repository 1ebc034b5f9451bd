import { apiPath, DIGEST_PATHS } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestRuns, digests } from '../../db/schema/index.ts';
import { nextDigestRunAt } from '../../domain/alerts/digest-schedule.ts';
import { MOSCOW_OFFSET_MS } from '../../domain/moscow-calendar.ts';
import { buildUser } from '../../test/factories.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let superEditor: UserCaller;
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

const detail = (id: number) => apiPath(DIGEST_PATHS.detail, { id });
const runs = (id: number) => apiPath(DIGEST_PATHS.runs, { id });
const send = (id: number) => apiPath(DIGEST_PATHS.send, { id });

/** The Moscow wall-clock time of an instant, HH:MM. */
const moscowTime = (iso: string) => new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString().slice(11, 16);
/** The ISO weekday of an instant in Moscow (1 = Monday). */
const moscowWeekday = (iso: string) => {
  const d = new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).getUTCDay();
  return d === 0 ? 7 : d;
};

const base = {
  name: 'Утренний дайджест',
  period: 'daily',
  time: '09:00',
  format: 'xlsx',
  query: 'губернатор',
  recipients: ['desk@example.test'],
};

async function create(caller: UserCaller, body: Record<string, unknown>) {
  const res = await caller.post(DIGEST_PATHS.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; next_run_at: string } & Record<string, unknown>;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(digests).where(eq(digests.id, id));
  return row;
}

describe('digests: create, read, own only', () => {
  it('creates a daily digest due at its next Moscow time; only its owner sees it', async () => {
    const before = Date.now();
    const item = await create(superEditor, { ...base, recipients: [superEditor.user.email] });
    expect(item).toMatchObject({
      name: 'Утренний дайджест',
      period: 'daily',
      weekday: null,
      time: '09:00',
      format: 'xlsx',
      query: 'губернатор',
      filters: {},
      target_label: 'Запрос: губернатор',
      recipients: [superEditor.user.email],
      muted: false,
      last_run: null,
    });
    const next = Date.parse(item.next_run_at);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(24 * 3600_000);
    expect(moscowTime(item.next_run_at)).toBe('09:00');

    expect((await superEditor.get(detail(item.id))).json()).toEqual(item);
    expect(
      (await superEditor.get(DIGEST_PATHS.list)).json().results.map((d: { id: number }) => d.id),
    ).toContain(item.id);
    expect(
      (await stranger.get(DIGEST_PATHS.list)).json().results.map((d: { id: number }) => d.id),
    ).not.toContain(item.id);
    for (const res of [
      await stranger.get(detail(item.id)),
      await stranger.patch(detail(item.id), { name: 'Чужой' }),
      await stranger.delete(detail(item.id)),
      await stranger.get(runs(item.id)),
      await stranger.post(send(item.id)),
    ])
      expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(digestRuns).where(eq(digestRuns.digestId, item.id))).toHaveLength(0);
  });

  it('a weekly digest goes on its weekday, and needs one', async () => {
    expectBad(await superEditor.post(DIGEST_PATHS.list, { ...base, period: 'weekly' }), 'weekday');
    const item = await create(superEditor, {
      ...base,
      period: 'weekly',
      weekday: 3,
      time: '18:30',
      format: 'docx',
    });
    expect(moscowWeekday(item.next_run_at)).toBe(3);
    expect(moscowTime(item.next_run_at)).toBe('18:30');
    expect(Date.parse(item.next_run_at) - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    // A daily digest keeps no weekday.
    expect((await create(superEditor, { ...base, weekday: 5 })).weekday).toBeNull();
  });
});

describe('digests: bad input and recipients', () => {
  it('answers 400 naming the field: a bad address, an unknown theme, a bad time, no target', async () => {
    const before = (await t.db.select().from(digests).where(eq(digests.userId, superEditor.user.id))).length;
    expectBad(
      await superEditor.post(DIGEST_PATHS.list, { ...base, recipients: ['ok@example.test', 'плохой'] }),
      'recipients.1',
    );
    expectBad(await superEditor.post(DIGEST_PATHS.list, { ...base, recipients: [] }), 'recipients');
    expectBad(
      await superEditor.post(DIGEST_PATHS.list, { ...base, query: null, theme_id: 999_999 }),
      'theme_id',
    );
    expectBad(await superEditor.post(DIGEST_PATHS.list, { ...base, time: '25:00' }), 'time');
    expectBad(await superEditor.post(DIGEST_PATHS.list, { ...base, query: null }), 'query');
    expectBad(await superEditor.post(DIGEST_PATHS.list, { ...base, query: 'губернатор AND (' }), 'query');
    expect((await t.db.select().from(digests).where(eq(digests.userId, superEditor.user.id))).length).toBe(
      before,
    );
  });

  it('addresses outside the product need send_external_alerts: 403 naming recipients', async () => {
    const colleague = await buildUser(t.db, { email: 'Colleague@Example.test' });
    const former = await buildUser(t.db, { email: 'former@example.test', isActive: false });
    expect(
      (await create(editor, { ...base, recipients: ['colleague@example.test', editor.user.email] }))
        .recipients,
    ).toEqual(['colleague@example.test', editor.user.email]);
    const refused = expectBad(
      await editor.post(DIGEST_PATHS.list, { ...base, recipients: ['outsider@example.org'] }),
      'recipients',
      403,
    );
    expect(refused.message).toContain('outsider@example.org');
    expectBad(
      await editor.post(DIGEST_PATHS.list, { ...base, recipients: [former.email] }),
      'recipients',
      403,
    );
    await create(superEditor, { ...base, recipients: ['outsider@example.org'] });
    const item = await create(editor, { ...base, recipients: [colleague.email.toLowerCase()] });
    expectBad(
      await editor.patch(detail(item.id), { recipients: ['outsider@example.org'] }),
      'recipients',
      403,
    );
    expect((await stored(item.id)).recipients).toEqual(['colleague@example.test']);
  });
});

describe('digests: PATCH and DELETE', () => {
  it('moves next_run_at when the schedule changes, not otherwise; a muted digest keeps it', async () => {
    const item = await create(superEditor, { ...base, recipients: ['a@example.test'] });
    const marker = new Date('2030-01-01T06:00:00Z');
    await t.db.update(digests).set({ nextRunAt: marker }).where(eq(digests.id, item.id));

    const renamed = (
      await superEditor.patch(detail(item.id), { name: 'Вечерний', muted: true, format: 'docx' })
    ).json();
    expect(renamed).toMatchObject({
      name: 'Вечерний',
      muted: true,
      format: 'docx',
      next_run_at: marker.toISOString(),
    });

    const asked = new Date();
    const moved = (await superEditor.patch(detail(item.id), { time: '21:15' })).json();
    expect(moved.time).toBe('21:15');
    expect(moved.next_run_at).toBe(
      nextDigestRunAt({ period: 'daily', weekday: null, time: '21:15' }, asked).toISOString(),
    );
    expect(moscowTime(moved.next_run_at)).toBe('21:15');

    expectBad(await superEditor.patch(detail(item.id), { period: 'weekly' }), 'weekday');
    const weekly = (await superEditor.patch(detail(item.id), { period: 'weekly', weekday: 7 })).json();
    expect(moscowWeekday(weekly.next_run_at)).toBe(7);
    const daily = (await superEditor.patch(detail(item.id), { period: 'daily' })).json();
    expect(daily.weekday).toBeNull();

    const theme = await buildTheme(t.db, { name: 'Дороги' });
    expectBad(await superEditor.patch(detail(item.id), { theme_id: theme.id }), 'theme_id');
    const themed = (await superEditor.patch(detail(item.id), { query: null, theme_id: theme.id })).json();
    expect(themed).toMatchObject({ theme_id: theme.id, query: null, target_label: 'Тема: Дороги' });
  });

  it('deletes the digest with its runs', async () => {
    const item = await create(superEditor, { ...base, recipients: ['a@example.test'] });
    expect((await superEditor.post(send(item.id))).statusCode).toBe(201);
    expect((await superEditor.delete(detail(item.id))).statusCode).toBe(204);
    expect((await superEditor.get(detail(item.id))).statusCode).toBe(404);
    expect(await t.db.select().from(digestRuns).where(eq(digestRuns.digestId, item.id))).toHaveLength(0);
  });
});

describe('digests: send now and runs', () => {
  it('queues a run of the period that ends now, once; lists runs newest first; last_run is the newest', async () => {
    const item = await create(superEditor, {
      ...base,
      period: 'weekly',
      weekday: 1,
      recipients: ['a@example.test'],
    });
    const before = Date.now();
    const res = await superEditor.post(send(item.id));
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json();
    expect(run).toMatchObject({
      status: 'pending',
      attempts: 0,
      message_count: null,
      error: null,
      sent_at: null,
    });
    const at = Date.parse(run.scheduled_for);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(run.period_end).toBe(run.scheduled_for);
    expect(at - Date.parse(run.period_start)).toBe(7 * 24 * 3600_000);
    expect(run.next_attempt_at).toBe(run.scheduled_for);

    // Pressed again while it waits for its first attempt: nothing new.
    expect((await superEditor.post(send(item.id))).statusCode).toBe(409);
    expect(await t.db.select().from(digestRuns).where(eq(digestRuns.digestId, item.id))).toHaveLength(1);

    const [older] = await t.db
      .insert(digestRuns)
      .values({
        digestId: item.id,
        scheduledFor: new Date('2026-01-05T06:00:00Z'),
        periodStart: new Date('2025-12-29T06:00:00Z'),
        periodEnd: new Date('2026-01-05T06:00:00Z'),
        status: 'failed',
        attempts: 5,
        error: 'SMTP: соединение отклонено',
      })
      .returning();
    const list = (await superEditor.get(runs(item.id))).json();
    expect(list.elements_count).toBe(2);
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([run.id, older.id]);
    expect(list.results[1]).toMatchObject({
      status: 'failed',
      error: 'SMTP: соединение отклонено',
      next_attempt_at: null,
    });
    expect((await superEditor.get(detail(item.id))).json().last_run).toEqual({
      status: 'pending',
      at: run.scheduled_for,
      error: null,
    });

    // Once sent, a new send may be asked for, and the item shows the send.
    const sentAt = new Date();
    await t.db
      .update(digestRuns)
      .set({ status: 'sent', attempts: 1, sentAt, messageCount: 12 })
      .where(eq(digestRuns.id, run.id));
    expect((await superEditor.get(detail(item.id))).json().last_run).toEqual({
      status: 'sent',
      at: sentAt.toISOString(),
      error: null,
    });
    const again = await superEditor.post(send(item.id));
    expect(again.statusCode, again.body).toBe(201);
    expect((await superEditor.get(runs(item.id), { page_size: 1 })).json().results[0].id).toBe(
      again.json().id,
    );
  });
});
