import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { sources } from '../../db/schema/index.ts';
import { dropTestDatabase } from '../../test/database.ts';
import { buildUser } from '../../test/factories.ts';

// `npm run ingest` killed with SIGKILL mid-way keeps whole batches only, and a second run completes the file
// without duplicates. The CLI is a process of its own on a database of this test (a PostgreSQL copy of
// TEST_DATABASE_URL, or an embedded database in a temporary folder, which one process opens at a time).

const SERVER = fileURLToPath(new URL('../../../', import.meta.url));
const LINES = 4000;
const BATCH = 200;

interface Target {
  env: NodeJS.ProcessEnv;
  open(): ReturnType<typeof openDatabase>;
  drop(): Promise<void>;
}

async function makeTarget(): Promise<Target> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-cli-'));
    const { DATABASE_URL: _, ...env } = process.env;
    return {
      env: { ...env, DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const template = new URL(url).pathname.slice(1);
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    env: { ...process.env, DATABASE_URL: copy.toString() },
    open: () => openDatabase({ url: copy.toString() }),
    drop: () => dropTestDatabase(url, name),
  };
}

function cli(
  target: Target,
  file: string,
): { child: ChildProcess; firstBatch: Promise<void>; done: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/ingest.ts', file, '--user', 'cli-ingest', '--batch', String(BATCH)],
    { cwd: SERVER, env: target.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const firstBatch = new Promise<void>((resolve) => {
    // The progress bar is drawn after a batch has committed.
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('строк')) resolve();
    });
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstBatch, done };
}

async function counts(target: Target) {
  const database = target.open();
  try {
    const [row] = await queryRows<{ n: number; distinct_ids: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct external_id)::int as distinct_ids from messages where external_id like 'k%'`,
    );
    return row;
  } finally {
    await database.close();
  }
}

describe('npm run ingest, killed and run again', () => {
  let target: Target;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    target = await makeTarget();
    const database = target.open();
    await database.migrate();
    await database.db.insert(sources).values({ name: 'Telegram', host: 't.me' });
    await buildUser(database.db, { username: 'cli-ingest', role: 101, extraPermissions: ['api_edit'] });
    await database.close();
    dir = mkdtempSync(join(tmpdir(), 'ingest-file-'));
    file = join(dir, 'messages.ndjson');
    const at = Date.now() - 86_400_000;
    const lines = Array.from({ length: LINES }, (_, n) =>
      JSON.stringify({
        source: 'Telegram',
        external_id: `k${n}`,
        lom_source_url: `https://t.me/channel_${n % 50}`,
        text: `Сообщение ${n}: жители обсуждают новости района и планы на выходные, номер ${n * 7919}`,
        wrote_at: new Date(at + n * 1000).toISOString(),
        views: n,
      }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps whole batches after kill -9 and completes without duplicates', async () => {
    const first = cli(target, file);
    await first.firstBatch;
    first.child.kill('SIGKILL');
    await first.done;
    const after = await counts(target);
    expect(after.n).toBeGreaterThan(0);
    expect(after.n).toBeLessThan(LINES);
    expect(after.n % BATCH).toBe(0);
    expect(after.n).toBe(after.distinct_ids);

    const second = cli(target, file);
    expect(await second.done).toBe(0);
    const final = await counts(target);
    expect(final).toEqual({ n: LINES, distinct_ids: LINES });
  }, 240_000);
});
