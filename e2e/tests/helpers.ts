import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Логин').fill(username);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The keys of the navigation links the page shows, in order. */
export async function navKeys(page: Page): Promise<string[]> {
  return page
    .locator('[data-nav-key]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-nav-key') ?? ''));
}
