// Rolling restart of two server instances behind a round-robin proxy, under steady load; reports requests sent and
// failed. Run from the repository root (tsx compiles the contracts' TypeScript in place):
//
//   node --import tsx scripts/rolling-restart.mjs
//
// It creates a throwaway PostgreSQL database on ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// starts instance A (which migrates and seeds a small demo) and then B on ports 18081/18082, puts the proxy on 18080,
// drives requests through it with CONCURRENCY workers, restarts A and then B with SIGTERM (waiting for each to exit
// and to be ready again), and drops the database at the end. The proxy does what a load balancer does: it polls
// each instance's readiness, sends only to ready ones, and retries a request elsewhere only when the instance did
// not handle it (connection refused, or the lifecycle's 503 with Retry-After). See docs/operations.md.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_PATHS, LOM_PATHS, SYSTEM_PATHS } from '@monitoring/contracts';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROXY_PORT = Number(process.env.PROXY_PORT ?? 18080);
const PORTS = [Number(process.env.PORT_A ?? 18081), Number(process.env.PORT_B ?? 18082)];
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const POLL_MS = 100;
const MAX_ATTEMPTS = 6;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const log = (line) => console.log(`[${(now() / 1000).toFixed(2).padStart(7)} s] ${line}`);

// ---- the throwaway database ----------------------------------------------------------------------------------

const dbName = `monitoring_rolling_${process.pid}_${Date.now()}`;
async function admin(query) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

// ---- instances ---------------------------------------------------------------------------------------------------

const instances = PORTS.map((port, i) => ({
  name: 'AB'[i],
  port,
  child: null,
  exited: null,
  ready: false,
  inFlight: 0,
  agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
}));

function start(instance) {
  const out = createWriteStream(join(tmpdir(), `rolling-restart-${instance.name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_MESSAGES: '300',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SHUTDOWN_TIMEOUT_MS: process.env.SHUTDOWN_TIMEOUT_MS ?? '10000',
      SHUTDOWN_NOTICE_MS: process.env.SHUTDOWN_NOTICE_MS ?? '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  instance.child = child;
  instance.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return now();
}

/** Resolves when a TCP connection to the port succeeds. */
async function untilListening(port) {
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return now();
    await sleep(10);
  }
}

function probeReady(instance) {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port: instance.port, path: SYSTEM_PATHS.ready, agent: false, timeout: 1000 },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function untilReady(instance) {
  while (!(await probeReady(instance))) await sleep(20);
  return now();
}

let polling = true;
async function pollReadiness() {
  while (polling) {
    await Promise.all(
      instances.map(async (instance) => {
        instance.ready = await probeReady(instance);
      }),
    );
    await sleep(POLL_MS);
  }
}

// ---- the proxy ---------------------------------------------------------------------------------------------------

const retries = { refused: 0, draining503: 0, reset: 0, noneReady: 0 };
let cursor = 0;
function pick() {
  const ready = instances.filter((instance) => instance.ready);
  if (ready.length === 0) return null;
  cursor = (cursor + 1) % ready.length;
  return ready[cursor];
}

/** One try on one instance: {kind: 'answer', res} or {kind: 'retry', reason}. */
function forward(instance, req, body) {
  return new Promise((resolve) => {
    instance.inFlight++;
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      instance.inFlight--;
      resolve(result);
    };
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: instance.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `127.0.0.1:${instance.port}`, connection: 'keep-alive' },
        agent: instance.agent,
      },
      (res) => {
        // The lifecycle's refusal: the request was not handled, so any method may go elsewhere.
        if (res.statusCode === 503 && res.headers['retry-after']) {
          res.resume();
          instance.ready = false;
          finish({ kind: 'retry', reason: 'draining503' });
          return;
        }
        finish({ kind: 'answer', res });
      },
    );
    upstream.on('error', (error) => {
      if (done) return;
      if (error.code === 'ECONNREFUSED') instance.ready = false;
      // Refused: never reached the instance. Reset before an answer: retried for idempotent methods only.
      const idempotent = req.method === 'GET' || req.method === 'HEAD';
      if (error.code === 'ECONNREFUSED') finish({ kind: 'retry', reason: 'refused' });
      else if (idempotent && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        finish({ kind: 'retry', reason: 'reset' });
      else finish({ kind: 'error', error });
    });
    upstream.end(body);
  });
}

const proxy = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const instance = pick();
    if (!instance) {
      retries.noneReady++;
      await sleep(50);
      continue;
    }
    const result = await forward(instance, req, body);
    if (result.kind === 'answer') {
      res.writeHead(result.res.statusCode, result.res.headers);
      result.res.pipe(res);
      return;
    }
    if (result.kind === 'error') break;
    retries[result.reason]++;
  }
  res.writeHead(502, { 'content-type': 'text/plain' });
  res.end('bad gateway');
});

// ---- the load --------------------------------------------------------------------------------------------------

const clientAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function call(method, path, { token, body } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PROXY_PORT,
        method,
        path,
        agent: clientAgent,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const parts = [];
        res.on('data', (chunk) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString() }));
        res.on('error', (error) => resolve({ status: 0, body: String(error) }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(payload);
  });
}

const stats = { sent: 0, ok: 0, failed: 0, byPath: {}, failures: [] };
let driving = true;
async function worker(token, paths) {
  let i = 0;
  while (driving) {
    const path = paths[i++ % paths.length];
    stats.sent++;
    const started = now();
    const { status, body } = await call('GET', path, { token });
    stats.byPath[path] ??= { sent: 0, failed: 0, maxMs: 0 };
    const entry = stats.byPath[path];
    entry.sent++;
    entry.maxMs = Math.max(entry.maxMs, now() - started);
    if (status === 200) stats.ok++;
    else {
      stats.failed++;
      entry.failed++;
      if (stats.failures.length < 20) stats.failures.push(`${path} → ${status} ${body.slice(0, 120)}`);
    }
  }
}

// ---- the run ---------------------------------------------------------------------------------------------------

async function restart(instance) {
  const inFlight = instance.inFlight;
  const signalled = now();
  instance.child.kill('SIGTERM');
  const { code, signal } = await instance.exited;
  const exited = now();
  const spawned = start(instance);
  const listening = await untilListening(instance.port);
  const ready = await untilReady(instance);
  const line =
    `restart ${instance.name}: ${inFlight} request(s) in flight at SIGTERM; exit ${code ?? signal} after ` +
    `${Math.round(exited - signalled)} ms; new process listening after ${Math.round(listening - spawned)} ms, ` +
    `ready after ${Math.round(ready - spawned)} ms`;
  log(line);
  return line;
}

async function main() {
  await admin(`create database "${dbName}"`);
  log(`database ${dbName} created`);
  const report = [];
  try {
    // A first: it migrates and seeds the empty database; B starts on a ready database.
    for (const instance of instances) {
      const spawned = start(instance);
      const ready = await untilReady(instance);
      log(`instance ${instance.name} on :${instance.port} ready after ${Math.round(ready - spawned)} ms`);
    }
    for (const instance of instances) instance.ready = true;
    void pollReadiness();
    await new Promise((resolve) => proxy.listen(PROXY_PORT, '127.0.0.1', resolve));
    proxy.keepAliveTimeout = 60_000;

    const login = await call('POST', AUTH_PATHS.login, {
      body: { username: 'admin', password: 'admin12345' },
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    const { token } = JSON.parse(login.body);
    const paths = [SYSTEM_PATHS.environment, AUTH_PATHS.me, LOM_PATHS.list, SYSTEM_PATHS.health];
    log(`driving load: ${CONCURRENCY} workers over ${paths.join(', ')}`);
    const workers = Array.from({ length: CONCURRENCY }, () => worker(token, paths));

    await sleep(SETTLE_MS);
    for (const instance of instances) {
      report.push(await restart(instance));
      await sleep(SETTLE_MS);
    }
    driving = false;
    await Promise.all(workers);
  } finally {
    polling = false;
    proxy.close();
    for (const instance of instances) {
      if (instance.child && instance.child.exitCode === null) instance.child.kill('SIGTERM');
    }
    await Promise.all(instances.map((instance) => instance.exited));
    await admin(`drop database if exists "${dbName}" with (force)`);
    log(`database ${dbName} dropped`);
  }

  console.log('\n## Result');
  for (const line of report) console.log(`- ${line}`);
  console.log(`- requests sent: ${stats.sent}, answered 200: ${stats.ok}, failed: ${stats.failed}`);
  console.log(
    `- proxy retries elsewhere: refused ${retries.refused}, lifecycle 503 ${retries.draining503}, ` +
      `reset ${retries.reset}; waits for a ready instance ${retries.noneReady}`,
  );
  for (const [path, entry] of Object.entries(stats.byPath))
    console.log(
      `  ${path}: ${entry.sent} sent, ${entry.failed} failed, slowest ${Math.round(entry.maxMs)} ms`,
    );
  for (const failure of stats.failures) console.log(`  failure: ${failure}`);
  process.exitCode = stats.failed === 0 ? 0 : 1;
}

await main();
