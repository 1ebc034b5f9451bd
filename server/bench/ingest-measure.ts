// Measures ingestion over HTTP (issue 18; not a test): NDJSON batches posted to a server process on DATABASE_URL,
// new messages (with copies and near-duplicates among them, so duplicate linking works) and then the same
// messages again (metric updates). The database must be seeded (npm run seed -- --messages 50000).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mon_ingest_bench npm run bench:ingest -w server -- [MESSAGES] [BATCH]
// With --alerts it measures the alert engine instead (issue 30, bench/alerts-measure.ts), in this process, on
// DATABASE_URL or the embedded database (a small run: `npm run bench:ingest -w server -- --alerts --alerts-count 50
// --batch 200 --batches 1 --spikes 50 --seed 2000`):
//   DATABASE_URL=… npm run bench:ingest -w server -- --alerts [--alerts-count 1000] [--batch 5000] [--batches 3]
//   [--spikes 1000]
import { readFileSync } from 'node:fs';
import { INGEST_PATHS, type IngestResult } from '@monitoring/contracts';
import { measureAlerts } from './alerts-measure.ts';
import { startServer } from './server-process.ts';
import { tokenFor } from './setup.ts';

const ALERTS_MODE = process.argv.includes('--alerts');
/** `--name N` of the alert mode. */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}
const MESSAGES = ALERTS_MODE
  ? option('batch', 5000) * option('batches', 3)
  : Number(process.argv[2] ?? 50_000);
const BATCH = ALERTS_MODE ? option('batch', 5000) : Number(process.argv[3] ?? 5000);
const PORT = process.env.PORT ? Number(process.env.PORT) : undefined;
if (!ALERTS_MODE && !process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');

// The sample file's texts and accounts, varied: every message gets a run-unique external id.
const sample = readFileSync(new URL('../data/ingest-sample.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const run = Date.now().toString(36);
const now = Date.now();
function lineOf(n: number): string {
  const base = sample[n % sample.length];
  const round = Math.floor(n / sample.length);
  const { copy_of, ...rest } = base;
  return JSON.stringify({
    ...rest,
    external_id: `${run}-${n}`,
    url: `${String(base.url)}-${run}-${n}`,
    // A tenth are word-for-word copies of the sample text; the rest get words of the sample drawn at random, as
    // distinct posts on the same topics.
    text: n % 10 === 0 ? base.text : `${String(base.text)} ${extraWords(n)} ${round}`,
    wrote_at: new Date(now - (MESSAGES - n) * 1000).toISOString(),
    ...(copy_of ? { copy_of: `${run}-${n - 1}` } : {}),
  });
}
const vocabulary = [...new Set(sample.flatMap((s) => String(s.text).split(/\s+/)))];
function extraWords(n: number): string {
  let x = n * 2654435761;
  return Array.from({ length: 10 }, () => {
    x = (Math.imul(x ^ (x >>> 13), 0x5bd1e995) + 1) >>> 0;
    return vocabulary[x % vocabulary.length];
  }).join(' ');
}
const lines = Array.from({ length: MESSAGES }, (_, n) => lineOf(n));

if (ALERTS_MODE) {
  await measureAlerts({
    alerts: option('alerts-count', 1000),
    batch: BATCH,
    batches: option('batches', 3),
    spikes: option('spikes', 1000),
    seed: option('seed', 2000),
    lines: (count, round) => lines.slice(round * count, (round + 1) * count),
    words: vocabulary,
  });
} else {
  await measureIngest();
}

async function measureIngest(): Promise<void> {
  const server = await startServer({ databaseUrl: process.env.DATABASE_URL, port: PORT });
  try {
    const token = await tokenFor(server.url, 'admin');
    const post = async (body: string): Promise<IngestResult> => {
      const res = await fetch(`${server.url}${INGEST_PATHS.messages}`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/x-ndjson' },
        body,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${text}`);
      return JSON.parse(text) as IngestResult;
    };
    for (const pass of ['create', 'update'] as const) {
      const started = performance.now();
      const sum = { created: 0, updated: 0, rejected: 0, linked_copies: 0 };
      const times: number[] = [];
      for (let i = 0; i < lines.length; i += BATCH) {
        const t = performance.now();
        const r = await post(lines.slice(i, i + BATCH).join('\n'));
        times.push(performance.now() - t);
        sum.created += r.created;
        sum.updated += r.updated;
        sum.rejected += r.rejected;
        sum.linked_copies += r.linked_copies;
      }
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      console.log(
        `${pass}: ${lines.length} messages in ${seconds.toFixed(1)} s = ${Math.round(lines.length / seconds)} messages/s ` +
          `(batches of ${BATCH}: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times[times.length - 1].toFixed(0)} ms); ` +
          `created ${sum.created}, updated ${sum.updated}, rejected ${sum.rejected}, linked copies ${sum.linked_copies}`,
      );
    }
  } finally {
    await server.stop();
  }
}
