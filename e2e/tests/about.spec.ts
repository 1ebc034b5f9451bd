import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';

// The help pages (issue 17, item 7): /about lists ten pages; each opens with its heading, its sections and a
// router link to the screen it explains.

const PAGES = [
  'Как это работает',
  'Ежедневные дашборды',
  'Инфоповоды',
  'Сообщения',
  'Язык запросов',
  'Сегменты',
  'Маркерная панель',
  'Тональность',
  'Вирусный контент',
  'Прочее',
];

test('opens every help page from the table of contents', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'О системе' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Разделы справки' });
  await expect(toc.getByRole('link')).toHaveCount(PAGES.length);

  for (const title of PAGES) {
    await toc.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`О системе: ${title.toLowerCase()}`);
    await expect(page).toHaveTitle(new RegExp(`О системе: ${title.toLowerCase()}`));
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(1);
    await expect(page.getByRole('list', { name: 'Экраны раздела' }).getByRole('link').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Путь' }).getByRole('link', { name: 'О системе' }).click();
    await expect(page).toHaveURL(/\/about$/);
  }
});

test('a help page links to its screen', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/about/rubrics');
  await page.getByRole('list', { name: 'Экраны раздела' }).getByRole('link', { name: 'Сегменты' }).click();
  await expect(page).toHaveURL(/\/rubrics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сегменты' })).toBeVisible();
});
