import { MOOD_IDS, type Mood } from '@monitoring/contracts';

/** The scores of one set of predictions against the editors' moods. */
export interface Scores {
  accuracy: number;
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
