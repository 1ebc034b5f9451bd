import { REPORT_TABLE_PATHS } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectMessagesListTotal, logIn, reportMessageCount } from './helpers.ts';
import { apiGet } from './messages-helpers.ts';

// The «Статистика» tabs of the theme and info reason cards (docs/home.md "Statistics tabs"): the
// count of the report calls over the card's subject is the messages list's total of the same filter.

/** The busiest subject of a report table over the cards' default period (the last 30 days). */
async function busiest(page: Page, path: string): Promise<{ id: number; message_count: number }> {
  const { after, before } = await lastThirtyDays(page);
  const list = await apiGet<{ results: { id: number; message_count: number }[] }>(
    page,
    `${path}?ordering=messages&page_size=1&wrote_at_after=${after}&wrote_at_before=${before}`,
  );
  expect(list.results.length).toBe(1);
  return list.results[0];
}

/**
 * The cards' default period as the browser computes it (its own calendar: the test's time zone, not
 * Moscow's, so the two differ between 21:00 and 24:00 UTC).
 */
function lastThirtyDays(page: Page): Promise<{ after: string; before: string }> {
  return page.evaluate(() => {
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
    return { after: iso(first), before: iso(today) };
  });
}

async function openStatistics(page: Page) {
  const tab = page.getByRole('tab', { name: 'Статистика', exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=stats/);
}

test.describe('statistics tabs', () => {
  test('a theme card’s statistics count is the messages list’s total', async ({ page }) => {
    await logIn(page, 'user');
    const theme = await busiest(page, REPORT_TABLE_PATHS.themes);
    await page.goto(`/theme/${theme.id}`);
    await openStatistics(page);
    const count = await reportMessageCount(page);
    expect(count).toBe(theme.message_count);
    await expect(
      page.getByRole('region', { name: 'ЛОМ', exact: true }).locator('tbody tr').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Динамика по дням' })).toBeVisible();

    await expectMessagesListTotal(page, count);
    expect(new URL(page.url()).searchParams.get('theme_in')).toBe(String(theme.id));
  });

  test('an info reason card’s statistics count is the messages list’s total', async ({ page }) => {
    await logIn(page, 'user');
    const reason = await busiest(page, REPORT_TABLE_PATHS.infoReasons);
    await page.goto(`/info-reason/${reason.id}`);
    await openStatistics(page);
    const count = await reportMessageCount(page);
    expect(count).toBe(reason.message_count);

    await expectMessagesListTotal(page, count);
    expect(new URL(page.url()).searchParams.get('info_reason_in')).toBe(String(reason.id));
  });
});
