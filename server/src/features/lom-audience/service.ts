import {
  apportionHundredths,
  LOM_TOP_BRANDS,
  LOM_TOP_PERIOD_INTERESTS,
  type LomAudienceResponse,
  type LomBrandsResponse,
  type LomGraphKind,
  type LomGraphQuery,
  type LomGraphResponse,
  type LomInterestsResponse,
  type LomPeriodInterestsResponse,
  type LomPeriodQuery,
  type LomQualityAudienceResponse,
  MAX_GRAPH_POINTS,
  PERIOD_LABELS,
  QUALITY_AUDIENCE_KEYS,
  type QualityShares,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { fillSteps, moscowToday, stepCount } from './buckets.ts';
import { presentShares } from './presenter.ts';
import {
  audienceRows,
  brandRows,
  type DayRange,
  interestRows,
  lomExists,
  metricPoints,
  periodThemeRows,
  qualityRows,
  subscriberPoints,
} from './queries.ts';

const NOT_FOUND = 'ЛОМ не найден';

/** Runs the read beside the lom lookup; an unknown lom answers 404 whatever the read found. */
async function forLom<T>(db: Db, lomId: number, read: Promise<T>): Promise<T> {
  const [exists, result] = await Promise.all([lomExists(db, lomId), read]);
  if (!exists) throw notFound(NOT_FOUND);
  return result;
}

/** GET loms/{id}/audience_lom_new/. */
export async function lomAudience(db: Db, lomId: number): Promise<LomAudienceResponse> {
  const rows = await forLom(db, lomId, audienceRows(db, lomId));
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

/** GET loms/{id}/interest_all/. */
export async function lomInterests(db: Db, lomId: number): Promise<LomInterestsResponse> {
  const rows = await forLom(db, lomId, interestRows(db, lomId));
  return { results: rows.map((row) => ({ id: row.id, name: row.name, isAi: row.is_ai, share: row.share })) };
}

const rangeOf = (query: LomPeriodQuery): DayRange => ({ from: query.period_after, to: query.period_before });

/** Percent with two decimals. */
const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

/** GET loms/{id}/interest_by_period/: the themes of the period's live publications. */
export async function lomPeriodInterests(
  db: Db,
  lomId: number,
  query: LomPeriodQuery,
): Promise<LomPeriodInterestsResponse> {
  const rows = await forLom(db, lomId, periodThemeRows(db, lomId, rangeOf(query)));
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

/** GET loms/{id}/quality_audience/. */
export async function lomQualityAudience(db: Db, lomId: number): Promise<LomQualityAudienceResponse> {
  const rows = await forLom(db, lomId, qualityRows(db, lomId));
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

/** GET loms/{id}/brands/: the top ten by mentions, then SI. */
export async function lomBrands(db: Db, lomId: number): Promise<LomBrandsResponse> {
  const rows = await forLom(db, lomId, brandRows(db, lomId, LOM_TOP_BRANDS));
  return {
    results: rows.map((row) => ({
      brand: { id: row.id, name: row.name, avatar: row.avatar },
      mentions: row.mentions,
      si_sum: row.si_sum,
    })),
    elements_count: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}

function tooManyPoints(count: number, step: LomGraphQuery['filter']) {
  return badRequest(
    `Слишком много точек графика (${count}) с шагом «${PERIOD_LABELS[step]}»: не больше ${MAX_GRAPH_POINTS}. ` +
      'Выберите шаг крупнее или период короче',
    'filter',
  );
}

/**
 * GET lom-dynamic-graph/{id}/…-graph/. SI and views are flows: every step of the period
 * gets a point, zero when the lom published nothing (from the period's start, or from its
 * first publication without one, up to the period's end but not past today). Subscribers
 * are a level known weekly: a point for each step that has a stored count, its last one.
 */
export async function lomGraph(
  db: Db,
  lomId: number,
  kind: LomGraphKind,
  query: LomGraphQuery,
  today: string = moscowToday(),
): Promise<LomGraphResponse> {
  const step = query.filter;
  const range = rangeOf(query);
  const end = range.to && range.to < today ? range.to : today;
  if (range.from) {
    const count = stepCount(range.from, end, step);
    if (count > MAX_GRAPH_POINTS) throw tooManyPoints(count, step);
  }
  if (kind === 'subscribers') {
    return { graph: await forLom(db, lomId, subscriberPoints(db, lomId, step, range)) };
  }
  const points = await forLom(db, lomId, metricPoints(db, lomId, kind, step, range));
  const start = range.from ?? points[0]?.date;
  if (!start) return { graph: [] };
  const count = stepCount(start, end, step);
  if (count > MAX_GRAPH_POINTS) throw tooManyPoints(count, step);
  return { graph: fillSteps(points, start, end, step) };
}
