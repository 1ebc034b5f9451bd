// npm run ai:score-sample: the active mood model's scores on the sample file's intended moods (docs/mood-model.md
// "Scores on the sample file"). The sample (server/data/ingest-sample.ndjson) is no output of the demo generator:
// its moods (ingest-sample.moods.csv) are the ones its writer meant. Reads the active model from DATABASE_URL or the
// PGlite of DATA_DIR, classifies every text (the most likely mood, and the share above the confidence threshold), and
// prints accuracy, macro-F1 and the confusion matrix beside the majority-mood baseline. Writes nothing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MOOD_IDS, MOOD_LABELS, MOOD_MODEL_CONFIDENCE_THRESHOLD, type Mood } from '@monitoring/contracts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { predict } from '../src/domain/mood-model/classifier.ts';
import { majorityMood, type Scores, scoreOf } from '../src/domain/mood-model/evaluate.ts';
import { featuresOf } from '../src/domain/mood-model/features.ts';
import { activeClassifier } from '../src/domain/mood-model/mark.ts';

const DATA = fileURLToPath(new URL('../data/', import.meta.url));

function sample(): { text: string; mood: Mood }[] {
  const moods = new Map<string, Mood>();
  for (const line of readFileSync(`${DATA}ingest-sample.moods.csv`, 'utf8').split('\n').slice(1)) {
    const [id, mood] = line.trim().split(',');
    if (id) moods.set(id, Number(mood) as Mood);
  }
  return readFileSync(`${DATA}ingest-sample.ndjson`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { external_id: string; text: string })
    .flatMap((row) => {
      const mood = moods.get(row.external_id);
      return mood ? [{ text: row.text, mood }] : [];
    });
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function print(title: string, scores: Scores): void {
  console.log(`${title}: accuracy ${pct(scores.accuracy)}, macro-F1 ${scores.macroF1.toFixed(3)}`);
}

function matrix(scores: Scores): void {
  const short = MOOD_IDS.map((m) => MOOD_LABELS[m].slice(0, 6).padStart(7));
  console.log(
    `Матрица ошибок (строки — задуманная тональность, столбцы — модели):\n${' '.repeat(14)}${short.join('')}`,
  );
  MOOD_IDS.forEach((mood, t) => {
    console.log(
      `${MOOD_LABELS[mood].slice(0, 12).padEnd(14)}${scores.confusion[t].map((n) => String(n).padStart(7)).join('')}`,
    );
  });
  for (const m of scores.perMood)
    console.log(
      `  ${MOOD_LABELS[m.mood].padEnd(14)} precision ${m.precision.toFixed(2)}  recall ${m.recall.toFixed(2)}  F1 ${m.f1.toFixed(2)}  (${m.support})`,
    );
}

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await database.migrate();
  const active = await activeClassifier(database.db);
  if (!active) {
    console.error('Нет активной модели тональности: сначала npm run ai:train (или демо-данные)');
    process.exitCode = 2;
  } else {
    const rows = sample();
    const truth = rows.map((r) => r.mood);
    const predicted: Mood[] = [];
    const sure: { truth: Mood; predicted: Mood }[] = [];
    const scratch = new Float64Array(MOOD_IDS.length);
    for (const row of rows) {
      const { mood, confidence } = predict(
        active.model,
        featuresOf(row.text, active.model.hashBits),
        scratch,
      );
      predicted.push(mood as Mood);
      if (confidence >= MOOD_MODEL_CONFIDENCE_THRESHOLD)
        sure.push({ truth: row.mood, predicted: mood as Mood });
    }
    const majority = majorityMood(truth);
    console.log(`Модель ${active.id}; образец: ${rows.length} сообщений`);
    console.log(
      `Задуманные тональности: ${MOOD_IDS.map((m) => `${MOOD_LABELS[m]} ${truth.filter((t) => t === m).length}`).join(', ')}`,
    );
    const all = scoreOf(truth, predicted);
    print('Модель, все сообщения', all);
    print(
      `Базовая линия (всегда «${MOOD_LABELS[majority]}»)`,
      scoreOf(
        truth,
        truth.map(() => majority),
      ),
    );
    print(
      `Модель, уверенность ≥ ${MOOD_MODEL_CONFIDENCE_THRESHOLD} (${sure.length} из ${rows.length}, ${pct(sure.length / rows.length)})`,
      scoreOf(
        sure.map((s) => s.truth),
        sure.map((s) => s.predicted),
      ),
    );
    matrix(all);
  }
} finally {
  await database.close();
}
