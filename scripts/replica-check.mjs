// Proves the read routing on a real primary and replica (docs/operations.md "Read replica"). Run from the repository
// root after `scripts/replica.sh start` (tsx compiles the contracts' TypeScript in place):
//
//   node --import tsx scripts/replica-check.mjs
//
// It starts two server instances, A and B (ports 18091 and 18092), on DATABASE_URL with DATABASE_READ_URL (the
// defaults are replica.sh's; the first start seeds a small demo if the database is empty), pauses the replica's
// replay, renames tag 1 through A as admin, and reads it back: the writer must see the new name (A's per-process
// window; B with the rw_until cookie), while reads that are routed to the paused replica still see the old one (B
// without the cookie; another user), and a token issued during the pause still authenticates. Then it resumes the replay and stops both instances. Exits 1 if any read is on
// the wrong side.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AUTH_PATHS, apiPath, SYSTEM_PATHS, TAG_PATHS } from '@monitoring/contracts';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/monitoring';
const DATABASE_READ_URL = process.env.DATABASE_READ_URL ?? 'postgres://postgres@127.0.0.1:5434/monitoring';
const PORTS = [18091, 18092];
const WINDOW_MS = 5000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      DATABASE_READ_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_MESSAGES: process.env.DEMO_MESSAGES ?? '3000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { port, child, base: `http://127.0.0.1:${port}` };
}

async function ready(instance) {
  for (let i = 0; i < 600; i++) {
    if (instance.child.exitCode !== null) throw new Error(`instance on :${instance.port} exited`);
    try {
      if ((await fetch(`${instance.base}${SYSTEM_PATHS.ready}`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`instance on :${instance.port} not ready`);
}

async function login(base, username, password) {
  const res = await fetch(`${base}${AUTH_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return { authorization: `Token ${(await res.json()).token}` };
}

const tagUrl = apiPath(TAG_PATHS.detail, { id: 1 });
async function tagName(base, headers, cookie) {
  const res = await fetch(`${base}${tagUrl}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  if (res.status !== 200) throw new Error(`GET tag: ${res.status}`);
  return (await res.json()).name;
}

// A first start seeds an empty database: start A alone, then B.
const a = start(PORTS[0]);
const instances = [a];
const replica = new pg.Client({ connectionString: DATABASE_READ_URL });
let failures = 0;
try {
  await ready(a);
  instances.push(start(PORTS[1]));
  const bi = instances[1];
  await ready(bi);
  await replica.connect();
  const admin = await login(a.base, 'admin', 'admin12345');
  const other = await login(a.base, 'superEditor', 'demo12345');
  // A fresh token is found on the primary when the replica does not know it yet: the reads above worked.
  await sleep(WINDOW_MS + 500);
  const before = await tagName(a.base, admin);

  await replica.query('select pg_wal_replay_pause()');
  const name = `Тег ${Date.now()}`;
  const res = await fetch(`${a.base}${tagUrl}`, {
    method: 'PATCH',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  console.log(
    `replica paused; PATCH ${tagUrl} on A as admin: ${res.status}, "${before}" → "${name}", ${cookie}`,
  );

  // Issued after the pause: the paused replica cannot know the token, so authentication asks the primary.
  const fresh = await login(a.base, 'editor', 'demo12345');
  const checks = [
    [
      'A, a token issued during the pause (found on the primary): paused replica',
      await tagName(a.base, fresh),
      before,
    ],
    ['A, the writer (per-process window): primary', await tagName(a.base, admin), name],
    ['B, the writer with the rw_until cookie: primary', await tagName(bi.base, admin, cookie), name],
    ['B, the writer without the cookie: paused replica', await tagName(bi.base, admin), before],
    ['A, another user: paused replica', await tagName(a.base, other), before],
  ];
  await sleep(WINDOW_MS + 200);
  checks.push(['A, the writer after the window: paused replica', await tagName(a.base, admin), before]);
  await replica.query('select pg_wal_replay_resume()');
  await sleep(500);
  checks.push(['A, another user once replay resumed: replica', await tagName(a.base, other), name]);
  for (const [what, got, want] of checks) {
    const ok = got === want;
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: "${got}"`);
  }
} finally {
  await replica.query('select pg_wal_replay_resume()').catch(() => {});
  await replica.end().catch(() => {});
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(
    instances.map((i) => (i.child.exitCode === null ? new Promise((r) => i.child.once('exit', r)) : null)),
  );
}
process.exit(failures === 0 ? 0 : 1);
