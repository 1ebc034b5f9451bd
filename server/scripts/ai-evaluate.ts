// npm run ai:evaluate -- --train A.csv --test B.csv [--json FILE]: trains the product's mood model on your own
// labelled texts exactly as the server does (trainModel: the same features, validation share, early stopping,
// refit and calibration), scores it on the second file, and prints the table of docs/mood-model.md "Evaluate on
// your own data". Files are CSV with the header `label,text`; a label is a mood id 1..6 or positive, negative,
// neutral, other, speech, skip (speech and skip are 4 «Другое»). Exit 0 on success, 2 on bad input (the message
// names the file and the line; nothing is written).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  evaluationReport,
  formatReport,
  LabelledCsvError,
  type MoodExample,
  moodsOf,
  parseLabelledCsv,
} from '../src/domain/mood-model/index.ts';

const USAGE = `Оценка модели тональности на своих данных.

  npm run ai:evaluate -- --train A.csv --test B.csv [--json FILE]

  --train A.csv  размеченные тексты для обучения (заголовок label,text)
  --test B.csv   размеченные тексты для оценки (тот же формат)
  --json FILE    записать все числа в FILE

Метка: номер тональности 1–6 или positive, negative, neutral, other, speech, skip
(speech и skip считаются тональностью 4 «Другое»).`;

class UsageError extends Error {}

function read(path: string | undefined, option: string): MoodExample[] {
  if (!path) throw new UsageError(`не указан ${option}`);
  let content: string;
  try {
    content = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${path}: ${code === 'ENOENT' ? 'файл не найден' : code === 'EISDIR' ? 'это папка, а не файл' : `не читается (${code})`}`,
    );
  }
  return parseLabelledCsv(content, path);
}

async function main(): Promise<number> {
  let values: { train?: string; test?: string; json?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        train: { type: 'string' },
        test: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const train = read(values.train, '--train');
  const test = read(values.test, '--test');
  if (moodsOf(train).length < 2)
    throw new UsageError(`${values.train}: для обучения нужны тексты хотя бы двух тональностей`);
  const report = await evaluationReport(train, test);
  console.log(formatReport(report));
  if (values.json) {
    // Written whole or not at all: a temporary file beside it, then a rename.
    const temporary = `${values.json}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`);
    renameSync(temporary, values.json);
    console.log(`Все числа: ${values.json}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError || error instanceof LabelledCsvError) {
      console.error(`Ошибка: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
