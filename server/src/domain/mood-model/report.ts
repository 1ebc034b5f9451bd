import { MOOD_IDS, MOOD_LABELS, type Mood } from '@monitoring/contracts';
import { majorityMood, scoreOf } from './evaluate.ts';
import { type Evaluation, evaluateModel, type ModelSettings, type MoodExample, trainModel } from './model.ts';

/**
 * Train on one set of labelled texts, score on another, and measure the cost: what `npm run ai:evaluate` and
 * `npm run bench:mood` print (docs/mood-model.md "Evaluate on your own data").
 */
export interface EvaluationReport {
  trainSize: number;
  testSize: number;
  /** The moods the model learnt (present in the training file). */
  moods: Mood[];
  model: Evaluation;
  baseline: { mood: Mood; accuracy: number; weightedF1: number; macroF1: number };
  trainingSeconds: number;
  /** Features and prediction of one text, averaged over the test texts. */
  microsecondsPerText: number;
  /** The process's peak resident memory during training, sampled every 20 ms. */
  peakMemoryMb: number;
  /** Passes over the data that early stopping kept, and the fitted temperature. */
  epochs: number;
  temperature: number;
}

export async function evaluationReport(
  train: readonly MoodExample[],
  test: readonly MoodExample[],
  settings: ModelSettings = {},
): Promise<EvaluationReport> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  let model: Awaited<ReturnType<typeof trainModel>>;
  try {
    model = await trainModel(train, settings);
  } finally {
    clearInterval(sampler);
  }
  const trainingSeconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  const scoring = performance.now();
  const evaluation = evaluateModel(model, test);
  const microsecondsPerText = ((performance.now() - scoring) * 1000) / Math.max(1, test.length);
  const mood = majorityMood(train.map((e) => e.mood));
  const baseline = scoreOf(
    test.map((e) => e.mood),
    test.map(() => mood),
  );
  return {
    trainSize: train.length,
    testSize: test.length,
    moods: [...model.moods],
    model: evaluation,
    baseline: {
      mood,
      accuracy: baseline.accuracy,
      weightedF1: baseline.weightedF1,
      macroF1: baseline.macroF1,
    },
    trainingSeconds,
    microsecondsPerText,
    peakMemoryMb: peak / 1_048_576,
    epochs: model.epochs ?? 0,
    temperature: model.temperature,
  };
}

const fixed = (x: number, digits = 3) => x.toFixed(digits);

/** The report as a plain-text table; `names` labels the moods (the product's labels by default). */
export function formatReport(
  report: EvaluationReport,
  names: Readonly<Record<Mood, string>> = MOOD_LABELS,
): string {
  const { model, baseline } = report;
  const shown = MOOD_IDS.filter((mood, k) => report.moods.includes(mood) || model.perMood[k].support > 0);
  const width = Math.max(14, ...shown.map((m) => names[m].length + 2));
  const lines = [
    `Обучение: ${report.trainSize} текстов, тест: ${report.testSize}; тональности модели: ${report.moods.map((m) => names[m]).join(', ')}`,
    '',
    `${''.padEnd(width)}${'accuracy'.padStart(10)}${'weighted F1'.padStart(13)}${'macro F1'.padStart(10)}`,
    `${'модель'.padEnd(width)}${fixed(model.accuracy).padStart(10)}${fixed(model.weightedF1).padStart(13)}${fixed(model.macroF1).padStart(10)}`,
    `${`большинство (${names[baseline.mood]})`.slice(0, width - 1).padEnd(width)}${fixed(baseline.accuracy).padStart(10)}${fixed(baseline.weightedF1).padStart(13)}${fixed(baseline.macroF1).padStart(10)}`,
    '',
    `${'тональность'.padEnd(width)}${'precision'.padStart(10)}${'recall'.padStart(9)}${'F1'.padStart(8)}${'текстов'.padStart(9)}`,
    ...shown.map((mood) => {
      const m = model.perMood[MOOD_IDS.indexOf(mood)];
      return `${names[mood].padEnd(width)}${fixed(m.precision).padStart(10)}${fixed(m.recall).padStart(9)}${fixed(m.f1).padStart(8)}${String(m.support).padStart(9)}`;
    }),
    '',
    'Матрица ошибок (строки — метка теста, столбцы — ответ модели):',
    `${''.padEnd(width)}${shown.map((m) => names[m].slice(0, 8).padStart(9)).join('')}`,
    ...shown.map(
      (truth) =>
        `${names[truth].padEnd(width)}${shown
          .map((p) => String(model.confusion[MOOD_IDS.indexOf(truth)][MOOD_IDS.indexOf(p)]).padStart(9))
          .join('')}`,
    ),
    '',
    `Калибровка: ECE ${fixed(model.calibration.ece)} (температура ${fixed(report.temperature, 2)})`,
    `Обучение: ${report.trainingSeconds.toFixed(1)} с (${report.epochs} проходов), пик памяти ${Math.round(report.peakMemoryMb)} МБ; ` +
      `классификация: ${report.microsecondsPerText.toFixed(1)} мкс на текст`,
  ];
  return lines.join('\n');
}
