import { mkdirSync } from 'node:fs';
import { AI_MOOD_PATHS, formatNumber, MESSAGE_PATHS, type MoodModelsAnswer } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, type ListAnswer } from './messages-helpers.ts';

const SHOTS = '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

/** PATCH JSON with the logged-in user's token, from inside the page (as the editor's mass edit sends it). */
async function apiPatch(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'PATCH',
        headers: {
          Authorization: `Token ${window.localStorage.getItem('monitoring.token') ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );
}

// The demo seed trains a model and marks the unverified messages with it (docs/mood-model.md "Demo data").
test('an editor verifies and corrects AI marks; «Обучить» trains on them and the settings page shows the new scores', async ({
  page,
}) => {
  await logIn(page, 'editor');
  const marked = await apiGet<ListAnswer<{ id: number; mood_ai: number | null }>>(
    page,
    `${MESSAGE_PATHS.list}?state_in=2&verified=false&page_size=40&wrote_at_after=2000-01-01`,
  );
  const withMark = marked.results.filter((m) => m.mood_ai !== null).slice(0, 6);
  expect(withMark.length, 'the demo has AI-marked messages to verify').toBeGreaterThan(3);
  // Three verified as the model said, three corrected to another mood.
  for (const [i, message] of withMark.entries()) {
    const mood = i < 3 ? message.mood_ai : ((message.mood_ai ?? 1) % 6) + 1;
    expect(await apiPatch(page, MESSAGE_PATHS.fields, { ids: [message.id], mood, verified: true })).toBe(200);
  }

  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, 'admin', 'admin12345');
  const before = await apiGet<MoodModelsAnswer>(page, AI_MOOD_PATHS.models);
  expect(before.active, 'the seed trained a model').not.toBeNull();

  await page.goto('/settings?tab=mood-model');
  await expect(page.getByText(`Версия ${before.active?.version}`)).toBeVisible();
  await expect(
    page.getByText(`Проверено редакторами сообщений с тональностью: ${formatNumber(before.verified.total)}`),
  ).toBeVisible();
  await expect(page.getByText('Матрица ошибок')).toBeVisible();
  // Issue 28: the score with its interval, the moods known, and the calibration with its diagram.
  await expect(page.getByText(/\(95 % интервал \d,\d{3}–\d,\d{3}\)/).first()).toBeVisible();
  await expect(page.getByText(/^Знает (все шесть тональностей|тональности)/).first()).toBeVisible();
  await expect(page.getByText(/Ожидаемая ошибка калибровки \(ECE\): \d+,\d %/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Диаграмма надёжности/ })).toBeVisible();

  await page.getByRole('button', { name: 'Обучить' }).click();
  // The run goes on after the answer; the page polls until its result shows.
  const result = page.locator('.ant-alert').filter({ hasText: /^Модель \d+/ });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const after = await apiGet<MoodModelsAnswer>(page, AI_MOOD_PATHS.models);
  expect(after.models.length).toBe(before.models.length + 1);
  const newest = after.models[0];
  expect(newest.trigger).toBe('manual');
  // It trained on the editors' new verifications too.
  expect(newest.training_size + newest.test_size).toBe(before.verified.total);
  // The page shows the active model's scores and, beside them, the previous model on the same test set.
  const active = after.active;
  expect(active).not.toBeNull();
  await expect(page.getByText(`Версия ${active?.version}`)).toBeVisible();
  if (active?.previous)
    await expect(page.getByText(`Предыдущая модель ${active.previous.version}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: String(newest.version), exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mood-model-settings.png`, fullPage: true });
});
