#!/usr/bin/env node
// The first screen (issue 14, part 8): how much compressed JavaScript each route
// needs before it first renders, read from the built app (web/dist, `npm run build -w web`
// first; this script builds nothing), and the time from login to the first data on screen
// in headless Chromium against a real server.
//
//   npm run bench:web                      both parts; starts its own server on a fresh demo database
//   npm run bench:web -- --no-browser      the weights only
//   npm run bench:web -- --url http://localhost:8080   time against a server that is already running
//   npm run bench:web -- --dist /tmp/dist  weigh another build
//
// Weight of a route = the entry (index.html's script) and its static imports, plus, for a signed-in
// page, the lazy layout chunk (src/app/DefaultLayout.tsx), plus the route's lazy page chunk, each
// with its static imports and each chunk counted once: what the browser must fetch before the page
// renders. Sizes are of the `.br` / `.gz` files the build writes (the bytes sent),
// computed in memory when a build has none.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(WEB, '..');
const BUDGET_KB = 250;
/** The routes issue 14 puts a budget on. */
const BUDGETED = ['login', 'messages'];
const RUNS = 5;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dist = resolve(option('--dist') ?? join(WEB, 'dist'));
const kb = (bytes) => (bytes / 1024).toFixed(1);

// ---- Part 1: compressed JavaScript per route, from the Vite manifest ----

function readManifest() {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w web\` first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Route name → the page's source file, from src/app/pages.ts. */
function pageSources() {
  const text = readFileSync(join(WEB, 'src', 'app', 'pages.ts'), 'utf8');
  const pages = new Map();
  for (const match of text.matchAll(/'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)/g)) {
    pages.set(match[1], `src/${match[2]}`);
  }
  return pages;
}

/** Routes that render without the signed-in layout (contracts GUEST_ROUTES). */
function guestRoutes() {
  const text = readFileSync(join(ROOT, 'packages', 'contracts', 'src', 'routes.ts'), 'utf8');
  const list = text.match(/GUEST_ROUTES[^=]*=\s*\[([^\]]*)\]/);
  if (!list) throw new Error('GUEST_ROUTES not found in packages/contracts/src/routes.ts');
  return new Set([...list[1].matchAll(/'([\w-]+)'/g)].map((match) => match[1]));
}
const LAYOUT = 'src/app/DefaultLayout.tsx';

const sizeCache = new Map();
/** Bytes of one asset as sent: its precompressed file, or compressed here if the build wrote none. */
function sizes(file) {
  if (sizeCache.has(file)) return sizeCache.get(file);
  const path = join(dist, file);
  const raw = readFileSync(path);
  const br = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gz = existsSync(`${path}.gz`)
    ? readFileSync(`${path}.gz`).length
    : gzipSync(raw, { level: 9 }).length;
  const result = { raw: raw.length, br, gz };
  sizeCache.set(file, result);
  return result;
}

/** The JS files a manifest key needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

function routeWeights() {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = staticClosure(manifest, entryKey);
  const guests = guestRoutes();
  const rows = [];
  for (const [route, source] of pageSources()) {
    if (!manifest[source]) throw new Error(`The manifest has no chunk for ${source} (route ${route})`);
    const keys = new Set(entry);
    // The layout is its own chunk only when it is lazy; otherwise it is in the entry already.
    if (!guests.has(route) && manifest[LAYOUT]) staticClosure(manifest, LAYOUT, keys);
    staticClosure(manifest, source, keys);
    const total = { raw: 0, br: 0, gz: 0, chunks: keys.size };
    for (const key of keys) {
      const file = manifest[key].file;
      if (!file.endsWith('.js')) continue;
      const size = sizes(file);
      total.raw += size.raw;
      total.br += size.br;
      total.gz += size.gz;
    }
    rows.push({ route, ...total });
  }
  const entryTotal = { raw: 0, br: 0, gz: 0 };
  for (const key of entry) {
    const size = sizes(manifest[key].file);
    entryTotal.raw += size.raw;
    entryTotal.br += size.br;
    entryTotal.gz += size.gz;
  }
  let all = { raw: 0, br: 0, gz: 0 };
  for (const key of Object.keys(manifest)) {
    if (!manifest[key].file.endsWith('.js')) continue;
    const size = sizes(manifest[key].file);
    all = { raw: all.raw + size.raw, br: all.br + size.br, gz: all.gz + size.gz };
  }
  return { rows: rows.sort((a, b) => b.br - a.br), entry: entryTotal, all };
}

function printWeights() {
  const { rows, entry, all } = routeWeights();
  console.log(`\nCompressed JavaScript before first render (KB = 1024 bytes), from ${dist}`);
  console.log(`entry alone: brotli ${kb(entry.br)} · gzip ${kb(entry.gz)} · raw ${kb(entry.raw)}`);
  console.log(`all JS of the app: brotli ${kb(all.br)} · gzip ${kb(all.gz)} · raw ${kb(all.raw)}\n`);
  console.log(
    `${'route'.padEnd(32)}${'brotli'.padStart(9)}${'gzip'.padStart(9)}${'raw'.padStart(9)}  chunks`,
  );
  for (const row of rows) {
    const mark = BUDGETED.includes(row.route)
      ? row.br <= BUDGET_KB * 1024
        ? '  ✓ budget'
        : '  ✗ OVER budget'
      : '';
    console.log(
      `${row.route.padEnd(32)}${kb(row.br).padStart(9)}${kb(row.gz).padStart(9)}${kb(row.raw).padStart(9)}  ${String(row.chunks).padStart(6)}${mark}`,
    );
  }
  const over = rows.filter((row) => BUDGETED.includes(row.route) && row.br > BUDGET_KB * 1024);
  console.log(`\nBudget: ${BUDGETED.join(', ')} ≤ ${BUDGET_KB} KB (brotli, as Chromium receives them).`);
  return over.length === 0;
}

// ---- Part 2: login → first data in headless Chromium ----

const PORT = Number(process.env.BENCH_WEB_PORT ?? 8191);

async function waitForHealth(base, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`The server at ${base} did not come up`);
}

/** A server on a fresh embedded database with the e2e's small demo set, serving this build. */
async function startServer() {
  const dataDir = 'data/bench-web';
  rmSync(join(ROOT, dataDir), { recursive: true, force: true });
  const child = spawn('npm', ['run', 'start', '-w', 'server'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      WEB_DIST: dist,
      DEMO_MESSAGES: '3000',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT: '1000',
    },
  });
  const base = `http://localhost:${PORT}`;
  await waitForHealth(base, 240_000);
  return {
    base,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * One cold run (new context, empty cache): open /login?next=/messages, log in, and time from the
 * click on «Войти» to the first message card on screen. Also counts the JS bytes on the wire.
 */
async function oneRun(browser, base) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  const scripts = new Map();
  /** When (ms since the click) the last answer of each API path arrived: where the time goes. */
  const answers = new Map();
  let clicked = 0;
  const asked = new Map();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (clicked && pathname.startsWith('/api/') && !asked.has(pathname))
      asked.set(pathname, Date.now() - clicked);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (clicked && pathname.startsWith('/api/'))
      answers.set(pathname, [asked.get(pathname), Date.now() - clicked]);
  });
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const { responseBodySize } = await request.sizes();
    scripts.set(request.url(), responseBodySize);
  });
  const started = Date.now();
  await page.goto(`${base}/login?next=%2Fmessages`);
  await page.getByRole('button', { name: 'Войти' }).waitFor();
  const loginShown = Date.now() - started;
  const loginScripts = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  await page.getByLabel('Логин').fill('user');
  await page.getByLabel('Пароль').fill('demo12345');
  clicked = Date.now();
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.locator('.message-list__items > *').first().waitFor({ state: 'visible', timeout: 30_000 });
  const firstData = Date.now() - clicked;
  const allScripts = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  await context.close();
  return { loginShown, loginScripts, firstData, allScripts, answers };
}

async function measureLogin() {
  const { chromium } = await import('playwright-core');
  const external = option('--url');
  const server = external ? { base: external.replace(/\/$/, ''), stop: () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await oneRun(browser, server.base); // warms the server (first queries, argon2), not counted
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(browser, server.base));
    const median = (pick) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    console.log(`\nHeadless Chromium, ${server.base}, ${RUNS} cold runs (new context each), medians:`);
    console.log(`  /login shown (navigation → «Войти» button):      ${median((r) => r.loginShown)} ms`);
    console.log(
      `  JS on the wire for /login:                        ${kb(median((r) => r.loginScripts))} KB`,
    );
    console.log(`  login → first message on /messages (click → card): ${median((r) => r.firstData)} ms`);
    console.log(`  JS on the wire, login + /messages:                ${kb(median((r) => r.allScripts))} KB`);
    console.log(`  all runs (ms): ${runs.map((r) => r.firstData).join(', ')}`);
    const paths = [...new Set(runs.flatMap((r) => [...r.answers.keys()]))];
    console.log('  API calls after the click, asked → answered, ms (medians):');
    for (const path of paths) {
      const seen = runs.map((r) => r.answers.get(path)).filter((times) => times !== undefined);
      const mid = (index) =>
        String(seen.map((times) => times[index]).sort((a, b) => a - b)[Math.floor(seen.length / 2)]);
      console.log(`    ${path.padEnd(48)}${mid(0).padStart(6)} → ${mid(1).padStart(5)}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

const withinBudget = printWeights();
if (!args.includes('--no-browser')) await measureLogin();
process.exitCode = withinBudget ? 0 : 1;
