import {
  ALERT_CHANNEL_TYPES,
  ALERT_KINDS,
  type AlertChannel,
  type AlertChannelType,
  type AlertDelivery,
  type AlertEvent,
  type AlertEventMessage,
  type AlertItem,
  type AlertKind,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  SPIKE_METRICS,
  SPIKE_SENSITIVITIES,
  SPIKE_WINDOWS,
} from '@monitoring/contracts';
import { filtersOfJson } from '../../domain/alerts/target-check.ts';
import { targetLabel } from '../../domain/alerts/target-label.ts';
import type { AlertRow, ChannelRow, DeliveryRow, EventMessageRow, EventRow } from './queries.ts';

/** An event lists the first words of each message: this many characters at most, cut at a word. */
export const EXCERPT_CHARS = 200;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A channel as its owner sees it: its settings (the webhook's secret too) and its failure state. */
export function presentChannel(row: ChannelRow): AlertChannel {
  const config = (row.config ?? {}) as Record<string, unknown>;
  const settings: Partial<AlertChannel> = {};
  if (row.type === 'email')
    settings.to = Array.isArray(config.to) ? config.to.filter((a) => typeof a === 'string') : [];
  if (row.type === 'webhook') {
    settings.url = text(config.url) ?? '';
    const secret = text(config.secret);
    if (secret !== undefined) settings.secret = secret;
  }
  if (row.type === 'telegram') settings.chat_id = text(config.chat_id) ?? '';
  return {
    id: row.id,
    type: (oneOf(ALERT_CHANNEL_TYPES, row.type) ?? 'app') as AlertChannelType,
    ...settings,
    failures: row.failures,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
  };
}

export function presentAlert(row: AlertRow, channels: readonly ChannelRow[]): AlertItem {
  const { alert } = row;
  const filters = filtersOfJson(alert.filters);
  return {
    id: alert.id,
    name: alert.name,
    kind: (oneOf(ALERT_KINDS, alert.kind) ?? 'new') as AlertKind,
    query: alert.query,
    filters,
    theme_id: alert.themeId,
    personal_theme_id: alert.personalThemeId,
    lom_group_id: alert.lomGroupId,
    target_label: targetLabel({
      query: alert.query,
      filters,
      themeId: alert.themeId,
      themeName: row.themeName,
      personalThemeId: alert.personalThemeId,
      personalThemeName: row.personalThemeName,
      lomGroupId: alert.lomGroupId,
      lomGroupTitle: row.lomGroupTitle,
    }),
    interval_minutes: alert.intervalMinutes,
    window: oneOf(SPIKE_WINDOWS, alert.window),
    metric: oneOf(SPIKE_METRICS, alert.metric),
    sensitivity: oneOf(SPIKE_SENSITIVITIES, alert.sensitivity),
    threshold: alert.threshold,
    muted: alert.muted,
    channels: channels.map(presentChannel),
    last_fired_at: iso(alert.lastFiredAt),
    last_evaluated_at: iso(alert.lastEvaluatedAt),
    last_result: alert.lastResult,
    created_at: alert.createdAt.toISOString(),
    updated_at: alert.updatedAt.toISOString(),
  };
}

/** The first words of a text: whitespace folded, at most EXCERPT_CHARS characters, cut at a word with «…». */
export function excerpt(full: string, chars = EXCERPT_CHARS): string {
  const folded = full.replace(/\s+/g, ' ').trim();
  if (folded.length <= chars) return folded;
  const cut = folded.slice(0, chars);
  const space = cut.lastIndexOf(' ');
  return `${(space > chars * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function presentEventMessage(row: EventMessageRow): AlertEventMessage {
  return {
    id: row.id,
    text: excerpt(row.text),
    lom_name: row.lomName,
    wrote_at: row.wroteAt.toISOString(),
    url: row.url,
  };
}

export function presentDelivery(row: DeliveryRow): AlertDelivery {
  const status = (oneOf(DELIVERY_STATUSES, row.status) ?? 'pending') as DeliveryStatus;
  return {
    id: row.id,
    channel_type: (oneOf(ALERT_CHANNEL_TYPES, row.channelType) ?? 'app') as AlertChannelType,
    target: row.target,
    status,
    attempts: row.attempts,
    last_error: row.lastError,
    // Only a delivery still to be tried has a next attempt.
    next_attempt_at: status === 'pending' || status === 'failed' ? iso(row.nextAttemptAt) : null,
    sent_at: iso(row.sentAt),
  };
}

/** The loms that drive a spike, as the engine stored them in the event's details ({id, name, count}). */
function lomsOfDetails(details: unknown): AlertEvent['loms'] {
  const list = (details as { loms?: unknown } | null)?.loms;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const { id, name, count } = (item ?? {}) as Record<string, unknown>;
    return Number.isInteger(id) && typeof name === 'string' && Number.isInteger(count)
      ? [{ id: id as number, name, count: count as number }]
      : [];
  });
}

export function presentEvent(
  row: EventRow,
  messagesById: ReadonlyMap<number, EventMessageRow>,
  deliveries: readonly DeliveryRow[],
): AlertEvent {
  return {
    id: row.id,
    fired_at: row.firedAt.toISOString(),
    kind: (oneOf(ALERT_KINDS, row.kind) ?? 'new') as AlertKind,
    window_start: row.windowStart.toISOString(),
    window_end: row.windowEnd.toISOString(),
    summary: row.summary,
    message_count: row.messageCount,
    messages: row.messageIds.flatMap((id) => {
      const message = messagesById.get(id);
      return message ? [presentEventMessage(message)] : [];
    }),
    loms: lomsOfDetails(row.details),
    deliveries: deliveries.map(presentDelivery),
  };
}
