import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';

test('an unknown page shows the 404 page, and the link leads home', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/no/such/page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться на главную' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('a page the role may not open shows the error page with 403', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/logs');
  await expect(page.getByText('Ошибка работы системы')).toBeVisible();
  await expect(page.getByText('403 Forbidden')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Вернуться на главную' })).toBeVisible();
});

test('a logged-in user who opens /login goes home, and titles carry the environment', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page).toHaveTitle(/^\[DEV\] .*monitoring$/);
  await expect(page.getByText('Среда разработки')).toBeVisible();
});

test('a page left without login sends to /login and back after it', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveURL(/\/login\?next=%2Fabout/);
  await page.getByLabel('Логин').fill('editor');
  await page.getByLabel('Пароль').fill('demo12345');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/about$/);
});
