// Measures ingestion over HTTP (issue 18; not a test): NDJSON batches posted to a server process on DATABASE_URL,
// new messages (with copies and near-duplicates among them, so duplicate linking works) and then the same
// messages again (metric updates). The database must be seeded (npm run seed -- --messages 50000).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mon_ingest_bench npm run bench:ingest -w server -- [MESSAGES] [BATCH]
import { readFileSync } from 'node:fs';
import { INGEST_PATHS, type IngestResult } from '@monitoring/contracts';
import { startServer } from './server-process.ts';
import { tokenFor } from './setup.ts';

const MESSAGES = Number(process.argv[2] ?? 50_000);
const BATCH = Number(process.argv[3] ?? 5000);
const PORT = process.env.PORT ? Number(process.env.PORT) : undefined;
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database');

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
