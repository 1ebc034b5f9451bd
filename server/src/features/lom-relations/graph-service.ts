import type {
  LomRubricsByPeriodQuery,
  LomRubricsByPeriodResponse,
  RelationGraphQuery,
  RelationGraphResponse,
  RubricPeriodStep,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { assertLomCardTab } from '../../domain/lom-card-access.ts';
import { DAY_MS, stepStarts as stepStartsOf, utcDayMs } from '../../domain/moscow-calendar.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { presentRelationGraph, presentRubricsByPeriod } from './graph-presenter.ts';
import {
  type ClosedDays,
  coThemeLoms,
  lomMessageTotals,
  lomThemes,
  lomWithTotals,
  rubricBuckets,
  rubricsFor,
  speakerLoms,
} from './graph-queries.ts';
import { lomExists } from './queries.ts';

const LOM_NOT_FOUND = 'ЛОМ не найден';

/** The graph stays readable: the lom's heaviest themes, a few co-authors each, a few speakers. */
export const RELATION_GRAPH_LIMITS = { themes: 8, lomsPerTheme: 5, speakers: 10 } as const;

/**
 * GET loms/{id}/relation_graph/: the lom, the themes it wrote on in the period and the loms
 * linked to it through those themes or as speakers, weighted by views or messages.
 */
export async function relationGraph(
  db: Db,
  lomId: number,
  query: RelationGraphQuery,
  user: AuthUser,
): Promise<RelationGraphResponse> {
  assertLomCardTab(user, 'relations');
  const days: ClosedDays = { after: query.period_after, before: query.period_before };
  const agg = query.agg_param;
  const lom = await lomWithTotals(db, lomId, days);
  if (!lom) throw notFound(LOM_NOT_FOUND);

  const limits = RELATION_GRAPH_LIMITS;
  const themes = await lomThemes(db, lomId, days, agg, limits.themes);
  const [coAuthors, guests, hosts] = await Promise.all([
    coThemeLoms(
      db,
      lomId,
      themes.map((t) => t.id),
      days,
      agg,
      limits.lomsPerTheme,
    ),
    speakerLoms(db, lomId, 'guest', days, agg, limits.speakers),
    speakerLoms(db, lomId, 'host', days, agg, limits.speakers),
  ]);

  return presentRelationGraph(agg, { lom, themes, coAuthors, guests, hosts });
}

// Rubrics by period

const dayNumber = (day: string) => utcDayMs(day) / DAY_MS;

/** A step that keeps the chart readable: days up to a month, weeks up to half a year, then months. */
export function rubricStep(days: ClosedDays): RubricPeriodStep {
  const length = dayNumber(days.before) - dayNumber(days.after) + 1;
  if (length <= 31) return 'day';
  if (length <= 184) return 'week';
  return 'month';
}

/** First days of the steps that cover the period (weeks start on Monday, like date_trunc). */
export function stepStarts(days: ClosedDays, step: RubricPeriodStep): string[] {
  return stepStartsOf(days.after, days.before, step);
}

/**
 * GET loms/{id}/rubrics_by_period/: the lom's live messages of the period by rubric
 * (message_rubrics), SI or messages per step, plus the rubrics the lom belongs to.
 */
export async function lomRubricsByPeriod(
  db: Db,
  lomId: number,
  query: LomRubricsByPeriodQuery,
  user: AuthUser,
): Promise<LomRubricsByPeriodResponse> {
  assertLomCardTab(user, 'rubrics');
  if (!(await lomExists(db, lomId))) throw notFound(LOM_NOT_FOUND);
  const days: ClosedDays = { after: query.period_after, before: query.period_before };
  const step = rubricStep(days);
  const periods = stepStarts(days, step);
  const [buckets, totals] = await Promise.all([
    rubricBuckets(db, lomId, days, step),
    lomMessageTotals(db, lomId, days),
  ]);
  const rubrics = await rubricsFor(db, lomId, [...new Set(buckets.map((b) => b.rubric_id))]);
  return presentRubricsByPeriod(query.agg_param, { step, periods, buckets, rubrics, totals });
}
