import {
  MOOD_IDS,
  MOOD_LABELS,
  MOOD_MODEL_MIN_PER_MOOD,
  MOOD_MODEL_TEST_SHARE,
  type Mood,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import {
  DEFAULT_TRAIN_OPTIONS,
  deserializeClassifier,
  type MoodClassifier,
  predict,
  serializeClassifier,
  type TrainOptions,
  type TrainSample,
  trainClassifier,
} from './classifier.ts';
import { majorityMood, type Scores, scoreOf } from './evaluate.ts';
import { FEATURE_VERSION, featuresOf } from './features.ts';
import {
  activeModel,
  insertModel,
  lockModelReplacement,
  type VerifiedRow,
  verifiedCount,
  verifiedMessages,
} from './mood-model-queries.ts';

/** Training refuses with fewer verified messages than this of any one mood (docs/mood-model.md). */
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
    };

export interface TrainRequest {
  trigger: TrainTrigger;
  userId?: number | null;
  options?: TrainOptions;
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

/** The Russian refusal when a mood has too few verified messages; null when every mood has enough. */
export function refusalOf(counts: Record<Mood, number>): string | null {
  const short = MOOD_IDS.filter((mood) => counts[mood] < MIN_VERIFIED_PER_MOOD);
  if (short.length === 0) return null;
  const list = short.map((mood) => `«${MOOD_LABELS[mood]}» — ${counts[mood]}`).join(', ');
  return (
    `Мало проверенных сообщений для обучения: нужно не меньше ${MIN_VERIFIED_PER_MOOD} на каждую тональность, ` +
    `а сейчас ${list}. Текущая модель остаётся без изменений.`
  );
}

function countsOf(rows: readonly VerifiedRow[]): Record<Mood, number> {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } as Record<Mood, number>;
  for (const row of rows) counts[row.mood as Mood]++;
  return counts;
}

function scoresOn(model: MoodClassifier, test: readonly VerifiedRow[]): Scores {
  const scratch = new Float64Array(MOOD_IDS.length);
  const predicted = test.map((row) => predict(model, featuresOf(row.text, model.hashBits), scratch).mood);
  return scoreOf(
    test.map((row) => row.mood as Mood),
    predicted,
  );
}

/** A new model replaces the active one when its macro-F1 on the same test set is not lower. */
export function isNotWorse(candidate: number, active: number | null): boolean {
  return active === null || candidate >= active - 1e-9;
}

/**
 * Trains a model on the verified messages, scores it on the newest 20% beside the majority baseline and
 * the active model, stores it, and makes it active if it is not worse. Refuses (storing nothing) when a
 * mood has fewer than MIN_VERIFIED_PER_MOOD verified messages.
 */
export async function trainMoodModel(db: Db, request: TrainRequest): Promise<TrainResult> {
  const started = performance.now();
  const progress = request.onProgress ?? (() => undefined);
  progress('Чтение проверенных сообщений', 0);
  const rows = await verifiedMessages(db);
  const counts = countsOf(rows);
  const refusal = refusalOf(counts);
  if (refusal) return { outcome: 'refused', message: refusal, counts };

  const { train, test } = splitByTime(rows);
  progress('Признаки', 0.05);
  const samples: TrainSample[] = train.map((row) => ({
    features: featuresOf(row.text, request.options?.hashBits),
    label: MOOD_IDS.indexOf(row.mood as Mood),
  }));
  const options = { ...DEFAULT_TRAIN_OPTIONS, ...request.options };
  const model = await trainClassifier(samples, {
    ...options,
    onProgress: (done) => progress('Обучение', 0.1 + 0.75 * done),
  });
  progress('Оценка', 0.85);
  const scores = scoresOn(model, test);
  const baselineMood = majorityMood(train.map((row) => row.mood as Mood));
  const baseline = scoreOf(
    test.map((row) => row.mood as Mood),
    test.map(() => baselineMood),
  );
  const total = await verifiedCount(db);

  progress('Сохранение', 0.95);
  return db.transaction(async (tx) => {
    await lockModelReplacement(tx);
    const current = await activeModel(tx);
    const previous =
      current && current.featureVersion === FEATURE_VERSION
        ? scoresOn(deserializeClassifier(current.weights), test)
        : null;
    const accepted = isNotWorse(scores.macroF1, previous?.macroF1 ?? null);
    const modelId = await insertModel(tx, {
      trigger: request.trigger,
      createdBy: request.userId ?? null,
      trainingSize: train.length,
      testSize: test.length,
      verifiedCount: total,
      testFrom: new Date(test[0].wrote_ms),
      durationMs: Math.round(performance.now() - started),
      accuracy: scores.accuracy,
      macroF1: scores.macroF1,
      confusion: scores.confusion,
      perMood: scores.perMood,
      baselineMood,
      baselineAccuracy: baseline.accuracy,
      baselineMacroF1: baseline.macroF1,
      previousId: current?.id ?? null,
      previousAccuracy: previous?.accuracy ?? null,
      previousMacroF1: previous?.macroF1 ?? null,
      previousConfusion: previous?.confusion ?? null,
      hashBits: model.hashBits,
      featureVersion: model.featureVersion,
      weights: serializeClassifier(model),
      accepted,
      active: accepted,
    });
    const f1 = (value: number) => value.toFixed(3).replace('.', ',');
    const message = accepted
      ? previous
        ? `Модель ${modelId} заменила модель ${current?.id}: macro-F1 ${f1(scores.macroF1)} против ${f1(previous.macroF1)}.`
        : `Модель ${modelId} обучена и используется: macro-F1 ${f1(scores.macroF1)}.`
      : `Модель ${modelId} хуже текущей (macro-F1 ${f1(scores.macroF1)} против ${f1(previous?.macroF1 ?? 0)}): ` +
        `остаётся модель ${current?.id}.`;
    return {
      outcome: accepted ? 'replaced' : 'kept',
      message,
      modelId,
      macroF1: scores.macroF1,
      previousMacroF1: previous?.macroF1 ?? null,
    } as const;
  });
}
