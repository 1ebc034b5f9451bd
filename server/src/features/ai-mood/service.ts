import {
  MOOD_MODEL_CONFIDENCE_THRESHOLD,
  MOOD_MODEL_MIN_MOODS,
  MOOD_MODEL_MIN_PER_MOOD,
  MOOD_MODEL_RETRAIN_AFTER,
  MOOD_MODEL_TEST_SHARE,
  type MoodMarkAnswer,
  type MoodMarkBody,
  type MoodModelsAnswer,
  type MoodTrainingStatus,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { markMoods, modelHistory, unmarkedPage } from '../../domain/mood-model/index.ts';
import { addDays, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { HttpError } from '../../http/errors.ts';
import { presentModel } from './presenter.ts';
import { userNames, verifiedByMood } from './queries.ts';
import { startTraining, trainingStatus } from './runner.ts';

/** The settings tab: the active model, the history, the training in progress, the verified counts. */
export async function modelsAnswer(db: Db): Promise<MoodModelsAnswer> {
  const rows = await modelHistory(db);
  const names = await userNames(db, [
    ...new Set(rows.map((r) => r.createdBy).filter((id): id is number => id !== null)),
  ]);
  const models = rows.map((row) => presentModel(row, names));
  const byMood = await verifiedByMood(db);
  return {
    active: models.find((m) => m.active) ?? null,
    models,
    training: trainingStatus(db),
    verified: { total: byMood.reduce((a, b) => a + b, 0), by_mood: byMood },
    rules: {
      min_per_mood: MOOD_MODEL_MIN_PER_MOOD,
      min_moods: MOOD_MODEL_MIN_MOODS,
      test_share: MOOD_MODEL_TEST_SHARE,
      confidence_threshold: MOOD_MODEL_CONFIDENCE_THRESHOLD,
      retrain_after: MOOD_MODEL_RETRAIN_AFTER,
    },
  };
}

/** POST train/: starts a run after the answer (or finds one running); the page polls GET train/. */
export function requestTraining(db: Db, userId: number): MoodTrainingStatus {
  startTraining(db, { trigger: 'manual', userId });
  return trainingStatus(db);
}

/** Messages per transaction of an on-demand marking. */
export const MARK_BATCH = 2_000;

/**
 * POST mark/: the messages without a mark (no editor's mood, no AI mood, state 1) of a period of Moscow
 * days, optionally only some ids, paged through oldest first, each page in its own transaction.
 */
export async function markOnDemand(db: Db, body: MoodMarkBody): Promise<MoodMarkAnswer> {
  const range = {
    from: moscowMidnight(body.date_from).toISOString(),
    to: moscowMidnight(addDays(body.date_to, 1)).toISOString(),
    ids: body.ids ?? null,
  };
  const answer: MoodMarkAnswer = { version: 0, examined: 0, marked: 0, low_confidence: 0 };
  for (let after: { wroteAt: string; id: number } | null = null; ; ) {
    const page = await unmarkedPage(db, range, after, MARK_BATCH);
    if (page.length === 0) break;
    const result = await db.transaction((tx) =>
      markMoods(
        tx,
        page.map((row) => row.id),
      ),
    );
    if (result.modelId === null) break;
    answer.version = result.modelId;
    answer.examined += result.examined;
    answer.marked += result.marked;
    answer.low_confidence += result.lowConfidence;
    if (page.length < MARK_BATCH) break;
    const last = page[page.length - 1];
    after = { wroteAt: last.wrote_at, id: last.id };
  }
  if (answer.version === 0) {
    const models = await modelHistory(db);
    const active = models.find((m) => m.active);
    if (!active)
      throw new HttpError(409, 'Нет обученной модели тональности: сначала обучите её в настройках');
    answer.version = active.id;
  }
  return answer;
}
