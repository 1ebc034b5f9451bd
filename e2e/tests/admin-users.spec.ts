import { expect, test } from '@playwright/test';
import { logIn, navKeys } from './helpers.ts';

// An administrator creates a user with role 3 and the named permission view_logs; the user logs in and sees
// «Логи» in the navigation (issue 16, Proof).

test('an administrator creates a user with view_logs, who then sees Logs', async ({ page, browser }) => {
  const login = `e2e.logs.${Date.now() % 100000}`;
  await logIn(page, 'admin', 'admin12345');
  await page.goto('/admin-panel/users');
  await page.getByRole('button', { name: 'Создать пользователя' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Логин').fill(login);
  await dialog.getByLabel('Пароль').fill('e2e-password-1');
  await expect(dialog.getByText('Пользователь', { exact: true })).toBeVisible();
  // A click on an option while the dropdown still opens can miss (the field stayed empty in CI): choose until
  // the choice is in the field, never clicking a chosen option again (that would unchoose it).
  const chosen = dialog.locator('.ant-select-selection-item', { hasText: /^Логи$/ });
  await expect(async () => {
    await dialog.getByLabel('Права', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Логи$/ }).click();
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(chosen).toBeVisible();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Поиск по логину, имени, почте').fill(login);
  await expect(page.getByRole('cell', { name: login })).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, login, 'e2e-password-1');
  await expect.poll(() => navKeys(other)).toContain('logs');
  await expect(other.locator('a[data-nav-key="logs"]')).toHaveText('Логи');
  await context.close();
});
