import { randomBytes } from 'node:crypto';
import {
  ALERT_LIMITS,
  type AlertChannelInput,
  type AlertCreateBody,
  type AlertEvent,
  type AlertFilters,
  type AlertItem,
  type AlertKind,
  type AlertPatchBody,
  alertProblem,
  EXTERNAL_ALERT_CHANNELS,
  hasPermission,
  type ListEnvelope,
  NAMED_PERMISSION_LABELS,
  pageInfo,
} from '@monitoring/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { TELEGRAM_BOT_TOKEN_KEY } from '../../domain/alerts/app-secret-keys.ts';
import { checkTarget, filtersOfJson, storedFilters } from '../../domain/alerts/target-check.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { createOutboundClient } from '../../http/outbound.ts';
import { EXCERPT_CHARS, presentAlert, presentEvent } from './presenter.ts';
import {
  type AlertRow,
  type AlertValues,
  alertPage,
  type ChannelRow,
  type ChannelValues,
  channelsOf,
  countAlerts,
  countEvents,
  deleteAlertRow,
  eventDeliveries,
  eventMessages,
  eventPage,
  findAlert,
  forgetAlertCounts,
  insertAlert,
  replaceChannels,
  resetChannelFailures,
  telegramBotConfigured,
  updateAlertRow,
} from './queries.ts';

// The alerts API (issue 30, docs/alerts.md): each alert is its owner's alone; someone else's is not found. Saving
// checks what the schema cannot (the target exists and is the owner's to watch, webhook addresses, the right to
// send outside, the Telegram bot) and resets what the engine kept for an old target. Alerts are personal
// settings: they are not written to the action log.

type Context = Pick<AppContext, 'db' | 'config'>;

const EXTERNAL_REFUSAL = `Вебхуки и Telegram требуют права «${NAMED_PERMISSION_LABELS.send_external_alerts}»`;
const NO_TELEGRAM_BOT = 'Бот Telegram не настроен: администратор задаёт токен в «Настройках»';

async function ownAlert(db: Db, userId: number, id: number, lock = false): Promise<AlertRow> {
  const row = await findAlert(db, userId, id, lock);
  if (!row) throw notFound(`Оповещение ${id} не найдено`);
  return row;
}

async function present(db: Db, row: AlertRow): Promise<AlertItem> {
  return presentAlert(row, await channelsOf(db, [row.alert.id]));
}

/** GET alerts/: the caller's alerts, newest first. */
export async function listAlerts(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<ListEnvelope<AlertItem>> {
  const rows = await alertPage(db, userId, page, pageSize);
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await countAlerts(db, userId) : 0;
  const channels = await channelsOf(
    db,
    rows.map((row) => row.alert.id),
  );
  const byAlert = new Map<number, ChannelRow[]>();
  for (const channel of channels)
    byAlert.set(channel.alertId, [...(byAlert.get(channel.alertId) ?? []), channel]);
  return {
    results: rows.map((row) => presentAlert(row, byAlert.get(row.alert.id) ?? [])),
    ...pageInfo(page, pageSize, total),
  };
}

/** GET alerts/{id}/. */
export async function getAlert(db: Db, userId: number, id: number): Promise<AlertItem> {
  return present(db, await ownAlert(db, userId, id));
}

/** The settings of the alert's kind, with defaults for those not given; the other kinds' fields are null. */
function kindSettings(
  kind: AlertKind,
  fields: Pick<AlertCreateBody, 'interval_minutes' | 'window' | 'metric' | 'sensitivity' | 'threshold'>,
): Pick<AlertValues, 'intervalMinutes' | 'window' | 'metric' | 'sensitivity' | 'threshold'> {
  const none = { intervalMinutes: null, window: null, metric: null, sensitivity: null, threshold: null };
  if (kind === 'new')
    return { ...none, intervalMinutes: fields.interval_minutes ?? ALERT_LIMITS.defaultIntervalMinutes };
  if (kind === 'spike')
    return {
      ...none,
      window: fields.window ?? 'hour',
      metric: fields.metric ?? 'messages',
      sensitivity: fields.sensitivity ?? 'medium',
    };
  return {
    ...none,
    window: fields.window ?? 'day',
    threshold: fields.threshold ?? ALERT_LIMITS.defaultThreshold,
  };
}

/**
 * The channels' own checks, in their order: webhooks and Telegram need `send_external_alerts` (403); a webhook
 * address the outbound client would refuse, and a Telegram chat without a bot, answer 400 naming the field.
 */
async function checkChannels(
  ctx: Context,
  user: AuthUser,
  channels: readonly AlertChannelInput[],
): Promise<void> {
  const mayGoOutside = hasPermission(user, 'send_external_alerts');
  const outbound = createOutboundClient({ allow: ctx.config.outboundAllowHosts });
  for (const [i, channel] of channels.entries()) {
    if (EXTERNAL_ALERT_CHANNELS.includes(channel.type) && !mayGoOutside)
      throw forbidden(EXTERNAL_REFUSAL, `channels.${i}.type`);
    if (channel.type === 'webhook') {
      const refusal = await outbound.urlRefusal(channel.url);
      if (refusal) throw badRequest(`Адрес вебхука не принят: ${refusal}`, `channels.${i}.url`);
    }
    if (channel.type === 'telegram' && !(await telegramBotConfigured(ctx.db, TELEGRAM_BOT_TOKEN_KEY)))
      throw badRequest(NO_TELEGRAM_BOT, `channels.${i}.chat_id`);
  }
}

const newSecret = () => randomBytes(32).toString('hex');

/** The channels as stored: a webhook without a secret keeps the one it had, or gets a new one. */
function channelValues(
  channels: readonly AlertChannelInput[],
  stored: readonly ChannelRow[],
): ChannelValues[] {
  return channels.map((channel, position) => {
    if (channel.type === 'email') return { type: 'email', config: { to: channel.to }, position };
    if (channel.type === 'telegram')
      return { type: 'telegram', config: { chat_id: channel.chat_id }, position };
    if (channel.type === 'webhook') {
      const old = stored.find((row) => row.type === 'webhook')?.config as { secret?: unknown } | undefined;
      const given = channel.secret?.trim();
      const secret = given || (typeof old?.secret === 'string' && old.secret ? old.secret : newSecret());
      return { type: 'webhook', config: { url: channel.url, secret }, position };
    }
    return { type: 'app', config: {}, position };
  });
}

/** A stored channel read back as the body would give it (for the checks of a PATCH without channels). */
function channelInput(row: ChannelRow): AlertChannelInput {
  const config = (row.config ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (row.type) {
    case 'email':
      return { type: 'email', to: Array.isArray(config.to) ? config.to.map(text) : [] };
    case 'webhook':
      return { type: 'webhook', url: text(config.url) };
    case 'telegram':
      return { type: 'telegram', chat_id: text(config.chat_id) };
    default:
      return { type: 'app' };
  }
}

/** Filters compared whatever the order of their keys and ids (jsonb keeps its own key order). */
function sameFilters(a: Record<string, number[]>, b: Record<string, number[]>): boolean {
  const canonical = (filters: Record<string, number[]>) =>
    JSON.stringify(
      Object.keys(filters)
        .sort()
        .map((key) => [key, [...filters[key]].sort((x, y) => x - y)]),
    );
  return canonical(a) === canonical(b);
}

/** Spike and negative alerts are evaluated at once after a change; `new` alerts wait for messages. */
const firstCheck = (kind: AlertKind) => (kind === 'new' ? null : new Date());

/** POST alerts/: a new alert of the caller. */
export async function createAlert(ctx: Context, user: AuthUser, body: AlertCreateBody): Promise<AlertItem> {
  const { db } = ctx;
  await checkTarget(db, body, user.id);
  await checkChannels(ctx, user, body.channels);
  const id = await db.transaction(async (tx) => {
    const alertId = await insertAlert(tx, {
      userId: user.id,
      name: body.name,
      kind: body.kind,
      query: body.query || null,
      filters: storedFilters(body.filters),
      themeId: body.theme_id ?? null,
      personalThemeId: body.personal_theme_id ?? null,
      lomGroupId: body.lom_group_id ?? null,
      ...kindSettings(body.kind, body),
      muted: body.muted ?? false,
      nextCheckAt: firstCheck(body.kind),
      countedSince: null,
    });
    await replaceChannels(tx, alertId, channelValues(body.channels, []));
    return alertId;
  });
  return getAlert(db, user.id, id);
}

/**
 * PATCH alerts/{id}/: the stored alert merged with the body, checked whole again. A change of what it watches or
 * of its kind starts its counts anew; every save re-enables the channels. `channels` replaces the set (a type it
 * had keeps its row).
 */
export async function updateAlert(
  ctx: Context,
  user: AuthUser,
  id: number,
  body: AlertPatchBody,
): Promise<AlertItem> {
  const { db } = ctx;
  const before = await ownAlert(db, user.id, id);
  const storedChannels = await channelsOf(db, [id]);
  const stored = before.alert;
  const pick = <K extends keyof AlertPatchBody, V>(key: K, old: V) =>
    body[key] === undefined ? old : (body[key] as NonNullable<AlertPatchBody[K]> | null);
  const merged = {
    kind: body.kind ?? (stored.kind as AlertKind),
    query: (pick('query', stored.query) as string | null) || null,
    filters: storedFilters(
      body.filters === undefined ? (filtersOfJson(stored.filters) as AlertFilters) : body.filters,
    ),
    theme_id: pick('theme_id', stored.themeId) as number | null,
    personal_theme_id: pick('personal_theme_id', stored.personalThemeId) as number | null,
    lom_group_id: pick('lom_group_id', stored.lomGroupId) as number | null,
    channels: body.channels ?? storedChannels.map(channelInput),
  };
  const problem = alertProblem(merged);
  if (problem) throw badRequest(problem.message, problem.field);
  const changedTargets = new Set(
    (['theme_id', 'personal_theme_id', 'lom_group_id'] as const).filter((key) => body[key] != null),
  );
  await checkTarget(db, merged, user.id, changedTargets);
  if (body.channels) await checkChannels(ctx, user, body.channels);

  const targetChanged =
    merged.kind !== stored.kind ||
    merged.query !== stored.query ||
    !sameFilters(merged.filters, filtersOfJson(stored.filters)) ||
    merged.theme_id !== stored.themeId ||
    merged.personal_theme_id !== stored.personalThemeId ||
    merged.lom_group_id !== stored.lomGroupId;
  const settings = kindSettings(merged.kind, {
    interval_minutes: pick('interval_minutes', stored.intervalMinutes) as number | null,
    window: pick('window', stored.window) as AlertCreateBody['window'],
    metric: pick('metric', stored.metric) as AlertCreateBody['metric'],
    sensitivity: pick('sensitivity', stored.sensitivity) as AlertCreateBody['sensitivity'],
    threshold: pick('threshold', stored.threshold) as number | null,
  });

  await db.transaction(async (tx) => {
    await ownAlert(tx, user.id, id, true);
    const values: Partial<AlertValues> = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.muted === undefined ? {} : { muted: body.muted }),
      kind: merged.kind,
      query: merged.query,
      filters: merged.filters,
      themeId: merged.theme_id,
      personalThemeId: merged.personal_theme_id,
      lomGroupId: merged.lom_group_id,
      ...settings,
    };
    if (targetChanged) {
      // What the engine counted was for the old target: it counts the last days again.
      Object.assign(values, { countedSince: null, nextCheckAt: firstCheck(merged.kind) });
      await forgetAlertCounts(tx, id);
    } else if (settings.window !== stored.window) {
      // Another window is due at another time: evaluate it now rather than at the old window's end.
      values.nextCheckAt = firstCheck(merged.kind);
    }
    await updateAlertRow(tx, id, values);
    if (body.channels) await replaceChannels(tx, id, channelValues(body.channels, storedChannels));
    // Muting or unmuting alone leaves a disabled channel disabled: only an edit of the alert re-enables it.
    else if (!onlyMuted(body)) await resetChannelFailures(tx, id);
  });
  return getAlert(db, user.id, id);
}

/** A PATCH that only mutes or unmutes: the mute switch of the list. */
function onlyMuted(body: AlertPatchBody): boolean {
  return Object.keys(body).every((key) => key === 'muted');
}

/** DELETE alerts/{id}/: the alert with its channels, events and deliveries. */
export async function deleteAlert(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteAlertRow(db, userId, id))) throw notFound(`Оповещение ${id} не найдено`);
}

/** GET alerts/{id}/events/: what fired, newest first, with its messages, loms and each channel's delivery. */
export async function listAlertEvents(
  db: Db,
  userId: number,
  id: number,
  page: number,
  pageSize: number,
): Promise<ListEnvelope<AlertEvent>> {
  await ownAlert(db, userId, id);
  const rows = await eventPage(db, id, page, pageSize);
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await countEvents(db, id) : 0;
  const messageIds = [...new Set(rows.flatMap((row) => row.messageIds))];
  const messages = new Map(
    (await eventMessages(db, messageIds, EXCERPT_CHARS + 1)).map((message) => [message.id, message]),
  );
  const deliveries = await eventDeliveries(
    db,
    rows.map((row) => row.id),
  );
  return {
    results: rows.map((row) =>
      presentEvent(
        row,
        messages,
        deliveries.filter((delivery) => delivery.eventId === row.id),
      ),
    ),
    ...pageInfo(page, pageSize, total),
  };
}
