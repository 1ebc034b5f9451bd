import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';

// The marker panel (issue 17): open it from the navigation, see the first panel's charts,
// switch panels and see the charts change, then follow the soc_panel link to the messages.

test('open the marker panel, switch panels and see the charts change', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/social-panel');

  const panels = page.getByRole('list', { name: 'Панели' }).getByRole('button');
  await expect(panels).toHaveCount(12);
  await expect(panels.first()).toHaveAttribute('aria-pressed', 'true');
  const firstName = (await panels.first().locator('.social-panel__name').textContent()) ?? '';
  await expect(page.getByTestId('panel-name')).toHaveText(firstName);

  const gender = page.getByRole('img', { name: 'Маркерная панель: Пол' });
  const topLoms = page.getByRole('img', { name: 'Маркерная панель: Топ ЛОМ' });
  await expect(gender).toBeVisible();
  await expect(topLoms).toContainText('%');
  const before = await topLoms.textContent();

  await panels.nth(3).click();
  const secondName = (await panels.nth(3).locator('.social-panel__name').textContent()) ?? '';
  await expect(page).toHaveURL(/panel=\d+/);
  await expect(page.getByTestId('panel-name')).toHaveText(secondName);
  await expect(panels.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(topLoms).toContainText('%');
  await expect.poll(async () => topLoms.textContent()).not.toBe(before);

  // Both age bucket sets.
  const age = page.getByRole('img', { name: 'Маркерная панель: Возраст' });
  await expect(age).toContainText('55–99');
  await page.getByTestId('panel-graph-age').getByText('Укрупнённые').click();
  await expect(age).toContainText('60–99');

  // The soc_panel link opens the messages of the panel's loms.
  await page.getByRole('link', { name: 'Сообщения ЛОМ панели' }).click();
  await expect(page).toHaveURL(/\/messages\?.*soc_panel=\d+/);
});

test('an unknown panel shows the 404 page', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/social-panel?panel=987654');
  await expect(page.getByTestId('error-status')).toBeVisible();
});
