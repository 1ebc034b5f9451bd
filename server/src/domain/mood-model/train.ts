import {
  MOOD_IDS,
  MOOD_LABELS,
  MOOD_MODEL_INTERVAL_LEVEL,
  MOOD_MODEL_MIN_MOODS,
  MOOD_MODEL_MIN_PER_MOOD,
  MOOD_MODEL_TEST_SHARE,
  type Mood,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { deserializeClassifier, type MoodClassifier, serializeClassifier } from './classifier.ts';
import { bootstrapMacroF1, majorityMood, scoreOf } from './evaluate.ts';
import { FEATURE_VERSION } from './features.ts';
import { evaluationOf, type ModelSettings, predictTexts, trainModel } from './model.ts';
import {
  activeModel,
  insertModel,
  lockModelReplacement,
  type VerifiedRow,
  verifiedCount,
  verifiedMessages,
} from './mood-model-queries.ts';

/** A mood with fewer verified messages than this is left out of training (docs/mood-model.md). */
export const MIN_VERIFIED_PER_MOOD = MOOD_MODEL_MIN_PER_MOOD;
/** The newest share of the verified messages (by wrote_at, id) is the test set and never trains. */
export const TEST_SHARE = MOOD_MODEL_TEST_SHARE;

export type TrainTrigger = 'manual' | 'auto' | 'cli' | 'demo';

export type TrainResult =
  | { outcome: 'refused'; message: string; counts: Record<Mood, number> }
  | {
      outcome: 'replaced' | 'kept';
      message: string;
      modelId: number;
      macroF1: number;
      previousMacroF1: number | null;
      /** The moods the new model knows. */
      moods: Mood[];
    };

export interface TrainRequest {
  trigger: TrainTrigger;
  userId?: number | null;
  /** The model's settings (tests make training quick with them). */
  options?: ModelSettings;
  /** Phase and share done (0..1), for the settings page's progress bar. */
  onProgress?: (phase: string, done: number) => void;
}

/**
 * The split by time: rows ordered by (wrote_at, id); the newest TEST_SHARE (at least one) are the test
 * set. Rows sharing the boundary moment are split by id, so no message is on both sides.
 */
export function splitByTime<T extends { id: number; wrote_ms: number }>(rows: readonly T[]) {
  const sorted = [...rows].sort((a, b) => a.wrote_ms - b.wrote_ms || a.id - b.id);
  const testSize = Math.min(sorted.length, Math.max(1, Math.ceil(sorted.length * TEST_SHARE)));
  const cut = sorted.length - testSize;
  return { train: sorted.slice(0, cut), test: sorted.slice(cut) };
}

/** The moods with at least MIN_VERIFIED_PER_MOOD verified messages: the ones a model trains on and knows. */
export function knownMoods(counts: Record<Mood, number>): Mood[] {
  return MOOD_IDS.filter((mood) => counts[mood] >= MIN_VERIFIED_PER_MOOD);
}

/** The Russian refusal when fewer than MOOD_MODEL_MIN_MOODS moods have enough messages; null otherwise. */
export function refusalOf(counts: Record<Mood, number>): string | null {
  if (knownMoods(counts).length >= MOOD_MODEL_MIN_MOODS) return null;
  const list = MOOD_IDS.map((mood) => `«${MOOD_LABELS[mood]}» — ${counts[mood]}`).join(', ');
  return (
    `Мало проверенных сообщений для обучения: нужно не меньше ${MIN_VERIFIED_PER_MOOD} хотя бы у ` +
    `${MOOD_MODEL_MIN_MOODS} тональностей, а сейчас ${list}. Текущая модель остаётся без изменений.`
  );
}

function countsOf(rows: readonly VerifiedRow[]): Record<Mood, number> {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } as Record<Mood, number>;
  for (const row of rows) counts[row.mood as Mood]++;
  return counts;
}

/**
 * The replacement rule: a new model replaces the active one only when it is better beyond noise, i.e. the
 * 95% paired bootstrap interval of the difference of their macro-F1 on the same test set lies above zero.
 * With no active model (or one of older features) it is accepted.
 */
export function isBetterBeyondNoise(difference: { low: number } | null): boolean {
  return difference === null || difference.low > 0;
}

const f1 = (value: number) => value.toFixed(3).replace('.', ',');

/**
 * Trains a model on the verified messages of the moods that have enough of them, scores it on the newest
 * 20% (with a bootstrap interval and its calibration) beside the majority baseline and the active model,
 * stores it, and makes it active if it is better beyond noise. Refuses (storing nothing) when fewer than
 * MOOD_MODEL_MIN_MOODS moods have MIN_VERIFIED_PER_MOOD verified messages.
 */
export async function trainMoodModel(db: Db, request: TrainRequest): Promise<TrainResult> {
  const started = performance.now();
  const progress = request.onProgress ?? (() => undefined);
  progress('Чтение проверенных сообщений', 0);
  const all = await verifiedMessages(db);
  const counts = countsOf(all);
  const refusal = refusalOf(counts);
  if (refusal) return { outcome: 'refused', message: refusal, counts };
  const moods = knownMoods(counts);
  const rows = all.filter((row) => moods.includes(row.mood as Mood));

  const { train, test } = splitByTime(rows);
  progress('Обучение', 0.05);
  const model = await trainModel(
    train.map((row) => ({ text: row.text, mood: row.mood as Mood })),
    { ...request.options, onProgress: (done) => progress('Обучение', 0.05 + 0.8 * done) },
  );
  progress('Оценка', 0.85);
  const examples = test.map((row) => ({ text: row.text, mood: row.mood as Mood }));
  const truth = examples.map((e) => e.mood);
  const predictions = predictTexts(
    model,
    examples.map((e) => e.text),
  );
  const evaluation = evaluationOf(truth, predictions);
  const predicted = predictions.map((p) => p.mood);
  const baselineMood = majorityMood(train.map((row) => row.mood as Mood));
  const baseline = scoreOf(
    truth,
    test.map(() => baselineMood),
  );
  const total = await verifiedCount(db);

  progress('Сохранение', 0.95);
  return db.transaction(async (tx) => {
    await lockModelReplacement(tx);
    const current = await activeModel(tx);
    const previousModel: MoodClassifier | null =
      current && current.featureVersion === FEATURE_VERSION ? deserializeClassifier(current.weights) : null;
    const previousPredicted = previousModel
      ? predictTexts(
          previousModel,
          examples.map((e) => e.text),
        ).map((p) => p.mood)
      : null;
    const previous = previousPredicted ? scoreOf(truth, previousPredicted) : null;
    const interval = bootstrapMacroF1(truth, predicted, previousPredicted, MOOD_MODEL_INTERVAL_LEVEL);
    const accepted = isBetterBeyondNoise(interval.difference);
    const modelId = await insertModel(tx, {
      trigger: request.trigger,
      createdBy: request.userId ?? null,
      trainingSize: train.length,
      testSize: test.length,
      verifiedCount: total,
      testFrom: new Date(test[0].wrote_ms),
      durationMs: Math.round(performance.now() - started),
      accuracy: evaluation.accuracy,
      macroF1: evaluation.macroF1,
      weightedF1: evaluation.weightedF1,
      macroF1Low: interval.score.low,
      macroF1High: interval.score.high,
      moods: [...model.moods],
      calibration: evaluation.calibration,
      confusion: evaluation.confusion,
      perMood: evaluation.perMood,
      baselineMood,
      baselineAccuracy: baseline.accuracy,
      baselineMacroF1: baseline.macroF1,
      previousId: current?.id ?? null,
      previousAccuracy: previous?.accuracy ?? null,
      previousMacroF1: previous?.macroF1 ?? null,
      previousWeightedF1: previous?.weightedF1 ?? null,
      previousConfusion: previous?.confusion ?? null,
      differenceMacroF1: previous ? evaluation.macroF1 - previous.macroF1 : null,
      differenceLow: interval.difference?.low ?? null,
      differenceHigh: interval.difference?.high ?? null,
      hashBits: model.hashBits,
      featureVersion: model.featureVersion,
      weights: serializeClassifier(model),
      accepted,
      active: accepted,
    });
    const lacking = MOOD_IDS.filter((mood) => !moods.includes(mood));
    const known =
      lacking.length === 0
        ? ''
        : ` Модель не знает тональностей ${lacking.map((m) => `«${MOOD_LABELS[m]}»`).join(', ')}: у них меньше ${MIN_VERIFIED_PER_MOOD} проверенных сообщений.`;
    const range = interval.difference
      ? ` (разница ${f1(evaluation.macroF1 - (previous?.macroF1 ?? 0))}, 95 % интервал ${f1(interval.difference.low)}…${f1(interval.difference.high)})`
      : '';
    const message = accepted
      ? previous
        ? `Модель ${modelId} заменила модель ${current?.id}: macro-F1 ${f1(evaluation.macroF1)} против ${f1(previous.macroF1)}${range}.`
        : `Модель ${modelId} обучена и используется: macro-F1 ${f1(evaluation.macroF1)}.`
      : `Модель ${modelId} не лучше текущей сверх шума: macro-F1 ${f1(evaluation.macroF1)} против ` +
        `${f1(previous?.macroF1 ?? 0)}${range}; остаётся модель ${current?.id}.`;
    return {
      outcome: accepted ? 'replaced' : 'kept',
      message: message + known,
      modelId,
      macroF1: evaluation.macroF1,
      previousMacroF1: previous?.macroF1 ?? null,
      moods: [...model.moods],
    } as const;
  });
}
