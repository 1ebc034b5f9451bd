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
    concurrency: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
  },
});

const messages = Number(args.messages);
const concurrency = Number(args.concurrency);
const duration = Number(args.duration);
const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : join(REPO_ROOT, 'data/bench'),
});
await database.migrate();

const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from messages`);
const present = Number(count?.n ?? 0);
if (args.reseed || present !== messages) {
  console.log(`Seeding ${messages} messages into ${database.kind} (found ${present})…`);
  const started = Date.now();
  await seedDemo(database, { messages, reset: true, onProgress: (line) => console.log(`  ${line}`) });
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
  const request = {
    url: `${address}${s.path}`,
    method: s.method ?? 'GET',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  };
  await runLoad({ ...request, concurrency: 1, durationMs: 10_000, maxRequests: 3 });
  const r = await runLoad({ ...request, concurrency, durationMs: duration * 1000 });
  return { name: s.name, path: s.path, ...r, targetP95: s.targetP95 };
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
const meta = { date: new Date().toISOString(), database: database.kind, messages, concurrency, duration };
writeFileSync(
  join(outDir, `${stamp}-${database.kind}.json`),
  `${JSON.stringify({ ...meta, results }, null, 2)}\n`,
);

const verdict = (r: Result) => (r.targetP95 === undefined ? '' : r.p95 <= r.targetP95 ? '✓' : '✗');
const table = [
  `# Benchmark ${meta.date}`,
  '',
  `${database.kind}, ${messages} messages, ${concurrency} concurrent clients, ${duration} s per call.`,
  '',
  '| call | p50 ms | p95 ms | p99 ms | req/s | errors | non-2xx | target p95 | |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.errors} | ${r.non2xx} | ${r.targetP95 ?? ''} | ${verdict(r)} |`,
  ),
  '',
].join('\n');
writeFileSync(join(outDir, `${stamp}-${database.kind}.md`), table);
writeFileSync(join(outDir, `latest-${database.kind}.md`), table);
console.log(`\n${table}`);
