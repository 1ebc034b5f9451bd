import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { buildSearchIndex } from '../domain/search/search-index-queries.ts';
import { defaultDataDir } from './paths.ts';
import { DEFAULT_MESSAGES, DEFAULT_SEED, SeedRefusedError, seedDemo } from './seed.ts';
import { DEMO_USERS } from './users.ts';

const USAGE = `Загрузка демо-данных.

  npm run seed -- [--messages N] [--loms L] [--seed S] [--reset]

  --messages N  число сообщений (по умолчанию ${DEFAULT_MESSAGES})
  --loms L      число ЛОМ (по умолчанию N / 50, от 150 до 3000)
  --seed S      зерно генератора: одно зерно — одни и те же данные (по умолчанию ${DEFAULT_SEED})
  --reset       удалить все данные перед загрузкой

База: DATABASE_URL (PostgreSQL), иначе встроенная PGlite в ${defaultDataDir()}.`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name}: нужно целое положительное число, получено «${value}»`);
  return n;
}

function readArguments() {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string' },
      loms: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    help: values.help,
    reset: values.reset,
    messages: positiveInt('messages', values.messages, DEFAULT_MESSAGES),
    loms: values.loms === undefined ? undefined : positiveInt('loms', values.loms, 0),
    seed: positiveInt('seed', values.seed, DEFAULT_SEED),
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof readArguments>;
  try {
    args = readArguments();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const { messages, loms, seed } = args;
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = url ? undefined : defaultDataDir();
  console.log(`База: ${url ? 'PostgreSQL' : `PGlite (${dataDir})`}`);

  const database = openDatabase({ url, dataDir });
  try {
    await database.migrate();
    const summary = await seedDemo(database, {
      messages,
      loms,
      seed,
      reset: args.reset,
      onProgress: (line) => console.log(line),
    });
    await buildSearchIndex(database, (line) => console.log(line));
    console.log(
      `Готово за ${(summary.milliseconds / 1000).toFixed(1)} с: ${summary.messages} сообщений, ` +
        `${summary.fragments} фрагментов, ${summary.quotes} цитат, ${summary.loms} ЛОМ, ` +
        `${summary.themes} тем, ${summary.infoReasons} инфоповодов.`,
    );
    console.log('Демо-входы:');
    for (const u of DEMO_USERS)
      console.log(`  ${u.login.padEnd(14)} ${u.password.padEnd(12)} роль ${u.role}: ${u.description}`);
    return 0;
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
