import {
  ALERT_CHANNEL_TYPES,
  ALERT_LIMITS,
  type AlertChannelInput,
  type AlertChannelType,
  type AlertCreateBody,
  type AlertItem,
  type AlertKind,
  alertChannelInput,
  type SpikeMetric,
  type SpikeSensitivity,
  type SpikeWindow,
} from '@monitoring/contracts';
import {
  addressesProblem,
  splitAddresses,
  type TargetFormValues,
  targetBody,
  targetFieldOf,
  targetFormValues,
} from './target-form.ts';

/** The alert form's values: the target, the kind's settings and one group of fields per channel. */
export interface AlertFormValues extends TargetFormValues {
  name: string;
  kind: AlertKind;
  interval_minutes: number | null;
  window: SpikeWindow;
  metric: SpikeMetric;
  sensitivity: SpikeSensitivity;
  threshold: number | null;
  channel_types: AlertChannelType[];
  /** The addresses as typed, one box. */
  email_to: string;
  webhook_url: string;
  /** Empty: the server makes one (a new channel) or keeps the current one. */
  webhook_secret: string;
  telegram_chat_id: string;
}

/** The presets beside the interval of a `new` alert. */
export const INTERVAL_PRESETS: readonly { minutes: number; label: string }[] = [
  { minutes: 5, label: '5 мин' },
  { minutes: 15, label: '15 мин' },
  { minutes: 60, label: '1 ч' },
  { minutes: 24 * 60, label: '24 ч' },
];

/** The kind's settings a new alert starts with (the server's defaults, docs/alerts.md "Saving"). */
const KIND_DEFAULTS = {
  interval_minutes: ALERT_LIMITS.defaultIntervalMinutes,
  metric: 'messages',
  sensitivity: 'medium',
  threshold: ALERT_LIMITS.defaultThreshold,
} as const;

/** The form's values of a stored alert, or of a new one (in-app channel, the user's own address offered). */
export function alertFormValues(alert: AlertItem | null, ownEmail: string): AlertFormValues {
  const channel = <T extends AlertChannelType>(type: T) => alert?.channels.find((c) => c.type === type);
  const kind = alert?.kind ?? 'new';
  return {
    ...targetFormValues(alert),
    name: alert?.name ?? '',
    kind,
    interval_minutes: alert?.interval_minutes ?? KIND_DEFAULTS.interval_minutes,
    window: alert?.window ?? (kind === 'negative' ? 'day' : 'hour'),
    metric: alert?.metric ?? KIND_DEFAULTS.metric,
    sensitivity: alert?.sensitivity ?? KIND_DEFAULTS.sensitivity,
    threshold: alert?.threshold ?? KIND_DEFAULTS.threshold,
    channel_types: alert ? alert.channels.map((c) => c.type) : ['app'],
    email_to: (channel('email')?.to ?? (ownEmail ? [ownEmail] : [])).join(', '),
    webhook_url: channel('webhook')?.url ?? '',
    webhook_secret: '',
    telegram_chat_id: channel('telegram')?.chat_id ?? '',
  };
}

/** The channels in the order the body lists them: the server names a bad one by this index. */
export function chosenChannelTypes(values: Pick<AlertFormValues, 'channel_types'>): AlertChannelType[] {
  return ALERT_CHANNEL_TYPES.filter((type) => values.channel_types.includes(type));
}

function channelBody(type: AlertChannelType, values: AlertFormValues): AlertChannelInput {
  switch (type) {
    case 'app':
      return { type };
    case 'email':
      return { type, to: splitAddresses(values.email_to) };
    case 'webhook': {
      const secret = values.webhook_secret.trim();
      return { type, url: values.webhook_url.trim(), ...(secret ? { secret } : {}) };
    }
    case 'telegram':
      return { type, chat_id: values.telegram_chat_id.trim() };
  }
}

/**
 * The body of POST alerts/ and of PATCH alerts/{id}/ (the whole alert: the target, the kind with its settings
 * and null for another kind's, the channels that replace the stored set).
 */
export function alertBody(values: AlertFormValues): AlertCreateBody {
  const { kind } = values;
  return {
    name: values.name.trim(),
    kind,
    ...targetBody(values),
    interval_minutes: kind === 'new' ? values.interval_minutes : null,
    window: kind === 'new' ? null : values.window,
    metric: kind === 'spike' ? values.metric : null,
    sensitivity: kind === 'spike' ? values.sensitivity : null,
    threshold: kind === 'negative' ? values.threshold : null,
    channels: chosenChannelTypes(values).map((type) => channelBody(type, values)),
  };
}

/** The form field of a channel's own setting. */
const CHANNEL_FIELDS: Record<AlertChannelType, keyof AlertFormValues> = {
  app: 'channel_types',
  email: 'email_to',
  webhook: 'webhook_url',
  telegram: 'telegram_chat_id',
};

/**
 * Where the server's 400 or 403 belongs in the form: `channels.2.url` is the third channel sent, so
 * `channelTypes` (the order of the body) says which one; null when no field of the form fits.
 */
export function alertFieldOf(
  field: string | undefined,
  channelTypes: readonly AlertChannelType[],
): keyof AlertFormValues | null {
  if (!field) return null;
  const parts = field.split('.');
  if (parts[0] === 'channels') {
    const type = channelTypes[Number(parts[1])];
    if (parts.length < 3 || !type) return 'channel_types';
    if (type === 'webhook' && parts[2] === 'secret') return 'webhook_secret';
    if (parts[2] === 'type') return 'channel_types';
    return CHANNEL_FIELDS[type];
  }
  const target = targetFieldOf(field);
  if (target) return target as keyof AlertFormValues;
  const own = ['name', 'kind', 'interval_minutes', 'window', 'metric', 'sensitivity', 'threshold'] as const;
  return (own as readonly string[]).includes(parts[0]) ? (parts[0] as keyof AlertFormValues) : null;
}

/** The contracts' check of one channel's settings, for the form: its Russian message, or null. */
export function channelProblem(type: AlertChannelType, values: AlertFormValues): string | null {
  if (type === 'email') return addressesProblem(values.email_to);
  const parsed = alertChannelInput.safeParse(channelBody(type, values));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
