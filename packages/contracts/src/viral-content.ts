import { z } from 'zod';
import { pickItem } from './api.ts';
import { PAGE_SIZES } from './constants.ts';
import { MAX_ID, pageSizeParam, positiveIntParam } from './input.ts';
import { isCalendarDayText } from './lom-audience.ts';

/**
 * Viral content (product.md §2, §3 `viral_per_cent`, §4, §9; api.md §7.5) and the SI index's
 * definition (`api/v2/si/`). docs/viral-content.md gives the formulas.
 */
export const VIRAL_CONTENT_PATHS = {
  list: '/api/v2/viral-content/',
  si: '/api/v2/si/',
} as const;

/** The message stat a user picks (product.md §4): it orders the cards and is the figure each card shows. */
export const VIRAL_STATS = ['views', 'reposts', 'si'] as const;
export type ViralStat = (typeof VIRAL_STATS)[number];
export const DEFAULT_VIRAL_STAT: ViralStat = 'views';
export const VIRAL_STAT_LABELS: Record<ViralStat, string> = {
  views: 'Просмотры',
  reposts: 'Репосты',
  si: 'SI',
};

/** A message is viral from this `viral_per_cent` on: four times the lom's usual reach (300 % above it). */
export const VIRAL_THRESHOLD_PER_CENT = 300;
/** Views one repost stands for in a message's reach (docs/viral-content.md). */
export const VIRAL_REPOST_WEIGHT = 10;
/** The lom's usual reach: its live messages of the days before the message's day. */
export const VIRAL_BASELINE_DAYS = 28;
/** Fewer messages than this in the baseline: no usual reach to grow against, viral_per_cent 0. */
export const VIRAL_MIN_BASELINE_MESSAGES = 3;
/** The longest period the page reads: a year of Moscow days. */
export const VIRAL_MAX_PERIOD_DAYS = 366;

const periodDay = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

/** The period of Moscow days (both ends inclusive) and the stat: what every viral-content read takes. */
const viralQueryFields = {
  period_after: periodDay.optional(),
  period_before: periodDay.optional(),
  stat: z
    .enum(VIRAL_STATS, { error: `ожидается одно из: ${VIRAL_STATS.join(', ')}` })
    .default(DEFAULT_VIRAL_STAT),
};

function checkPeriodOrder(query: { period_after?: string; period_before?: string }, ctx: z.RefinementCtx) {
  if (query.period_after && query.period_before && query.period_after > query.period_before)
    ctx.addIssue({ code: 'custom', path: ['period_after'], message: 'начало периода позже его конца' });
}

/** The period and stat alone: the marker panel's viral-content-id/ (social-panel.ts). */
export const viralPeriodQuery = z.object(viralQueryFields).superRefine(checkPeriodOrder);
export type ViralPeriodQuery = z.output<typeof viralPeriodQuery>;

/** GET api/v2/viral-content/: a period of Moscow days (both ends inclusive), the stat, a page of 12. */
export const viralContentQuery = z
  .object({
    ...viralQueryFields,
    /** Deep pages cost per page (every day's top page × 12 rows), so they stop at 100. */
    page: positiveIntParam(100, 'ожидается номер страницы от 1 до 100').default(1),
    page_size: pageSizeParam(PAGE_SIZES.VIRAL_CONTENT, 48),
  })
  .superRefine(checkPeriodOrder);
export type ViralContentQuery = z.output<typeof viralContentQuery>;

export const viralContentItem = z.object({
  id: z.number().int().min(1).max(MAX_ID),
  text: z.string(),
  url: z.string().nullable(),
  wrote_at: z.string(),
  lom: pickItem.extend({ avatar: z.string().nullable() }).nullable(),
  source: pickItem.extend({ icon: z.string() }).nullable(),
  si: z.number(),
  number_views: z.number(),
  repost_count: z.number(),
  /** Growth of the message's reach over its lom's usual reach, per cent. */
  viral_per_cent: z.number(),
});
export type ViralContentItem = z.infer<typeof viralContentItem>;

export const viralContentAnswer = z.object({
  results: z.array(viralContentItem),
  page: z.number().int(),
  last_page: z.number().int(),
  elements_count: z.number().int(),
  next_pages_available: z.number().int(),
  /** The period read, Moscow days (the defaults filled in). */
  period_after: z.string(),
  period_before: z.string(),
  stat: z.enum(VIRAL_STATS),
});
export type ViralContentAnswer = z.infer<typeof viralContentAnswer>;

/** The card text: the first characters of the message. */
export const VIRAL_TEXT_LENGTH = 400;

// SI

export const siBand = z.object({
  from: z.number(),
  /** null: no upper bound. */
  to: z.number().nullable(),
  label: z.string(),
});

/** GET api/v2/si/: what the SI index is, how it is computed and how to read its values. */
export const siAnswer = z.object({
  name: z.string(),
  short: z.string(),
  definition: z.string(),
  formula: z.string(),
  aggregates: z.string(),
  scale: z.array(siBand),
});
export type SiAnswer = z.infer<typeof siAnswer>;

/** The SI index: one definition, served by api/v2/si/ and read by the tooltips. */
export const SI_DEFINITION = {
  name: 'Индекс социальной значимости (SI)',
  short: 'SI — индекс значимости публикации: чем больше аудитория площадки и отклик на сообщение, тем выше.',
  definition:
    'SI оценивает, насколько заметна публикация: он растёт с охватом аккаунта ЛОМ (логарифм числа подписчиков) ' +
    'и с откликом аудитории на сообщение. Репост без собственного текста весит вдвое меньше. ' +
    'SI не ограничен сверху и не бывает отрицательным.',
  formula:
    'SI = lg(охват аккаунта + 10) × k, где k — коэффициент отклика сообщения (обычно 4–20); у репоста — × 0,5',
  aggregates:
    'SI темы, инфоповода, ЛОМ или новости — сумма SI их сообщений за период; средний SI — сумма, делённая на число сообщений.',
  // Bands by the spread of SI among messages (docs/si.md): about a quarter below 20, the median near 30,
  // a tenth above 90, a hundredth above 200.
  scale: [
    { from: 0, to: 20, label: 'низкий' },
    { from: 20, to: 60, label: 'средний' },
    { from: 60, to: 150, label: 'высокий' },
    { from: 150, to: null, label: 'очень высокий' },
  ],
} as const;
