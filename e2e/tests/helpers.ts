import { expect, type Locator, type Page } from '@playwright/test';

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

/** The digits of a number as the page prints it ('1 234' → 1234). */
export const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** The message count a report block shows (report/themes_stats/ `all`), once it has loaded. */
export async function reportMessageCount(page: Page): Promise<number> {
  const count = page.getByTestId('report-message-count');
  await expect(count).toBeVisible();
  return digits(await count.textContent());
}

/** Follows «Открыть сообщения» and waits for the messages list to say `count` in all («… из N»). */
export async function expectMessagesListTotal(page: Page, count: number): Promise<void> {
  await page.getByRole('link', { name: 'Открыть сообщения' }).click();
  await expect(page).toHaveURL(/\/messages\?/);
  await expect(async () => {
    const text = await page.locator('.message-list__count').textContent();
    expect(digits(text?.split('из')[1] ?? '')).toBe(count);
  }).toPass({ timeout: 15_000 });
}

/**
 * Chooses `option` in the multiple select labelled `label` inside `scope`, and waits until the select shows it. A
 * click during the dropdown's opening motion can be lost on a busy machine (CI saw a dashboard saved without its
 * mood), so the click is repeated, reopening the dropdown if needed, until the choice shows.
 */
export async function chooseInMultiSelect(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
): Promise<void> {
  // The whole text: «Городские паблики» must not also match «Городские паблики Сибири».
  const exact = new RegExp(`^\\s*${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const chosen = scope.locator('.ant-select-selection-item').filter({ hasText: exact });
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: exact });
  await expect(async () => {
    if (!(await chosen.isVisible())) {
      if (!(await item.isVisible())) await scope.getByLabel(label).click();
      await item.click({ timeout: 2_000 });
    }
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
}

/**
 * Presses «Проверено» in the message editor. On a message without a theme or a mood it asks first, naming what is
 * missing (docs/messages.md): the confirmation is accepted. Waits until the button shows the message verified.
 */
export async function verifyInEditor(page: Page): Promise<void> {
  const verify = page.getByRole('button', { name: 'Проверено', exact: true });
  await verify.click();
  const confirm = page.locator('.ant-modal-confirm');
  const pressed = page.locator('button[aria-pressed="true"]').filter({ hasText: /^Проверено$/ });
  await expect(confirm.or(pressed).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Да, проверено' }).click();
  await expect(verify).toHaveAttribute('aria-pressed', 'true');
}
