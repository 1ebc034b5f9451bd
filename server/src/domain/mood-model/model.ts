import { MOOD_IDS, type Mood } from '@monitoring/contracts';
import {
  DEFAULT_TRAIN_OPTIONS,
  type MoodClassifier,
  mulberry32,
  probabilities,
  type TrainOptions,
  type TrainSample,
  trainClassifier,
} from './classifier.ts';
import { type Calibration, calibrationOf, type Scores, scoreOf } from './evaluate.ts';
import { DEFAULT_FEATURES, type FeatureSettings, featuresOf, HASH_BITS, reweigh } from './features.ts';

/**
 * The mood model without a database (docs/mood-model.md "The module"): train on labelled texts, predict
 * texts, evaluate on labelled texts. Moods are ids 1..6 in and out. The server's training (train.ts), the
 * ingestion's marks (mark.ts), `npm run ai:evaluate` and `npm run bench:mood` all go through here.
 */

export interface MoodExample {
  text: string;
  mood: Mood;
}

export interface ModelSettings extends TrainOptions {
  /** See TERM_WEIGHTING; 0 turns the term weights off. */
  termWeighting?: number;
  /** Train again on every example for the passes early stopping chose (default: up to REFIT_LIMIT examples). */
  refit?: boolean;
  /** The share of the examples held out (stratified, seeded) for early stopping and calibration. */
  validationShare?: number;
  hashBits?: number;
  features?: FeatureSettings;
  /** Called with the share done (0..1). */
  onProgress?: (done: number) => void;
}

export const VALIDATION_SHARE = 0.1;
/**
 * Above this many examples the model is not trained again on the held-out share too: a tenth more data
 * gains little there, and a second training would double the time (100,000 messages must train in a minute).
 */
export const REFIT_LIMIT = 30_000;

/** The moods present in examples, in id order. */
export function moodsOf(examples: readonly { mood: Mood }[]): Mood[] {
  const present = new Set(examples.map((e) => e.mood));
  return MOOD_IDS.filter((mood) => present.has(mood));
}

/**
 * The validation split: from each mood, a seeded random `share` of its examples (at least one when the mood
 * has two or more), so every mood is represented on both sides.
 */
export function validationSplit<T extends { mood: Mood }>(
  examples: readonly T[],
  share: number,
  seed: number,
) {
  const random = mulberry32(seed ^ 0x5eed);
  const byMood = new Map<Mood, number[]>();
  examples.forEach((e, i) => {
    const list = byMood.get(e.mood) ?? [];
    list.push(i);
    byMood.set(e.mood, list);
  });
  const held = new Set<number>();
  for (const list of byMood.values()) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    const n = list.length < 2 || share <= 0 ? 0 : Math.max(1, Math.round(list.length * share));
    for (const index of list.slice(0, n)) held.add(index);
  }
  return {
    train: examples.filter((_, i) => !held.has(i)),
    validation: examples.filter((_, i) => held.has(i)),
  };
}

/**
 * Supervised term weights (docs/mood-model.md "Term weights"): a feature whose messages are spread evenly over
 * the moods weighs 1, one seen only with one mood weighs 1 + TERM_WEIGHTING. The spread is the entropy of
 * the feature's class-normalised frequencies (add-one smoothed), so a rare mood's words count as much as a
 * common mood's. Computed per hash bucket from the training samples.
 */
export function termWeightsOf(
  samples: readonly TrainSample[],
  K: number,
  hashBits: number,
  strength: number,
) {
  const size = 1 << hashBits;
  const counts = new Float32Array(size * K);
  const prior = new Float64Array(K);
  for (const s of samples) {
    prior[s.label]++;
    for (const i of s.features.indexes) counts[i * K + s.label]++;
  }
  const weights = new Float32Array(size);
  const p = new Float64Array(K);
  const logK = Math.log(K);
  for (let i = 0; i < size; i++) {
    let total = 0;
    for (let k = 0; k < K; k++) {
      p[k] = (counts[i * K + k] + 1) / (prior[k] + 2);
      total += p[k];
    }
    let entropy = 0;
    for (let k = 0; k < K; k++) {
      const q = p[k] / total;
      entropy -= q * Math.log(q);
    }
    weights[i] = 1 + strength * (1 - entropy / logK);
  }
  return weights;
}

/** How much the term weights favour the features of one mood (1 + this at most). Chosen on validation data. */
export const TERM_WEIGHTING = 12;

/**
 * Trains the product's model on labelled texts. The moods present (at least two) are the moods it knows.
 * A stratified VALIDATION_SHARE is held out: training stops early on it and the temperature is fitted on it.
 * Then, up to REFIT_LIMIT examples (or as `refit` says), the model is trained again on all the examples for
 * the passes that early stopping chose, keeping the temperature: the held-out share is not lost to training.
 * Throws when fewer than two moods are present.
 */
export async function trainModel(
  examples: readonly MoodExample[],
  settings: ModelSettings = {},
): Promise<MoodClassifier> {
  const moods = moodsOf(examples);
  if (moods.length < 2) throw new Error('Для обучения нужны примеры хотя бы двух тональностей');
  const seed = settings.seed ?? DEFAULT_TRAIN_OPTIONS.seed;
  const hashBits = settings.hashBits ?? HASH_BITS;
  const features = settings.features ?? DEFAULT_FEATURES;
  const strength = settings.termWeighting ?? TERM_WEIGHTING;
  const refit = settings.refit ?? examples.length <= REFIT_LIMIT;
  const progress = settings.onProgress ?? (() => undefined);
  const fit = async (
    rows: readonly MoodExample[],
    held: readonly MoodExample[],
    options: TrainOptions,
    share: number,
  ) => {
    const samplesOf = (list: readonly MoodExample[]): TrainSample[] =>
      list.map((row) => ({
        features: featuresOf(row.text, hashBits, features),
        label: moods.indexOf(row.mood),
      }));
    const trainSamples = samplesOf(rows);
    const heldSamples = samplesOf(held);
    const termWeights = strength > 0 ? termWeightsOf(trainSamples, moods.length, hashBits, strength) : null;
    if (termWeights)
      for (const sample of [...trainSamples, ...heldSamples]) reweigh(sample.features, termWeights);
    const model = await trainClassifier(
      trainSamples,
      moods,
      heldSamples,
      {
        ...options,
        onProgress: (done) => progress(share * done),
      },
      hashBits,
    );
    model.termWeights = termWeights;
    return model;
  };
  const { train, validation } = validationSplit(examples, settings.validationShare ?? VALIDATION_SHARE, seed);
  const first = await fit(train, validation, settings, refit ? 0.5 : 1);
  if (!refit || validation.length === 0) return first;
  const model = await fit(examples, [], { ...settings, epochs: first.epochs, patience: undefined }, 1);
  progress(1);
  model.temperature = first.temperature;
  model.epochs = first.epochs;
  return model;
}

export interface TextPrediction {
  mood: Mood;
  /** The probability of that mood (calibrated). */
  confidence: number;
  /** The probability of every mood 1..6 (0 for the moods the model does not know). */
  probabilities: Record<Mood, number>;
}

/** The model's judgement of texts, in order. */
export function predictTexts(
  model: MoodClassifier,
  texts: readonly string[],
  features: FeatureSettings = DEFAULT_FEATURES,
): TextPrediction[] {
  const scratch = new Float64Array(model.moods.length);
  return texts.map((text) => {
    const p = probabilities(model, featuresOf(text, model.hashBits, features), scratch);
    const all = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 } as Record<Mood, number>;
    let best = 0;
    model.moods.forEach((mood, k) => {
      all[mood] = p[k];
      if (p[k] > p[best]) best = k;
    });
    return { mood: model.moods[best], confidence: p[best], probabilities: all };
  });
}

export interface Evaluation extends Scores {
  calibration: Calibration;
}

/** Scores (accuracy, weighted and macro F1, per mood, confusion) and the calibration of predictions against the truth. */
export function evaluationOf(truth: readonly Mood[], predictions: readonly TextPrediction[]): Evaluation {
  return {
    ...scoreOf(
      truth,
      predictions.map((p) => p.mood),
    ),
    calibration: calibrationOf(
      predictions.map((p) => p.confidence),
      predictions.map((p, i) => p.mood === truth[i]),
    ),
  };
}

/** evaluationOf a model's predictions of labelled examples. */
export function evaluateModel(
  model: MoodClassifier,
  examples: readonly MoodExample[],
  features: FeatureSettings = DEFAULT_FEATURES,
): Evaluation {
  const predictions = predictTexts(
    model,
    examples.map((e) => e.text),
    features,
  );
  return evaluationOf(
    examples.map((e) => e.mood),
    predictions,
  );
}
