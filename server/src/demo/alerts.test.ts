import { ALERT_PATHS, AUTH_PATHS, apiPath, DIGEST_PATHS, NOTIFICATION_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createKit, type Kit } from '../test/kit.ts';

// The demo's alerts (demo/alerts.ts): made before the incoming batch, fired by the engine's rounds at the seed.
describe('demo alerts', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit({}, { demo: { messages: 1500, seed: 11 } });
  }, 240_000);
  afterAll(() => kit?.close());

  /** The demo's own account (not the kit's copy), signed in with the README's password. */
  async function demoLogin(login: string) {
    const res = await kit.anonymous.post(AUTH_PATHS.login, { username: login, password: 'demo12345' });
    return kit.withToken(res.json().token);
  }

  it('gives the demo users alerts of every kind that the incoming batch fired, and a bell with them', async () => {
    const editor = await demoLogin('editor');
    const list = (await editor.get(ALERT_PATHS.list)).json();
    expect(list.results.map((a: { kind: string }) => a.kind).sort()).toEqual(['negative', 'new']);
    const repairs = list.results.find((a: { name: string }) => a.name === 'Ремонт дорог и дворов');
    expect(repairs.last_fired_at).not.toBeNull();

    const events = (await editor.get(apiPath(ALERT_PATHS.events, { id: repairs.id }))).json();
    expect(events.results).toHaveLength(1);
    const [event] = events.results;
    expect(event.message_count).toBeGreaterThan(0);
    expect(event.messages.length).toBe(Math.min(10, event.message_count));
    for (const m of event.messages) expect(m.text.toLowerCase()).toMatch(/ремонт|подрядчик/);
    // The app channel rang the bell; the mail went to the outbox (no SMTP in the demo).
    expect(
      event.deliveries.map((d: { channel_type: string; status: string }) => [d.channel_type, d.status]),
    ).toEqual([
      ['app', 'sent'],
      ['email', 'sent'],
    ]);
    const bell = (await editor.get(NOTIFICATION_PATHS.list)).json();
    expect(bell.unread).toBeGreaterThan(0);
    expect(bell.results.some((n: { title: string }) => n.title === 'Ремонт дорог и дворов')).toBe(true);
  });

  it('counts the spike and negative alerts over 15 days and evaluates them; the muted one stays silent', async () => {
    const rows = await queryRows<{
      name: string;
      kind: string;
      counted: boolean;
      evaluated: boolean;
      events: number;
    }>(
      kit.db,
      sql`select a.name, a.kind, a.counted_since is not null as counted, a.last_evaluated_at is not null as evaluated,
            (select count(*)::int from alert_events e where e.alert_id = a.id) as events
          from alerts a order by a.id`,
    );
    for (const r of rows.filter((r) => r.kind !== 'new')) {
      expect(r, r.name).toMatchObject({ counted: true, evaluated: true });
    }
    expect(rows.find((r) => r.name.includes('на паузе'))?.events).toBe(0);
  });

  it('sent the editor’s digest with its Excel file, and schedules the next', async () => {
    const editor = await demoLogin('editor');
    const [digest] = (await editor.get(DIGEST_PATHS.list)).json().results;
    expect(digest.next_run_at).not.toBeNull();
    const runs = (await editor.get(apiPath(DIGEST_PATHS.runs, { id: digest.id }))).json();
    expect(runs.results.map((r: { status: string }) => r.status)).toEqual(['sent']);
    const [mail] = await queryRows<{ name: string; size: number }>(
      kit.db,
      sql`select attachment_name as name, length(attachment)::int as size from mail_outbox
          where attachment is not null order by id limit 1`,
    );
    expect(mail.name).toMatch(/\.xlsx$/);
    expect(mail.size).toBeGreaterThan(1000);
  });
});
