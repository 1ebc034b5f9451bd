import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { DEMO_USERS } from '../src/demo/users.ts';
import { createMailer } from '../src/mail.ts';
import { type LoadResult, runLoad } from './load.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';

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
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    // Seed (when the counts differ or --reseed) and stop: for EXPLAIN ANALYZE by hand.
    'seed-only': { type: 'boolean', default: false },
  },
});

const messages = Number(args.messages);
const lomCount = Number(args.loms);
const themeCount = Number(args.themes);
const concurrency = Number(args.concurrency);
const duration = Number(args.duration);
const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : join(REPO_ROOT, 'data/bench'),
});
await database.migrate();

const [count] = await queryRows<{ n: number; loms: number; themes: number }>(
  database.db,
  sql`select (select count(*)::int from messages) as n, (select count(*)::int from loms) as loms,
             (select count(*)::int from themes) as themes`,
);
const present = Number(count?.n ?? 0);
const presentLoms = Number(count?.loms ?? 0);
const presentThemes = Number(count?.themes ?? 0);
if (args.reseed || present !== messages || presentLoms !== lomCount || presentThemes < themeCount) {
  console.log(
    `Seeding ${messages} messages, ${lomCount} loms and ${themeCount} themes into ${database.kind} (found ${present}, ${presentLoms} and ${presentThemes})…`,
  );
  const started = Date.now();
  await seedDemo(database, {
    messages,
    loms: lomCount,
    themes: themeCount,
    reset: true,
    onProgress: (line) => console.log(`  ${line}`),
  });
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (args['seed-only']) {
  await database.close();
  process.exit(0);
}

const app = await buildApp({ config, db: database.db, mailer: createMailer(database.db, console) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function tokenFor(login: string): Promise<string> {
  const user = DEMO_USERS.find((u) => u.login === login);
  if (!user) throw new Error(`No demo user ${login}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { username: user.login, password: user.password },
    headers: { 'x-forwarded-for': '127.0.0.99' },
  });
  if (res.statusCode !== 200) throw new Error(`Login of ${login} failed: ${res.body}`);
  return res.json().token;
}

interface Result extends LoadResult {
  name: string;
  path: string;
  targetP95?: number;
}

async function measure(s: Scenario, token: string): Promise<Result> {
  // One warm-up pass so the first plan and cache misses are not measured.
  const path = s.path;
  const request = {
    url: typeof path === 'string' ? `${address}${path}` : () => `${address}${path()}`,
    method: s.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  };
  await runLoad({ ...request, concurrency: 1, durationMs: 10_000, maxRequests: 3 });
  const r = await runLoad({ ...request, concurrency, durationMs: duration * 1000 });
  return {
    name: s.name,
    path: typeof path === 'string' ? path : '(a new path per request)',
    ...r,
    targetP95: s.targetP95,
  };
}

/**
 * The Excel report of the newest 10,000 messages, one request at a time: how long the
 * whole file takes and how far the process's memory (server and all) rises meanwhile.
 */
interface FileResult {
  name: string;
  path: string;
  rows: number;
  seconds: number;
  bytes: number;
  peakRssMb: number;
  baseRssMb: number;
  targetSeconds: number;
  targetRssMb: number;
}

async function measureExcel(rows: number, token: string): Promise<FileResult> {
  const [edge] = await queryRows<{ at: Date | string }>(
    database.db,
    sql`select wrote_at as at from messages order by wrote_at desc offset ${rows - 1} limit 1`,
  );
  const after = new Date(edge?.at ?? 0).toISOString();
  const path = `/api/v1/messages/get-xlsx/?wrote_at_after=${encodeURIComponent(after)}`;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  globalThis.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const res = await fetch(`${address}${path}`, { headers: { authorization: `Token ${token}` } });
  if (!res.ok || !res.body) throw new Error(`get-xlsx answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    name: `Excel report (get-xlsx) of ${rows} messages`,
    path,
    rows,
    seconds: Math.round(seconds * 100) / 100,
    bytes,
    peakRssMb: mb(peakRss),
    baseRssMb: mb(baseRss),
    targetSeconds: 5,
    targetRssMb: 300,
  };
}

// First, while the server holds nothing but its start-up state, so the peak is the report's.
const files: FileResult[] = [];
if (!args.only || 'excel report'.includes(args.only.toLowerCase())) {
  const file = await measureExcel(10_000, await tokenFor('user'));
  files.push(file);
  console.log(`${file.name}: ${file.seconds} s, ${file.bytes} bytes, peak RSS ${file.peakRssMb} MB`);
}

const scenarios = SCENARIOS.filter((s) => !args.only || s.name.includes(args.only));
const tokens = new Map<string, string>();
const results: Result[] = [];
for (const s of scenarios) {
  if (!tokens.has(s.as)) tokens.set(s.as, await tokenFor(s.as));
  const result = await measure(s, tokens.get(s.as) as string);
  results.push(result);
  console.log(
    `${s.name}: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${result.rps} req/s`,
  );
}

await app.close();
await database.close();

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = join(REPO_ROOT, 'bench/results');
mkdirSync(outDir, { recursive: true });
const meta = {
  date: new Date().toISOString(),
  database: database.kind,
  messages,
  loms: lomCount,
  themes: themeCount,
  concurrency,
  duration,
};
writeFileSync(
  join(outDir, `${stamp}-${database.kind}.json`),
  `${JSON.stringify({ ...meta, results, files }, null, 2)}\n`,
);

const verdict = (r: Result) => (r.targetP95 === undefined ? '' : r.p95 <= r.targetP95 ? '✓' : '✗');
const table = [
  `# Benchmark ${meta.date}`,
  '',
  `${database.kind}, ${messages} messages, ${lomCount} loms, ${themeCount} themes, ${concurrency} concurrent clients, ${duration} s per call.`,
  '',
  '| call | p50 ms | p95 ms | p99 ms | req/s | errors | non-2xx | target p95 | |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.errors} | ${r.non2xx} | ${r.targetP95 ?? ''} | ${verdict(r)} |`,
  ),
  '',
  ...(files.length === 0
    ? []
    : [
        'Files, one request at a time (peak RSS is the whole process: server, driver and bench):',
        '',
        '| file | seconds | size | peak RSS MB | RSS before MB | target | |',
        '|---|---|---|---|---|---|---|',
        ...files.map(
          (f) =>
            `| ${f.name} | ${f.seconds} | ${Math.round(f.bytes / 1024)} KB | ${f.peakRssMb} | ${f.baseRssMb} | ≤ ${f.targetSeconds} s, < ${f.targetRssMb} MB | ${f.seconds <= f.targetSeconds && f.peakRssMb < f.targetRssMb ? '✓' : '✗'} |`,
        ),
        '',
      ]),
].join('\n');
writeFileSync(join(outDir, `${stamp}-${database.kind}.md`), table);
writeFileSync(join(outDir, `latest-${database.kind}.md`), table);
console.log(`\n${table}`);
