import { z } from 'zod';
import { type AgeRange, type AUDIENCE_KEYS, CORRELATION_COLORS, PAGE_SIZES } from './constants.ts';
import { idParam, pageParam, pageSizeParam, positiveIntParam } from './input.ts';
import { ageRangeLabel, apportionHundredths, isCalendarDayText } from './lom-audience.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { viralPeriodQuery } from './viral-content.ts';

/**
 * The marker panel (product.md §2 /social-panel, §3 audience groups, api.md §7.5 "Social
 * panel (v2)"). A panel is a set of panelists; every chart is counted from them on the
 * server (docs/social-panel.md).
 */

export const SOCIAL_PANEL_GRAPHS = [
  'age',
  'education',
  'family_status',
  'gender',
  'geo',
  'subscribers',
  'top_groups',
  'top_loms',
] as const;
export type SocialPanelGraph = (typeof SOCIAL_PANEL_GRAPHS)[number];

const graphPath = <G extends SocialPanelGraph>(graph: G) => `/api/v2/social-panel/:id/${graph}/` as const;

export const SOCIAL_PANEL_PATHS = {
  list: '/api/v2/social-panel/',
  detail: '/api/v2/social-panel/:id/',
  panelists: '/api/v2/social-panel/:id/panelists/',
  lomCandidates: '/api/v2/social-panel/:id/lom-candidates/',
  loms: '/api/v2/social_panel_loms/',
  viralContentIds: '/api/v2/social-panel/:id/viral-content-id/',
  graphs: {
    age: graphPath('age'),
    education: graphPath('education'),
    family_status: graphPath('family_status'),
    gender: graphPath('gender'),
    geo: graphPath('geo'),
    subscribers: graphPath('subscribers'),
    top_groups: graphPath('top_groups'),
    top_loms: graphPath('top_loms'),
  },
} as const;

export const SOCIAL_PANEL_GRAPH_TITLES: Record<SocialPanelGraph, string> = {
  age: 'Возраст',
  education: 'Образование',
  family_status: 'Семейное положение',
  gender: 'Пол',
  geo: 'География',
  subscribers: 'Участники панели',
  top_groups: 'Топ сообществ',
  top_loms: 'Топ ЛОМ',
};

/** §9: the panel list's page size. */
export const SOCIAL_PANEL_PAGE_SIZE = PAGE_SIZES.SOCIAL_PANEL;
/** Top groups and top loms: a top-N chart (§9). */
export const SOCIAL_PANEL_TOP = PAGE_SIZES.TOP_N;
/** Geo shows the largest regions, the rest folded into «Другие регионы». */
export const SOCIAL_PANEL_GEO_REGIONS = PAGE_SIZES.TOP_N;
/** The subscribers chart: panel size at the end of each of the last 12 months of the period. */
export const SOCIAL_PANEL_SUBSCRIBER_MONTHS = 12;

// Bucket and label rules (pure; unit-tested)

export const GENDER_CODES = { female__sum: 1, male__sum: 2 } as const;
export const EDUCATION_CODES = { middle: 1, higher: 2 } as const;

export const OTHER_REGIONS_LABEL = 'Другие регионы';
export const NO_REGION_LABEL = 'Регион не указан';

/**
 * The bucket of a whole age: the range from its own start up to the next range's start
 * (the last up to its `to`). So with the alternative set, 18 goes to 18–24, not to 0–18.
 * Ages outside every range answer null.
 */
export function ageBucket<K extends string>(age: number, ranges: readonly AgeRange<K>[]): K | null {
  for (const [i, range] of ranges.entries()) {
    const end = i + 1 < ranges.length ? ranges[i + 1].from : range.to + 1;
    if (age >= range.from && age < end) return range.key;
  }
  return null;
}

/** Counts by whole age folded into a bucket set: every bucket present, in the set's order. */
export function ageBucketCounts<K extends string>(
  countsByAge: ReadonlyArray<{ age: number; count: number }>,
  ranges: readonly AgeRange<K>[],
): { key: K; label: string; count: number }[] {
  const counts = new Map<K, number>(ranges.map((r) => [r.key, 0]));
  for (const { age, count } of countsByAge) {
    const key = ageBucket(age, ranges);
    if (key) counts.set(key, (counts.get(key) ?? 0) + count);
  }
  return ranges.map((r) => ({ key: r.key, label: ageRangeLabel(r), count: counts.get(r.key) ?? 0 }));
}

/** Percents with two decimals that sum to exactly 100 (all zero when there is nobody). */
export function percentShares(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  return apportionHundredths(
    counts.map((n) => (n * 10_000) / total),
    10_000,
  ).map((h) => h / 100);
}

/** §9 correlation colours: correlated green, anti-correlated red, non-correlated grey. */
export function correlationColor(key: (typeof AUDIENCE_KEYS.correlation)[number]): string {
  return CORRELATION_COLORS[key];
}

// Queries

const periodDay = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

/** The list: page, page size 12 (page_size, or pageSize as api.md writes it), group. */
export const socialPanelListQuery = z
  .object({
    page: pageParam,
    page_size: positiveIntParam(MAX_PAGE_SIZE).optional(),
    pageSize: positiveIntParam(MAX_PAGE_SIZE).optional(),
    group: idParam.optional(),
  })
  .transform(({ page, page_size, pageSize, group }) => ({
    page,
    page_size: page_size ?? pageSize ?? SOCIAL_PANEL_PAGE_SIZE,
    ...(group === undefined ? {} : { group }),
  }));
export type SocialPanelListQuery = z.output<typeof socialPanelListQuery>;

/** A graph: the panel as it stood at the end of the period (Moscow days, both inclusive). */
export const socialPanelGraphQuery = z
  .object({ period_after: periodDay.optional(), period_before: periodDay.optional() })
  .superRefine((query, ctx) => {
    if (query.period_after && query.period_before && query.period_after > query.period_before) {
      ctx.addIssue({ code: 'custom', path: ['period_after'], message: 'начало периода позже его конца' });
    }
  });
export type SocialPanelGraphQuery = z.output<typeof socialPanelGraphQuery>;

export const socialPanelPagedQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(SOCIAL_PANEL_PAGE_SIZE),
});
export type SocialPanelPagedQuery = z.output<typeof socialPanelPagedQuery>;

/** social_panel_loms/: the confirmed loms of one panel (soc_panel), by share. */
export const socialPanelLomsQuery = z.object({
  soc_panel: idParam,
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZES.SOCIAL_LOMS),
});
export type SocialPanelLomsQuery = z.output<typeof socialPanelLomsQuery>;

// Answers

const paging = {
  page: z.number().int(),
  last_page: z.number().int(),
  elements_count: z.number().int(),
  next_pages_available: z.number().int(),
};

export const socialPanelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  panelists_count: z.number().int(),
  loms_count: z.number().int(),
});
export type SocialPanel = z.infer<typeof socialPanelSchema>;

export const socialPanelListResponse = z.object({
  ...paging,
  results: z.array(socialPanelSchema),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SocialPanelListResponse = z.infer<typeof socialPanelListResponse>;

const shareItem = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  value: z.number(),
});
export type SocialPanelShare = z.infer<typeof shareItem>;

/** age, education, family_status, gender, geo: shares in percent that sum to 100. */
export const socialPanelShareResponse = z.object({
  total: z.number().int(),
  results: z.array(shareItem),
  /** age only: the alternative (coarser) bucket set of §3/§9. */
  coarse: z.array(shareItem).optional(),
});
export type SocialPanelShareResponse = z.infer<typeof socialPanelShareResponse>;

export const socialPanelSeriesResponse = z.object({
  total: z.number().int(),
  results: z.array(z.object({ date: z.string(), value: z.number().int() })),
});
export type SocialPanelSeriesResponse = z.infer<typeof socialPanelSeriesResponse>;

const topItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  count: z.number().int(),
  /** Percent of the panel's panelists. */
  value: z.number(),
});
export type SocialPanelTopItem = z.infer<typeof topItem>;

export const socialPanelTopResponse = z.object({ total: z.number().int(), results: z.array(topItem) });
export type SocialPanelTopResponse = z.infer<typeof socialPanelTopResponse>;

export const SOCIAL_PANEL_GRAPH_RESPONSES = {
  age: socialPanelShareResponse,
  education: socialPanelShareResponse,
  family_status: socialPanelShareResponse,
  gender: socialPanelShareResponse,
  geo: socialPanelShareResponse,
  subscribers: socialPanelSeriesResponse,
  top_groups: socialPanelTopResponse,
  top_loms: socialPanelTopResponse,
} as const satisfies Record<SocialPanelGraph, z.ZodType>;
export type SocialPanelGraphResponse<G extends SocialPanelGraph> = z.infer<
  (typeof SOCIAL_PANEL_GRAPH_RESPONSES)[G]
>;

export const socialPanelistSchema = z.object({
  id: z.number().int(),
  gender: z.string(),
  age: z.number().int(),
  age_label: z.string(),
  family_status: z.string(),
  education: z.string(),
  region: z.string().nullable(),
  loms_count: z.number().int(),
});
export type SocialPanelist = z.infer<typeof socialPanelistSchema>;

export const socialPanelistsResponse = z.object({ ...paging, results: z.array(socialPanelistSchema) });
export type SocialPanelistsResponse = z.infer<typeof socialPanelistsResponse>;

const panelLom = z.object({
  id: z.number().int(),
  name: z.string(),
  share: z.number(),
  is_candidate: z.boolean(),
});
export const socialPanelLomsResponse = z.object({ ...paging, results: z.array(panelLom) });
export type SocialPanelLomsResponse = z.infer<typeof socialPanelLomsResponse>;

// viral-content-id/

/**
 * viral-content-id/: the viral content of the panel's audience — the viral messages of the period
 * (as /viral-content defines them) written by the loms the panel follows (its confirmed loms, as
 * the `soc_panel` message filter reads them), most viral by the stat first. At most this many ids,
 * so /messages can open them (`id_in`) in one link.
 */
export const SOCIAL_PANEL_VIRAL_IDS = 100;

export const socialPanelViralQuery = viralPeriodQuery;
export type SocialPanelViralQuery = z.output<typeof socialPanelViralQuery>;

export const socialPanelViralResponse = z.object({
  /** The first SOCIAL_PANEL_VIRAL_IDS ids, most viral by the stat first. */
  ids: z.array(z.number().int()),
  /** Every viral message of the panel's loms in the period. */
  count: z.number().int(),
  period_after: z.string(),
  period_before: z.string(),
});
export type SocialPanelViralResponse = z.infer<typeof socialPanelViralResponse>;
