import { expect, test } from '@playwright/test';
import { adminKeys, logIn, navKeys } from './helpers.ts';

const EVERYTHING = [
  'index',
  'new-dashboards',
  'producers',
  'loms',
  'social-panel',
  'viral-content',
  'themes',
  'messages',
  'conversations',
  'news',
  'rubrics',
  'reports',
  'alerts',
  'logs',
  'about',
  'settings',
];
const ANALYST = EVERYTHING.filter((key) => key !== 'logs' && key !== 'settings');
const ADMIN = [
  'admin-sources',
  'admin-loms',
  'admin-themes',
  'admin-info-reasons',
  'admin-rubrics',
  'admin-users',
  'admin-mlg',
];

/** What each demo role should see in the navigation bar (docs/permissions.md). */
const CASES: Array<{ login: string; password?: string; nav: string[]; admin?: string[]; landing: RegExp }> = [
  { login: 'superEditor', nav: EVERYTHING, landing: /\/\?|\/$/ },
  { login: 'editor', nav: ANALYST, landing: /\/\?|\/$/ },
  { login: 'user', nav: ANALYST, landing: /\/\?|\/$/ },
  { login: 'extendedUser', nav: ANALYST, landing: /\/\?|\/$/ },
  { login: 'lomSelection', nav: ['loms'], landing: /\/loms\?message__wrote_at_after=\d{4}-\d\d-\d\d/ },
  { login: 'role0', nav: [], landing: /\/\?|\/$/ },
  { login: 'service', nav: [], landing: /\/\?|\/$/ },
  {
    login: 'admin',
    password: 'admin12345',
    nav: [...EVERYTHING, 'admin'],
    admin: ADMIN,
    landing: /\/\?|\/$/,
  },
];

for (const c of CASES) {
  test(`${c.login} logs in, sees the navigation of the role, and logs out`, async ({ page }) => {
    await logIn(page, c.login, c.password);
    await expect(page).toHaveURL(c.landing);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect((await navKeys(page)).sort()).toEqual([...c.nav].sort());
    expect((await adminKeys(page)).sort()).toEqual([...(c.admin ?? [])].sort());
    if (c.admin) {
      await page.locator('[data-nav-key="admin"]').hover();
      await expect(page.locator('[data-nav-key="admin-users"]')).toBeVisible();
    }

    // While the landing page still renders, the menu sometimes closes again as it opens, and the click
    // on «Выйти» lands on the page below (seen as a click on <body>): open it again until the click takes.
    const logout = page.getByRole('menuitem', { name: 'Выйти' });
    await expect(async () => {
      if (!(await logout.isVisible())) await page.getByTestId('user-menu').click();
      await logout.click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/login/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login/);
  });
}

test('a wrong password shows the Russian message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Логин').fill('editor');
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('Неверный логин или пароль');
  await expect(page).toHaveURL(/\/login/);
});
