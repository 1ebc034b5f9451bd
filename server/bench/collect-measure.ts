/**
 * Measures the collectors (issue 31, docs/collectors.md "Bench"; not a test): FEEDS RSS feeds of ITEMS items each,
 * served by their own process (collect-feeds-server.ts), each feed on its own loopback address (127.0.x.y, so the
 * per-host politeness does not serialise them), collected by the scheduler into a fresh database that already
 * holds BASELINE messages; then a second pass over the same feeds, all 304. Reads of the messages list through the
 * app (app.inject) are timed idle and while the first pass runs.
 *   npm run bench:collect [-- --feeds 1000 --items 50 --concurrency 4 --baseline 50000 --reads 200 --think 100
 *                              --json FILE]
 * The database is embedded PGlite in a temporary folder unless DATABASE_URL names an empty PostgreSQL database.
 * The CPU is this process's (process.cpuUsage): the collector, and with PGlite the database too. With
 * `--separate` (PostgreSQL only) the collector runs as a second instance in a process of its own (collect-run.ts)
 * and the CPU is that process's; the reads stay here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { COLLECT_CONCURRENCY, COLLECT_ITEMS_PER_SECOND, loadConfig } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import type { CollectDeps } from '../src/domain/collect/collector.ts';
import { HostGate } from '../src/domain/collect/host-gate.ts';
import { startCollector } from '../src/domain/collect/scheduler.ts';
import { createOutboundClient } from '../src/http/outbound.ts';
import { createMailer } from '../src/mail.ts';
import { buildUserWithToken } from '../src/test/factories.ts';
import { insertMessages, type MessageValues } from '../src/test/factories-messages.ts';
import { percentile } from './load.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}
const FEEDS = option('feeds', 1000);
const ITEMS = option('items', 50);
const CONCURRENCY = option('concurrency', COLLECT_CONCURRENCY);
/** The collector's pace, items a second: COLLECT_ITEMS_PER_SECOND's default; 0: unpaced. */
const PACE = option('pace', COLLECT_ITEMS_PER_SECOND);
const BASELINE = option('baseline', 50_000);
const IDLE_READS = option('reads', 200);
/** The pause between two reads of the one reading client: a user clicking through pages, not a load test. */
const THINK_MS = option('think', 100);
/** The collector as a second instance in its own process (PostgreSQL only): collect-run.ts. */
const SEPARATE = process.argv.includes('--separate');
const jsonAt = process.argv.indexOf('--json');
const JSON_FILE = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
const SERVER_DIR = new URL('..', import.meta.url).pathname;

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The CPU of this machine's PostgreSQL processes so far (ms), when DATABASE_URL names a local server and /proc can
 * be read; null otherwise. Every database of the cluster counts: run the bench on a quiet server.
 */
function localPostgresCpuMs(): number | null {
  const url = process.env.DATABASE_URL;
  if (!url || !['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname)) return null;
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime: fields 14 and 15 of /proc/<pid>/stat, the 12th and 13th after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The feeds' server in its own process; its port once it listens. */
async function startFeedsServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/collect-feeds-server.ts', String(ITEMS)], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the feeds' server exited (${code})`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

/** One pass of the collector in a process of its own (collect-run.ts); its wall time and CPU. */
async function separatePass(expected: number): Promise<{ wallMs: number; cpuMs: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/collect-run.ts', String(expected), String(CONCURRENCY), String(PACE)],
    { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as { wallMs: number; cpuMs: number }));
    child.once('exit', (code) => reject(new Error(`the collecting process exited (${code})`)));
  });
}

/** Feed n's own loopback address: 127.0.1.1 … 127.0.4.250 for a thousand feeds. */
const hostOf = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

async function openBenchDatabase(): Promise<{ database: Database; cleanup: () => void; label: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = openDatabase({ url });
    await database.migrate();
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from feeds`);
    if (Number(n) > 0) throw new Error('DATABASE_URL must name an empty (freshly created) database');
    if (SEPARATE) console.log('Сбор — отдельным процессом (второй экземпляр на той же базе).');
    return { database, cleanup: () => {}, label: `PostgreSQL ${new URL(url).host}` };
  }
  if (SEPARATE)
    throw new Error('--separate needs DATABASE_URL: two processes cannot share the embedded database');
  const dir = mkdtempSync(join(tmpdir(), 'collect-bench-'));
  const database = openDatabase({ dataDir: dir });
  await database.migrate();
  return {
    database,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
    label: 'PGlite (temporary folder)',
  };
}

async function main() {
  const { database, cleanup, label } = await openBenchDatabase();
  const db = database.db;
  const feedsServer = await startFeedsServer();
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(db, query))[0].n);
  try {
    console.log(`База: ${label}. Лент: ${FEEDS} по ${ITEMS} записей, фон: ${BASELINE} сообщений.`);
    const [platform] = await queryRows<{ id: number }>(
      db,
      sql`insert into sources (name, host) values ('Лента (бенч)', 'bench.example') returning id`,
    );
    const loms = await queryRows<{ id: number }>(
      db,
      sql`insert into loms (name) select 'ЛОМ ленты ' || g from generate_series(1, ${FEEDS}) g returning id`,
    );
    // The messages already there: the reads are timed on a database that is not empty.
    const month = Date.now() - 30 * 24 * 3600_000;
    const baseline: MessageValues[] = Array.from({ length: BASELINE }, (_, i) => ({
      sourceId: platform.id,
      externalId: `baseline-${i}`,
      lomId: loms[i % loms.length].id,
      text: `Фоновое сообщение ${i} о жизни района: дороги, школы, отопление`,
      wroteAt: new Date(month + (i * 30 * 24 * 3600_000) / Math.max(1, BASELINE)),
      numberViews: i % 1000,
      state: 1,
    }));
    await insertMessages(db, baseline);
    await db.execute(
      sql`insert into feeds (kind, url, source_id, lom_id, interval_minutes, next_run_at)
          select 'rss', 'http://' || h || ':' || ${feedsServer.port} || '/feed/' || (n - 1) || '.xml', ${platform.id}, l,
                 15, now()
            from unnest(${`{${Array.from({ length: FEEDS }, (_, n) => hostOf(n)).join(',')}}`}::text[],
                        ${`{${loms.map((l) => l.id).join(',')}}`}::int[]) with ordinality as x(h, l, n)`,
    );
    const { headers } = await buildUserWithToken(db, { role: 2 });

    const config = { ...loadConfig({}), collect: false, webDist: '/nonexistent' };
    const app = await buildApp({ config, db, mailer: createMailer(db, pino({ level: 'silent' })) });
    await app.ready();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const readPath = `/api/v3/messages/?wrote_at_after=${day(month)}&wrote_at_before=${day(Date.now())}&page=1&page_size=25`;
    const read = async (): Promise<number> => {
      // A request arrives from the network, as a task of its own: with PGlite answering from this thread, a loop of
      // reads that never leaves the microtask queue would starve every socket and timer (the collector's too).
      await new Promise((resolve) => setImmediate(resolve));
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: readPath, headers });
      if (res.statusCode !== 200)
        throw new Error(`read answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    const reads = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        await sleep(THINK_MS);
        times.push(await read());
      }
      return times.sort((a, b) => a - b);
    };
    // Warm: the first reads compile the route's code and plan its statements.
    for (let i = 0; i < 100; i++) await read();
    const idleCpu0 = process.cpuUsage();
    const idle = await reads(IDLE_READS);
    // With PGlite the reads' CPU is the database's too; the pauses cost next to nothing.
    const cpuPerRead = cpuMs(process.cpuUsage(idleCpu0)) / IDLE_READS;

    const deps: CollectDeps = {
      outbound: createOutboundClient({ allow: ['127.0.0.0/8'] }),
      telegramWebBase: 'https://t.me',
      vkApiBase: 'https://api.vk.com',
      hostGate: new HostGate(),
    };
    const runs = sql`select count(*)::int as n from feed_runs`;
    /** The collection of one pass: in this process, or (--separate) as a second instance in a process of its own. */
    const collect = async (expected: number): Promise<{ wallMs: number; cpuMs: number }> => {
      if (SEPARATE) return separatePass(expected);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const collector = startCollector({
        db,
        deps,
        instanceId: 'bench',
        concurrency: CONCURRENCY,
        itemsPerSecond: PACE,
        pollMs: 100,
        onError: (error) => console.error('Сбор:', error),
      });
      while ((await count(runs)) < expected) await sleep(100);
      const wallMs = performance.now() - t0;
      await collector.stop();
      return { wallMs, cpuMs: cpuMs(process.cpuUsage(cpu0)) };
    };
    const pass = async (expected: number, duringReads: boolean) => {
      const cpu0 = process.cpuUsage();
      let done = false;
      const during: number[] = [];
      const reader = (async () => {
        while (duringReads && !done) {
          await sleep(THINK_MS);
          if (!done) during.push(await read());
        }
      })();
      const collected = await collect(expected);
      done = true;
      await reader;
      // In this process: the collector's CPU with the reads'; separate: the collecting process's alone.
      const cpu = SEPARATE ? collected.cpuMs : cpuMs(process.cpuUsage(cpu0));
      return { wallMs: collected.wallMs, cpu, during: during.sort((a, b) => a - b) };
    };

    console.log('Первый проход…');
    const first = await pass(FEEDS, true);
    const totals = (
      await queryRows<{ created: number; updated: number; skipped: number; errors: number }>(
        db,
        sql`select coalesce(sum(created), 0)::int as created, coalesce(sum(updated), 0)::int as updated,
                   coalesce(sum(skipped), 0)::int as skipped, count(error)::int as errors from feed_runs`,
      )
    )[0];
    const idleAfter = await reads(IDLE_READS);

    console.log('Второй проход (без изменений)…');
    await db.execute(sql`update feeds set next_run_at = now()`);
    const pgCpu0 = localPostgresCpuMs();
    const second = await pass(2 * FEEDS, false);
    const pgCpu1 = localPostgresCpuMs();
    const secondDatabaseCpu = pgCpu0 === null || pgCpu1 === null ? null : pgCpu1 - pgCpu0;
    const statuses = await queryRows<{ status: number | null; n: number }>(
      db,
      sql`select http_status as status, count(*)::int as n from feed_runs r
           where r.id in (select max(id) from feed_runs group by feed_id) group by http_status order by 1`,
    );
    const created2 = await count(
      sql`select coalesce(sum(created + updated), 0)::int as n from feed_runs where id in (select max(id) from feed_runs group by feed_id)`,
    );
    await app.close();

    const readsDuringCpu = SEPARATE ? 0 : first.during.length * cpuPerRead;
    const collectCpu = Math.max(0, first.cpu - readsDuringCpu);
    const p95 = (sorted: number[]) => round(percentile(sorted, 95));
    const idleBoth = [...idle, ...idleAfter].sort((a, b) => a - b);
    const result = {
      database: label,
      feeds: FEEDS,
      itemsPerFeed: ITEMS,
      concurrency: CONCURRENCY,
      collector: SEPARATE ? 'separate process' : 'this process',
      baselineMessages: BASELINE,
      readThinkMs: THINK_MS,
      first: {
        wallS: round(first.wallMs / 1000, 2),
        created: totals.created,
        updated: totals.updated,
        skipped: totals.skipped,
        failedRuns: totals.errors,
        messagesPerS: round(totals.created / (first.wallMs / 1000)),
        cpuS: round(first.cpu / 1000, 2),
        readsCpuS: round(readsDuringCpu / 1000, 2),
        cpuPerItemMs: round(collectCpu / Math.max(1, totals.created), 2),
      },
      second: {
        wallS: round(second.wallMs / 1000, 2),
        cpuS: round(second.cpu / 1000, 2),
        cpuPerFeedMs: round(second.cpu / FEEDS, 2),
        databaseCpuS: secondDatabaseCpu === null ? null : round(secondDatabaseCpu / 1000, 2),
        statuses: Object.fromEntries(statuses.map((s) => [String(s.status), Number(s.n)])),
        createdOrUpdated: created2,
      },
      reads: {
        path: readPath.replace(/\?.*/, '?<month>&page_size=25'),
        idleP95Ms: p95(idle),
        duringFirstPassP95Ms: p95(first.during),
        idleAfterP95Ms: p95(idleAfter),
        duringCount: first.during.length,
        // Against the idle reads before and after together: both are reads without collection.
        idleBothP95Ms: p95(idleBoth),
        growthPct: round((percentile(first.during, 95) / percentile(idleBoth, 95) - 1) * 100),
      },
    };
    const rows: [string, string][] = [
      ['first pass: wall', `${result.first.wallS} s`],
      ['first pass: messages created', String(result.first.created)],
      ['first pass: messages per second', String(result.first.messagesPerS)],
      ['first pass: failed runs', String(result.first.failedRuns)],
      ['first pass: CPU (all / of it reads)', `${result.first.cpuS} s / ${result.first.readsCpuS} s`],
      ['CPU per item (reads taken out)', `${result.first.cpuPerItemMs} ms`],
      ['second pass: wall', `${result.second.wallS} s`],
      ['second pass: CPU', `${result.second.cpuS} s (${result.second.cpuPerFeedMs} ms a feed; target ≤ 1 s)`],
      [
        "second pass: the database server's CPU",
        result.second.databaseCpuS === null
          ? 'not measured (PGlite: in the line above; a remote server)'
          : `${result.second.databaseCpuS} s (this machine's postgres processes, all databases)`,
      ],
      ['second pass: statuses', JSON.stringify(result.second.statuses)],
      ['second pass: created or updated', String(result.second.createdOrUpdated)],
      ['reads', `one client, ${THINK_MS} ms between reads: ${result.reads.path}`],
      ['read p95 idle (before)', `${result.reads.idleP95Ms} ms`],
      [
        'read p95 during the first pass',
        `${result.reads.duringFirstPassP95Ms} ms (${result.reads.duringCount} reads)`,
      ],
      ['read p95 idle (after, fuller database)', `${result.reads.idleAfterP95Ms} ms`],
      ['read p95 idle (before and after)', `${result.reads.idleBothP95Ms} ms`],
      ['read p95 growth (during / idle)', `${result.reads.growthPct} % (target ≤ +10 %)`],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join('\n')}`);
    if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    feedsServer.stop();
    await database.close();
    cleanup();
  }
}

await main();
