import { expect, type Page, test } from '@playwright/test';
import { digits, logIn } from './helpers.ts';

const statValues = async (page: Page) =>
  (await page.getByTestId('viral-card').locator('.viral-card__stat-value').allTextContents()).map((text) =>
    Number(text.replace(/\s/g, '').replace(',', '.').replace(/тыс\./, 'e3').replace(/млн/, 'e6')),
  );

test.describe('viral content', () => {
  test('a user opens viral content from the navigation, then changes the stat and the cards follow', async ({
    page,
  }) => {
    await logIn(page, 'user');
    await page.getByRole('link', { name: 'Вирусный контент' }).first().click();
    // The nav link: the last day, stat=views (product.md §2).
    await expect(page).toHaveURL(/\/viral-content\?.*wrote_at_after=\d{4}-\d\d-\d\d.*stat=views/);
    await expect(page.getByRole('heading', { name: 'Вирусный контент' })).toBeVisible();
    await expect(page.getByText(/Вирусных сообщений: \d+/)).toBeVisible();

    // A month holds viral messages in the 3,000 demo messages whatever the day.
    const url = new URL(page.url());
    const before = url.searchParams.get('wrote_at_before') ?? '';
    const after = new Date(Date.parse(`${before}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/viral-content?wrote_at_after=${after}&wrote_at_before=${before}&stat=views`);
    const cards = page.getByTestId('viral-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(12);
    expect(digits(await cards.first().locator('.viral-card__growth').textContent())).toBeGreaterThanOrEqual(
      300,
    );
    await expect(cards.first().getByTestId('viral-stat')).toContainText('просмотров');
    const views = await statValues(page);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    await page.getByRole('radiogroup', { name: 'Показатель' }).getByText('Репосты').click();
    await expect(page).toHaveURL(/stat=reposts/);
    await expect(cards.first().getByTestId('viral-stat')).toContainText('репостов');
    const reposts = await statValues(page);
    expect(reposts).toEqual([...reposts].sort((a, b) => b - a));

    await page.getByRole('radiogroup', { name: 'Показатель' }).getByText('SI', { exact: true }).click();
    await expect(page).toHaveURL(/stat=si/);
    await expect(cards.first().getByTestId('si-hint')).toBeVisible();
    await cards.first().getByTestId('si-hint').hover();
    await expect(page.getByText(/SI — индекс значимости публикации/)).toBeVisible();
  });
});
