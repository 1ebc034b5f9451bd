import {
  type AudienceShares,
  apportionHundredths,
  coarseAgeShares,
  LOM_TOP_PERIOD_INTERESTS,
  type LomAudienceResponse,
  type LomBrandsResponse,
  type LomInterestsResponse,
  type LomPeriodInterestsResponse,
  type LomQualityAudienceResponse,
  QUALITY_AUDIENCE_KEYS,
  type QualityShares,
} from '@monitoring/contracts';
import type { AudienceRow, BrandRow, InterestRow, PeriodThemeRow, QualityRow } from './queries.ts';

export function presentShares(row: AudienceRow): AudienceShares {
  return {
    female__sum: row.female_sum,
    male__sum: row.male_sum,
    a0_17: row.a0_17,
    a18_24: row.a18_24,
    a25_34: row.a25_34,
    a35_44: row.a35_44,
    a45_54: row.a45_54,
    amore_55: row.amore_55,
    ...coarseAgeShares(row),
    married: row.married,
    single: row.single,
    middle: row.middle,
    higher: row.higher,
    correlated_sum: row.correlated_sum,
    anti_correlated_sum: row.anti_correlated_sum,
    non_correlated_sum: row.non_correlated_sum,
  };
}

/** The lom's own audience (the row without a lom source) and one entry per account of it. */
export function presentLomAudience(rows: AudienceRow[]): LomAudienceResponse {
  const own = rows.find((row) => row.lom_source_id === null);
  return {
    audience: own ? presentShares(own) : null,
    updated_at: own?.updated_at ?? null,
    sources: rows.flatMap((row) =>
      row.lom_source_id === null || row.source_id === null
        ? []
        : [
            {
              lom_source: {
                id: row.lom_source_id,
                url: row.url ?? '',
                is_active: row.is_active ?? false,
                source: { id: row.source_id, name: row.source_name ?? '', icon: row.source_icon ?? '' },
              },
              audience: presentShares(row),
              updated_at: row.updated_at,
            },
          ],
    ),
  };
}

export function presentInterest(row: InterestRow): LomInterestsResponse['results'][number] {
  return { id: row.id, name: row.name, isAi: row.is_ai, share: row.share };
}

/** Percent with two decimals. */
const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

/** The top themes of the period with their share of all its publications; the null theme is counted apart. */
export function presentPeriodInterests(rows: PeriodThemeRow[]): LomPeriodInterestsResponse {
  const messageCount = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const withoutTheme = rows
    .filter((row) => row.theme_id === null)
    .reduce((sum, row) => sum + Number(row.n), 0);
  const results = rows
    .filter((row) => row.theme_id !== null)
    .slice(0, LOM_TOP_PERIOD_INTERESTS)
    .map((row) => ({
      theme: { id: Number(row.theme_id), name: row.name ?? '' },
      message_count: Number(row.n),
      total_si: row.si,
      share: percentOf(Number(row.n), messageCount),
    }));
  return { results, message_count: messageCount, without_theme: withoutTheme };
}

/**
 * The shares over all platforms: each platform weighted by the subscribers of the lom's
 * active accounts there (equally when none has any), rounded so they sum to 100.
 */
export function weightedQuality(
  rows: readonly (QualityShares & { subscribers: number })[],
): QualityShares | null {
  if (rows.length === 0) return null;
  const totalWeight = rows.reduce((sum, row) => sum + row.subscribers, 0);
  const weightOf = (row: { subscribers: number }) =>
    totalWeight > 0 ? row.subscribers / totalWeight : 1 / rows.length;
  const raw = QUALITY_AUDIENCE_KEYS.map((key) =>
    rows.reduce((sum, row) => sum + row[key] * 100 * weightOf(row), 0),
  );
  const hundredths = apportionHundredths(raw, Math.round(raw.reduce((sum, value) => sum + value, 0)));
  return Object.fromEntries(
    QUALITY_AUDIENCE_KEYS.map((key, i) => [key, hundredths[i] / 100]),
  ) as QualityShares;
}

export function presentQualityAudience(rows: QualityRow[]): LomQualityAudienceResponse {
  const results = rows.map((row) => ({
    source: { id: row.source_id, name: row.source_name, icon: row.source_icon },
    subscribers: row.subscribers,
    quality_part: row.quality_part,
    mass_part: row.mass_part,
    lom_part: row.lom_part,
    bot_part: row.bot_part,
  }));
  return { results, total: weightedQuality(results) };
}

/** The top brands; every row carries the number of all the lom's brands. */
export function presentBrands(rows: BrandRow[]): LomBrandsResponse {
  return {
    results: rows.map((row) => ({
      brand: { id: row.id, name: row.name, avatar: row.avatar },
      mentions: row.mentions,
      si_sum: row.si_sum,
    })),
    elements_count: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}
