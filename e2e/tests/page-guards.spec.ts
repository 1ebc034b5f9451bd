import { apiPath, DASHBOARD_PATHS, THEME_WRITE_PATHS } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';

/** Every API answer with one of `statuses` while the test runs, as "STATUS METHOD path". */
function watchAnswers(page: Page, statuses: number[]): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (!statuses.includes(response.status())) return;
    const { pathname } = new URL(response.url());
    seen.push(`${response.status()} ${response.request().method()} ${pathname}`);
  });
  return seen;
}

const notices = (page: Page) => page.locator('.ant-notification-notice');

test('a user without the theme dashboard permission opens it by link and gets 403, with no refused call', async ({
  page,
}) => {
  const refused = watchAnswers(page, [403]);
  await logIn(page, 'user');
  await page.goto('/dashboards/theme');
  await expect(page.getByText('Ошибка работы системы')).toBeVisible();
  await expect(page.getByText('403 Forbidden')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Вернуться на главную' })).toBeVisible();
  // The layout stays: the navigation is there, the page's own calls never left.
  await expect(page.locator('[data-nav-key="loms"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await expect(notices(page)).toHaveCount(0);
});

test('a lom-selection user who follows a message link gets 403, with no refused call', async ({ page }) => {
  const refused = watchAnswers(page, [403]);
  await logIn(page, 'lomSelection');
  await page.goto('/messages/1');
  await expect(page.getByText('403 Forbidden')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await expect(notices(page)).toHaveCount(0);
});

test('a theme that does not exist is the 404 page, without a notification', async ({ page }) => {
  const missing = watchAnswers(page, [404]);
  await logIn(page, 'editor');
  await page.goto('/theme/999999');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Asked once, by the router; the page itself never ran.
  expect(missing).toEqual([`404 GET ${apiPath(THEME_WRITE_PATHS.detail, { id: 999999 })}`]);
  await expect(notices(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Вернуться на главную' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('a theme dashboard of a theme that does not exist is the 404 page', async ({ page }) => {
  const missing = watchAnswers(page, [404]);
  await logIn(page, 'extendedUser');
  for (const path of ['/dashboards/theme?theme=999999', '/dashboards/loms/999999']) {
    await page.goto(path);
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(notices(page)).toHaveCount(0);
  }
  // Each page asked once, by the router; the dashboards' own calls never left.
  const count = `404 GET ${apiPath(DASHBOARD_PATHS.theme.constantLomCount, { id: 999999 })}`;
  expect(missing).toEqual([count, count]);
});

test('a lom-selection user who opens /alerts gets 403, with no refused call', async ({ page }) => {
  const refused = watchAnswers(page, [403]);
  await logIn(page, 'lomSelection');
  await page.goto('/alerts');
  await expect(page.getByText('403 Forbidden')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await expect(notices(page)).toHaveCount(0);
});
