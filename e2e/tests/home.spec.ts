import { expect, type Page, test } from '@playwright/test';
import { chooseInMultiSelect, expectMessagesListTotal, logIn, reportMessageCount } from './helpers.ts';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test.describe('picture of the day', () => {
  test('a user lands on /, switches tabs, and a tab’s count is the messages list’s', async ({ page }) => {
    await logIn(page, 'user');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Картина дня' })).toBeVisible();
    await openTab(page, 'Регионы');
    await expect(page).toHaveURL(/tab=\d+/);
    await openTab(page, 'Всё');
    const count = await reportMessageCount(page);
    expect(count).toBeGreaterThan(0);
    await expect(
      page.getByRole('region', { name: 'Темы', exact: true }).locator('tbody tr').first(),
    ).toBeVisible();

    // The same filter on the messages list: its total is the tab's count.
    await expectMessagesListTotal(page, count);
  });

  test('a user creates a daily dashboard, makes it private, and another user does not see it', async ({
    page,
    browser,
  }) => {
    const shortName = `Е2Е ${Date.now() % 100_000}`;
    await logIn(page, 'user');
    await page.getByRole('button', { name: 'Настроить дашборды' }).click();
    await page.getByRole('button', { name: 'Новый дашборд' }).click();
    await page.getByLabel('Название', { exact: true }).fill('Проверка: мой дашборд');
    await page.getByLabel('Короткое название (вкладка)').fill(shortName);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const item = page.getByRole('listitem').filter({ hasText: shortName });
    await expect(item.getByText('Личный')).toBeVisible();

    // Published, the other user sees it; private again, they do not.
    await item.getByRole('button', { name: 'Сделать публичным' }).click();
    await expect(item.getByText('Публичный')).toBeVisible();
    const other = await browser.newPage();
    await logIn(other, 'editor');
    await expect(other.getByRole('tab', { name: shortName, exact: true })).toBeVisible();

    await item.getByRole('button', { name: 'Сделать личным' }).click();
    await expect(item.getByText('Личный')).toBeVisible();
    await other.reload();
    await expect(other.getByRole('tab').first()).toBeVisible();
    await expect(other.getByRole('tab', { name: shortName, exact: true })).toHaveCount(0);
    await other.close();

    // The owner still has it as a tab.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tab', { name: shortName, exact: true })).toBeVisible();
  });
  test('a user creates a daily dashboard of one mood, and its tab’s count is the messages list’s with that mood', async ({
    page,
  }) => {
    const shortName = `Нег ${Date.now() % 100_000}`;
    await logIn(page, 'user');
    await page.getByRole('button', { name: 'Настроить дашборды' }).click();
    await page.getByRole('button', { name: 'Новый дашборд' }).click();
    const form = page.getByRole('dialog', { name: 'Новый дашборд' });
    await form.getByLabel('Название', { exact: true }).fill('Проверка: негатив');
    await form.getByLabel('Короткое название (вкладка)').fill(shortName);
    await chooseInMultiSelect(page, form, 'Тональность сообщений', 'Негативное');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: shortName })).toBeVisible();
    await page.keyboard.press('Escape');

    await openTab(page, shortName);
    // The pane shows the new tab's filter (CI once read the count and link of the tab before it).
    await expect(page.getByRole('link', { name: 'Открыть сообщения' })).toHaveAttribute('href', /mood_in=2/);
    const count = await reportMessageCount(page);
    expect(count).toBeGreaterThan(0);
    await expectMessagesListTotal(page, count);
    await expect(page).toHaveURL(/\/messages\?.*mood_in=2/);
  });
});
