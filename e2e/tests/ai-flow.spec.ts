import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AI_MOOD_PATHS,
  AI_THEME_PATHS,
  type AiProposal,
  AUTH_PATHS,
  apiPath,
  formatNumber,
  MESSAGE_PATHS,
  MOOD_IDS,
  MOOD_LABELS,
  type Mood,
  type MoodModelsAnswer,
} from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { digits, logIn, verifyInEditor } from './helpers.ts';
import { apiGet, type ListAnswer, type MessageAnswer, settledList } from './messages-helpers.ts';

// The whole AI flow of issue 18 (docs/ingestion.md, docs/mood-model.md, docs/ai-themes.md), as its users go
// through it: the crawler's file goes in through `npm run ingest`, the model marks the messages; an editor checks
// a few marks in the message editor, agreeing with some and correcting one; `npm run ai:train` learns from them
// and the settings page shows the new model; the clustering proposes themes on /themes-ai, and approving one moves
// its messages into the theme. Writes go through the UI and the CLIs only; the page's API is read to check.

const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));
const SHOTS = '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
const SLICE = 400;
/** A phrase of the sample file's texts that the demo generator never writes. */
const PHRASE = 'администрация обещает сообщить позже';
const HOUR = 3_600_000;
type AiMarked = MessageAnswer & { mood_ai: Mood; state: number };
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Runs a server script as `npm run …` does (tsx), against the e2e server's API. */
function script(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/**
 * The first SLICE lines of the sample file, their dates moved so that the newest is an hour old and the spacing
 * kept: the messages are recent whenever the test runs, inside the clustering's window of the last days.
 */
function recentSlice(): { lines: string[]; from: number } {
  const rows = readFileSync(join(SERVER_DIR, 'data/ingest-sample.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, SLICE)
    .map((line) => JSON.parse(line) as { wrote_at: string; text: string });
  const times = rows.map((row) => Date.parse(row.wrote_at));
  const shift = Date.now() - HOUR - Math.max(...times);
  const lines = rows.map((row, i) =>
    JSON.stringify({ ...row, wrote_at: new Date(times[i] + shift).toISOString() }),
  );
  return { lines, from: Math.min(...times) + shift };
}

/** In the message editor: the mood chosen, then «Проверено» pressed, each waited for on the page. */
async function verifyWithMood(page: Page, mood: Mood): Promise<void> {
  // The message's own mood, in the classification table (an AI markup below has a mood select of its own).
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Тональность', exact: true }) });
  const shown = row.locator('.ant-select');
  const option = page.locator(
    `.ant-select-dropdown:visible .ant-select-item-option[title="${MOOD_LABELS[mood]}"]`,
  );
  // A click while the editor still renders can be lost: open and choose again until the select shows the mood.
  await expect(async () => {
    if (!(await option.isVisible())) await shown.click();
    await option.click({ timeout: 2_000 });
    await expect(shown).toContainText(MOOD_LABELS[mood], { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(shown).not.toHaveClass(/ant-select-disabled/);
  await verifyInEditor(page);
}

test('ingest → AI marks on /messages → an editor checks them → ai:train → the new scores → AI themes approved', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const login = await request.post(AUTH_PATHS.login, { data: { username: 'admin', password: 'admin12345' } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };

  // 1. The crawler's file, through the CLI and the server's API (the embedded database is the server's).
  const { lines, from } = recentSlice();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-ai-flow-'));
  const file = join(dir, 'slice.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    const run = script(['scripts/ingest.ts', file, '--server', String(baseURL), '--batch', '200'], {
      INGEST_TOKEN: token,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`получено ${SLICE}, (создано ${SLICE}|создано 0, обновлено ${SLICE})`),
    );
    expect(run.stdout).toMatch(/отклонено 0/);
    // The demo seed trained a model: ingestion marks the new messages with it.
    const marked = Number(/отмечено ИИ (\d+)/.exec(run.stdout)?.[1]);
    expect(marked, run.stdout).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // 2. On /messages: the new messages of the phrase, each with the AI's mood and the status «Размечено ИИ».
  await logIn(page, 'editor');
  const query = new URLSearchParams({
    wrote_at_after: isoDay(from - 24 * HOUR),
    wrote_at_before: isoDay(Date.now() + 24 * HOUR),
    search: PHRASE,
    state_in: '2',
    verified: 'false',
  });
  const listUrl = `/messages?${query}`;
  await page.goto(listUrl);
  await settledList(page);
  const cards = page.locator('.message-card');
  await expect(cards.first()).toBeVisible();
  // At most every post of the sample file that says it: the slice's, and those of the slice that the demo seed
  // ingested as its first deliveries (server/src/demo/incoming.ts).
  const atMost = readFileSync(join(SERVER_DIR, 'data/ingest-sample.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(PHRASE)).length;
  const total = digits((await page.locator('.message-list__count').textContent())?.split('из')[1] ?? '');
  expect(total).toBeGreaterThan(2);
  expect(total).toBeLessThanOrEqual(atMost);
  const aiTag = new RegExp(`^ИИ: (${MOOD_IDS.map((m) => MOOD_LABELS[m]).join('|')})$`);
  for (const card of (await cards.all()).slice(0, 10)) {
    await expect(card).toContainText(PHRASE);
    const status = card.locator('.message-card__status');
    await expect(status.locator('.message-card__ai-mood .mood-tag')).toHaveText(aiTag);
    await expect(status.locator(':scope > .mood-tag')).toHaveText('Не указана');
    await expect(status).toContainText('Размечено ИИ');
  }
  await page.screenshot({ path: `${SHOTS}/ai-flow-messages.png` });

  // 3. The editor opens three of them: agrees with the AI twice, corrects it once.
  const modelsAnswer = async () => {
    const res = await request.get(AI_MOOD_PATHS.models, { headers: { Authorization: `Token ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as MoodModelsAnswer;
  };
  const models = await modelsAnswer();
  const ids: number[] = [];
  for (const card of (await cards.all()).slice(0, 3))
    ids.push(Number(await card.getAttribute('data-message-id')));
  const chosen: { id: number; ai: Mood; mood: Mood }[] = [];
  for (const [i, id] of ids.entries()) {
    const before = await apiGet<AiMarked>(page, apiPath(MESSAGE_PATHS.detail, { id }));
    expect(before).toMatchObject({ state: 2, verified: false, mood: null });
    const mood: Mood =
      i < 2 ? before.mood_ai : (MOOD_IDS[(MOOD_IDS.indexOf(before.mood_ai) + 1) % 6] as Mood);
    chosen.push({ id, ai: before.mood_ai, mood });
    await page.goto(listUrl);
    await settledList(page);
    await page
      .locator(`.message-card[data-message-id="${id}"]`)
      .getByRole('link', { name: 'Открыть' })
      .click();
    // A searched list's link carries its search, so that the card marks what it found (docs/search.md).
    await expect(page).toHaveURL(new RegExp(`/messages/${id}(\\?search=[^&]+)?$`));
    await verifyWithMood(page, mood);
  }
  for (const { id, ai, mood } of chosen) {
    const after = await apiGet<AiMarked>(page, apiPath(MESSAGE_PATHS.detail, { id }));
    expect(after).toMatchObject({ verified: true, mood, mood_ai: ai });
  }

  // 4. `npm run ai:train` through the server; it trains on the editors' verifications, these three among them.
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, 'admin', 'admin12345');
  const train = script(['scripts/ai-train.ts', '--server', String(baseURL)], { AI_TOKEN: token });
  expect(train.status, `${train.stdout}\n${train.stderr}`).toBe(0);
  expect(train.stdout).toMatch(/Модель \d+/);
  const after = await modelsAnswer();
  expect(after.models.length).toBe(models.models.length + 1);
  const newest = after.models[0];
  expect(after.verified.total).toBe(models.verified.total + chosen.length);
  expect(newest.training_size + newest.test_size).toBe(after.verified.total);

  // 5. The settings page shows the active model's scores and the new model in the history.
  await page.goto('/settings?tab=mood-model');
  const active = after.active;
  expect(active).not.toBeNull();
  await expect(page.getByText(`Версия ${active?.version}`)).toBeVisible();
  await expect(
    page.getByText(`Проверено редакторами сообщений с тональностью: ${formatNumber(after.verified.total)}`),
  ).toBeVisible();
  await expect(page.getByText('Матрица ошибок')).toBeVisible();
  await expect(page.getByRole('cell', { name: String(newest.version), exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ai-flow-mood-model.png`, fullPage: true });

  // 6. /themes-ai: the editor asks for proposals now (the new messages among them) and approves one.
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, 'editor');
  await page.goto('/themes-ai');
  await page.getByRole('button', { name: 'Предложить темы сейчас' }).click();
  await expect(page.getByText(/Просмотрено сообщений без темы: [\d\s ]+; .*новых тем: \d+/)).toBeVisible({
    timeout: 30_000,
  });
  const cardsOfProposals = page.locator('.ai-proposal');
  await expect(cardsOfProposals.first()).toBeVisible();
  const proposals = await apiGet<ListAnswer<AiProposal>>(page, AI_THEME_PATHS.proposals);
  expect(proposals.results.length).toBeGreaterThan(0);
  // Every proposal comes from the clustering or a search, none from the demo generator (docs/ai-themes.md).
  for (const p of proposals.results) expect(['clustering', 'search']).toContain(p.origin);
  const proposal = proposals.results[0];
  expect(proposal.messages).toBeGreaterThanOrEqual(5);
  const card = page.locator(`.ai-proposal[data-proposal-id="${proposal.id}"]`);
  await expect(card).toContainText(proposal.name);
  await expect(card).toContainText(proposal.terms[0]);
  await page.screenshot({ path: `${SHOTS}/ai-flow-themes-ai.png`, fullPage: true });
  for (const sample of proposal.samples) {
    const message = await apiGet<{ theme: { id: number } | null }>(
      page,
      apiPath(MESSAGE_PATHS.detail, { id: sample.id }),
    );
    expect(message.theme).toBeNull();
  }

  await card.getByRole('button', { name: `Утвердить предложение ${proposal.name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Утвердить' }).click();
  await expect(page.getByText(`Тема «${proposal.name}» утверждена`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Its messages are in the theme now: the messages list of the theme counts all of the proposal's.
  for (const sample of proposal.samples) {
    const message = await apiGet<{ theme: { id: number } | null }>(
      page,
      apiPath(MESSAGE_PATHS.detail, { id: sample.id }),
    );
    expect(message.theme?.id).toBe(proposal.id);
  }
  await page.goto(`/messages?theme_in=${proposal.id}&wrote_at_after=2000-01-01`);
  await settledList(page);
  await expect(async () => {
    const text = await page.locator('.message-list__count').textContent();
    expect(digits(text?.split('из')[1] ?? '')).toBe(proposal.messages);
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.message-card__theme').first()).toHaveText(proposal.name);
});
