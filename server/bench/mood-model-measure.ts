// Measures the mood model's cost (issues 18 and 28; not a test): training time and peak memory on N verified
// messages, and microseconds per message of classification (features + prediction). Its quality on real posts is
// `npm run bench:mood` (bench/mood-rusentiment.ts).
//   npm run bench:mood-cost -- [--messages 100000]
// With DATABASE_URL holding at least N verified messages with a mood, it runs the real training (read, split,
// train, score, store: trainMoodModel). Otherwise it writes N messages in memory with the demo's generator of
// evaluations (test/mood-corpus.ts) and runs the same steps without the database.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client.ts';
import { predict, serializeClassifier } from '../src/domain/mood-model/classifier.ts';
import { featuresOf } from '../src/domain/mood-model/features.ts';
import { evaluateModel, trainModel, trainMoodModel, verifiedCount } from '../src/domain/mood-model/index.ts';
import { splitByTime } from '../src/domain/mood-model/train.ts';
import { moodCorpus } from '../src/test/mood-corpus.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '100000' } } });
const N = Number(values.messages);
if (!Number.isInteger(N) || N < 600) throw new Error('--messages: целое число не меньше 600');

/** Peak resident memory over the run, sampled every 20 ms (the process's own peak from the OS beside it). */
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
const baseRss = process.memoryUsage().rss;

async function inDatabase(url: string): Promise<boolean> {
  const database = openDatabase({ url });
  try {
    const have = await verifiedCount(database.db);
    if (have < N) {
      console.log(
        `В базе ${have} проверенных сообщений с тональностью (< ${N}): обучаем на синтетических в памяти.`,
      );
      return false;
    }
    const started = performance.now();
    const result = await trainMoodModel(database.db, { trigger: 'cli' });
    console.log(
      `trainMoodModel на ${have} сообщениях базы: ${((performance.now() - started) / 1000).toFixed(1)} с`,
    );
    console.log(result.message);
    return true;
  } finally {
    await database.close();
  }
}

async function inMemory(): Promise<void> {
  let t = performance.now();
  const rows = moodCorpus(N, 42).map((row, i) => ({ ...row, id: i + 1, wrote_ms: i * 60_000 }));
  console.log(
    `Сгенерировано ${N} сообщений: ${((performance.now() - t) / 1000).toFixed(1)} с (не входит в обучение)`,
  );
  const started = performance.now();
  const { train, test } = splitByTime(rows);
  t = performance.now();
  const model = await trainModel(train);
  const trainMs = performance.now() - t;
  t = performance.now();
  const scores = evaluateModel(model, test);
  const scoreMs = performance.now() - t;
  const stored = serializeClassifier(model);
  const totalMs = performance.now() - started;
  console.log(
    `Обучение на ${train.length}, тест на ${test.length}: всего ${(totalMs / 1000).toFixed(1)} с ` +
      `(признаки и обучение ${(trainMs / 1000).toFixed(1)} с, ${model.epochs} проходов; оценка ${(scoreMs / 1000).toFixed(1)} с); ` +
      `точность ${scores.accuracy.toFixed(3)}, macro-F1 ${scores.macroF1.toFixed(3)}, ECE ${scores.calibration.ece.toFixed(3)}; ` +
      `модель ${Math.round(stored.byteLength / 1024)} КБ в базе`,
  );

  // Classification: fresh texts, so the stem cache is not all warm; features and prediction together.
  const fresh = moodCorpus(20_000, 4242).map((row) => row.text);
  const scratch = new Float64Array(model.moods.length);
  t = performance.now();
  for (const text of fresh) predict(model, featuresOf(text), scratch);
  const us = ((performance.now() - t) * 1000) / fresh.length;
  console.log(
    `Классификация: ${us.toFixed(1)} мкс на сообщение (${fresh.length} сообщений, признаки + предсказание)`,
  );
}

const url = process.env.DATABASE_URL;
if (!(url && (await inDatabase(url)))) await inMemory();
clearInterval(sampler);
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(`Память: пик RSS ${mb(Math.max(peakRss, maxRss))} (в начале ${mb(baseRss)})`);
