// npm run bench:mood: the mood model on RuSentiment (docs/mood-model.md "On real posts"), the public benchmark of
// VKontakte posts in ../shared/data/rusentiment/ (evaluation only: it never enters the repository, the demo or a
// build). Trains the product's model with its shipped defaults on both official train files, scores it on the
// official test file, three times with three seeds, and prints the paper's metric (weighted F1 over the five
// classes) beside the published results. `skip` gets a mood id of its own here (6), so that five classes stay
// five; the product itself reads skip as 4 «Другое». Without the folder it says so and exits 0.
//   npm run bench:mood [-- --data DIR] [--json FILE]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MOODS, type Mood } from '@monitoring/contracts';
import {
  type EvaluationReport,
  evaluationReport,
  formatReport,
  parseLabelledCsv,
} from '../src/domain/mood-model/index.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: new URL('../../../shared/data/rusentiment/', import.meta.url).pathname },
    json: { type: 'string' },
    seeds: { type: 'string', default: '1,2,3' },
  },
});
const DATA = values.data.endsWith('/') ? values.data : `${values.data}/`;
const FILES = { train: ['random_posts.csv', 'preselected_posts.csv'], test: 'test.csv' };

/** RuSentiment's five classes as mood ids of this bench. */
const CLASSES: Readonly<Record<string, Mood>> = {
  positive: MOODS.POSITIVE,
  negative: MOODS.NEGATIVE,
  neutral: MOODS.NEUTRAL,
  speech: MOODS.OTHER,
  skip: MOODS.SUPPORTIVE,
};
const NAMES = { 1: 'positive', 2: 'negative', 3: 'neutral', 4: 'speech', 5: '—', 6: 'skip' } as Record<
  Mood,
  string
>;

/** The paper's results and the later ones it is compared with (weighted F1, the data's README). */
const PUBLISHED = [
  ['логистическая регрессия (baseline статьи)', 0.688],
  ['linear SVC', 0.686],
  ['gradient boosting', 0.685],
  ['нейросеть (baseline статьи)', 0.716],
  ['лучший результат статьи', 0.728],
  ['RuBERT (2019, предобученная модель)', 0.785],
] as const;

if (!existsSync(`${DATA}${FILES.test}`)) {
  console.log(
    `RuSentiment не найден в ${DATA}: замер пропущен (данные только для оценки, в репозиторий не входят).`,
  );
  process.exit(0);
}

const read = (file: string) => parseLabelledCsv(readFileSync(`${DATA}${file}`, 'utf8'), file, CLASSES);
const train = FILES.train.flatMap(read);
const test = read(FILES.test);
const seeds = values.seeds.split(',').map(Number);

const reports: { seed: number; report: EvaluationReport }[] = [];
for (const seed of seeds) {
  const report = await evaluationReport(train, test, { seed });
  reports.push({ seed, report });
  console.log(
    `seed ${seed}: weighted F1 ${report.model.weightedF1.toFixed(4)}, macro F1 ${report.model.macroF1.toFixed(4)}, ` +
      `accuracy ${report.model.accuracy.toFixed(4)}, ECE ${report.model.calibration.ece.toFixed(3)}, ` +
      `${report.trainingSeconds.toFixed(1)} с`,
  );
}
const [first] = reports;
console.log(`\nПервый прогон (seed ${first.seed}) целиком:\n${formatReport(first.report, NAMES)}\n`);

const weighted = reports.map((r) => r.report.model.weightedF1);
const macro = reports.map((r) => r.report.model.macroF1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
console.log('RuSentiment, тест (2 967 постов), weighted F1 по пяти классам:');
for (const [name, score] of PUBLISHED) console.log(`  ${name.padEnd(44)}${score.toFixed(3)}`);
console.log(
  `  ${'эта модель, среднее по seed'.padEnd(44)}${mean(weighted).toFixed(3)}  (разброс ${spread(weighted).toFixed(4)}; ` +
    `macro F1 ${mean(macro).toFixed(3)}, разброс ${spread(macro).toFixed(4)})`,
);
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ data: DATA, seeds, reports }, null, 2)}\n`);
  console.log(`Все числа: ${values.json}`);
}
