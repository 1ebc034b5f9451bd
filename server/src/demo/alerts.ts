import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { alertChannels, alerts, digests } from '../db/schema/index.ts';
import { pgTextArray } from '../domain/alerts/arrays.ts';
import { insertDigestRun } from '../domain/alerts/digest-queries.ts';
import { digestPeriodOf, nextDigestRunAt } from '../domain/alerts/digest-schedule.ts';
import { AlertEngine } from '../domain/alerts/engine.ts';
import { createMailer } from '../mail.ts';

// issue 30: the demo's alerts and digests. They are made before the crawler's first deliveries go through the
// ingestion (demo/incoming.ts), so that batch is queued for them as any batch is; then the engine runs its rounds
// once, as the server would on start: the matches become events, the bell's notifications and mails in the
// outbox, the spike and negative alerts count their last 15 days and are evaluated, and one digest is sent.
// Webhooks and Telegram are left out: the demo points nowhere outside.

type ChannelSpec = { type: 'app' } | { type: 'email'; to: string[] };

interface DemoAlert {
  login: string;
  name: string;
  kind: 'new' | 'spike' | 'negative';
  query?: string;
  theme?: true;
  lomGroup?: true;
  intervalMinutes?: number;
  window?: 'hour' | 'day';
  metric?: 'messages' | 'si' | 'views';
  sensitivity?: 'low' | 'medium' | 'high';
  threshold?: number;
  muted?: boolean;
  email?: true;
}

/** Queries in the words of the crawler's sample (server/data/ingest-sample.ndjson): its posts are what arrives. */
const DEMO_ALERTS: readonly DemoAlert[] = [
  {
    login: 'editor',
    name: 'Ремонт дорог и дворов',
    kind: 'new',
    query: 'ремонт* OR подрядчик*',
    intervalMinutes: 60,
    email: true,
  },
  {
    login: 'editor',
    name: 'Жалобы жителей: доля негатива',
    kind: 'negative',
    query: 'жалуются OR возмущены OR обидно',
    window: 'day',
    threshold: 40,
  },
  {
    login: 'user',
    name: 'Транспорт и маршруты',
    kind: 'new',
    query: 'транспорт NEAR/5 маршрут',
    intervalMinutes: 15,
  },
  {
    login: 'superEditor',
    name: 'Всплеск по главной теме',
    kind: 'spike',
    theme: true,
    window: 'day',
    metric: 'messages',
    sensitivity: 'high',
    email: true,
  },
  {
    login: 'superEditor',
    name: 'Цены на бензин и продукты',
    kind: 'spike',
    query: 'бензин* OR продукты',
    window: 'hour',
    metric: 'messages',
    sensitivity: 'medium',
  },
  {
    login: 'extendedUser',
    name: 'Негатив в группе ЛОМов',
    kind: 'negative',
    lomGroup: true,
    window: 'day',
    threshold: 30,
  },
  {
    login: 'extendedUser',
    name: 'Фельдшерские пункты (на паузе)',
    kind: 'new',
    query: '"фельдшерский пункт"',
    intervalMinutes: 1440,
    muted: true,
  },
];

interface DemoDigest {
  login: string;
  name: string;
  period: 'daily' | 'weekly';
  weekday?: number;
  time: string;
  format: 'xlsx' | 'docx';
  query?: string;
  theme?: true;
  outside?: string;
  sendNow?: true;
}

const DEMO_DIGESTS: readonly DemoDigest[] = [
  {
    login: 'editor',
    name: 'Ежедневная сводка: ремонт',
    period: 'daily',
    time: '09:00',
    format: 'xlsx',
    query: 'ремонт*',
    sendNow: true,
  },
  {
    login: 'superEditor',
    name: 'Недельный обзор главной темы',
    period: 'weekly',
    weekday: 1,
    time: '10:00',
    format: 'docx',
    theme: true,
    outside: 'press@mosreg.example',
  },
];

/** The demo users by login: id and e-mail. */
async function demoUsers(db: Db): Promise<Map<string, { id: number; email: string }>> {
  const rows = await queryRows<{ id: number; username: string; email: string }>(
    db,
    sql`select id, username, email from users`,
  );
  return new Map(rows.map((r) => [r.username, { id: r.id, email: r.email }]));
}

/** The theme with the most messages in the last 15 days (the spike's and the weekly digest's subject). */
async function busiestTheme(db: Db, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select theme_id as id from messages
        where theme_id is not null and wrote_at >= ${new Date(now.getTime() - 15 * 86_400_000).toISOString()}
        group by theme_id order by count(*) desc, theme_id limit 1`,
  );
  return row?.id ?? null;
}

/** The public lom group with the most loms. */
async function biggestPublicGroup(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select g.id from lom_groups g join lom_group_loms l on l.group_id = g.id
        where g.public group by g.id order by count(*) desc, g.id limit 1`,
  );
  return row?.id ?? null;
}

/** The alerts and digests, before the incoming batch. Answers how many of each were made. */
export async function seedAlerts(db: Db, now: Date): Promise<{ alerts: number; digests: number }> {
  const users = await demoUsers(db);
  const themeId = await busiestTheme(db, now);
  const groupId = await biggestPublicGroup(db);
  let alertCount = 0;
  let digestCount = 0;
  await db.transaction(async (tx) => {
    for (const a of DEMO_ALERTS) {
      const owner = users.get(a.login);
      if (!owner || (a.theme && themeId === null) || (a.lomGroup && groupId === null)) continue;
      const [row] = await tx
        .insert(alerts)
        .values({
          userId: owner.id,
          name: a.name,
          kind: a.kind,
          query: a.query ?? null,
          themeId: a.theme ? themeId : null,
          lomGroupId: a.lomGroup ? groupId : null,
          intervalMinutes: a.intervalMinutes ?? null,
          window: a.window ?? null,
          metric: a.metric ?? null,
          sensitivity: a.sensitivity ?? null,
          threshold: a.threshold ?? null,
          muted: a.muted ?? false,
          nextCheckAt: a.kind === 'new' ? null : now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: alerts.id });
      const channels: ChannelSpec[] = [{ type: 'app' }];
      if (a.email) channels.push({ type: 'email', to: [owner.email] });
      await tx.insert(alertChannels).values(
        channels.map((c, position) => ({
          alertId: row.id,
          position,
          type: c.type,
          config: c.type === 'email' ? { to: c.to } : {},
        })),
      );
      alertCount++;
    }
    for (const d of DEMO_DIGESTS) {
      const owner = users.get(d.login);
      if (!owner || (d.theme && themeId === null)) continue;
      const schedule = { period: d.period, weekday: d.weekday ?? null, time: d.time };
      await tx.insert(digests).values({
        userId: owner.id,
        name: d.name,
        period: d.period,
        weekday: d.weekday ?? null,
        time: d.time,
        format: d.format,
        query: d.query ?? null,
        themeId: d.theme ? themeId : null,
        recipients: d.outside ? [owner.email, d.outside] : [owner.email],
        nextRunAt: nextDigestRunAt(schedule, now),
        createdAt: now,
        updatedAt: now,
      });
      digestCount++;
    }
  });
  return { alerts: alertCount, digests: digestCount };
}

/**
 * The engine's rounds over what arrived, at the seed's `now`: evaluations (with the 15-day counts), the inbox and
 * the `new` flush with the deliveries, and the send of the digests marked sendNow. Mail lands in the outbox.
 */
export async function runDemoAlerts(db: Db, now: Date): Promise<{ events: number; notifications: number }> {
  const config = loadConfig();
  const engine = new AlertEngine({
    db,
    config: { ...config, outboundAllowHosts: [] },
    mailer: createMailer(db, { info: () => {} }),
    now: () => now,
    onError: (error, step) => console.warn(`Демо-оповещения: шаг «${step}» не выполнен:`, error),
  });
  await engine.tick();
  await engine.evaluate();
  await engine.tick();
  const sendNow = DEMO_DIGESTS.filter((d) => d.sendNow).map((d) => d.name);
  const due = await queryRows<{ id: number; period: 'daily' | 'weekly' }>(
    db,
    sql`select id, period from digests where name = any(${pgTextArray(sendNow)}::text[])`,
  );
  for (const d of due) await insertDigestRun(db, d.id, now, digestPeriodOf(d.period, now), now);
  await engine.digest();
  const [counts] = await queryRows<{ events: number; notifications: number }>(
    db,
    sql`select (select count(*)::int from alert_events) as events,
               (select count(*)::int from notifications) as notifications`,
  );
  return counts;
}
