import {
  LOM_TOP_BRANDS,
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
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { fillSteps, moscowToday, stepCount } from './buckets.ts';
import {
  presentBrands,
  presentInterest,
  presentLomAudience,
  presentPeriodInterests,
  presentQualityAudience,
} from './presenter.ts';
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
  return presentLomAudience(rows);
}

/** GET loms/{id}/interest_all/. */
export async function lomInterests(db: Db, lomId: number): Promise<LomInterestsResponse> {
  const rows = await forLom(db, lomId, interestRows(db, lomId));
  return { results: rows.map(presentInterest) };
}

const rangeOf = (query: LomPeriodQuery): DayRange => ({ from: query.period_after, to: query.period_before });

/** GET loms/{id}/interest_by_period/: the themes of the period's live publications. */
export async function lomPeriodInterests(
  db: Db,
  lomId: number,
  query: LomPeriodQuery,
): Promise<LomPeriodInterestsResponse> {
  const rows = await forLom(db, lomId, periodThemeRows(db, lomId, rangeOf(query)));
  return presentPeriodInterests(rows);
}

/** GET loms/{id}/quality_audience/. */
export async function lomQualityAudience(db: Db, lomId: number): Promise<LomQualityAudienceResponse> {
  const rows = await forLom(db, lomId, qualityRows(db, lomId));
  return presentQualityAudience(rows);
}

/** GET loms/{id}/brands/: the top ten by mentions, then SI. */
export async function lomBrands(db: Db, lomId: number): Promise<LomBrandsResponse> {
  const rows = await forLom(db, lomId, brandRows(db, lomId, LOM_TOP_BRANDS));
  return presentBrands(rows);
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
