import { MOOD_MODEL_CONFIDENCE_THRESHOLD } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { deserializeClassifier, type MoodClassifier, predict } from './classifier.ts';
import { FEATURE_VERSION, featuresOf } from './features.ts';
import {
  activeModel,
  activeModelKey,
  lastId,
  markCandidates,
  unjudgedFragmentPage,
  unverifiedUnjudgedPage,
  writeFragmentMarks,
  writeMarks,
} from './mood-model-queries.ts';

/**
 * Below this probability of its most likely mood the model leaves mood_ai empty (it still records the
 * confidence). Six moods make 1/6 ≈ 0.17 a guess; 0.4 keeps the marks the model is fairly sure of
 * (docs/mood-model.md "Threshold").
 */
export const MOOD_CONFIDENCE_THRESHOLD = MOOD_MODEL_CONFIDENCE_THRESHOLD;

let cached: { key: string; model: MoodClassifier } | null = null;

/** The active classifier, loaded once per version (the check is one indexed row). Null without one. */
export async function activeClassifier(db: Db): Promise<{ id: number; model: MoodClassifier } | null> {
  const key = await activeModelKey(db);
  if (!key) return null;
  const cacheKey = `${key.id}@${key.createdAt.getTime()}`;
  if (cached?.key !== cacheKey) {
    const row = await activeModel(db);
    if (!row || row.featureVersion !== FEATURE_VERSION) return null;
    cached = { key: cacheKey, model: deserializeClassifier(row.weights) };
  }
  return { id: key.id, model: cached.model };
}

export interface MarkResult {
  /** The version of the model that marked; null when there is no active model (nothing was changed). */
  modelId: number | null;
  /** Messages that could be marked (no editor's mood, no AI mood, state 1). */
  examined: number;
  /** Given mood_ai and state 2. */
  marked: number;
  /** Below the threshold: confidence recorded, mood_ai left empty. */
  lowConfidence: number;
}

/**
 * Marks the given messages with the active model, inside the caller's transaction: for each one with no
 * editor's mood, no AI mood and state 1 «entered», sets mood_ai, mood_ai_confidence and state 2 «marked by
 * AI» (below MOOD_CONFIDENCE_THRESHOLD only the confidence). One locking read (in the order of lom source,
 * wrote_at, id) and one UPDATE from arrays per call, whatever the number of ids.
 */
export async function markMoods(db: Db, messageIds: readonly number[]): Promise<MarkResult> {
  const active = messageIds.length > 0 ? await activeClassifier(db) : null;
  if (!active) return { modelId: null, examined: 0, marked: 0, lowConfidence: 0 };
  const candidates = await markCandidates(db, messageIds);
  const marks = classify(active.model, candidates);
  await writeMarks(db, marks.ids, marks.moods, marks.confidences);
  return {
    modelId: active.id,
    examined: candidates.length,
    marked: marks.marked,
    lowConfidence: candidates.length - marks.marked,
  };
}

export interface MoodPredictions {
  /** The version of the model that judged; null when there is no active model (nothing to mark). */
  modelId: number | null;
  /** Per text: the mood (null below the threshold or without a model) and the confidence (null without one). */
  moods: (number | null)[];
  confidences: (number | null)[];
  /** Texts given a mood. */
  marked: number;
}

/**
 * The active model's marks of texts not stored yet, in the order given: what markMoods would write on the
 * messages once stored (mood_ai, confidence to 4 places; state 2 «marked by AI» when the mood is not null).
 * The ingestion inserts its new messages with them, instead of inserting and then updating every row.
 */
export async function predictMoods(db: Db, texts: readonly string[]): Promise<MoodPredictions> {
  if (texts.length === 0) return { modelId: null, moods: [], confidences: [], marked: 0 };
  return (await moodPredictor(db))(texts);
}

/**
 * predictMoods in two steps: the active model is fetched now (one indexed row, the weights when its version
 * changed), and the returned function only computes, so a caller can run it while a statement of its own is on
 * the database.
 */
export async function moodPredictor(db: Db): Promise<(texts: readonly string[]) => MoodPredictions> {
  const active = await activeClassifier(db);
  return (texts) => {
    if (!active) {
      return { modelId: null, moods: texts.map(() => null), confidences: texts.map(() => null), marked: 0 };
    }
    const marks = classify(
      active.model,
      texts.map((text, id) => ({ id, text })),
    );
    return { modelId: active.id, moods: marks.moods, confidences: marks.confidences, marked: marks.marked };
  };
}

/** Predictions for rows in parallel arrays (mood null below the threshold, confidence to 4 places). */
function classify(model: MoodClassifier, rows: readonly { id: number; text: string }[]) {
  const ids: number[] = [];
  const moods: (number | null)[] = [];
  const confidences: number[] = [];
  const scratch = new Float64Array(model.moods.length);
  let marked = 0;
  for (const row of rows) {
    const { mood, confidence } = predict(model, featuresOf(row.text, model.hashBits), scratch);
    const sure = confidence >= MOOD_CONFIDENCE_THRESHOLD;
    ids.push(row.id);
    moods.push(sure ? mood : null);
    confidences.push(Math.round(confidence * 10_000) / 10_000);
    if (sure) marked++;
  }
  return { ids, moods, confidences, marked };
}

/** Messages per statement of markUnverified. */
const UNVERIFIED_BATCH = 5_000;

/**
 * The demo seed's pass: every message the editors have not verified among the `newest` by id gets the
 * active model's judgement (mood_ai and confidence, whatever its editor's mood; state 1 → 2 when marked),
 * so the demo shows what the model would say. The older ones stay unjudged, as on an installation whose
 * model came after its messages (the on-demand marking reaches them). Batches of 5,000 by id; answers the
 * number marked.
 */
export async function markUnverified(db: Db, newest: number): Promise<number> {
  const active = await activeClassifier(db);
  if (!active) return 0;
  let marked = 0;
  for (let after = Math.max(0, (await lastId(db, 'messages')) - newest); ; ) {
    const rows = await unverifiedUnjudgedPage(db, after, UNVERIFIED_BATCH);
    if (rows.length === 0) return marked;
    const marks = classify(active.model, rows);
    await writeMarks(db, marks.ids, marks.moods, marks.confidences);
    marked += marks.marked;
    after = rows[rows.length - 1].id;
  }
}

/**
 * The demo seed's pass over fragments: each fragment without an AI mood among the `newest` by id gets the active
 * model's judgement of its own text (null below the threshold, as for messages). Batches of 5,000 by id; answers
 * the number marked.
 */
export async function markFragments(db: Db, newest: number): Promise<number> {
  const active = await activeClassifier(db);
  if (!active) return 0;
  let marked = 0;
  for (let after = Math.max(0, (await lastId(db, 'fragments')) - newest); ; ) {
    const rows = await unjudgedFragmentPage(db, after, UNVERIFIED_BATCH);
    if (rows.length === 0) return marked;
    const marks = classify(active.model, rows);
    await writeFragmentMarks(db, marks.ids, marks.moods);
    marked += marks.marked;
    after = rows[rows.length - 1].id;
  }
}
