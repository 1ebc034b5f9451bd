import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  INGEST_BATCH_LINES,
  INGEST_PATHS,
  type IngestError,
  type IngestResult,
  ingestResult,
} from '@monitoring/contracts';
import { openDatabase } from '../src/db/client.ts';
import { defaultDataDir } from '../src/demo/paths.ts';
import { ingestLines, type NumberedLine } from '../src/domain/ingest/ingest.ts';
import { ingestUser, readIngestFile } from '../src/features/ingest/file.ts';

// npm run ingest -- FILE: the same service as POST ingest/messages/, batch by batch (docs/ingestion.md).

const USAGE = `Загрузка сообщений из файла (NDJSON или CSV).

  npm run ingest -- FILE [--user LOGIN] [--batch N] [--format ndjson|csv]
  npm run ingest -- FILE --server URL [--batch N] [--format ndjson|csv]   (токен в INGEST_TOKEN)

  --user LOGIN  от чьего имени (активный пользователь с правом api_edit); по умолчанию INGEST_USER
  --server URL  не в базу напрямую, а через API работающего сервера (POST ingest/messages/),
                с токеном сервисного пользователя из INGEST_TOKEN
  --batch N     строк в одной транзакции (по умолчанию ${INGEST_BATCH_LINES})
  --format F    ndjson или csv (по умолчанию по расширению файла)

База: DATABASE_URL (PostgreSQL), иначе встроенная PGlite в ${defaultDataDir()}.
Каждая пачка пишется целиком или не пишется; повторный запуск того же файла дописывает недостающее
и обновляет метрики, не создавая дублей.`;

const MAX_LISTED_ERRORS = 50;

function readArguments() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      server: { type: 'string' },
      batch: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const file = positionals[0];
  const batch = values.batch === undefined ? INGEST_BATCH_LINES : Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 100_000)
    throw new Error('--batch: целое число от 1 до 100000');
  const format = values.format ?? (file?.toLowerCase().endsWith('.csv') ? 'csv' : 'ndjson');
  if (format !== 'csv' && format !== 'ndjson') throw new Error('--format: ndjson или csv');
  return {
    help: values.help,
    file,
    batch,
    format: format as 'csv' | 'ndjson',
    user: values.user ?? process.env.INGEST_USER,
    server: values.server ?? process.env.INGEST_SERVER,
  };
}

function bar(done: number, total: number, lines: number, rate: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const width = 30;
  const filled = Math.round(share * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${lines} строк  ${Math.round(rate)} сообщ./с `;
}

type Send = (lines: NumberedLine[]) => Promise<IngestResult>;

/** Reads the file batch by batch, sends each, draws the progress bar and prints the summary. */
async function run(file: string, format: 'csv' | 'ndjson', size: number, send: Send): Promise<void> {
  const total = statSync(file).size;
  const started = performance.now();
  const sum = {
    received: 0,
    created: 0,
    updated: 0,
    rejected: 0,
    linked_copies: 0,
    marked_by_ai: 0,
    themes_suggested: 0,
  };
  const errors: IngestError[] = [];
  let batch: NumberedLine[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await send(batch);
    batch = [];
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += result[key];
    errors.push(...result.errors);
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(bar(bytes, total, sum.received, (sum.created + sum.updated) / seconds));
  };
  for await (const item of readIngestFile(file, format)) {
    batch.push(item.line);
    bytes = item.bytes;
    if (batch.length >= size) await flush();
  }
  bytes = total;
  await flush();
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write('\n');
  console.log(
    `Готово за ${seconds.toFixed(1)} с: получено ${sum.received}, создано ${sum.created}, обновлено ${sum.updated}, ` +
      `отклонено ${sum.rejected}, связано копий ${sum.linked_copies}, отмечено ИИ ${sum.marked_by_ai}, предложено тем ${sum.themes_suggested}; ${Math.round((sum.created + sum.updated) / Math.max(seconds, 0.001))} сообщ./с`,
  );
  for (const e of errors.slice(0, MAX_LISTED_ERRORS)) console.log(`  строка ${e.line}: ${e.message}`);
  if (errors.length > MAX_LISTED_ERRORS) console.log(`  … и ещё ${errors.length - MAX_LISTED_ERRORS}`);
}

/**
 * Through a running server's API: each batch is one request of NDJSON lines. The line numbers of the answer are
 * those of the request; they are mapped back to the file's.
 */
async function viaServer(
  file: string,
  server: string,
  size: number,
  format: 'csv' | 'ndjson',
): Promise<number> {
  const token = process.env.INGEST_TOKEN;
  if (!token) {
    console.error('Укажите токен сервисного пользователя в INGEST_TOKEN (docs/ingestion.md)');
    return 1;
  }
  const url = new URL(INGEST_PATHS.messages, server).toString();
  await run(file, format, size, async (lines) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/x-ndjson' },
      body: lines.map((l) => l.text).join('\n'),
    });
    if (!response.ok) throw new Error(`Сервер ответил ${response.status}: ${await response.text()}`);
    const result = ingestResult.parse(await response.json());
    return {
      ...result,
      errors: result.errors.map((e) => ({ ...e, line: lines[e.line - 1]?.line ?? e.line })),
    };
  });
  return 0;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof readArguments>;
  try {
    args = readArguments();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (args.help || !args.file) {
    console.log(USAGE);
    return args.help ? 0 : 1;
  }
  if (args.server) return viaServer(args.file, args.server, args.batch, args.format);
  if (!args.user) {
    console.error(`Укажите пользователя: --user LOGIN или INGEST_USER.\n\n${USAGE}`);
    return 1;
  }
  const url = process.env.DATABASE_URL || undefined;
  const database = openDatabase({ url, dataDir: url ? undefined : defaultDataDir() });
  try {
    await database.migrate();
    const user = await ingestUser(database.db, args.user);
    if (typeof user === 'string') {
      console.error(user);
      return 1;
    }
    await run(args.file, args.format, args.batch, (lines) => ingestLines(database.db, user.id, lines));
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
