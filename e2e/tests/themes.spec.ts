import {
  apiPath,
  INFO_REASON_PATHS,
  MESSAGE_PATHS,
  THEME_LIST_PATHS,
  THEME_WRITE_PATHS,
} from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, type ListAnswer, pickOption, waitForApi } from './messages-helpers.ts';

// Themes and info reasons as an administrator works with them: create, classify,
// aim at a tonality, merge and archive, each checked against what the API says.

const TOKEN_KEY = 'monitoring.token';

interface IdName {
  id: number;
  name: string;
}

/** Any API call with the logged-in user's token, from inside the page. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body, key }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Token ${window.localStorage.getItem(key) ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, body, key: TOKEN_KEY },
  );
  expect(answer.status, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
  return (answer.body ? JSON.parse(answer.body) : null) as T;
}

/** Ids of `count` messages, skipping the first `skip`: the raw material a test classifies. */
async function someMessages(page: Page, count: number, skip: number): Promise<number[]> {
  const list = await apiGet<ListAnswer<{ id: number }>>(
    page,
    `${MESSAGE_PATHS.list}?page=1&page_size=${count + skip}&ordering=wrote_at`,
  );
  const ids = list.results.slice(skip, skip + count).map((message) => message.id);
  expect(ids).toHaveLength(count);
  return ids;
}

/** Puts messages into a theme (and info reason), live and verified, with one mood. */
async function classify(page: Page, ids: number[], fields: Record<string, unknown>): Promise<void> {
  await api(page, 'PATCH', MESSAGE_PATHS.fields, {
    ids,
    verified: true,
    archived: false,
    delayed: false,
    trash: false,
    ...fields,
  });
}

const messageCount = async (page: Page, themeId: number) =>
  (
    await apiGet<{ elements_count: number }>(
      page,
      `${MESSAGE_PATHS.paginationCount}?theme_in=${themeId}&message_type_in=0,1,8,101,102`,
    )
  ).elements_count;

const themeRow = (page: Page, name: string) =>
  page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('an administrator creates a theme with an info reason, classifies messages and sees the target tonality met', async ({
  page,
}) => {
  const stamp = Date.now();
  const themeName = `Тема e2e ${stamp}`;
  const reasonName = `Инфоповод e2e ${stamp}`;
  await logIn(page, 'admin', 'admin12345');

  await page.goto('/themes');
  await page.getByRole('button', { name: /Создать тему/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая тема' });
  await dialog.getByLabel('Название').fill(themeName);
  await dialog.getByLabel('Название').press('Enter');
  await expect(page).toHaveURL(/\/theme\/\d+$/);
  const themeId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: themeName })).toBeVisible();

  await page.getByRole('button', { name: /Создать инфоповод/ }).click();
  const reasonDialog = page.getByRole('dialog', { name: 'Новый инфоповод' });
  await reasonDialog.getByLabel('Название').fill(reasonName);
  await reasonDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/info-reason\/\d+$/);
  const reasonId = Number(page.url().split('/').pop());
  const reason = await apiGet<{ name: string; theme: IdName | null }>(
    page,
    apiPath(INFO_REASON_PATHS.detail, { id: reasonId }),
  );
  expect(reason).toMatchObject({ name: reasonName, theme: { id: themeId } });

  // Three positive messages and one negative: the info reason's actual mood is positive.
  const ids = await someMessages(page, 4, 0);
  await classify(page, ids.slice(0, 3), { theme: themeId, info_reason: reasonId, mood: 1 });
  await classify(page, ids.slice(3), { theme: themeId, info_reason: reasonId, mood: 2 });
  expect(await messageCount(page, themeId)).toBe(4);

  await page.reload();
  const mark = page.locator('.info-reasons-table__complete');
  await expect(mark).toHaveAttribute('data-complete', 'null');

  const tonality = page.getByRole('combobox', { name: `Целевая тональность: ${reasonName}` });
  const saved = waitForApi(page, apiPath(INFO_REASON_PATHS.updateTonality, { id: reasonId }), {
    method: 'PATCH',
  });
  await pickOption(page, tonality, 'Поддерживающее');
  expect((await saved).status()).toBe(200);
  // Supportive and positive are one pair: the target is met.
  await expect(mark).toHaveAttribute('data-complete', 'true');

  const again = waitForApi(page, apiPath(INFO_REASON_PATHS.updateTonality, { id: reasonId }), {
    method: 'PATCH',
  });
  await pickOption(page, tonality, 'Негативное');
  expect((await again).status()).toBe(200);
  await expect(mark).toHaveAttribute('data-complete', 'false');
  await page.reload();
  await expect(page.locator('.info-reasons-table__complete')).toHaveAttribute('data-complete', 'false');

  // The theme card lists its info reason with the same completeness.
  await page.goto(`/theme/${themeId}`);
  await expect(page.getByRole('link', { name: reasonName })).toBeVisible();
});

test('merging two themes moves every message into the one that stays', async ({ page }) => {
  const stamp = Date.now();
  await logIn(page, 'admin', 'admin12345');
  const source = await api<IdName>(page, 'POST', THEME_LIST_PATHS.list, {
    name: `Склейка источник ${stamp}`,
  });
  const target = await api<IdName>(page, 'POST', THEME_LIST_PATHS.list, { name: `Склейка цель ${stamp}` });
  const ids = await someMessages(page, 5, 10);
  await classify(page, ids.slice(0, 3), { theme: source.id, info_reason: null, mood: 3 });
  await classify(page, ids.slice(3), { theme: target.id, info_reason: null, mood: 3 });
  expect(await messageCount(page, source.id)).toBe(3);
  expect(await messageCount(page, target.id)).toBe(2);

  await page.goto(`/themes?search=${encodeURIComponent(`Склейка источник ${stamp}`)}`);
  const row = themeRow(page, source.name);
  await expect(row).toBeVisible();
  await row.locator('.ant-checkbox-input').check();
  await page
    .getByRole('toolbar', { name: 'Действия с отмеченными темами' })
    .getByRole('button', { name: /Склеить/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Склеить темы' });
  const picker = dialog.getByRole('combobox', { name: 'Тема, в которую склеить' });
  await picker.click();
  await picker.fill(target.name);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${target.name}"]`).click();
  await dialog.getByRole('button', { name: 'Склеить', exact: true }).click();
  const merged = waitForApi(page, apiPath(THEME_WRITE_PATHS.merge, { id: source.id }), { method: 'POST' });
  await dialog.getByRole('button', { name: 'Да, склеить' }).click();
  expect((await merged).status()).toBe(200);

  await expect(row).toHaveCount(0);
  expect(await messageCount(page, target.id)).toBe(5);
  const gone = await page.evaluate(
    async ({ path, key }) =>
      (
        await fetch(path, {
          headers: { Authorization: `Token ${window.localStorage.getItem(key) ?? ''}` },
        })
      ).status,
    { path: apiPath(THEME_WRITE_PATHS.detail, { id: source.id }), key: TOKEN_KEY },
  );
  expect(gone).toBe(404);
});

test('an archived theme leaves the table and shows on the archive tab', async ({ page }) => {
  const name = `Архивная e2e ${Date.now()}`;
  await logIn(page, 'admin', 'admin12345');
  const theme = await api<IdName>(page, 'POST', THEME_LIST_PATHS.list, { name });

  await page.goto(`/themes?search=${encodeURIComponent(name)}`);
  const row = themeRow(page, name);
  await expect(row).toBeVisible();
  await row.locator('.ant-checkbox-input').check();
  const archived = waitForApi(page, THEME_WRITE_PATHS.massArchive, { method: 'PATCH' });
  await page
    .getByRole('toolbar', { name: 'Действия с отмеченными темами' })
    .getByRole('button', { name: /В архив/ })
    .click();
  expect((await archived).status()).toBe(200);
  await expect(row).toHaveCount(0);
  const active = await apiGet<ListAnswer<IdName>>(
    page,
    `${THEME_LIST_PATHS.list}?search=${encodeURIComponent(name)}`,
  );
  expect(active.results).toHaveLength(0);

  await page.getByRole('tab', { name: 'Архив' }).click();
  await expect(page).toHaveURL(/archived=true/);
  await expect(themeRow(page, name)).toBeVisible();
  const card = await apiGet<{ archived: boolean }>(page, apiPath(THEME_WRITE_PATHS.detail, { id: theme.id }));
  expect(card.archived).toBe(true);
});
