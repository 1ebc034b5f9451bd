import { z } from 'zod';
import {
  AGE_RANGES,
  AGE_RANGES_COARSE,
  type AgeRange,
  AUDIENCE_KEYS,
  type AudienceAgeKey,
  type AudienceCoarseAgeKey,
  PAGE_SIZES,
  PERIODS,
  type Period,
} from './constants.ts';
import { pluralRu, YEAR_FORMS } from './format.ts';

/**
 * Four tabs of the lom card (api.md §7.9, product.md §3 "Audience groups"): audience and
 * interests, quality audience, top ten brands, dynamic graphs. docs/lom-audience.md says
 * where each figure comes from.
 */

export const LOM_AUDIENCE_PATHS = {
  audience: '/api/v1/loms/:id/audience_lom_new/',
  interestAll: '/api/v1/loms/:id/interest_all/',
  interestByPeriod: '/api/v1/loms/:id/interest_by_period/',
  qualityAudience: '/api/v1/loms/:id/quality_audience/',
  brands: '/api/v1/loms/:id/brands/',
  subscribersGraph: '/api/v1/loms/lom-dynamic-graph/:id/subscribers-graph/',
  siGraph: '/api/v1/loms/lom-dynamic-graph/:id/si-graph/',
  viewsGraph: '/api/v1/loms/lom-dynamic-graph/:id/views-graph/',
} as const;

export const LOM_GRAPH_KINDS = ['subscribers', 'si', 'views'] as const;
export type LomGraphKind = (typeof LOM_GRAPH_KINDS)[number];

/** The dynamic graph of each kind: its entry of LOM_AUDIENCE_PATHS. */
export const LOM_GRAPH_PATH = {
  subscribers: LOM_AUDIENCE_PATHS.subscribersGraph,
  si: LOM_AUDIENCE_PATHS.siGraph,
  views: LOM_AUDIENCE_PATHS.viewsGraph,
} as const satisfies Record<LomGraphKind, string>;

/** Brands shown on the card: a top-N chart (product.md §9). */
export const LOM_TOP_BRANDS = PAGE_SIZES.TOP_N;
/** Themes of the period's publications shown as the lom's interests of the period. */
export const LOM_TOP_PERIOD_INTERESTS = PAGE_SIZES.TOP_N;
/** A graph answers at most this many points; a longer period needs a coarser step. */
export const MAX_GRAPH_POINTS = 2000;
export const DEFAULT_GRAPH_STEP: Period = 'day';

// Query strings

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day YYYY-MM-DD (rejects 2025-02-30, which Date would roll over). */
export function isCalendarDayText(text: string): boolean {
  if (!DAY_TEXT.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const periodDay = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

const periodFields = {
  /** First Moscow day of the period, inclusive. */
  period_after: periodDay.optional(),
  /** Last Moscow day of the period, inclusive. */
  period_before: periodDay.optional(),
};

function periodInOrder(query: { period_after?: string; period_before?: string }, ctx: z.RefinementCtx) {
  if (query.period_after && query.period_before && query.period_after > query.period_before) {
    ctx.addIssue({
      code: 'custom',
      path: ['period_before'],
      message: 'конец периода раньше его начала',
    });
  }
}

/** interest_by_period/: a period of Moscow days, both ends inclusive and optional. */
export const lomPeriodQuery = z.object(periodFields).superRefine(periodInOrder);
export type LomPeriodQuery = z.infer<typeof lomPeriodQuery>;

/** The dynamic graphs: the period and the step of a point, day, week or month (product.md §9). */
export const lomGraphQuery = z
  .object({
    ...periodFields,
    filter: z
      .enum(PERIODS, { error: `ожидается одно из: ${PERIODS.join(', ')}` })
      .default(DEFAULT_GRAPH_STEP),
  })
  .superRefine(periodInOrder);
export type LomGraphQuery = z.infer<typeof lomGraphQuery>;
export type LomGraphQueryInput = z.input<typeof lomGraphQuery>;

// Answers

const idName = z.object({ id: z.number().int(), name: z.string() });
const sourceRef = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
const percent = z.number();

/** Every audience group of product.md §3 in percent; each group sums to 100. */
export const audienceShares = z.object({
  female__sum: percent,
  male__sum: percent,
  a0_17: percent,
  a18_24: percent,
  a25_34: percent,
  a35_44: percent,
  a45_54: percent,
  amore_55: percent,
  /** The alternative age set, derived from the six stored buckets (coarseAgeShares). */
  under_18: percent,
  '18_to_24': percent,
  '25_to_39': percent,
  '40_to_59': percent,
  above_60: percent,
  married: percent,
  single: percent,
  middle: percent,
  higher: percent,
  correlated_sum: percent,
  anti_correlated_sum: percent,
  non_correlated_sum: percent,
});
export type AudienceShares = z.infer<typeof audienceShares>;

export const lomSourceRef = z.object({
  id: z.number().int(),
  url: z.string(),
  is_active: z.boolean(),
  source: sourceRef,
});

/** GET loms/{id}/audience_lom_new/: the lom's whole audience and that of each account. */
export const lomAudienceResponse = z.object({
  audience: audienceShares.nullable(),
  updated_at: z.string().nullable(),
  sources: z.array(z.object({ lom_source: lomSourceRef, audience: audienceShares, updated_at: z.string() })),
});
export type LomAudienceResponse = z.infer<typeof lomAudienceResponse>;

/** GET loms/{id}/interest_all/: the audience's interests, largest share first. */
export const lomInterestsResponse = z.object({
  results: z.array(idName.extend({ isAi: z.boolean(), share: percent })),
});
export type LomInterestsResponse = z.infer<typeof lomInterestsResponse>;

/**
 * GET loms/{id}/interest_by_period/: what the lom wrote about in the period, the themes of
 * its live publications (top ten), with the period's totals for the rest.
 */
export const lomPeriodInterestsResponse = z.object({
  results: z.array(
    z.object({
      theme: idName,
      message_count: z.number().int(),
      total_si: z.number(),
      /** Percent of the period's live publications. */
      share: percent,
    }),
  ),
  message_count: z.number().int(),
  without_theme: z.number().int(),
});
export type LomPeriodInterestsResponse = z.infer<typeof lomPeriodInterestsResponse>;

export const qualityShares = z.object({
  quality_part: percent,
  mass_part: percent,
  lom_part: percent,
  bot_part: percent,
});
export type QualityShares = z.infer<typeof qualityShares>;

/** GET loms/{id}/quality_audience/: per platform, and over all weighted by subscribers. */
export const lomQualityAudienceResponse = z.object({
  results: z.array(qualityShares.extend({ source: sourceRef, subscribers: z.number() })),
  total: qualityShares.nullable(),
});
export type LomQualityAudienceResponse = z.infer<typeof lomQualityAudienceResponse>;

/** GET loms/{id}/brands/: the ten brands the lom mentions most; brands are loms. */
export const lomBrandsResponse = z.object({
  results: z.array(
    z.object({
      brand: idName.extend({ avatar: z.string().nullable() }),
      mentions: z.number().int(),
      si_sum: z.number(),
    }),
  ),
  elements_count: z.number().int(),
});
export type LomBrandsResponse = z.infer<typeof lomBrandsResponse>;

/** GET lom-dynamic-graph/{id}/…-graph/: one point per step, dated by the step's first day. */
export const lomGraphResponse = z.object({
  graph: z.array(z.object({ date: z.string(), value: z.number() })),
});
export type LomGraphResponse = z.infer<typeof lomGraphResponse>;
export type LomGraphPoint = LomGraphResponse['graph'][number];

// Labels

export const AUDIENCE_LABELS = {
  female__sum: 'Женщины',
  male__sum: 'Мужчины',
  married: 'В браке',
  single: 'Не в браке',
  middle: 'Среднее',
  higher: 'Высшее',
  correlated_sum: 'Коррелирующая',
  anti_correlated_sum: 'Антикоррелирующая',
  non_correlated_sum: 'Некоррелирующая',
} as const satisfies Partial<Record<keyof AudienceShares, string>>;

export const QUALITY_AUDIENCE_LABELS: Record<keyof QualityShares, string> = {
  quality_part: 'Качественная',
  mass_part: 'Массовая',
  lom_part: 'ЛОМ',
  bot_part: 'Боты',
};

export const QUALITY_AUDIENCE_KEYS = AUDIENCE_KEYS.quality;

/** Quality green, mass blue, other loms yellow, bots red (the theme colours of §9). */
export const QUALITY_AUDIENCE_COLORS: Record<keyof QualityShares, string> = {
  quality_part: '#66C05A',
  mass_part: '#1576E6',
  lom_part: '#F5CE40',
  bot_part: '#EF4D4D',
};

/** Series colours of the audience charts, in order: the theme colours of §9, then softer ones. */
export const AUDIENCE_PALETTE = [
  '#1576E6',
  '#EF4D4D',
  '#66C05A',
  '#F5CE40',
  '#54667A',
  '#9B6BDF',
  '#3FB8C9',
] as const;

export const LOM_GRAPH_TITLES: Record<LomGraphKind, string> = {
  subscribers: 'Подписчики',
  si: 'Si',
  views: 'Число просмотров',
};

/** '18–24 года', '25–34 года', '0–17 лет', '55–99 лет': the plural follows the upper bound. */
export function ageRangeLabel(range: Pick<AgeRange<string>, 'from' | 'to'>): string {
  return `${range.from}–${range.to} ${pluralRu(range.to, YEAR_FORMS)}`;
}

// Shares

/**
 * Whole hundredths that sum to exactly `total`, as close to `parts` as possible (largest
 * remainder; ties go to the earlier part). `parts` must be non-negative.
 */
export function apportionHundredths(parts: readonly number[], total: number): number[] {
  const floors = parts.map((part) => Math.floor(part + 1e-9));
  let left = total - floors.reduce((sum, n) => sum + n, 0);
  const order = parts
    .map((part, index) => ({ index, rest: part - floors[index] }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] += 1;
    left -= 1;
  }
  // Parts that overshoot `total` (rounding noise) give back from the smallest remainders.
  for (const { index } of order.reverse()) {
    if (left >= 0) break;
    if (floors[index] === 0) continue;
    floors[index] -= 1;
    left += 1;
  }
  return floors;
}

/**
 * The whole years a bucket covers: from its own start up to the next bucket's start; the
 * last up to its `to`. So 'under_18' (0–18 in §9) is 0–17, as its key says, and does not
 * count the eighteen-year-olds of '18_to_24' twice.
 */
function yearSpans<K extends string>(ranges: readonly AgeRange<K>[]) {
  return ranges.map((range, i) => ({
    key: range.key,
    from: range.from,
    end: i + 1 < ranges.length ? ranges[i + 1].from : range.to + 1,
  }));
}

const FINE_SPANS = yearSpans(AGE_RANGES);
const COARSE_SPANS = yearSpans(AGE_RANGES_COARSE);
const overlap = (a: { from: number; end: number }, b: { from: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.from, b.from));

/**
 * Coarse buckets that the stored ones give exactly: every stored bucket they touch lies
 * wholly inside them. The others ('25_to_39', '40_to_59', 'above_60') are estimates.
 */
export const COARSE_AGE_EXACT: Readonly<Record<AudienceCoarseAgeKey, boolean>> = Object.fromEntries(
  COARSE_SPANS.map((coarse) => [
    coarse.key,
    FINE_SPANS.every((fine) => {
      const shared = overlap(fine, coarse);
      return shared === 0 || shared === fine.end - fine.from;
    }),
  ]),
) as Record<AudienceCoarseAgeKey, boolean>;

/**
 * The alternative age set (0-18, 18-24, 25-39, 40-59, 60-99) from the stored one (0-17,
 * 18-24, 25-34, 35-44, 45-54, 55-99). A stored bucket is spread evenly over its years and
 * each coarse bucket takes the years it covers: half of 35–44 goes to 25–39 and half to
 * 40–59; 5 of the 45 years of 55–99 go to 40–59, the other 40 to 60–99. The result is
 * rounded to hundredths with largest remainders, so it sums to what the stored buckets sum to.
 */
export function coarseAgeShares(
  fine: Readonly<Record<AudienceAgeKey, number>>,
): Record<AudienceCoarseAgeKey, number> {
  const raw = COARSE_SPANS.map((coarse) =>
    FINE_SPANS.reduce((sum, span) => {
      const shared = overlap(span, coarse);
      return shared === 0 ? sum : sum + (fine[span.key] * 100 * shared) / (span.end - span.from);
    }, 0),
  );
  const total = FINE_SPANS.reduce((sum, span) => sum + Math.round(fine[span.key] * 100), 0);
  const hundredths = apportionHundredths(raw, total);
  return Object.fromEntries(COARSE_SPANS.map((coarse, i) => [coarse.key, hundredths[i] / 100])) as Record<
    AudienceCoarseAgeKey,
    number
  >;
}
