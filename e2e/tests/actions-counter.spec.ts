import { expect, type Page, test } from '@playwright/test';
import { digits, logIn, verifyInEditor } from './helpers.ts';

// An editor verifies a message, and a second browser sees the live actions counter move (issue 16, Proof).

const counter = (page: Page) => page.getByTestId('editor-actions-count');

async function countOf(page: Page): Promise<number> {
  await expect(counter(page)).toHaveText(/\d/);
  return digits(await counter(page).textContent());
}

test('an editor verifies a message, and another browser sees the counter move', async ({ page, browser }) => {
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await logIn(watcher, 'superEditor');
  const before = await countOf(watcher);

  await logIn(page, 'editor');
  await page.goto('/messages?verified=false');
  const first = page.locator('.message-card').first();
  await expect(first).toBeVisible();
  await first.getByRole('link', { name: 'Открыть' }).click();
  const verify = page.getByRole('button', { name: 'Проверено', exact: true });
  await expect(verify).toHaveAttribute('aria-pressed', 'false');
  await verifyInEditor(page);

  // No reload: the stream brings the new count (the bound is a second; the test allows for a slow machine).
  await expect.poll(() => countOf(watcher), { timeout: 5_000 }).toBeGreaterThan(before);
  await expect.poll(() => countOf(page), { timeout: 5_000 }).toBeGreaterThan(before);
  await watcherContext.close();
});
