import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { MESSAGE_TYPE_IDS } from './constants.ts';
import { idField, idList, pageParam, pageSizeParam, strictBody } from './input.ts';
import { messageSearchSchema } from './messages.ts';
import { MOOD_IDS } from './moods.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/**
 * Alerts (issue 30): the choices a user makes for a `spike` alert, named once for the server's
 * statistics (server/src/domain/alerts/spike.ts) and the web's form. docs/alerts.md explains them.
 */

/** How readily a spike alert fires: `high` flags the most, `low` only the clearest spikes. */
export const SPIKE_SENSITIVITIES = ['low', 'medium', 'high'] as const;
export type SpikeSensitivity = (typeof SPIKE_SENSITIVITIES)[number];
export const spikeSensitivitySchema = z.enum(SPIKE_SENSITIVITIES);

export const SPIKE_SENSITIVITY_LABELS: Readonly<Record<SpikeSensitivity, string>> = {
  low: 'Низкая',
  medium: 'Средняя',
  high: 'Высокая',
};

/** What a spike alert counts over the window: matching messages, their SI or their views. */
export const SPIKE_METRICS = ['messages', 'si', 'views'] as const;
export type SpikeMetric = (typeof SPIKE_METRICS)[number];
export const spikeMetricSchema = z.enum(SPIKE_METRICS);

export const SPIKE_METRIC_LABELS: Readonly<Record<SpikeMetric, string>> = {
  messages: 'Число сообщений',
  si: 'SI',
  views: 'Просмотры',
};

/** The window a spike alert compares: the last hour or the last Moscow day. */
export const SPIKE_WINDOWS = ['hour', 'day'] as const;
export type SpikeWindow = (typeof SPIKE_WINDOWS)[number];
export const spikeWindowSchema = z.enum(SPIKE_WINDOWS);

export const SPIKE_WINDOW_LABELS: Readonly<Record<SpikeWindow, string>> = {
  hour: 'Час',
  day: 'Сутки',
};

// ---------------------------------------------------------------------------------------------------------------
// Alerts, notifications and digests: paths, bodies and answers (issue 30, docs/alerts.md).

export const ALERT_PATHS = {
  /** GET the caller's alerts; POST creates one. */
  list: '/api/v2/alerts/',
  /** GET, PATCH, DELETE one of the caller's alerts. */
  detail: '/api/v2/alerts/:id/',
  /** GET what fired, when, why, and each channel's delivery (paged, newest first). */
  events: '/api/v2/alerts/:id/events/',
} as const;

export const NOTIFICATION_PATHS = {
  /** GET the caller's in-app notifications, newest first, with the unread count. */
  list: '/api/v2/notifications/',
  /** POST {ids} or {all: true}: marks them read; answers the unread count. */
  read: '/api/v2/notifications/read/',
  /** GET the unread count as Server-Sent Events (the bell), or once as JSON. */
  stream: '/api/v2/notifications/stream/',
} as const;

/**
 * The bell's EventSource sends no header: login sets the token cookie (HttpOnly, SameSite=Strict) under the stream's
 * path too, beside the actions counter's (ACTIONS_COUNT_COOKIE), and logout clears both.
 */
export const NOTIFICATIONS_COOKIE = { name: 'token', path: NOTIFICATION_PATHS.stream } as const;

export const DIGEST_PATHS = {
  /** GET the caller's digests; POST creates one. */
  list: '/api/v2/digests/',
  /** GET, PATCH, DELETE one of the caller's digests. */
  detail: '/api/v2/digests/:id/',
  /** GET the digest's sends, newest first (paged). */
  runs: '/api/v2/digests/:id/runs/',
  /** POST: build and send it now (a run outside the schedule). */
  send: '/api/v2/digests/:id/send/',
} as const;

export const TELEGRAM_SETTINGS_PATHS = {
  /** GET whether a bot token is set (never the token); PUT {bot_token} sets or clears it. */
  telegram: '/api/v2/settings/telegram/',
} as const;

export const ALERT_KINDS = ['new', 'spike', 'negative'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  new: 'Новые сообщения',
  spike: 'Всплеск',
  negative: 'Доля негатива',
};

export const ALERT_CHANNEL_TYPES = ['app', 'email', 'webhook', 'telegram'] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];
export const ALERT_CHANNEL_LABELS: Readonly<Record<AlertChannelType, string>> = {
  app: 'В приложении',
  email: 'Почта',
  webhook: 'Вебхук',
  telegram: 'Telegram',
};
/** Channels that leave the product: they need `send_external_alerts` (docs/permissions.md). */
export const EXTERNAL_ALERT_CHANNELS: readonly AlertChannelType[] = ['webhook', 'telegram'];

export const ALERT_LIMITS = {
  nameLength: 200,
  /** A `new` alert speaks at most once per interval: 1 minute to 24 hours. */
  minIntervalMinutes: 1,
  maxIntervalMinutes: 24 * 60,
  defaultIntervalMinutes: 15,
  /** The negative share threshold, in percent. */
  minThreshold: 1,
  maxThreshold: 100,
  defaultThreshold: 30,
  maxChannels: 8,
  maxEmails: 20,
  urlLength: 2000,
  secretLength: 200,
  filterIds: 1000,
  /** A notification lists this many messages and says how many more. */
  listedMessages: 10,
  /** Failures in a row after which a webhook or Telegram channel is disabled. */
  maxFailures: 10,
} as const;

/** The delivery of one event to one channel. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'disabled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Ожидает отправки',
  sent: 'Доставлено',
  failed: 'Ошибка, повтор',
  disabled: 'Не доставлено, канал отключён',
};

/** The header names of a signed webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-monitoring-signature';
export const WEBHOOK_DELIVERY_HEADER = 'x-monitoring-delivery';

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
/** One address: trimmed, lower-cased, at most 254 characters. */
export const emailAddress = z
  .string({ error: 'ожидается адрес почты' })
  .transform((text) => text.trim().toLowerCase())
  .refine((text) => text.length <= 254 && EMAIL.test(text), { message: 'неверный адрес почты' });

/** 1 to 20 addresses, without repeats. */
export const emailList = z
  .array(emailAddress, { error: 'ожидается список адресов' })
  .min(1, 'нужен хотя бы один адрес')
  .max(ALERT_LIMITS.maxEmails, `не более ${ALERT_LIMITS.maxEmails} адресов`)
  .transform((list) => [...new Set(list)]);

const jsonIdList = (allowed?: readonly number[]) =>
  z
    .array(
      allowed
        ? z
            .number()
            .int()
            .refine((n) => allowed.includes(n), 'недопустимое значение')
        : idField,
      {
        error: 'ожидается список идентификаторов',
      },
    )
    .max(ALERT_LIMITS.filterIds, `не более ${ALERT_LIMITS.filterIds} значений`)
    .transform((ids) => [...new Set(ids)]);

/** The message filters an alert or a digest may add to its query: every list narrows (AND). */
export const alertFilters = strictBody({
  lom_in: jsonIdList().optional(),
  lom_group_in: jsonIdList().optional(),
  theme_in: jsonIdList().optional(),
  info_reason_in: jsonIdList().optional(),
  mood_in: jsonIdList(MOOD_IDS).optional(),
  source_in: jsonIdList().optional(),
  message_type_in: jsonIdList(MESSAGE_TYPE_IDS).optional(),
});
export type AlertFilters = z.output<typeof alertFilters>;

/** Whether a filter narrows anything. */
export function hasAlertFilters(filters: AlertFilters | null | undefined): boolean {
  return Boolean(filters && Object.values(filters).some((list) => list && list.length > 0));
}

const telegramChatId = z
  .string({ error: 'ожидается идентификатор чата' })
  .transform((text) => text.trim())
  .refine((text) => /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/.test(text), {
    message: 'идентификатор чата: число (например -1001234567890) или @имя_канала',
  });

export const alertChannelInput = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('app') }),
    z.strictObject({ type: z.literal('email'), to: emailList }),
    z.strictObject({
      type: z.literal('webhook'),
      url: z
        .string({ error: 'ожидается адрес' })
        .trim()
        .min(1, 'нужен адрес')
        .max(ALERT_LIMITS.urlLength, `не длиннее ${ALERT_LIMITS.urlLength} символов`),
      secret: z
        .string()
        .max(ALERT_LIMITS.secretLength, `не длиннее ${ALERT_LIMITS.secretLength} символов`)
        .optional(),
    }),
    z.strictObject({ type: z.literal('telegram'), chat_id: telegramChatId }),
  ],
  { error: 'канал: ожидается {type: "app" | "email" | "webhook" | "telegram", …}' },
);
export type AlertChannelInput = z.output<typeof alertChannelInput>;

const alertName = z
  .string({ error: 'ожидается строка' })
  .trim()
  .min(1, 'нужно название')
  .max(ALERT_LIMITS.nameLength, `не длиннее ${ALERT_LIMITS.nameLength} символов`);

const nullableId = idField.nullable().optional();

/** The fields an alert body may carry; POST needs name, kind and channels, PATCH any of them. */
const alertFields = {
  name: alertName,
  kind: z.enum(ALERT_KINDS, { error: 'вид: new, spike или negative' }),
  query: messageSearchSchema.nullable().optional(),
  filters: alertFilters.nullable().optional(),
  theme_id: nullableId,
  personal_theme_id: nullableId,
  lom_group_id: nullableId,
  interval_minutes: z
    .number({ error: 'ожидается число минут' })
    .int('ожидается целое число минут')
    .min(ALERT_LIMITS.minIntervalMinutes, 'не меньше 1 минуты')
    .max(ALERT_LIMITS.maxIntervalMinutes, 'не больше 24 часов (1440 минут)')
    .nullable()
    .optional(),
  window: spikeWindowSchema.nullable().optional(),
  metric: spikeMetricSchema.nullable().optional(),
  sensitivity: spikeSensitivitySchema.nullable().optional(),
  threshold: z
    .number({ error: 'ожидается процент' })
    .min(ALERT_LIMITS.minThreshold, 'не меньше 1 %')
    .max(ALERT_LIMITS.maxThreshold, 'не больше 100 %')
    .nullable()
    .optional(),
  muted: z.boolean({ error: 'ожидается true или false' }).optional(),
  channels: z
    .array(alertChannelInput, { error: 'ожидается список каналов' })
    .min(1, 'нужен хотя бы один канал')
    .max(ALERT_LIMITS.maxChannels, `не более ${ALERT_LIMITS.maxChannels} каналов`),
};

/** What an alert watches, as stored: a query with filters, or one theme, personal theme or lom group. */
export interface AlertTargetFields {
  query?: string | null;
  filters?: AlertFilters | null;
  theme_id?: number | null;
  personal_theme_id?: number | null;
  lom_group_id?: number | null;
}

/**
 * The target rule, shared by alerts and digests: exactly one of a search (a query and/or filters), a theme, a
 * personal theme or a lom group. Answers the offending field and its message, or null.
 */
export function alertTargetProblem(target: AlertTargetFields): { field: string; message: string } | null {
  const chosen: string[] = [];
  if (target.query || hasAlertFilters(target.filters)) chosen.push(target.query ? 'query' : 'filters');
  for (const field of ['theme_id', 'personal_theme_id', 'lom_group_id'] as const)
    if (target[field] != null) chosen.push(field);
  if (chosen.length === 0)
    return { field: 'query', message: 'укажите запрос, фильтры, тему, личную тему или группу ЛОМов' };
  if (chosen.length > 1)
    return {
      field: chosen[1],
      message: 'оповещение следит за одним: запросом, темой, личной темой или группой ЛОМов',
    };
  return null;
}

/** Checks a whole alert (after PATCH merges it with the stored one): the target and each kind's settings. */
export function alertProblem(
  alert: AlertTargetFields & { kind: AlertKind; channels: readonly AlertChannelInput[] },
): { field: string; message: string } | null {
  const target = alertTargetProblem(alert);
  if (target) return target;
  const seen = new Set<string>();
  for (const [i, channel] of alert.channels.entries()) {
    if (seen.has(channel.type))
      return { field: `channels.${i}.type`, message: 'канал каждого вида указывается один раз' };
    seen.add(channel.type);
  }
  return null;
}

export const alertCreateBody = strictBody(alertFields).superRefine((body, ctx) => {
  const problem = alertProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.field.split('.') });
});
export type AlertCreateBody = z.output<typeof alertCreateBody>;

export const alertPatchBody = strictBody(
  Object.fromEntries(Object.entries(alertFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof alertFields]: z.ZodOptional<(typeof alertFields)[K]>;
  },
);
export type AlertPatchBody = z.output<typeof alertPatchBody>;

/** A channel as the owner sees it, with its state. */
export const alertChannel = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_CHANNEL_TYPES),
  to: z.array(z.string()).optional(),
  url: z.string().optional(),
  /** The webhook's signing secret: generated when none is given, shown to the owner only. */
  secret: z.string().optional(),
  chat_id: z.string().optional(),
  /** Failed deliveries in a row. */
  failures: z.number().int(),
  /** Set when the channel was disabled after ALERT_LIMITS.maxFailures failures; saving the alert re-enables it. */
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});
export type AlertChannel = z.infer<typeof alertChannel>;

export const alertItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  query: z.string().nullable(),
  filters: z.record(z.string(), z.array(z.number().int())),
  theme_id: z.number().int().nullable(),
  personal_theme_id: z.number().int().nullable(),
  lom_group_id: z.number().int().nullable(),
  /** What it watches, in Russian: «Запрос: газпром OR роснефть», «Тема: Выборы 2026». */
  target_label: z.string(),
  interval_minutes: z.number().int().nullable(),
  window: spikeWindowSchema.nullable(),
  metric: spikeMetricSchema.nullable(),
  sensitivity: spikeSensitivitySchema.nullable(),
  threshold: z.number().nullable(),
  muted: z.boolean(),
  channels: z.array(alertChannel),
  last_fired_at: z.string().nullable(),
  last_evaluated_at: z.string().nullable(),
  /** The last evaluation in Russian («Всплеска нет: 12 сообщений при обычных 10»), or null before the first. */
  last_result: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertItem = z.infer<typeof alertItem>;
export const alertList = listEnvelope(alertItem);
export const alertListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
});

export const alertDelivery = z.object({
  id: z.number().int(),
  channel_type: z.enum(ALERT_CHANNEL_TYPES),
  /** Where it went: addresses, the webhook's host, the chat; «Колокольчик» for the app. */
  target: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDelivery>;

export const alertEventMessage = z.object({
  id: z.number().int(),
  /** The first words of the text. */
  text: z.string(),
  lom_name: z.string().nullable(),
  wrote_at: z.string(),
  url: z.string().nullable(),
});
export type AlertEventMessage = z.infer<typeof alertEventMessage>;

export const alertEvent = z.object({
  id: z.number().int(),
  fired_at: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** The window the event speaks of. */
  window_start: z.string(),
  window_end: z.string(),
  /** The notification's sentence: why it fired. */
  summary: z.string(),
  message_count: z.number().int(),
  messages: z.array(alertEventMessage),
  /** The loms that drive a spike: name and count in the window. */
  loms: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  deliveries: z.array(alertDelivery),
});
export type AlertEvent = z.infer<typeof alertEvent>;
export const alertEventList = listEnvelope(alertEvent);

export const notificationItem = z.object({
  id: z.number().int(),
  alert_id: z.number().int().nullable(),
  event_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  /** Messages to open from the list: id and first words. */
  messages: z.array(z.object({ id: z.number().int(), text: z.string() })),
  more: z.number().int(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationList = listEnvelope(notificationItem).extend({ unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationList>;
export const notificationListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(20, 100),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export const notificationReadBody = z.union(
  [strictBody({ ids: idList }), strictBody({ all: z.literal(true, { error: 'ожидается true' }) })],
  { error: 'ожидается {ids: [...]} или {all: true}' },
);
export type NotificationReadBody = z.output<typeof notificationReadBody>;
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

// --- Digests -----------------------------------------------------------------------------------------------------

export const DIGEST_PERIODS = ['daily', 'weekly'] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];
export const DIGEST_PERIOD_LABELS: Readonly<Record<DigestPeriod, string>> = {
  daily: 'Ежедневно',
  weekly: 'Еженедельно',
};
export const DIGEST_FORMATS = ['xlsx', 'docx'] as const;
export type DigestFormat = (typeof DIGEST_FORMATS)[number];
export const DIGEST_FORMAT_LABELS: Readonly<Record<DigestFormat, string>> = { xlsx: 'Excel', docx: 'Word' };
export const WEEKDAY_LABELS = [
  'Понедельник',
  'Вторник',
  'Среда',
  'Четверг',
  'Пятница',
  'Суббота',
  'Воскресенье',
];

export const DIGEST_RUN_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DigestRunStatus = (typeof DIGEST_RUN_STATUSES)[number];
export const DIGEST_RUN_STATUS_LABELS: Readonly<Record<DigestRunStatus, string>> = {
  pending: 'Ожидает отправки',
  sent: 'Отправлен',
  failed: 'Не отправлен',
};
/** Attempts of one digest send before it is given up (with growing pauses). */
export const DIGEST_MAX_ATTEMPTS = 5;

const digestFields = {
  name: alertName,
  period: z.enum(DIGEST_PERIODS, { error: 'период: daily или weekly' }),
  /** 1 = Monday … 7 = Sunday; weekly digests only. */
  weekday: z
    .number({ error: 'ожидается день недели 1–7' })
    .int('ожидается день недели 1–7')
    .min(1, 'ожидается день недели 1–7')
    .max(7, 'ожидается день недели 1–7')
    .nullable()
    .optional(),
  /** Moscow time of the send, HH:MM. */
  time: z
    .string({ error: 'ожидается время ЧЧ:ММ' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ожидается время ЧЧ:ММ (по Москве)'),
  format: z.enum(DIGEST_FORMATS, { error: 'формат: xlsx или docx' }),
  query: messageSearchSchema.nullable().optional(),
  filters: alertFilters.nullable().optional(),
  theme_id: nullableId,
  personal_theme_id: nullableId,
  lom_group_id: nullableId,
  recipients: emailList,
  muted: z.boolean({ error: 'ожидается true или false' }).optional(),
};

export const digestCreateBody = strictBody(digestFields).superRefine((body, ctx) => {
  const problem = alertTargetProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  if (body.period === 'weekly' && body.weekday == null)
    ctx.addIssue({
      code: 'custom',
      message: 'для еженедельной рассылки нужен день недели',
      path: ['weekday'],
    });
});
export type DigestCreateBody = z.output<typeof digestCreateBody>;
export const digestPatchBody = strictBody(
  Object.fromEntries(Object.entries(digestFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof digestFields]: z.ZodOptional<(typeof digestFields)[K]>;
  },
);
export type DigestPatchBody = z.output<typeof digestPatchBody>;

export const digestItem = z.object({
  id: z.number().int(),
  name: z.string(),
  period: z.enum(DIGEST_PERIODS),
  weekday: z.number().int().nullable(),
  time: z.string(),
  format: z.enum(DIGEST_FORMATS),
  query: z.string().nullable(),
  filters: z.record(z.string(), z.array(z.number().int())),
  theme_id: z.number().int().nullable(),
  personal_theme_id: z.number().int().nullable(),
  lom_group_id: z.number().int().nullable(),
  target_label: z.string(),
  recipients: z.array(z.string()),
  muted: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run: z
    .object({ status: z.enum(DIGEST_RUN_STATUSES), at: z.string(), error: z.string().nullable() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DigestItem = z.infer<typeof digestItem>;
export const digestList = listEnvelope(digestItem);

export const digestRun = z.object({
  id: z.number().int(),
  /** The scheduled moment (or the moment of «Отправить сейчас»). */
  scheduled_for: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(DIGEST_RUN_STATUSES),
  attempts: z.number().int(),
  message_count: z.number().int().nullable(),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type DigestRun = z.infer<typeof digestRun>;
export const digestRunList = listEnvelope(digestRun);

// --- Telegram bot settings -----------------------------------------------------------------------------------------

export const telegramSettings = z.object({
  configured: z.boolean(),
  /** The bot's @name as Telegram answered getMe when the token was saved. */
  bot_username: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TelegramSettings = z.infer<typeof telegramSettings>;
export const telegramSettingsBody = strictBody({
  /** A token from @BotFather (digits:letters); null clears it. */
  bot_token: z
    .string({ error: 'ожидается токен бота' })
    .trim()
    .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'токен бота: вида 123456789:AA… (от @BotFather)')
    .nullable(),
});
export type TelegramSettingsBody = z.output<typeof telegramSettingsBody>;
