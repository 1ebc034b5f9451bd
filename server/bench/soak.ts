/**
 * `npm run soak`: the bench's read calls (scenarios.ts) with a fifth of the requests being editor writes on random
 * messages, for `--minutes`, over HTTP against the server as its own process (as `npm run bench` starts it). It
 * records each `--window` seconds: requests, read p50/p95, write p95, answers by status, and the server process's
 * resident memory; then prints and writes bench/results/soak-<date>.md with a verdict, and exits 1 when the verdict
 * fails. README "Benchmark" and docs/operations.md "Soak" document the options and the verdict's rules.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { percentile } from './load.ts';
import { findScenarioFixtures } from './scenario-fixtures-queries.ts';
import { makeScenarios, makeWriteScenarios } from './scenarios.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { count, prepareTarget, targetFor, tokenFor } from './setup.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '6' },
    window: { type: 'string', default: '60' },
    messages: { type: 'string', default: '100000' },
    loms: { type: 'string', default: '20000' },
    themes: { type: 'string', default: '500' },
    reseed: { type: 'boolean', default: false },
    // PostgreSQL to soak; by default DATABASE_URL as for the bench, else the embedded database in data/soak.
    'database-url': { type: 'string' },
    // The random choices (which call, which message, which value), so that two soaks send the same requests.
    seed: { type: 'string', default: '1' },
  },
});

/** The share of requests that are editor writes. */
const WRITE_SHARE = 0.2;
/** The verdict: the last span's p95 within this factor of the first span's. */
const P95_FACTOR = 1.2;
/** The verdict's spans at the start and the end of the run, at most (half the run when it is shorter). */
const SPAN_SECONDS = 5 * 60;
/** The verdict: the last window's RSS within this factor of the second window's. */
const RSS_FACTOR = 1.2;

const minutes = Number(args.minutes);
const windowSeconds = Number(args.window);
if (!(minutes > 0) || !(windowSeconds > 0)) throw new Error('--minutes and --window must be > 0');
const concurrency = Math.max(1, count('concurrency', args.concurrency));
const messageCount = count('messages', args.messages);
const lomCount = count('loms', args.loms);
const themeCount = count('themes', args.themes);
const config = loadConfig();
const databaseUrl = args['database-url'] || config.databaseUrl;
const kind = databaseUrl ? 'postgres' : 'pglite';
const target = targetFor(databaseUrl, messageCount, { dir: 'data/soak' });

/** mulberry32: a small seeded generator, so that two soaks with one --seed send the same requests. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(count('seed', args.seed));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

// ---- The database: seed when the counts differ, then the ids the reads ask and the writes pick from.

const { messageIds, themeIds, fixtures } = await prepareTarget(
  target,
  { loms: lomCount, themes: themeCount, reseed: args.reseed },
  async (database) => ({
    messageIds: (await queryRows<{ id: number }>(database.db, sql`select id from messages order by id`)).map(
      (r) => Number(r.id),
    ),
    themeIds: (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from themes where not archived and active order by id`,
      )
    ).map((r) => Number(r.id)),
    fixtures: await findScenarioFixtures(database.db),
  }),
);
if (messageIds.length === 0 || themeIds.length === 0)
  throw new Error('The soak needs messages and active themes');

/** PostgreSQL's autovacuum setting and how often it ran on the app's tables (undefined on PGlite). */
async function autovacuumState(): Promise<
  { setting: string; vacuums: number; analyzes: number } | undefined
> {
  if (!target.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const setting =
      (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum ?? '?';
    const runs = await client.query<{ vacuums: string; analyzes: string }>(
      'select coalesce(sum(autovacuum_count), 0) as vacuums, coalesce(sum(autoanalyze_count), 0) as analyzes from pg_stat_user_tables',
    );
    return { setting, vacuums: Number(runs.rows[0]?.vacuums), analyzes: Number(runs.rows[0]?.analyzes) };
  } finally {
    await client.end();
  }
}

// ---- The requests: the bench's reads and the editor's writes.

interface Call {
  name: string;
  write: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

type Maker = () => Call;

function readMakers(server: ServerProcess, tokens: Map<string, string>): Maker[] {
  return makeScenarios(fixtures).map((s) => {
    const headers: Record<string, string> = { authorization: `Token ${tokens.get(s.as)}` };
    if (s.body !== undefined) headers['content-type'] = 'application/json';
    const body = s.body === undefined ? undefined : JSON.stringify(s.body);
    const path = s.path;
    return () => ({
      name: s.name,
      write: false,
      method: s.method ?? 'GET',
      url: `${server.url}${typeof path === 'string' ? path : path()}`,
      headers,
      body,
    });
  });
}

/** The editor's writes on random messages and themes of the seeded database (scenarios.ts). */
function writeMakers(server: ServerProcess, token: string): Maker[] {
  const choose = { message: () => pick(messageIds), theme: () => pick(themeIds), random };
  return makeWriteScenarios(choose).map((w) => () => {
    const body = w.body?.();
    return {
      name: w.name,
      write: true,
      method: w.method,
      url: `${server.url}${w.path()}`,
      headers: {
        authorization: `Token ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
  });
}

// ---- Windows.

interface Window {
  index: number;
  reads: number[];
  writes: number[];
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** Requests without an answer (connection refused or reset). */
  noAnswer: number;
  /** The server's RSS in MB: the last sample of the window and the highest. */
  rssMb?: number;
  rssPeakMb?: number;
}

interface Outcome {
  status?: number;
  ms: number;
  call: Call;
  body?: string;
}

async function send(call: Call): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - t0, call, body: text };
  } catch {
    return { ms: performance.now() - t0, call };
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
const p = (values: number[], q: number) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      q,
    ),
  );
const failed = (w: Window) =>
  w.noAnswer + [...w.statuses].reduce((sum, [status, n]) => sum + (status >= 500 ? n : 0), 0);
const statusText = (statuses: Map<number, number>, noAnswer: number) =>
  [
    ...[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`),
    ...(noAnswer > 0 ? [`no answer: ${noAnswer}`] : []),
  ].join(', ');

function windowLine(w: Window): string {
  return `window ${w.index + 1}: ${w.reads.length + w.writes.length} requests (${w.writes.length} writes), reads p50 ${p(w.reads, 50)} ms p95 ${p(w.reads, 95)} ms, writes p95 ${p(w.writes, 95)} ms, ${statusText(w.statuses, w.noAnswer)}, server RSS ${w.rssMb === undefined ? '?' : Math.round(w.rssMb)} MB`;
}

// ---- The run.

const server = await startServer({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
let exitCode = 1;
try {
  const tokens = new Map<string, string>();
  for (const login of new Set([...makeScenarios(fixtures).map((s) => s.as), 'editor'])) {
    tokens.set(login, await tokenFor(server.url, login));
  }
  const reads = readMakers(server, tokens);
  const writes = writeMakers(server, tokens.get('editor') as string);
  const avBefore = await autovacuumState();

  // Warm-up, as the bench does: 3 requests of each read call and each kind of write, not measured. A write answered
  // otherwise than 2xx here is a mistake of the soak's own requests, not of the server: stop at once.
  for (const make of [...reads, ...writes]) {
    for (let i = 0; i < 3; i++) {
      const out = await send(make());
      if (out.status === undefined || out.status >= 300) {
        throw new Error(
          `Warm-up: ${out.call.method} ${out.call.url} answered ${out.status ?? 'nothing'}: ${out.body}`,
        );
      }
    }
  }

  const windowMs = windowSeconds * 1000;
  const durationMs = minutes * 60_000;
  const windows: Window[] = Array.from({ length: Math.ceil(durationMs / windowMs) }, (_, index) => ({
    index,
    reads: [],
    writes: [],
    statuses: new Map(),
    noAnswer: 0,
  }));
  /** Unexpected answers (not 2xx), a few of each call and status, to show what went wrong. */
  const samples = new Map<string, string>();
  const started = performance.now();
  const deadline = started + durationMs;
  const windowAt = (t: number) =>
    windows[Math.min(windows.length - 1, Math.floor((t - started) / windowMs))] as Window;

  const sampleRss = () => {
    const rss = server.rssMb();
    if (rss === undefined) return;
    const w = windowAt(performance.now());
    w.rssMb = rss;
    w.rssPeakMb = Math.max(w.rssPeakMb ?? 0, rss);
  };
  const sampler = setInterval(sampleRss, 1000);
  // A line per window as it closes (its last requests may still be in flight: the table at the end has them all).
  let printed = 0;
  const printer = setInterval(() => {
    while (printed < windows.length - 1 && performance.now() >= started + (printed + 1) * windowMs) {
      console.log(windowLine(windows[printed] as Window));
      printed += 1;
    }
  }, 250);

  async function client() {
    while (performance.now() < deadline) {
      const call = random() < WRITE_SHARE ? pick(writes)() : pick(reads)();
      const out = await send(call);
      const w = windowAt(performance.now());
      if (out.status === undefined) w.noAnswer += 1;
      else {
        w.statuses.set(out.status, (w.statuses.get(out.status) ?? 0) + 1);
        (call.write ? w.writes : w.reads).push(out.ms);
      }
      if (out.status === undefined || out.status >= 300) {
        const key = `${call.name} ${out.status ?? 'no answer'}`;
        if (!samples.has(key)) samples.set(key, (out.body ?? '').slice(0, 300));
      }
    }
  }
  console.log(
    `Soaking for ${minutes} min: ${concurrency} clients, ${Math.round(WRITE_SHARE * 100)}% editor writes, windows of ${windowSeconds} s`,
  );
  await Promise.all(Array.from({ length: concurrency }, client));
  sampleRss();
  clearInterval(sampler);
  clearInterval(printer);
  for (; printed < windows.length; printed++) console.log(windowLine(windows[printed] as Window));
  const avAfter = await autovacuumState();

  // ---- The verdict.
  const spanWindows = Math.max(
    1,
    Math.min(Math.ceil(SPAN_SECONDS / windowSeconds), Math.floor(windows.length / 2)),
  );
  const first = windows.slice(0, spanWindows);
  const last = windows.slice(windows.length - spanWindows);
  const all = (ws: Window[], key: 'reads' | 'writes') => ws.flatMap((w) => w[key]);
  const drift = (key: 'reads' | 'writes') => {
    const a = p(all(first, key), 95);
    const b = p(all(last, key), 95);
    return { first: a, last: b, ok: b <= P95_FACTOR * a };
  };
  const readDrift = drift('reads');
  const writeDrift = drift('writes');
  const failures = windows.reduce((sum, w) => sum + failed(w), 0);
  const base = windows.length >= 3 ? windows[1] : windows[0];
  const end = windows.at(-1) as Window;
  const rssOk =
    windows.length < 2 || base?.rssMb === undefined || end.rssMb === undefined
      ? undefined
      : end.rssMb <= RSS_FACTOR * base.rssMb;
  const pass = failures === 0 && readDrift.ok && writeDrift.ok && rssOk !== false;
  const mark = (ok: boolean | undefined) => (ok === undefined ? 'not judged' : ok ? '✓' : '✗');
  const spanText = `${round((spanWindows * windowSeconds) / 60)} min (${spanWindows} window${spanWindows > 1 ? 's' : ''})`;
  const totals = new Map<number, number>();
  for (const w of windows) for (const [s, n] of w.statuses) totals.set(s, (totals.get(s) ?? 0) + n);
  const noAnswer = windows.reduce((sum, w) => sum + w.noAnswer, 0);

  const report = [
    `# Soak ${new Date().toISOString()}`,
    '',
    `${kind} (${target.label}), ${messageCount} messages, ${lomCount} loms, ${themeCount} themes; ${minutes} min, ${concurrency} clients, ` +
      `windows of ${windowSeconds} s. Reads: the ${reads.length} calls of bench/scenarios.ts; ${Math.round(WRITE_SHARE * 100)}% of the requests are ` +
      `the editor's writes on random messages (toggle verify, change mood, set theme, toggle delay/archive/trash). ` +
      `The server runs as its own process; RSS is its VmRSS at the end of each window.` +
      (avAfter
        ? ` autovacuum ${avAfter.setting}: ${avAfter.vacuums - (avBefore?.vacuums ?? 0)} autovacuums and ${avAfter.analyzes - (avBefore?.analyzes ?? 0)} autoanalyzes of the app's tables during the soak.`
        : ''),
    '',
    '| window | end min | requests | writes | read p50 ms | read p95 ms | write p95 ms | 5xx or no answer | statuses | RSS MB | peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...windows.map(
      (w) =>
        `| ${w.index + 1} | ${round(((w.index + 1) * windowSeconds) / 60)} | ${w.reads.length + w.writes.length} | ${w.writes.length} | ${p(w.reads, 50)} | ${p(w.reads, 95)} | ${p(w.writes, 95)} | ${failed(w)} | ${statusText(w.statuses, w.noAnswer)} | ${w.rssMb === undefined ? '?' : Math.round(w.rssMb)} | ${w.rssPeakMb === undefined ? '?' : Math.round(w.rssPeakMb)} |`,
    ),
    '',
    `Verdict: **${pass ? 'PASS' : 'FAIL'}**`,
    '',
    `- no 5xx and no request without an answer: ${failures} ${mark(failures === 0)} (all answers: ${statusText(totals, noAnswer)})`,
    `- read p95 of the last ${spanText} within ${P95_FACTOR}× of the first's: ${readDrift.last} ms vs ${readDrift.first} ms ${mark(readDrift.ok)}`,
    `- write p95 of the last ${spanText} within ${P95_FACTOR}× of the first's: ${writeDrift.last} ms vs ${writeDrift.first} ms ${mark(writeDrift.ok)}`,
    `- memory flat, the last window's RSS within ${RSS_FACTOR}× of the ${windows.length >= 3 ? 'second' : 'first'} window's: ` +
      `${end.rssMb === undefined ? '?' : Math.round(end.rssMb)} MB vs ${base?.rssMb === undefined ? '?' : Math.round(base.rssMb)} MB ${mark(rssOk)}`,
    ...(samples.size === 0
      ? []
      : [
          '',
          'First answer of each unexpected (call, status):',
          '',
          ...[...samples].map(([k, v]) => `- ${k}: ${v}`),
        ]),
    '',
  ].join('\n');

  const outDir = join(REPO_ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, report);
  console.log(`\n${report}\nWritten to ${file}`);
  exitCode = pass ? 0 : 1;
} finally {
  const code = await server.stop();
  console.log(`Server stopped (exit ${code})`);
}
process.exit(exitCode);
