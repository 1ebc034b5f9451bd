import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './helpers.ts';

// A user resets their password through the mail in the outbox (issue 16, Proof): no SMTP_URL in the e2e server, so
// the letter is kept, and the administrator reads it on /settings «Исходящая почта».

const USER = 'analyst.ekb';
const EMAIL = `${USER}@monitoring.example`;
const NEW_PASSWORD = 'novyi-parol-2026';

test('a user resets the password through the link of the kept mail, once', async ({ page, browser }) => {
  await page.goto('/reset-password');
  await page.getByLabel('Электронная почта').fill(EMAIL);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('status')).toContainText('Если адрес зарегистрирован');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin', 'admin12345');
  await admin.goto('/settings?tab=outbox');
  const row = admin.getByRole('row').filter({ hasText: EMAIL }).first();
  await expect(row).toBeVisible();
  const link = /\/reset-password\?id=\d+&token=\w+/.exec((await row.textContent()) ?? '')?.[0];
  expect(link, 'the mail holds a reset link').toBeTruthy();
  await adminContext.close();

  await page.goto(link as string);
  await page.getByLabel('Новый пароль').fill(NEW_PASSWORD);
  await page.getByLabel('Повторите пароль').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('status')).toContainText('Пароль изменён');

  // The link is used up: a second use gets the one message of a wrong link.
  await page.goto(link as string);
  await page.getByLabel('Новый пароль').fill('eshche-odin-parol');
  await page.getByLabel('Повторите пароль').fill('eshche-odin-parol');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await page.goto('/login');
  await page.getByLabel('Логин').fill(USER);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('Неверный логин или пароль');
  await logIn(page, USER, NEW_PASSWORD);
});
