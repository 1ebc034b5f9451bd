import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alertChannels,
  alertDeliveries,
  alertEvents,
  alertHourCounts,
  alertMatches,
  alerts,
  appSecrets,
  lomGroups,
  loms,
  messages,
  personalThemes,
  themes,
} from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the alerts API: always the caller's own alerts (an alert of someone else is not found), their channels,
// and what fired with its deliveries.

export type AlertValues = Omit<typeof alerts.$inferInsert, 'id' | 'createdAt'>;
export type ChannelRow = typeof alertChannels.$inferSelect;
export type EventRow = typeof alertEvents.$inferSelect;
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

const alertColumns = {
  alert: alerts,
  themeName: themes.name,
  personalThemeName: personalThemes.name,
  lomGroupTitle: lomGroups.title,
};

/** The alert with the names of what it watches. */
export type AlertRow = {
  alert: typeof alerts.$inferSelect;
  themeName: string | null;
  personalThemeName: string | null;
  lomGroupTitle: string | null;
};

function selectAlerts(db: Db) {
  return db
    .select(alertColumns)
    .from(alerts)
    .leftJoin(themes, eq(themes.id, alerts.themeId))
    .leftJoin(personalThemes, eq(personalThemes.id, alerts.personalThemeId))
    .leftJoin(lomGroups, eq(lomGroups.id, alerts.lomGroupId));
}

/** One page of the user's alerts, newest first, with the total. */
export async function alertPage(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<(AlertRow & { total: number })[]> {
  return db
    .select({ ...alertColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(alerts)
    .leftJoin(themes, eq(themes.id, alerts.themeId))
    .leftJoin(personalThemes, eq(personalThemes.id, alerts.personalThemeId))
    .leftJoin(lomGroups, eq(lomGroups.id, alerts.lomGroupId))
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

/** How many alerts the user has (a page past the end still says the total). */
export async function countAlerts(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(eq(alerts.userId, userId));
  return row?.n ?? 0;
}

/** The user's alert; `lock` takes its row for an update in a transaction. */
export async function findAlert(
  db: Db,
  userId: number,
  id: number,
  lock = false,
): Promise<AlertRow | undefined> {
  if (lock) {
    // Row locks cannot be taken through the outer joins: lock the alert alone first.
    await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .for('update');
  }
  const [row] = await selectAlerts(db).where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  return row;
}

/** The channels of these alerts, in their order. */
export function channelsOf(db: Db, alertIds: readonly number[]): Promise<ChannelRow[]> {
  if (alertIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(alertChannels)
    .where(inArray(alertChannels.alertId, [...alertIds]))
    .orderBy(asc(alertChannels.alertId), asc(alertChannels.position), asc(alertChannels.id));
}

export async function insertAlert(db: Db, values: AlertValues): Promise<number> {
  const [row] = await db.insert(alerts).values(values).returning({ id: alerts.id });
  return row.id;
}

export async function updateAlertRow(db: Db, id: number, values: Partial<AlertValues>): Promise<void> {
  await db
    .update(alerts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(alerts.id, id));
}

export interface ChannelValues {
  type: string;
  config: Record<string, unknown>;
  position: number;
}

/**
 * The alert's channels become exactly `channels`: a type it already has keeps its row (and id) with the new
 * config; the others are added or removed. Every channel starts again without failures and enabled.
 */
export async function replaceChannels(
  db: Db,
  alertId: number,
  channels: readonly ChannelValues[],
): Promise<void> {
  const types = channels.map((channel) => channel.type);
  await db
    .delete(alertChannels)
    .where(
      types.length > 0
        ? and(eq(alertChannels.alertId, alertId), notInArray(alertChannels.type, types))
        : eq(alertChannels.alertId, alertId),
    );
  if (channels.length === 0) return;
  await db
    .insert(alertChannels)
    .values(channels.map((channel) => ({ alertId, ...channel })))
    .onConflictDoUpdate({
      target: [alertChannels.alertId, alertChannels.type],
      set: {
        config: sql`excluded.config`,
        position: sql`excluded.position`,
        failures: 0,
        disabledAt: null,
        disabledReason: null,
      },
    });
}

/** Saving an alert re-enables its channels and forgets their failures. */
export async function resetChannelFailures(db: Db, alertId: number): Promise<void> {
  await db
    .update(alertChannels)
    .set({ failures: 0, disabledAt: null, disabledReason: null })
    .where(eq(alertChannels.alertId, alertId));
}

/** What the engine kept for the alert's old target: its hourly counts and the matches waiting to be told. */
export async function forgetAlertCounts(db: Db, alertId: number): Promise<void> {
  await db.delete(alertHourCounts).where(eq(alertHourCounts.alertId, alertId));
  await db.delete(alertMatches).where(eq(alertMatches.alertId, alertId));
}

/** Deletes the user's alert (its channels, events and deliveries go with it); false when there was none. */
export async function deleteAlertRow(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** One page of the alert's events, newest first, with the total. */
export function eventPage(
  db: Db,
  alertId: number,
  page: number,
  pageSize: number,
): Promise<(EventRow & { total: number })[]> {
  return db
    .select({
      id: alertEvents.id,
      alertId: alertEvents.alertId,
      kind: alertEvents.kind,
      windowKey: alertEvents.windowKey,
      windowStart: alertEvents.windowStart,
      windowEnd: alertEvents.windowEnd,
      firedAt: alertEvents.firedAt,
      summary: alertEvents.summary,
      messageCount: alertEvents.messageCount,
      messageIds: alertEvents.messageIds,
      details: alertEvents.details,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(alertEvents)
    .where(eq(alertEvents.alertId, alertId))
    .orderBy(desc(alertEvents.firedAt), desc(alertEvents.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countEvents(db: Db, alertId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(alertEvents)
    .where(eq(alertEvents.alertId, alertId));
  return row?.n ?? 0;
}

export interface EventMessageRow {
  id: number;
  /** The first EXCERPT_CHARS characters of the text (the presenter cuts them at a word). */
  text: string;
  lomName: string | null;
  wroteAt: Date;
  url: string | null;
}

/** The listed messages of events, by id (those deleted since are missing). */
export function eventMessages(db: Db, ids: readonly number[], chars: number): Promise<EventMessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: messages.id,
      text: sql<string>`left(${messages.text}, ${chars})`,
      lomName: sql<string | null>`coalesce(${loms.name}, ${messages.lomName})`,
      wroteAt: messages.wroteAt,
      url: messages.url,
    })
    .from(messages)
    .leftJoin(loms, eq(loms.id, messages.lomId))
    .where(inArray(messages.id, [...ids]));
}

/** The deliveries of these events, in the order they were made. */
export function eventDeliveries(db: Db, eventIds: readonly number[]): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.eventId, [...eventIds]))
    .orderBy(asc(alertDeliveries.eventId), asc(alertDeliveries.id));
}

/** Whether an administrator set the Telegram bot's token (app_secrets 'telegram_bot_token'). */
export async function telegramBotConfigured(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: appSecrets.key })
    .from(appSecrets)
    .where(eq(appSecrets.key, key))
    .limit(1);
  return rows.length > 0;
}
