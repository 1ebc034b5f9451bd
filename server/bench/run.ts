/**
 * `npm run bench`: seeds the bench database here, then starts the server as its own process on it (as in
 * production), waits for readiness and drives each call of scenarios.ts over HTTP; `--compare A,B` does that at two
 * sizes and prints how each call grows; `--instances N` starts N servers on the same database and spreads the
 * requests over them. README "Benchmark" documents the options and the output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { type LoadResult, runLoad } from './load.ts';
import {
  countsBetween,
  countsTable,
  readCounts,
  type SideCounts,
  STATS_SETTLE_MS,
  waitForReplica,
} from './replica-counts.ts';
import { findScenarioFixtures } from './scenario-fixtures-queries.ts';
import { excelReportPath, makeScenarios, type Scenario, type ScenarioFixtures } from './scenarios.ts';
import { type ServerProcess, startServers, stopServers } from './server-process.ts';
import { count, ensurePostgresDatabase, prepareTarget, type Target, targetFor, tokenFor } from './setup.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    // The volume is 20,000 loms with 1,000,000 messages; the lom list and lom-stat
    // scale with the loms, so the bench keeps them at that count whatever the messages.
    loms: { type: 'string', default: '20000' },
    // Issue 5: the themes table at 500 themes (curated and AI ones plus generated ones).
    themes: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    // The one-client pass: seconds per call (and at least 5 requests).
    'one-client-duration': { type: 'string', default: '2' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    // Seed (when the counts differ or --reseed) and stop: for EXPLAIN ANALYZE by hand.
    'seed-only': { type: 'boolean', default: false },
    // Two message counts: the same calls at each, and each call's growth.
    compare: { type: 'string' },
    // A streaming replica of DATABASE_URL: the server under test reads there (DATABASE_READ_URL), and the report
    // says what each side served (docs/operations.md "Read replica").
    'read-url': { type: 'string' },
    // Server processes on the same database (and replica), as behind a balancer (docs/operations.md "Scale-out").
    instances: { type: 'string', default: '1' },
  },
});

const lomCount = count('loms', args.loms);
const themeCount = count('themes', args.themes);
const concurrency = Math.max(1, count('concurrency', args.concurrency));
const duration = Number(args.duration);
const oneClientDuration = Number(args['one-client-duration']);
if (!(duration > 0) || !(oneClientDuration > 0))
  throw new Error('--duration and --one-client-duration must be > 0');
const config = loadConfig();
const kind = config.databaseUrl ? 'postgres' : 'pglite';
/** `--only a|b`: the calls whose name contains any of the parts. */
const onlyParts = args.only?.split('|').filter((part) => part !== '') ?? [];
const wanted = (name: string) => onlyParts.length === 0 || onlyParts.some((part) => name.includes(part));
const wantsExcel =
  onlyParts.length === 0 || onlyParts.some((part) => 'excel report'.includes(part.toLowerCase()));
const EXCEL_ROWS = 10_000;
/** Each instance opens up to 20 connections per side; four stay well within PostgreSQL's default 100. */
const MAX_INSTANCES = 4;

const sizes = args.compare
  ? args.compare.split(',').map((s) => count('compare', s.trim().replace(/_/g, '')))
  : [count('messages', args.messages)];
if (args.compare && (sizes.length !== 2 || sizes[0] === sizes[1])) {
  throw new Error(`--compare takes two different message counts, e.g. 100000,200000; got "${args.compare}"`);
}
if (args.compare) sizes.sort((a, b) => a - b);
const instanceCount = count('instances', args.instances);
if (instanceCount < 1 || instanceCount > MAX_INSTANCES)
  throw new Error(`--instances must be 1 to ${MAX_INSTANCES}; got ${instanceCount}`);
// A comparison measures how each call grows with the messages; more instances would only blur that.
if (args.compare && instanceCount > 1)
  throw new Error('--compare runs one server instance: drop --instances');
// The embedded database admits a single process.
if (!config.databaseUrl && instanceCount > 1)
  throw new Error('--instances above 1 needs DATABASE_URL (PostgreSQL)');
const readUrl = args['read-url'];
if (readUrl && (!config.databaseUrl || args.compare)) {
  throw new Error('--read-url needs DATABASE_URL (the primary of that replica) and one size, not --compare');
}

interface Prepared {
  excelAfter: string;
  fixtures: ScenarioFixtures;
}

/**
 * Seeds the target when its counts differ (or --reseed) and returns the start of the newest EXCEL_ROWS messages for
 * the Excel report (setup.ts prepareTarget). Compare mode on PostgreSQL first creates the size's database beside the
 * one DATABASE_URL names, if it is missing.
 */
async function prepare(target: Target): Promise<Prepared> {
  if (args.compare && config.databaseUrl) await ensurePostgresDatabase(config.databaseUrl, target);
  return prepareTarget(
    target,
    { loms: lomCount, themes: themeCount, reseed: args.reseed },
    async (database) => {
      const [edge] = await queryRows<{ at: Date | string }>(
        database.db,
        sql`select wrote_at as at from messages order by wrote_at desc offset ${EXCEL_ROWS - 1} limit 1`,
      );
      return {
        excelAfter: new Date(edge?.at ?? 0).toISOString(),
        fixtures: await findScenarioFixtures(database.db),
      };
    },
  );
}

interface CallResult extends LoadResult {
  name: string;
  path: string;
  targetP95?: number;
  /** The one-client pass: one client, `--one-client-duration` seconds. */
  oneClient: LoadResult;
}

/**
 * The Excel report of the newest 10,000 messages, one request at a time: how long the whole file takes and how
 * far the server process's resident memory rises meanwhile.
 */
interface FileResult {
  name: string;
  path: string;
  rows: number;
  seconds: number;
  bytes: number;
  /** The server process's (undefined where /proc is missing). */
  peakRssMb?: number;
  baseRssMb?: number;
  targetSeconds: number;
  targetRssMb: number;
}

/** One server instance at the end of the run. */
interface InstanceResult {
  url: string;
  pid: number;
  /** Answers it gave to the load generator: warm-ups, one-client and loaded passes (not logins, not the Excel file). */
  requests: number;
  /** Its resident memory after the last call, before it stops (undefined where /proc is missing). */
  rssMb?: number;
}

interface Run {
  date: string;
  database: 'pglite' | 'postgres';
  target: string;
  messages: number;
  loms: number;
  themes: number;
  concurrency: number;
  duration: number;
  oneClientDuration: number;
  results: CallResult[];
  files: FileResult[];
  /** The servers that answered, in start order; the requests went round-robin over them. */
  instances: InstanceResult[];
  /** With --read-url: what the primary and the replica each served. */
  replica?: string;
  sides?: SideCounts[];
}

/**
 * The next server's URL at each call, in turn: requests, not clients, are spread, as an HTTP balancer does with
 * keep-alive connections of its own to each instance, so even the one-client pass alternates between instances.
 */
function roundRobin(servers: ServerProcess[]): () => string {
  let turn = 0;
  return () => servers[turn++ % servers.length].url;
}

/** Adds a pass's answers per instance to the run's tally. */
function tally(answered: Map<string, number>, result: LoadResult): void {
  for (const [origin, n] of Object.entries(result.answeredBy))
    answered.set(origin, (answered.get(origin) ?? 0) + n);
}

async function measure(
  next: () => string,
  s: Scenario,
  token: string,
  answered: Map<string, number>,
): Promise<CallResult> {
  const path = s.path;
  const request = {
    url: typeof path === 'string' ? () => `${next()}${path}` : () => `${next()}${path()}`,
    method: s.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  };
  // One warm-up pass so the first plan and cache misses are not measured.
  const warmUp = await runLoad({ ...request, concurrency: 1, durationMs: 10_000, maxRequests: 3 });
  const oneClient = await runLoad({
    ...request,
    concurrency: 1,
    durationMs: oneClientDuration * 1000,
    minRequests: 5,
  });
  const loaded = await runLoad({ ...request, concurrency, durationMs: duration * 1000 });
  for (const pass of [warmUp, oneClient, loaded]) tally(answered, pass);
  return {
    name: s.name,
    path: typeof path === 'string' ? path : '(a new path per request)',
    ...loaded,
    targetP95: s.targetP95,
    oneClient,
  };
}

async function measureExcel(server: ServerProcess, after: string, token: string): Promise<FileResult> {
  const path = excelReportPath(after);
  const baseRss = server.rssMb();
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    const now = server.rssMb();
    if (now !== undefined) peakRss = Math.max(peakRss ?? 0, now);
  }, 20);
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Token ${token}` } });
  if (!res.ok || !res.body) throw new Error(`get-xlsx answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mb = (n: number | undefined) => (n === undefined ? undefined : Math.round(n));
  return {
    name: `Excel report (get-xlsx) of ${EXCEL_ROWS} messages`,
    path,
    rows: EXCEL_ROWS,
    seconds: Math.round(seconds * 100) / 100,
    bytes,
    peakRssMb: mb(peakRss),
    baseRssMb: mb(baseRss),
    targetSeconds: 5,
    targetRssMb: 300,
  };
}

/** Starts the servers on a prepared target, measures every chosen call and stops the servers. */
async function benchAt(target: Target, { excelAfter, fixtures }: Prepared): Promise<Run> {
  let before: SideCounts[] | undefined;
  if (readUrl && target.databaseUrl) {
    await waitForReplica(target.databaseUrl, readUrl);
    before = await readCounts(target.databaseUrl, readUrl);
  }
  const servers = await startServers(
    { databaseUrl: target.databaseUrl, dataDir: target.dataDir, databaseReadUrl: readUrl },
    instanceCount,
  );
  let run: Run;
  try {
    run = await measureServers(servers, target, excelAfter, fixtures);
  } finally {
    const codes = await stopServers(servers);
    console.log(`${servers.length === 1 ? 'Server' : 'Servers'} stopped (exit ${codes.join(', ')})`);
  }
  if (before && readUrl && target.databaseUrl) {
    // The servers have stopped: their connections have ended and reported their statistics.
    await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
    run.sides = countsBetween(before, await readCounts(target.databaseUrl, readUrl));
    console.log(
      `\nWhat each side served during the run (start-up, logins and measured calls):\n${countsTable(run.sides)}`,
    );
  }
  return run;
}

/**
 * Logs in and times the Excel report on the first server (its memory is the report's), then spreads every call's
 * requests over all of them; a token issued by one is valid on the others (tokens live in the database).
 */
async function measureServers(
  servers: ServerProcess[],
  target: Target,
  excelAfter: string,
  fixtures: ScenarioFixtures,
): Promise<Run> {
  const [server] = servers;
  const next = roundRobin(servers);
  const answered = new Map<string, number>();
  const tokens = new Map<string, string>();
  const token = async (login: string) => {
    if (!tokens.has(login)) tokens.set(login, await tokenFor(server.url, login));
    return tokens.get(login) as string;
  };
  // First, while the server holds nothing but its start-up state, so the peak is the report's.
  const files: FileResult[] = [];
  if (wantsExcel) {
    const file = await measureExcel(server, excelAfter, await token('user'));
    files.push(file);
    console.log(
      `${file.name}: ${file.seconds} s, ${file.bytes} bytes, server RSS ${file.baseRssMb} → peak ${file.peakRssMb} MB`,
    );
  }
  const results: CallResult[] = [];
  for (const s of makeScenarios(fixtures).filter((s) => wanted(s.name))) {
    const r = await measure(next, s, await token(s.as), answered);
    results.push(r);
    console.log(
      `${s.name}: one client p50 ${r.oneClient.p50} ms; ${concurrency} clients p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s`,
    );
  }
  return {
    date: new Date().toISOString(),
    database: kind,
    target: target.label,
    messages: target.messages,
    loms: lomCount,
    themes: themeCount,
    concurrency,
    duration,
    oneClientDuration,
    results,
    files,
    instances: servers.map((s) => instanceAtEnd(s, answered)),
    ...(readUrl ? { replica: new URL(readUrl).host } : {}),
  };
}

function instanceAtEnd(server: ServerProcess, answered: Map<string, number>): InstanceResult {
  const rss = server.rssMb();
  return {
    url: server.url,
    pid: server.pid,
    requests: answered.get(server.url) ?? 0,
    rssMb: rss === undefined ? undefined : Math.round(rss),
  };
}

const verdict = (r: CallResult) => (r.targetP95 === undefined ? '' : r.p95 <= r.targetP95 ? '✓' : '✗');
const fileVerdict = (f: FileResult) =>
  f.seconds <= f.targetSeconds && (f.peakRssMb ?? 0) < f.targetRssMb ? '✓' : '✗';

function runTable(run: Run): string {
  return [
    `# Benchmark ${run.date}`,
    '',
    `${run.database} (${run.target}), ${run.messages} messages, ${run.loms} loms, ${run.themes} themes. ${servedBy(run)} ` +
      `Each call: 3 warm-up requests, one client for ${run.oneClientDuration} s (at least 5 requests), then ${run.concurrency} concurrent clients for ${run.duration} s.`,
    '',
    ...instancesTable(run),
    `| call | one-client p50 ms | p50 ms | p95 ms | p99 ms | req/s | errors | non-2xx | target p95 | |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...run.results.map(
      (r) =>
        `| ${r.name} | ${r.oneClient.p50} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.errors + r.oneClient.errors} | ${r.non2xx + r.oneClient.non2xx} | ${r.targetP95 ?? ''} | ${verdict(r)} |`,
    ),
    '',
    ...(run.files.length === 0
      ? []
      : [
          `Files, one request at a time (RSS is the ${run.instances.length === 1 ? 'server process' : 'first instance'} alone):`,
          '',
          '| file | seconds | size | server peak RSS MB | server RSS before MB | target | |',
          '|---|---|---|---|---|---|---|',
          ...run.files.map(
            (f) =>
              `| ${f.name} | ${f.seconds} | ${Math.round(f.bytes / 1024)} KB | ${f.peakRssMb ?? '?'} | ${f.baseRssMb ?? '?'} | ≤ ${f.targetSeconds} s, < ${f.targetRssMb} MB | ${fileVerdict(f)} |`,
          ),
          '',
        ]),
    ...(run.sides
      ? [
          `Reads of GET requests went to the replica ${run.replica}; what each side served during the run:`,
          '',
          countsTable(run.sides),
          '',
        ]
      : []),
  ].join('\n');
}

function servedBy(run: Run): string {
  const n = run.instances.length;
  return n === 1
    ? 'The server runs as its own process.'
    : `${n} server instances, each its own process on the same database${run.replica ? ' and replica' : ''}, ` +
        'took the requests in turn (round-robin per request); logins and the Excel report went to the first.';
}

/** Per instance: the answers it gave and its memory at the end. */
function instancesTable(run: Run): string[] {
  return [
    '| instance | pid | requests answered | RSS at the end MB |',
    '|---|---|---|---|',
    ...run.instances.map((i) => `| ${i.url} | ${i.pid} | ${i.requests} | ${i.rssMb ?? '?'} |`),
    '',
  ];
}

const ratio = (a: number, b: number) => (a > 0 ? `${(b / a).toFixed(2)}` : '—');

function compareTable(small: Run, large: Run): string {
  const byName = new Map(large.results.map((r) => [r.name, r]));
  return [
    `# Benchmark comparison ${large.date}`,
    '',
    `${small.database}: the same calls at ${small.messages} messages (${small.target}) and at ${large.messages} messages (${large.target}), ` +
      `${small.loms} loms and ${small.themes} themes in both; the server runs as its own process. Growth is the one-client p50 (one client for ` +
      `${small.oneClientDuration} s, at least 5 requests) at the larger size divided by that at the smaller: 1 does not grow with the messages, ` +
      `${ratio(small.messages, large.messages)} grows in proportion. p95 is at ${small.concurrency} concurrent clients for ${small.duration} s.`,
    '',
    `| call | one-client p50 ms at ${small.messages} | at ${large.messages} | growth × | p95 ms at ${small.messages} | at ${large.messages} |`,
    '|---|---|---|---|---|---|',
    ...small.results.map((a) => {
      const b = byName.get(a.name);
      if (!b) return `| ${a.name} | ${a.oneClient.p50} | | | ${a.p95} | |`;
      return `| ${a.name} | ${a.oneClient.p50} | ${b.oneClient.p50} | ${ratio(a.oneClient.p50Exact, b.oneClient.p50Exact)} | ${a.p95} | ${b.p95} |`;
    }),
    ...small.files.flatMap((f) => {
      const g = large.files.find((x) => x.name === f.name);
      return g
        ? [
            '',
            `${f.name}: ${f.seconds} s at ${small.messages}, ${g.seconds} s at ${large.messages} (× ${ratio(f.seconds, g.seconds)}).`,
          ]
        : [];
    }),
    '',
  ].join('\n');
}

const targets = sizes.map((messages) =>
  targetFor(config.databaseUrl, messages, { perSize: Boolean(args.compare) }),
);
const prepared = [];
for (const target of targets) prepared.push(await prepare(target));
if (args['seed-only']) process.exit(0);

const runs: Run[] = [];
for (const [i, target] of targets.entries()) {
  if (args.compare) console.log(`\n== ${target.messages} messages (${target.label}) ==`);
  runs.push(await benchAt(target, prepared[i]));
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = join(REPO_ROOT, 'bench/results');
mkdirSync(outDir, { recursive: true });
if (args.compare) {
  const [small, large] = runs;
  writeFileSync(
    join(outDir, `${stamp}-compare-${kind}.json`),
    `${JSON.stringify({ small, large }, null, 2)}\n`,
  );
  const table = `${compareTable(small, large)}\n${runTable(small)}\n${runTable(large)}`;
  writeFileSync(join(outDir, `${stamp}-compare-${kind}.md`), table);
  writeFileSync(join(outDir, `latest-compare-${kind}.md`), table);
  console.log(`\n${compareTable(small, large)}`);
} else {
  const [run] = runs;
  writeFileSync(join(outDir, `${stamp}-${kind}.json`), `${JSON.stringify(run, null, 2)}\n`);
  const table = runTable(run);
  writeFileSync(join(outDir, `${stamp}-${kind}.md`), table);
  writeFileSync(join(outDir, `latest-${kind}.md`), table);
  console.log(`\n${table}`);
}
