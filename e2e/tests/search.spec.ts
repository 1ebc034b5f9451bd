import { apiPath, DASHBOARD_PATHS, MESSAGE_PATHS } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import {
  apiGet,
  type ListAnswer,
  type MoodTableAnswer,
  saveAsPersonalTheme,
  settledList,
  waitForApi,
} from './messages-helpers.ts';

// The query language as an analyst meets it (issue 27, docs/search.md): a query with an error is underlined and not
// sent, the fixed one finds and highlights, it is saved as a personal theme, and that theme's dashboard opens on it.

const day = (date: Date) => date.toISOString().slice(0, 10);
const AFTER = day(new Date(Date.now() - 2 * 365 * 86_400_000));
const BEFORE = day(new Date(Date.now() + 86_400_000));
const PERIOD_QUERY = `wrote_at_after=${AFTER}&wrote_at_before=${BEFORE}`;
const BOX = { name: 'Поиск по тексту сообщений' } as const;

test.beforeEach(async ({ page }) => {
  await logIn(page, 'admin', 'admin12345');
});

test('a query with an error is underlined; fixed, it highlights what it finds and becomes a personal theme', async ({
  page,
}) => {
  await page.goto(`/messages?${PERIOD_QUERY}`);
  await settledList(page);
  const box = page.getByRole('combobox', BOX);

  // 1. An unclosed quote: the message names the position, the span is underlined, nothing is sent.
  await box.fill('бюджет "проекта');
  await box.press('Enter');
  await expect(page.getByText('Не закрыта кавычка, позиция 8')).toBeVisible();
  await expect(page.locator('.search-query__error')).toHaveText('"проекта');
  await expect(page).not.toHaveURL(/[?&]search=/);

  // 2. Fixed: the list answers the query, and every row marks a form of a word it asked for.
  const query = 'бюджет OR ремонт -реклама';
  const answered = waitForApi(page, MESSAGE_PATHS.list, { query: { search: query } });
  await box.fill(query);
  await box.press('Enter');
  const answer = await answered;
  expect(answer.status()).toBe(200);
  const list = (await answer.json()) as ListAnswer<{ id: number; highlighted_text?: string }>;
  expect(list.results.length).toBeGreaterThan(0);
  await expect(page.locator('.search-query__error')).toHaveCount(0);
  const marks = page.locator('main mark');
  await expect(marks.first()).toBeVisible();
  for (const text of await marks.allTextContents()) expect(text.toLowerCase()).toMatch(/^(бюджет|ремонт)/);

  // 3. Saved as a personal theme with the query among its filters.
  const name = `Поиск e2e ${Date.now()}`;
  const created = await saveAsPersonalTheme(page, name);
  expect(created.filters.search).toBe(query);

  // 4. Its dashboard opens on the query, and the query narrows what it counts.
  await page.goto('/dashboards');
  await page.getByRole('region', { name: 'Личные темы' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboards/personalTheme/${created.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const ofTheme = await apiGet<MoodTableAnswer>(
    page,
    `${apiPath(DASHBOARD_PATHS.personal.moodTable, { id: created.id })}?${PERIOD_QUERY}`,
  );
  expect(ofTheme.total.message_count).toBeGreaterThan(0);
  const moods = (search?: string) =>
    apiGet<MoodTableAnswer>(
      page,
      `${MESSAGE_PATHS.moodTable}?${PERIOD_QUERY}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    );
  const [found, all] = await Promise.all([moods(query), moods()]);
  expect(found.total.message_count).toBeGreaterThan(0);
  expect(found.total.message_count).toBeLessThan(all.total.message_count);
});
