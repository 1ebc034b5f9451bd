import { gunzipSync, gzipSync } from 'node:zlib';
import { MOOD_IDS, type Mood } from '@monitoring/contracts';
import { FEATURE_VERSION, type Features, HASH_BITS } from './features.ts';

/**
 * Multinomial logistic regression (softmax over the six moods) on hashed sparse features, trained by
 * stochastic gradient descent. Written here rather than taken from npm: the maintained JavaScript
 * packages (ml-logistic-regression, natural) are dense one-vs-rest or binary models that would hold a
 * 262,144-column matrix per message; this one touches only a message's few dozen features.
 *
 * Weights are bucket-major (`weights[bucket * 6 + k]`), so one feature's six weights sit together.
 */
export interface MoodClassifier {
  hashBits: number;
  featureVersion: number;
  weights: Float32Array;
  bias: Float32Array;
}

const K = MOOD_IDS.length;

export interface TrainSample {
  features: Features;
  /** Index of the mood in MOOD_IDS (0..5). */
  label: number;
}

export interface TrainOptions {
  /** Passes over the training set (0 leaves the model untrained: every mood equally likely). */
  epochs?: number;
  /** Step size of the first pass; pass e uses learningRate / (1 + e). */
  learningRate?: number;
  /** L2 penalty per step (weight decay). */
  l2?: number;
  /** Seed of the shuffles: the same data and seed give the same model. */
  seed?: number;
  hashBits?: number;
  /** Called after every pass with the share done (0..1). */
  onProgress?: (done: number) => void;
}

export const DEFAULT_TRAIN_OPTIONS = { epochs: 8, learningRate: 0.6, l2: 1e-6, seed: 1 } as const;

/** Between two yields to the event loop: training in the server never holds it for long. */
const SAMPLES_PER_SLICE = 4_000;

export function emptyClassifier(hashBits: number = HASH_BITS): MoodClassifier {
  return {
    hashBits,
    featureVersion: FEATURE_VERSION,
    weights: new Float32Array((1 << hashBits) * K),
    bias: new Float32Array(K),
  };
}

/** The probability of each mood (in MOOD_IDS order) for one message's features. */
export function probabilities(
  model: MoodClassifier,
  features: Features,
  out: Float64Array = new Float64Array(K),
) {
  const { weights, bias } = model;
  for (let k = 0; k < K; k++) out[k] = bias[k];
  const { indexes, values } = features;
  for (let i = 0; i < indexes.length; i++) {
    const base = indexes[i] * K;
    const v = values[i];
    for (let k = 0; k < K; k++) out[k] += weights[base + k] * v;
  }
  let max = out[0];
  for (let k = 1; k < K; k++) if (out[k] > max) max = out[k];
  let sum = 0;
  for (let k = 0; k < K; k++) {
    out[k] = Math.exp(out[k] - max);
    sum += out[k];
  }
  for (let k = 0; k < K; k++) out[k] /= sum;
  return out;
}

export interface Prediction {
  mood: Mood;
  confidence: number;
}

/** The most probable mood and its probability. */
export function predict(model: MoodClassifier, features: Features, scratch?: Float64Array): Prediction {
  const p = probabilities(model, features, scratch);
  let best = 0;
  for (let k = 1; k < K; k++) if (p[k] > p[best]) best = k;
  return { mood: MOOD_IDS[best], confidence: p[best] };
}

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Class weights n / (6 · n_k), clipped to 0.3..5: a rare mood (4 «другое» is a few percent) counts
 * as much in the loss as a common one, which is what macro-F1 measures.
 */
export function classWeights(samples: readonly TrainSample[]): Float64Array {
  const counts = new Float64Array(K);
  for (const s of samples) counts[s.label]++;
  const weights = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    weights[k] = counts[k] > 0 ? Math.min(5, Math.max(0.3, samples.length / (K * counts[k]))) : 1;
  }
  return weights;
}

/**
 * Trains a classifier by SGD on the cross-entropy with L2 decay (kept as one scale factor, so a step
 * costs only the message's features). Yields to the event loop every few thousand samples.
 */
export async function trainClassifier(
  samples: readonly TrainSample[],
  options: TrainOptions = {},
): Promise<MoodClassifier> {
  const { epochs, learningRate, l2, seed } = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const model = emptyClassifier(options.hashBits ?? HASH_BITS);
  const { weights, bias } = model;
  const classWeight = classWeights(samples);
  const random = mulberry32(seed);
  const order = Uint32Array.from(samples.keys());
  const p = new Float64Array(K);
  let scale = 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    const rate = learningRate / (1 + epoch);
    for (let n = 0; n < order.length; n++) {
      const sample = samples[order[n]];
      const { indexes, values } = sample.features;
      // Scores with the true weights (scale · stored weights).
      for (let k = 0; k < K; k++) p[k] = 0;
      for (let i = 0; i < indexes.length; i++) {
        const base = indexes[i] * K;
        for (let k = 0; k < K; k++) p[k] += weights[base + k] * values[i];
      }
      let max = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < K; k++) {
        p[k] = p[k] * scale + bias[k];
        if (p[k] > max) max = p[k];
      }
      let sum = 0;
      for (let k = 0; k < K; k++) {
        p[k] = Math.exp(p[k] - max);
        sum += p[k];
      }
      scale *= 1 - rate * l2;
      const step = rate * classWeight[sample.label];
      for (let k = 0; k < K; k++) {
        const gradient = p[k] / sum - (k === sample.label ? 1 : 0);
        if (gradient === 0) continue;
        bias[k] -= step * gradient;
        const delta = (step * gradient) / scale;
        for (let i = 0; i < indexes.length; i++) weights[indexes[i] * K + k] -= delta * values[i];
      }
      if (scale < 1e-3) {
        for (let w = 0; w < weights.length; w++) weights[w] *= scale;
        scale = 1;
      }
      if (n % SAMPLES_PER_SLICE === SAMPLES_PER_SLICE - 1) await new Promise((r) => setImmediate(r));
    }
    options.onProgress?.((epoch + 1) / epochs);
  }
  if (scale !== 1) for (let w = 0; w < weights.length; w++) weights[w] *= scale;
  return model;
}

/** The stored form: a small header, then the bias and the weights as float32, gzipped. */
export function serializeClassifier(model: MoodClassifier): Uint8Array {
  const header = new Uint32Array([model.hashBits, model.featureVersion, K]);
  const body = Buffer.concat([
    Buffer.from(header.buffer),
    Buffer.from(model.bias.buffer, model.bias.byteOffset, model.bias.byteLength),
    Buffer.from(model.weights.buffer, model.weights.byteOffset, model.weights.byteLength),
  ]);
  return gzipSync(body, { level: 6 });
}

export function deserializeClassifier(stored: Uint8Array): MoodClassifier {
  const raw = gunzipSync(stored);
  const bytes = new Uint8Array(raw.byteLength);
  bytes.set(raw);
  const [hashBits, featureVersion, classes] = new Uint32Array(bytes.buffer, 0, 3);
  const expected = 12 + 4 * K + 4 * (1 << hashBits) * K;
  if (classes !== K || hashBits > 24 || bytes.byteLength !== expected) {
    throw new Error(`Повреждённая модель тональности: ${bytes.byteLength} байт, ожидалось ${expected}`);
  }
  return {
    hashBits,
    featureVersion,
    bias: new Float32Array(bytes.buffer, 12, K),
    weights: new Float32Array(bytes.buffer, 12 + 4 * K, (1 << hashBits) * K),
  };
}
