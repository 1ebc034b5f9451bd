import { apiPath, NEWS_PATHS, type NewsStoryMessagesResponse } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet } from './messages-helpers.ts';

// News (issue 17): the nav entry opens today's stories; one story shows its text, mood table and
// its messages in the message list.

test('open today’s news, then one story, and see its messages', async ({ page }) => {
  await logIn(page, 'user');
  await page.locator('[data-nav-key="news"]').first().click();
  await expect(page).toHaveURL(/\/news\?wrote_at_after=\d{4}-\d{2}-\d{2}&wrote_at_before=\d{4}-\d{2}-\d{2}/);
  const today = new URL(page.url()).searchParams;
  expect(today.get('wrote_at_after')).toBe(today.get('wrote_at_before'));
  await expect(page.getByRole('heading', { name: 'Новости' })).toBeVisible();

  // The demo gives today's most discussed info reasons a story each.
  const stories = page.locator('a.news-title');
  await expect(stories.first()).toBeVisible();
  const title = (await stories.first().textContent()) ?? '';
  await stories.first().click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Сообщения по тональности' })).toBeVisible();

  const id = Number(new URL(page.url()).pathname.split('/')[2]);
  const answer = await apiGet<NewsStoryMessagesResponse>(page, apiPath(NEWS_PATHS.storyMessages, { id }));
  expect(answer.elements_count).toBeGreaterThan(0);
  await expect(page.locator('.message-list__count')).toContainText(`из ${answer.elements_count}`);
  const cards = page.locator('.message-card');
  await expect(cards).toHaveCount(Math.min(answer.elements_count, 25));
  const first = answer.results[0];
  if (first) await expect(cards.first()).toContainText(first.text.slice(0, 30));
});

test('an unknown story is the 404 page', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/news/987654');
  await expect(page.getByTestId('error-status')).toBeVisible();
});
