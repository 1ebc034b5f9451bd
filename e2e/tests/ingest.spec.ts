import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_PATHS } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { digits, logIn } from './helpers.ts';
import { settledList } from './messages-helpers.ts';

// Ingestion (issue 18, docs/ingestion.md): `npm run ingest` sends a slice of the sample file to the running server
// (its API, as the embedded database is the server's), and the messages show on /messages.

const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));
const SLICE = 300;
const PHRASE = 'администрация обещает сообщить позже';

test('the CLI ingests the sample file and its messages show on /messages', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const login = await request.post(AUTH_PATHS.login, { data: { username: 'admin', password: 'admin12345' } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };

  const sample = readFileSync(join(SERVER_DIR, 'data/ingest-sample.ndjson'), 'utf8')
    .split('\n')
    .slice(0, SLICE);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-ingest-'));
  const file = join(dir, 'slice.ndjson');
  writeFileSync(file, `${sample.join('\n')}\n`);
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/ingest.ts', file, '--server', String(baseURL), '--batch', '100'],
      { cwd: SERVER_DIR, env: { ...process.env, INGEST_TOKEN: token }, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    // A first run creates them all; a retry of this test finds them stored and updates them.
    expect(run.stdout).toMatch(
      new RegExp(`получено ${SLICE}, (создано ${SLICE}|создано 0, обновлено ${SLICE})`),
    );
    expect(run.stdout).toMatch(/отклонено 0/);
    expect(run.stderr).toMatch(/100%/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const expected = sample.filter((line) => line.includes(PHRASE)).length;
  expect(expected).toBeGreaterThan(0);
  await logIn(page, 'admin', 'admin12345');
  const query = new URLSearchParams({
    wrote_at_after: '2026-10-01',
    wrote_at_before: '2026-11-21',
    search: PHRASE,
  });
  await page.goto(`/messages?${query}`);
  await settledList(page);
  await expect(page.locator('.message-list').getByText(PHRASE).first()).toBeVisible();
  const total = digits((await page.locator('.message-list__count').textContent())?.split('из')[1] ?? '');
  expect(total).toBeGreaterThanOrEqual(expected);
});
