import { gunzipSync, gzipSync } from 'node:zlib';
import { MOOD_IDS, type Mood } from '@monitoring/contracts';
import { FEATURE_VERSION, type Features, HASH_BITS } from './features.ts';

/**
 * Multinomial logistic regression (softmax over the moods it knows) on hashed sparse features, trained by
 * stochastic gradient descent with averaging and early stopping, then calibrated by a temperature. Written
 * here rather than taken from npm: the maintained JavaScript packages (ml-logistic-regression, natural) are
 * dense one-vs-rest or binary models that would hold a million-column matrix per message; this one touches
 * only a message's few hundred features.
 *
 * Weights are bucket-major (`weights[bucket * K + k]`, K = moods.length), so one feature's weights sit
 * together.
 */
export interface MoodClassifier {
  hashBits: number;
  featureVersion: number;
  /** The moods it knows, in the order of its outputs (at least two). */
  moods: readonly Mood[];
  weights: Float32Array;
  bias: Float32Array;
  /** Scores are divided by it before the softmax (fitted on the validation split: calibration). */
  temperature: number;
  /** Per-bucket weights of the features (model.ts termWeightsOf), applied before the scores; null for none. */
  termWeights: Float32Array | null;
  /** Passes of the kept weights (early stopping's best); not stored. */
  epochs?: number;
}

export interface TrainSample {
  features: Features;
  /** The index of the mood in the classifier's `moods`. */
  label: number;
}

export interface TrainOptions {
  /** At most this many passes over the training set; early stopping usually ends sooner. */
  epochs?: number;
  /** Passes without a better validation loss before training stops. */
  patience?: number;
  /** Step size of the first pass; pass e uses learningRate / (1 + decay · e). */
  learningRate?: number;
  decay?: number;
  /** L2 penalty per step (weight decay). */
  l2?: number;
  /**
   * Class weights (n / (K · n_k))^power, clipped to 0.2..5: 0 weighs every message alike (best for
   * accuracy), 1 gives every mood the same total weight (best for macro-F1).
   */
  classWeightPower?: number;
  /** Seed of the shuffles: the same data and seed give the same model. */
  seed?: number;
  /** A message whose true mood already has at least this probability is not learnt from (1 learns from all). */
  confident?: number;
  /** Called after every pass with the share of the largest number of passes done (0..1). */
  onProgress?: (done: number) => void;
}

export const DEFAULT_TRAIN_OPTIONS = {
  epochs: 10,
  patience: 2,
  learningRate: 0.5,
  decay: 0.3,
  l2: 1e-6,
  classWeightPower: 0.75,
  seed: 1,
  confident: 0.99,
} as const;

/** Between two yields to the event loop: training in the server never holds it for long. */
const SAMPLES_PER_SLICE = 4_000;
/** Snapshots of the weights averaged per pass (an approximation of averaged SGD). */
const SNAPSHOTS_PER_EPOCH = 4;

export function emptyClassifier(moods: readonly Mood[], hashBits: number = HASH_BITS): MoodClassifier {
  return {
    hashBits,
    featureVersion: FEATURE_VERSION,
    moods: [...moods],
    weights: new Float32Array((1 << hashBits) * moods.length),
    bias: new Float32Array(moods.length),
    temperature: 1,
    termWeights: null,
  };
}

/** The raw scores (before the temperature) of one message's features. */
function scores(
  weights: Float32Array,
  bias: ArrayLike<number>,
  K: number,
  features: Features,
  out: Float64Array,
  scale = 1,
) {
  for (let k = 0; k < K; k++) out[k] = 0;
  const { indexes, values } = features;
  for (let i = 0; i < indexes.length; i++) {
    const base = indexes[i] * K;
    const v = values[i];
    for (let k = 0; k < K; k++) out[k] += weights[base + k] * v;
  }
  for (let k = 0; k < K; k++) out[k] = out[k] * scale + bias[k];
}

/** Softmax in place of scores divided by a temperature. */
function softmax(out: Float64Array, K: number, temperature = 1) {
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < K; k++) {
    out[k] /= temperature;
    if (out[k] > max) max = out[k];
  }
  let sum = 0;
  for (let k = 0; k < K; k++) {
    out[k] = Math.exp(out[k] - max);
    sum += out[k];
  }
  for (let k = 0; k < K; k++) out[k] /= sum;
}

/** The probability of each of the model's moods (in `model.moods` order) for one message's features. */
export function probabilities(
  model: MoodClassifier,
  features: Features,
  out: Float64Array = new Float64Array(model.moods.length),
) {
  const K = model.moods.length;
  if (!model.termWeights) scores(model.weights, model.bias, K, features, out);
  else {
    // The features reweighed and normalised again, without touching the caller's arrays. A bucket's term
    // weight and its K weights sit side by side in the packed table: one cache line per feature.
    const table = packedTable(model);
    const stride = K + 1;
    const { indexes, values } = features;
    for (let k = 0; k < K; k++) out[k] = 0;
    let norm = 0;
    for (let i = 0; i < indexes.length; i++) {
      const base = indexes[i] * stride;
      const v = values[i] * table[base + K];
      norm += v * v;
      for (let k = 0; k < K; k++) out[k] += table[base + k] * v;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let k = 0; k < K; k++) out[k] = out[k] * scale + model.bias[k];
  }
  softmax(out, K, model.temperature);
  return out;
}

const packed = new WeakMap<MoodClassifier, Float32Array>();

/** Per bucket, its K weights then its term weight (built once per model, for prediction). */
function packedTable(model: MoodClassifier): Float32Array {
  let table = packed.get(model);
  if (!table) {
    const K = model.moods.length;
    const { weights, termWeights } = model;
    const buckets = 1 << model.hashBits;
    table = new Float32Array(buckets * (K + 1));
    for (let b = 0; b < buckets; b++) {
      const base = b * (K + 1);
      for (let k = 0; k < K; k++) table[base + k] = weights[b * K + k];
      table[base + K] = termWeights ? termWeights[b] : 1;
    }
    packed.set(model, table);
  }
  return table;
}

export interface Prediction {
  mood: Mood;
  confidence: number;
}

/** The most probable mood and its probability. */
export function predict(model: MoodClassifier, features: Features, scratch?: Float64Array): Prediction {
  const p = probabilities(model, features, scratch);
  let best = 0;
  for (let k = 1; k < model.moods.length; k++) if (p[k] > p[best]) best = k;
  return { mood: model.moods[best], confidence: p[best] };
}

export function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Class weights (n / (K · n_k))^power over the K moods present, clipped to 0.2..5. */
export function classWeights(samples: readonly TrainSample[], K: number, power: number): Float64Array {
  const counts = new Float64Array(K);
  for (const s of samples) counts[s.label]++;
  const present = counts.filter((c) => c > 0).length;
  const weights = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    weights[k] =
      counts[k] > 0 ? Math.min(5, Math.max(0.2, (samples.length / (present * counts[k])) ** power)) : 1;
  }
  return weights;
}

/** The mean (class-weighted) cross-entropy of a model's weights on samples, at a temperature. */
function logLoss(
  weights: Float32Array,
  bias: ArrayLike<number>,
  K: number,
  samples: readonly TrainSample[],
  classWeight: Float64Array | null,
  temperature = 1,
): number {
  const p = new Float64Array(K);
  let loss = 0;
  let total = 0;
  for (const s of samples) {
    scores(weights, bias, K, s.features, p);
    softmax(p, K, temperature);
    const w = classWeight ? classWeight[s.label] : 1;
    loss -= w * Math.log(Math.max(p[s.label], 1e-12));
    total += w;
  }
  return total > 0 ? loss / total : 0;
}

/** The temperature that minimises the validation log-loss (golden-section search on its logarithm). */
function fitTemperature(model: MoodClassifier, validation: readonly TrainSample[]): number {
  if (validation.length === 0) return 1;
  const K = model.moods.length;
  const loss = (logT: number) => logLoss(model.weights, model.bias, K, validation, null, Math.exp(logT));
  let a = Math.log(0.2);
  let b = Math.log(5);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = loss(c);
  let fd = loss(d);
  for (let i = 0; i < 30; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = loss(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = loss(d);
    }
  }
  return Math.exp((a + b) / 2);
}

/**
 * Trains a classifier of the given moods by SGD on the (class-weighted) cross-entropy with L2 decay (kept
 * as one scale factor, so a step costs only the message's features). The model is the average of the
 * weights along the passes; after each pass it is scored on the validation samples, and training stops
 * when `patience` passes bring no better loss, keeping the best. The temperature is then fitted on the
 * validation samples. Yields to the event loop every few thousand samples.
 */
export async function trainClassifier(
  samples: readonly TrainSample[],
  moods: readonly Mood[],
  validation: readonly TrainSample[],
  options: TrainOptions = {},
  hashBits: number = HASH_BITS,
): Promise<MoodClassifier> {
  const { epochs, patience, learningRate, decay, l2, classWeightPower, seed, confident } = {
    ...DEFAULT_TRAIN_OPTIONS,
    ...options,
  };
  const K = moods.length;
  const model = emptyClassifier(moods, hashBits);
  const { weights, bias } = model;
  const classWeight = classWeights(samples, K, classWeightPower);
  const random = mulberry32(seed);
  const order = Uint32Array.from(samples.keys());
  const p = new Float64Array(K);
  const delta = new Float64Array(K);
  // The running average of the true weights (scale · stored) and biases, and the best one so far.
  const average = new Float32Array(weights.length);
  const averageBias = new Float64Array(K);
  let snapshots = 0;
  let best: { weights: Float32Array; bias: Float64Array; loss: number; epoch: number } | null = null;
  let done = 0;
  let sinceBest = 0;
  let scale = 1;
  const snapshotEvery = Math.max(1, Math.ceil(order.length / SNAPSHOTS_PER_EPOCH));
  const snapshot = () => {
    snapshots++;
    const a = 1 / snapshots;
    for (let w = 0; w < weights.length; w++) average[w] += (weights[w] * scale - average[w]) * a;
    for (let k = 0; k < K; k++) averageBias[k] += (bias[k] - averageBias[k]) * a;
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    const rate = learningRate / (1 + decay * epoch);
    for (let n = 0; n < order.length; n++) {
      const sample = samples[order[n]];
      const { indexes, values } = sample.features;
      scores(weights, bias, K, sample.features, p, scale);
      softmax(p, K);
      scale *= 1 - rate * l2;
      // A message the model already gets right with near certainty teaches almost nothing: its update is
      // skipped (it would move each weight by less than a hundredth of a step).
      if (p[sample.label] < confident) {
        const step = rate * classWeight[sample.label];
        for (let k = 0; k < K; k++) {
          const gradient = p[k] - (k === sample.label ? 1 : 0);
          bias[k] -= step * gradient;
          delta[k] = (step * gradient) / scale;
        }
        // Feature by feature, its K weights together: one cache line per feature, not K passes over them.
        for (let i = 0; i < indexes.length; i++) {
          const base = indexes[i] * K;
          const v = values[i];
          for (let k = 0; k < K; k++) weights[base + k] -= delta[k] * v;
        }
      }
      if (scale < 1e-3) {
        for (let w = 0; w < weights.length; w++) weights[w] *= scale;
        scale = 1;
      }
      if (n % snapshotEvery === snapshotEvery - 1) snapshot();
      if (n % SAMPLES_PER_SLICE === SAMPLES_PER_SLICE - 1) await new Promise((r) => setImmediate(r));
    }
    options.onProgress?.((epoch + 1) / epochs);
    done = epoch + 1;
    if (validation.length === 0) continue;
    const loss = logLoss(average, averageBias, K, validation, classWeight);
    if (!best || loss < best.loss - 1e-6) {
      best = { weights: average.slice(), bias: averageBias.slice(), loss, epoch: epoch + 1 };
      sinceBest = 0;
    } else if (++sinceBest >= patience) break;
  }
  model.epochs = best ? best.epoch : done;
  if (best) {
    model.weights = best.weights;
    model.bias = Float32Array.from(best.bias);
  } else {
    model.weights = average;
    model.bias = Float32Array.from(averageBias);
  }
  // Stored as float32: the model in memory is the one read back.
  model.temperature = Math.fround(fitTemperature(model, validation));
  options.onProgress?.(1);
  return model;
}

/**
 * The stored form: a header (hash bits, feature version, the number of moods K, whether term weights follow,
 * the temperature as float32 bits, then the K moods), the K biases, the weights and the term weights if any,
 * as float32, gzipped.
 */
export function serializeClassifier(model: MoodClassifier): Uint8Array {
  const K = model.moods.length;
  const header = new Uint32Array(5 + K);
  const temperature = new Uint32Array(new Float32Array([model.temperature]).buffer)[0];
  header.set([model.hashBits, model.featureVersion, K, model.termWeights ? 1 : 0, temperature]);
  header.set(model.moods, 5);
  const parts = [header, model.bias, model.weights, ...(model.termWeights ? [model.termWeights] : [])];
  return gzipSync(Buffer.concat(parts.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))), {
    level: 6,
  });
}

export function deserializeClassifier(stored: Uint8Array): MoodClassifier {
  const raw = gunzipSync(stored);
  const bytes = new Uint8Array(raw.byteLength);
  bytes.set(raw);
  const broken = (expected: number) =>
    new Error(`Повреждённая модель тональности: ${bytes.byteLength} байт, ожидалось ${expected}`);
  if (bytes.byteLength < 20) throw broken(20);
  const [hashBits, featureVersion, K, weighted, temperatureBits] = new Uint32Array(bytes.buffer, 0, 5);
  if (hashBits > 24 || K < 2 || K > MOOD_IDS.length || weighted > 1) throw broken(20);
  const buckets = 1 << hashBits;
  const headerBytes = 20 + 4 * K;
  const expected = headerBytes + 4 * K + 4 * buckets * K + (weighted ? 4 * buckets : 0);
  if (bytes.byteLength !== expected) throw broken(expected);
  const moods = [...new Uint32Array(bytes.buffer, 20, K)];
  if (!moods.every((m) => (MOOD_IDS as readonly number[]).includes(m))) throw broken(expected);
  const weightsAt = headerBytes + 4 * K;
  return {
    hashBits,
    featureVersion,
    moods: moods as Mood[],
    temperature: new Float32Array(new Uint32Array([temperatureBits]).buffer)[0],
    bias: new Float32Array(bytes.buffer, headerBytes, K),
    weights: new Float32Array(bytes.buffer, weightsAt, buckets * K),
    termWeights: weighted ? new Float32Array(bytes.buffer, weightsAt + 4 * buckets * K, buckets) : null,
  };
}
