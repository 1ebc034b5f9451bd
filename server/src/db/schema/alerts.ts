import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { lomGroups } from './dashboards.ts';
import { personalThemes, themes } from './themes.ts';
import { users } from './users.ts';

// Alerts, notifications and digests (issue 30, docs/alerts.md). The engine (domain/alerts/) matches every ingested
// batch through `alert_inbox`, keeps each alert's hourly counts, and writes events, deliveries and notifications in
// one transaction; deliveries leave through leases, so a crash resends instead of losing.

/** An alert, owned by one user: what it watches, when it speaks (kind) and its state. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** contracts ALERT_KINDS: new, spike, negative. */
    kind: text('kind').notNull(),
    /** A query in the search language, or null. */
    query: text('query'),
    /** contracts AlertFilters: id lists that narrow the query. */
    filters: jsonb('filters').notNull().default({}),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'cascade' }),
    personalThemeId: integer('personal_theme_id').references(() => personalThemes.id, {
      onDelete: 'cascade',
    }),
    lomGroupId: integer('lom_group_id').references(() => lomGroups.id, { onDelete: 'cascade' }),
    /** `new`: at most one notification per this many minutes. */
    intervalMinutes: integer('interval_minutes'),
    /** `spike` and `negative`: hour or day (contracts SPIKE_WINDOWS). */
    window: text('window'),
    /** `spike`: messages, si or views. */
    metric: text('metric'),
    /** `spike`: low, medium or high. */
    sensitivity: text('sensitivity'),
    /** `negative`: the share of negative moods, in percent, at which it fires. */
    threshold: real('threshold'),
    muted: boolean('muted').notNull().default(false),
    lastFiredAt: tstz('last_fired_at'),
    lastEvaluatedAt: tstz('last_evaluated_at'),
    /** The last evaluation in Russian (shown on the alert). */
    lastResult: text('last_result'),
    /** `spike` and `negative`: when the next evaluation is due. */
    nextCheckAt: tstz('next_check_at'),
    /**
     * From when `alert_hour_counts` hold this alert's counts: null until the engine has counted the last 15 days
     * (after a creation or a change of what it watches); from then the batches keep them.
     */
    countedSince: tstz('counted_since'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.id),
    index('alerts_due_idx').on(t.nextCheckAt).where(sql`not ${t.muted} and ${t.kind} <> 'new'`),
  ],
);

/** One delivery channel of an alert, with its failure state. */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** contracts ALERT_CHANNEL_TYPES. */
    type: text('type').notNull(),
    /** {to: [...]} for email, {url, secret} for a webhook, {chat_id} for Telegram, {} for the app. */
    config: jsonb('config').notNull().default({}),
    /** Failed deliveries in a row; a success sets it back to 0. */
    failures: integer('failures').notNull().default(0),
    disabledAt: tstz('disabled_at'),
    disabledReason: text('disabled_reason'),
  },
  (t) => [uniqueIndex('alert_channels_alert_type_uq').on(t.alertId, t.type)],
);

/** Messages committed but not yet matched against the alerts: one row per ingested batch or created message. */
export const alertInbox = pgTable('alert_inbox', {
  id: serial('id').primaryKey(),
  messageIds: integer('message_ids').array().notNull(),
  createdAt: createdAt(),
});

/**
 * Matches of `new` alerts waiting for their notification (grouped by the alert's interval): one row per alert and
 * matched batch, the batch's matching ids in an array. A row per message cost an insert with two foreign keys each
 * (docs/alerts.md "Speed"); a deleted message simply drops out when the flush joins the messages.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    messageIds: integer('message_ids').array().notNull(),
    matchedAt: createdAt(),
  },
  (t) => [index('alert_matches_alert_idx').on(t.alertId)],
);

/** Each alert's own hourly rollup of its matching messages: what the spike and negative evaluations sum. */
export const alertHourCounts = pgTable(
  'alert_hour_counts',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    /** The hour (UTC, whole) of the messages' wrote_at. */
    hour: tstz('hour').notNull(),
    messages: integer('messages').notNull().default(0),
    si: bigint('si', { mode: 'number' }).notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** Messages with a negative mood (2 or 5) when they were matched. */
    negative: integer('negative').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.hour] })],
);

/** What fired: one row per alert and window (the unique key is what makes a notification never repeat). */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The window's identity for the alert: its start for spike and negative, the interval's start for new. */
    windowKey: text('window_key').notNull(),
    windowStart: tstz('window_start').notNull(),
    windowEnd: tstz('window_end').notNull(),
    firedAt: createdAt(),
    summary: text('summary').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    /** The listed messages (the first ones, or those that drive a spike). */
    messageIds: integer('message_ids').array().notNull().default(sql`'{}'`),
    /** The numbers of the evaluation and the driving loms ({id, name, count}). */
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    uniqueIndex('alert_events_window_uq').on(t.alertId, t.windowKey),
    index('alert_events_alert_idx').on(t.alertId, t.id),
  ],
);

/** One event's delivery to one channel: sent under a lease, retried with growing pauses. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => alertChannels.id, { onDelete: 'set null' }),
    channelType: text('channel_type').notNull(),
    /** Where it goes, as shown: the addresses, the webhook's host, the chat. */
    target: text('target').notNull(),
    /** contracts DELIVERY_STATUSES. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** Set while one engine sends it; a send that outlives it (a crash) is taken again. */
    leaseUntil: tstz('lease_until'),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_event_channel_uq').on(t.eventId, t.channelType),
    index('alert_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'failed')`),
  ],
);

/** The bell: a user's in-app notifications. Each insert notifies `notifications` with the user's id. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    eventId: integer('event_id').references(() => alertEvents.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** [{id, text}]: the messages to open from the list. */
    messages: jsonb('messages').notNull().default([]),
    more: integer('more').notNull().default(0),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A scheduled digest: a report of a search, a theme, a personal theme or a lom group, mailed at a Moscow time. */
export const digests = pgTable(
  'digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** daily or weekly. */
    period: text('period').notNull(),
    /** 1 = Monday … 7 = Sunday (weekly). */
    weekday: smallint('weekday'),
    /** Moscow time, HH:MM. */
    time: text('time').notNull(),
    /** xlsx or docx. */
    format: text('format').notNull(),
    query: text('query'),
    filters: jsonb('filters').notNull().default({}),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'cascade' }),
    personalThemeId: integer('personal_theme_id').references(() => personalThemes.id, {
      onDelete: 'cascade',
    }),
    lomGroupId: integer('lom_group_id').references(() => lomGroups.id, { onDelete: 'cascade' }),
    recipients: text('recipients').array().notNull(),
    muted: boolean('muted').notNull().default(false),
    nextRunAt: tstz('next_run_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('digests_user_idx').on(t.userId, t.id),
    index('digests_due_idx').on(t.nextRunAt).where(sql`not ${t.muted}`),
  ],
);

/** One send of a digest: unique per digest and scheduled moment, retried under a lease like a delivery. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    id: serial('id').primaryKey(),
    digestId: integer('digest_id')
      .notNull()
      .references(() => digests.id, { onDelete: 'cascade' }),
    scheduledFor: tstz('scheduled_for').notNull(),
    periodStart: tstz('period_start').notNull(),
    periodEnd: tstz('period_end').notNull(),
    /** contracts DIGEST_RUN_STATUSES. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: tstz('lease_until'),
    messageCount: integer('message_count'),
    error: text('error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('digest_runs_digest_moment_uq').on(t.digestId, t.scheduledFor),
    index('digest_runs_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Secrets an administrator sets in /settings (the Telegram bot's token): one row per key, never answered. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  /** What may be shown about it (the bot's @name). */
  label: text('label'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
