import { MOOD_IDS, type Mood } from '@monitoring/contracts';

/** The scores of one set of predictions against the editors' moods. */
export interface Scores {
  accuracy: number;
  /** The F1 of each mood weighted by its share of the truth (RuSentiment's published metric). */
  weightedF1: number;
  /** The mean F1 of the moods present in the truth or the predictions (a mood absent from both is left out). */
  macroF1: number;
  /** confusion[t][p]: messages of true mood MOOD_IDS[t] predicted as MOOD_IDS[p]. */
  confusion: number[][];
  /** Per mood, in MOOD_IDS order: precision, recall, F1 and support (true count). */
  perMood: { mood: Mood; precision: number; recall: number; f1: number; support: number }[];
}

const indexOf = (mood: Mood) => MOOD_IDS.indexOf(mood);

/** Accuracy, macro-F1 (over the moods present in the truth or the predictions) and the 6×6 confusion matrix. */
export function scoreOf(truth: readonly Mood[], predicted: readonly Mood[]): Scores {
  const confusion = MOOD_IDS.map(() => MOOD_IDS.map(() => 0));
  let correct = 0;
  for (let i = 0; i < truth.length; i++) {
    confusion[indexOf(truth[i])][indexOf(predicted[i])]++;
    if (truth[i] === predicted[i]) correct++;
  }
  const perMood = MOOD_IDS.map((mood, k) => {
    const tp = confusion[k][k];
    const support = confusion[k].reduce((a, b) => a + b, 0);
    const predictedCount = confusion.reduce((a, row) => a + row[k], 0);
    const precision = predictedCount > 0 ? tp / predictedCount : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { mood, precision, recall, f1, support, predictedCount };
  });
  const counted = perMood.filter((m) => m.support > 0 || m.predictedCount > 0);
  return {
    accuracy: truth.length > 0 ? correct / truth.length : 0,
    weightedF1: truth.length > 0 ? perMood.reduce((a, m) => a + m.f1 * m.support, 0) / truth.length : 0,
    macroF1: counted.length > 0 ? counted.reduce((a, m) => a + m.f1, 0) / counted.length : 0,
    confusion,
    perMood: perMood.map(({ predictedCount: _p, ...m }) => m),
  };
}

/** The most frequent mood of the training set (ties to the lower id): what the baseline always answers. */
export function majorityMood(labels: readonly Mood[]): Mood {
  const counts = new Map<Mood, number>();
  for (const mood of labels) counts.set(mood, (counts.get(mood) ?? 0) + 1);
  let best: Mood = MOOD_IDS[0];
  for (const mood of MOOD_IDS) if ((counts.get(mood) ?? 0) > (counts.get(best) ?? 0)) best = mood;
  return best;
}

/** One bin of the reliability diagram: predictions whose confidence is in [from, to). */
export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  /** The mean confidence of the bin's predictions and the share of them that were right. */
  confidence: number;
  accuracy: number;
}

export interface Calibration {
  /** Expected calibration error: the bins' |accuracy − confidence| weighted by their share of predictions. */
  ece: number;
  bins: ReliabilityBin[];
}

/** Bins of the reliability diagram. */
export const CALIBRATION_BINS = 10;

/** The expected calibration error and the reliability diagram of predictions' confidences and rightness. */
export function calibrationOf(confidences: readonly number[], right: readonly boolean[]): Calibration {
  const bins = Array.from({ length: CALIBRATION_BINS }, (_, b) => ({
    from: b / CALIBRATION_BINS,
    to: (b + 1) / CALIBRATION_BINS,
    count: 0,
    confidence: 0,
    accuracy: 0,
  }));
  confidences.forEach((c, i) => {
    const bin = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(c * CALIBRATION_BINS))];
    bin.count++;
    bin.confidence += c;
    if (right[i]) bin.accuracy++;
  });
  let ece = 0;
  for (const bin of bins) {
    if (bin.count === 0) continue;
    bin.confidence /= bin.count;
    bin.accuracy /= bin.count;
    ece += (bin.count / confidences.length) * Math.abs(bin.accuracy - bin.confidence);
  }
  return { ece, bins };
}

/** Resamples of the bootstrap; the interval is their central MOOD_MODEL_INTERVAL_LEVEL share. */
export const BOOTSTRAP_RESAMPLES = 1_000;

/** Macro-F1 from a confusion matrix given as counts over K × K (the moods present in truth or predictions). */
function macroF1Of(counts: Float64Array, K: number): number {
  let sum = 0;
  let present = 0;
  for (let k = 0; k < K; k++) {
    let support = 0;
    let predicted = 0;
    for (let j = 0; j < K; j++) {
      support += counts[k * K + j];
      predicted += counts[j * K + k];
    }
    if (support === 0 && predicted === 0) continue;
    present++;
    const tp = counts[k * K + k];
    const denominator = support + predicted;
    sum += denominator > 0 ? (2 * tp) / denominator : 0;
  }
  return present > 0 ? sum / present : 0;
}

export interface Interval {
  low: number;
  high: number;
}

/**
 * Percentile bootstrap of macro-F1 on one test set (seeded: the same predictions give the same interval):
 * the interval of `predicted`'s macro-F1 and, given `other` predictions of the same messages, the paired
 * interval of the difference (predicted − other), each message drawn with both its predictions.
 */
export function bootstrapMacroF1(
  truth: readonly Mood[],
  predicted: readonly Mood[],
  other: readonly Mood[] | null,
  level: number,
  resamples: number = BOOTSTRAP_RESAMPLES,
  seed = 1,
): { score: Interval; difference: Interval | null } {
  const K = MOOD_IDS.length;
  const n = truth.length;
  const cell = (a: readonly Mood[]) => Int32Array.from(a, (m, i) => indexOf(truth[i]) * K + indexOf(m));
  const cellsA = cell(predicted);
  const cellsB = other ? cell(other) : null;
  const countsA = new Float64Array(K * K);
  const countsB = new Float64Array(K * K);
  const scores: number[] = [];
  const differences: number[] = [];
  let state = seed >>> 0 || 1;
  for (let r = 0; r < resamples && n > 0; r++) {
    countsA.fill(0);
    countsB.fill(0);
    for (let i = 0; i < n; i++) {
      // xorshift32: fast, seeded, good enough for drawing indexes.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const j = (state >>> 0) % n;
      countsA[cellsA[j]]++;
      if (cellsB) countsB[cellsB[j]]++;
    }
    const a = macroF1Of(countsA, K);
    scores.push(a);
    if (cellsB) differences.push(a - macroF1Of(countsB, K));
  }
  const tail = (1 - level) / 2;
  const intervalOf = (values: number[]): Interval => {
    if (values.length === 0) return { low: 0, high: 0 };
    const sorted = values.sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))];
    return { low: at(tail), high: at(1 - tail) };
  };
  return { score: intervalOf(scores), difference: cellsB ? intervalOf(differences) : null };
}
