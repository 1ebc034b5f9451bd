import { apiPath, LOM_PATHS } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, type ListAnswer, waitForApi } from './messages-helpers.ts';

// The lom list, favourites, the card with every tab and the comparison, as an editor
// uses them, checked against what the API says.

interface LomRow {
  id: number;
  name: string;
  is_favourite: boolean;
  total_si: number;
}

interface LomCard extends LomRow {
  birth_date: string | null;
}

const LIST = LOM_PATHS.list;
const CARD_TABS = [
  'Публикации',
  'Цитаты',
  'Прямая речь',
  'Рубрики',
  'Вовлечённость',
  'Группы в соцсетях',
  'Аудитория',
  'Динамика',
  'Топ-10 брендов',
  'Качество аудитории',
  'Сотрудничество',
  'Комментарии',
  'Факты',
  'Граф связей',
];

async function openLoms(page: Page, query = ''): Promise<void> {
  const answered = waitForApi(page, LIST);
  await page.goto(`/loms${query}`);
  await answered;
  await expect(page.locator('.loms-table .ant-spin-spinning')).toHaveCount(0);
}

const rowOf = (page: Page, name: string) =>
  page
    .locator('.loms-table tbody tr.ant-table-row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test('an editor filters and sorts the loms, and the URL keeps both', async ({ page }) => {
  await logIn(page, 'editor');
  await openLoms(page);
  const busiest = (await apiGet<ListAnswer<LomRow>>(page, `${LIST}?ordering=-message_number&page_size=1`))
    .results[0];
  const word = busiest.name.replace(/[«»]/g, '').split(' ')[0];

  const searched = waitForApi(page, LIST, { query: { search: word } });
  await page.getByLabel('Поиск по имени ЛОМ', { exact: true }).fill(word);
  await searched;
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  const expected = await apiGet<ListAnswer<LomRow>>(page, `${LIST}?search=${encodeURIComponent(word)}`);
  await expect(page.locator('.loms-table tbody tr.ant-table-row')).toHaveCount(expected.results.length);
  await expect(rowOf(page, busiest.name)).toBeVisible();

  const sorted = waitForApi(page, LIST, { query: { ordering: '-total_si' } });
  await page.locator('.loms-table thead th').filter({ hasText: /^Si$/ }).click();
  await sorted;
  await expect(page).toHaveURL(/ordering=-total_si/);
  const bySi = await apiGet<ListAnswer<LomRow>>(
    page,
    `${LIST}?search=${encodeURIComponent(word)}&ordering=-total_si`,
  );
  await expect(page.locator('.loms-table tbody tr.ant-table-row').first()).toContainText(
    bySi.results[0].name,
  );

  await page.reload();
  await expect(page.getByLabel('Поиск по имени ЛОМ', { exact: true })).toHaveValue(word);
  await expect(page.locator('.loms-table tbody tr.ant-table-row').first()).toContainText(
    bySi.results[0].name,
  );
});

test('a favourite is marked at once, listed among the favourites, and unmarked', async ({ page }) => {
  await logIn(page, 'editor');
  await openLoms(page, '?ordering=-total_si');
  const lom = (
    await apiGet<ListAnswer<LomRow>>(page, `${LIST}?ordering=-total_si&is_favourite=false&page_size=1`)
  ).results[0];
  const add = page.getByRole('button', { name: `Добавить в избранное: ${lom.name}` });
  const patched = waitForApi(page, apiPath(LOM_PATHS.switchFavourite, { id: lom.id }), { method: 'PATCH' });
  await add.click();
  await expect(page.getByRole('button', { name: `Убрать из избранного: ${lom.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await patched).status()).toBe(200);
  expect((await apiGet<LomCard>(page, apiPath(LOM_PATHS.detail, { id: lom.id }))).is_favourite).toBe(true);

  const favourites = waitForApi(page, LIST, { query: { is_favourite: 'true' } });
  await page.getByText('Избранные', { exact: true }).click();
  await favourites;
  await expect(page).toHaveURL(/is_favourite=true/);
  await expect(rowOf(page, lom.name)).toBeVisible();
  await expect(page.getByRole('img', { name: 'График избранных ЛОМ' })).toBeVisible();

  const removed = waitForApi(page, apiPath(LOM_PATHS.switchFavourite, { id: lom.id }), { method: 'PATCH' });
  await page.getByRole('button', { name: `Убрать из избранного: ${lom.name}` }).click();
  await expect(rowOf(page, lom.name)).toHaveCount(0);
  expect((await removed).status()).toBe(200);
  expect((await apiGet<LomCard>(page, apiPath(LOM_PATHS.detail, { id: lom.id }))).is_favourite).toBe(false);
});

test('the card opens every tab, and an edited birth date comes back', async ({ page }) => {
  await logIn(page, 'editor');
  await openLoms(page, '?ordering=-message_number');
  const lom = (await apiGet<ListAnswer<LomRow>>(page, `${LIST}?ordering=-message_number&page_size=1`))
    .results[0];
  await page.getByRole('link', { name: lom.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/loms/${lom.id}`));
  await expect(page.getByRole('heading', { name: new RegExp(lom.name.split(' ')[0]) })).toBeVisible();

  const content = page.locator('.lom-card > :last-child');
  for (const label of CARD_TABS) {
    await page.getByRole('tab', { name: label, exact: true }).click();
    if (label !== CARD_TABS[0]) await expect(page).toHaveURL(/tab=/);
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Each tab settles into its data or its empty state, never into an error.
    await expect(content.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
    await expect(content.locator('.ant-alert-error, .ant-result-error')).toHaveCount(0);
    await expect(content).not.toBeEmpty();
  }

  await page.getByRole('button', { name: 'Редактировать' }).click();
  const date = page.getByLabel('Дата рождения', { exact: true });
  await date.click();
  await date.fill('15.03.1985');
  // Enter takes the typed date and submits the form, as «Сохранить» would.
  const saved = waitForApi(page, apiPath(LOM_PATHS.detail, { id: lom.id }), { method: 'PATCH' });
  await date.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await expect(page.getByText('15.03.1985')).toBeVisible();
  expect((await apiGet<LomCard>(page, apiPath(LOM_PATHS.detail, { id: lom.id }))).birth_date).toBe(
    '1985-03-15',
  );
  await page.reload();
  await expect(page.getByText('15.03.1985')).toBeVisible();
});

test('two loms chosen in the table are compared side by side', async ({ page }) => {
  await logIn(page, 'editor');
  await openLoms(page, '?ordering=-total_si');
  const [first, second] = (await apiGet<ListAnswer<LomRow>>(page, `${LIST}?ordering=-total_si&page_size=2`))
    .results;
  for (const lom of [first, second]) await rowOf(page, lom.name).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Сравнить \(2\)/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/loms/compare\\?id_in=${first.id}%2C${second.id}|id_in=${first.id},${second.id}`),
  );
  const table = page.locator('.lom-compare__table');
  await expect(table).toContainText(first.name);
  await expect(table).toContainText(second.name);
});
