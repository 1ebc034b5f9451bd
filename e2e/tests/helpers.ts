import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Логин').fill(username);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const keysOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('data-nav-key') ?? ''));

/** The keys of the links in the navigation bar ('admin' is the admin group's button). */
export function navKeys(page: Page): Promise<string[]> {
  return keysOf(page, 'nav[aria-label="Основное меню"] [data-nav-key]');
}

/** The keys of the admin group's links (its dropdown is rendered up front, hidden until hover). */
export function adminKeys(page: Page): Promise<string[]> {
  return keysOf(page, '[data-nav-key^="admin-"]');
}
