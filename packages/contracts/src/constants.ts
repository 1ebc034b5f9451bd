import { z } from 'zod';

// Business constants of product.md (§3 entities, §9 limits and display).

/** §9: page defaults to 1, most lists show 25. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 25;

/** §9 "Page sizes", by the list that uses them. */
export const PAGE_SIZES = {
  DEFAULT: DEFAULT_PAGE_SIZE,
  /** Shared list stores, cities, rubrics fetch, generic lists. */
  SHARED_LIST: 50,
  CITIES: 50,
  RUBRICS_FETCH: 50,
  SOCIAL_PANEL: 12,
  VIRAL_CONTENT: 12,
  /** Favourite and personal theme cards. */
  THEME_CARDS: 12,
  PRODUCERS: 20,
  VK_GROUPS: 30,
  LOM_TABLE: 100,
  COMPARE_LOMS: 100,
  FRAGMENTS: 200,
  REPORT_LOMS: 7,
  REPORT_THEMES: 5,
  INFO_REASONS_REPORT: 15,
  /** Messages per lom, also per card. */
  MESSAGES_PER_LOM: 3,
  /** Series of a top-N chart. */
  TOP_N: 10,
  COMMENTS: 25,
  MOOD_TABLE: 25,
  RUBRIC_LOMS: 25,
  SOCIAL_LOMS: 25,
} as const;

/** §3 "Message types". */
export const MESSAGE_TYPES = {
  POST: 0,
  REPOST: 1,
  REPOST_WITH_ADDITION: 8,
  /** A story of the partner platform. */
  PARTNER_STORY: 101,
  /** A post of the partner platform. */
  PARTNER_POST: 102,
} as const;
export type MessageType = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];
export const MESSAGE_TYPE_IDS: readonly MessageType[] = [0, 1, 8, 101, 102];
export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageType, string>> = {
  0: 'Пост',
  1: 'Репост',
  8: 'Репост с дополнением',
  101: 'История партнёрской платформы',
  102: 'Пост партнёрской платформы',
};
export const messageTypeSchema = z.literal([0, 1, 8, 101, 102]);

/** §3 "Message statuses". */
export const MESSAGE_STATUSES = {
  ENTERED: 1,
  AI_MARKED: 2,
  APPROVED: 3,
  EDITING: 4,
} as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[keyof typeof MESSAGE_STATUSES];
export const MESSAGE_STATUS_IDS: readonly MessageStatus[] = [1, 2, 3, 4];
export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  1: 'Занесено в систему',
  2: 'Размечено ИИ',
  3: 'Одобрено',
  4: 'На редактировании',
};
export const messageStatusSchema = z.literal([1, 2, 3, 4]);

/** §3 "content type". */
export const CONTENT_TYPES = {
  POST: 1,
  SHORT_VIDEO: 2,
  VIDEO: 3,
} as const;
export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];
export const CONTENT_TYPE_IDS: readonly ContentType[] = [1, 2, 3];
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, string>> = {
  1: 'Пост/текст',
  2: 'Короткое видео/сторис',
  3: 'Видео',
};
export const contentTypeSchema = z.literal([1, 2, 3]);

/** §3 lom_data.family_status. */
export type FamilyStatus = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const FAMILY_STATUS_IDS: readonly FamilyStatus[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const FAMILY_STATUS_LABELS: Readonly<Record<FamilyStatus, string>> = {
  1: 'Не женат / не замужем',
  2: 'В отношениях',
  3: 'Помолвлен(а)',
  4: 'Женат / замужем',
  5: 'Всё сложно',
  6: 'В активном поиске',
  7: 'Влюблён(а)',
  8: 'В гражданском браке',
};
export const familyStatusSchema = z.literal([1, 2, 3, 4, 5, 6, 7, 8]);

/** §3 lom fact kinds (lom_fact_id). */
export const LOM_FACT_KINDS = {
  PROTESTS: 1,
  SCANDALS: 2,
  FACTS: 3,
} as const;
export type LomFactKind = (typeof LOM_FACT_KINDS)[keyof typeof LOM_FACT_KINDS];
export const LOM_FACT_KIND_IDS: readonly LomFactKind[] = [1, 2, 3];
export const LOM_FACT_KIND_LABELS: Readonly<Record<LomFactKind, string>> = {
  1: 'Протесты',
  2: 'Скандалы',
  3: 'Факты',
};
export const lomFactKindSchema = z.literal([1, 2, 3]);

/** §3 organisation kind. */
export const ORGANISATION_KIND_LABELS: Readonly<Record<1 | 2, string>> = {
  1: 'Федеральная',
  2: 'Региональная',
};

/** §9 period options. */
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];
export const periodSchema = z.enum(PERIODS);
export const PERIOD_LABELS: Readonly<Record<Period, string>> = {
  day: 'День',
  week: 'Неделя',
  month: 'Месяц',
};
export const PERIOD_OPTIONS: readonly { value: Period; label: string }[] = PERIODS.map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}));

/** §4 message stat choice: si, views, reposts; views by default. */
export const MESSAGE_STATS = ['si', 'views', 'reposts'] as const;
export type MessageStat = (typeof MESSAGE_STATS)[number];
export const DEFAULT_MESSAGE_STAT: MessageStat = 'views';

/** §3 "Audience groups": the field names of the social-panel answers. */
export const AUDIENCE_KEYS = {
  gender: ['female__sum', 'male__sum'],
  age: ['a0_17', 'a18_24', 'a25_34', 'a35_44', 'a45_54', 'amore_55'],
  ageCoarse: ['under_18', '18_to_24', '25_to_39', '40_to_59', 'above_60'],
  marital: ['married', 'single'],
  education: ['middle', 'higher'],
  correlation: ['correlated_sum', 'anti_correlated_sum', 'non_correlated_sum'],
  quality: ['quality_part', 'mass_part', 'lom_part', 'bot_part'],
} as const;
export type AudienceAgeKey = (typeof AUDIENCE_KEYS.age)[number];
export type AudienceCoarseAgeKey = (typeof AUDIENCE_KEYS.ageCoarse)[number];

export interface AgeRange<K extends string> {
  key: K;
  from: number;
  to: number;
  label: string;
}

/** §9 age ranges, each tied to its audience bucket. */
export const AGE_RANGES: readonly AgeRange<AudienceAgeKey>[] = [
  { key: 'a0_17', from: 0, to: 17, label: '0-17' },
  { key: 'a18_24', from: 18, to: 24, label: '18-24' },
  { key: 'a25_34', from: 25, to: 34, label: '25-34' },
  { key: 'a35_44', from: 35, to: 44, label: '35-44' },
  { key: 'a45_54', from: 45, to: 54, label: '45-54' },
  { key: 'amore_55', from: 55, to: 99, label: '55-99' },
];

/** §9 the alternative age ranges (the coarser buckets). */
export const AGE_RANGES_COARSE: readonly AgeRange<AudienceCoarseAgeKey>[] = [
  { key: 'under_18', from: 0, to: 18, label: '0-18' },
  { key: '18_to_24', from: 18, to: 24, label: '18-24' },
  { key: '25_to_39', from: 25, to: 39, label: '25-39' },
  { key: '40_to_59', from: 40, to: 59, label: '40-59' },
  { key: 'above_60', from: 60, to: 99, label: '60-99' },
];

/** §9 correlation colours: green, red, grey (the mood colours). */
export const CORRELATION_COLORS = {
  correlated_sum: '#66C05A',
  anti_correlated_sum: '#EF4D4D',
  non_correlated_sum: '#9AA5B1',
} as const;

/** §3 social networks preset list; the spec's trailing '{host}' item is each deployment's own site. */
export const SOCIAL_NETWORKS = [
  'Facebook',
  'Instagram',
  'Telegram',
  'TikTok',
  'Twitter',
  'YouTube',
  'ВКонтакте',
  'Одноклассники',
  'Телевидение',
  'rutube',
] as const;

/** §3 a lom is a foreign agent if this thematic group is present. */
export const FOREIGN_AGENT_THEMATIC_GROUP_ID = 12;

/** §3 the default cooperation status. */
export const COOPERATION_NONE = { id: 0, name: 'Статус не выбран' } as const;

/** §9 producer id → the lom count shown instead of the computed one. */
export const PRODUCER_DISPLAY_OVERRIDES: Readonly<Record<number, number>> = { 23: 46, 9: 135 };

/** §3 a theme without a name, and an emptied info reason rename. */
export const THEME_NAME_DEFAULT = 'без имени';

/** §3 label of a missing median. */
export const MEDIAN_MISSING_LABEL = 'Не имеет';

/** §9 theme colours (Ant Design tokens). */
export const THEME_COLORS = {
  primary: '#1576E6',
  secondary: '#54667A',
  warning: '#F5CE40',
  error: '#EF4D4D',
  success: '#66C05A',
} as const;

/** §9 chart titles. */
export const CHART_TITLES = {
  LOM_COUNT: 'Количество ЛОМ',
  MESSAGE_COUNT: 'Число сообщений',
  SI: 'Si',
  VIEWS: 'Число просмотров',
} as const;

/** §9 notifications: 5000 ms, closed on click. */
export const NOTIFICATION_DURATION_MS = 5000;
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** §2 the page-loading progress bar. */
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PROGRESS_BAR_THROTTLE_MS = 200;

/** §9 a fetch is shown for at least this long. */
export const MIN_FETCH_DISPLAY_DELAY_MS = 200;

/** §2 a failed page chunk reloads the page at most once per this interval. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** §9 Cache-Control max-age of static assets, in seconds. */
export const ASSET_CACHE_MAX_AGE_S = 3600;

/** §9 the involvement chart collapses x-axis titles from this many columns. */
export const INVOLVEMENT_X_TITLES_COLLAPSE_AT = 12;
