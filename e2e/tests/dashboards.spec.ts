import {
  abbreviateNumber,
  apiPath,
  DASHBOARD_PATHS,
  type DashboardKind,
  RUBRIC_PATHS,
  THEME_LIST_PATHS,
} from '@monitoring/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import {
  apiGet,
  type ListAnswer,
  type MoodTableAnswer,
  saveAsPersonalTheme,
  settledList,
  waitForApi,
} from './messages-helpers.ts';

// Dashboards as an administrator uses them (issue 5): a segment's and a personal theme's
// dashboard with their mood table and charts checked against the API, the graph's range
// step, and a theme dashboard's lom lists.

const ADMIN_PASSWORD = 'admin12345';

/** A period wide enough for the demo data (the last year), as Moscow days. */
function widePeriod(): { after: string; before: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const now = Date.now();
  return {
    after: day(new Date(now - 2 * 365 * 24 * 3600 * 1000)),
    // Tomorrow in UTC is today or later in Moscow.
    before: day(new Date(now + 24 * 3600 * 1000)),
  };
}

const PERIOD = widePeriod();
const PERIOD_QUERY = `wrote_at_after=${PERIOD.after}&wrote_at_before=${PERIOD.before}`;

interface RubricRow {
  id: number;
  name: string;
  message_count: number;
}

interface ThemeRow {
  id: number;
  name: string;
  message_number: number;
}

interface GraphPoint {
  date: string;
  message_count: number;
  moods: Record<string, number>;
}

/** Messages with a mood in graph points (message_count also holds those without one). */
const withMood = (points: GraphPoint[]) =>
  points.reduce((sum, point) => sum + Object.values(point.moods).reduce((a, b) => a + b, 0), 0);
const allMessages = (points: GraphPoint[]) => points.reduce((sum, point) => sum + point.message_count, 0);

interface LomCount {
  positive: number;
  negative: number;
  neutral: number;
  total: number;
}

interface AvailableLom {
  id: number;
  name: string;
}

interface DashboardLom {
  id: number;
  name: string;
  tonality: number | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mood table of a dashboard view once it has loaded. */
async function dashboardMoodTable(page: Page): Promise<Locator> {
  const table = page.getByRole('region', { name: 'Тональность (проверенные сообщения)' });
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  return table;
}

/** The count a «Сообщений» cell shows, without its share in brackets. */
async function shownCount(cell: Locator): Promise<string> {
  return (await cell.innerText()).replace(/\s*\(.*$/, '').trim();
}

/**
 * The table shows the API's numbers: the «Всего» row and every mood row (mood 4 is
 * shown inside neutral, product.md §4), formatted as the page formats counts.
 */
async function expectMoodTableMatches(table: Locator, answer: MoodTableAnswer): Promise<void> {
  const count = (mood: number) => answer.mood_table[String(mood)]?.message_count ?? 0;
  await expect
    .poll(() => shownCount(table.locator('.mood-table__total td').nth(1)))
    .toBe(abbreviateNumber(answer.total.message_count));
  const expected: Record<number, number> = {
    1: count(1),
    2: count(2),
    3: count(3) + count(4),
    5: count(5),
    6: count(6),
  };
  for (const [mood, messages] of Object.entries(expected)) {
    const cell = table.locator(`tr[data-row-key="${mood}"] td`).nth(1);
    expect(await shownCount(cell), `mood ${mood}`).toBe(abbreviateNumber(messages));
  }
}

/** An ECharts chart (role img, SVG renderer) is drawn with a real size and some shapes. */
async function expectChartDrawn(page: Page, label: string, minShapes: number): Promise<void> {
  const chart = page.getByRole('img', { name: label, exact: true });
  await expect(chart).toBeVisible();
  const svg = chart.locator('svg').first();
  await expect(svg).toBeVisible();
  const box = await svg.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  await expect
    .poll(() => chart.locator('svg path').count(), { message: `${label}: shapes drawn` })
    .toBeGreaterThanOrEqual(minShapes);
}

/** The pie has a slice per non-empty mood (neutral takes mood 4), the graph its bars. */
function nonEmptyMoods(answer: MoodTableAnswer): number {
  const count = (mood: number) => answer.mood_table[String(mood)]?.message_count ?? 0;
  return [count(1), count(2), count(3) + count(4), count(5), count(6)].filter((n) => n > 0).length;
}

/** Clicks a step of «Шаг графика» and checks graph-stats is asked again with it. */
async function switchRangeStep(
  page: Page,
  graphPath: string,
  label: string,
  step: 'day' | 'week' | 'month',
): Promise<GraphPoint[]> {
  const asked = waitForApi(page, graphPath, { query: { range_step: step, ...periodParams() } });
  await page.locator('[aria-label="Шаг графика"]').getByText(label, { exact: true }).click();
  const answer = await asked;
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`range_step=${step}`));
  return (await answer.json()) as GraphPoint[];
}

function periodParams(): Record<string, string> {
  return { wrote_at_after: PERIOD.after, wrote_at_before: PERIOD.before };
}

/** Opens a dashboard page and checks its mood table, charts and range steps against the API. */
async function checkDashboard(page: Page, url: string, kind: DashboardKind, id: number): Promise<void> {
  const moodPath = apiPath(DASHBOARD_PATHS[kind].moodTable, { id });
  const graphPath = apiPath(DASHBOARD_PATHS[kind].graphStats, { id });
  const tableAsked = waitForApi(page, moodPath, { query: periodParams() });
  const graphAsked = waitForApi(page, graphPath, { query: { ...periodParams(), range_step: 'day' } });
  await page.goto(url);
  expect((await tableAsked).status()).toBe(200);
  const daily = (await (await graphAsked).json()) as GraphPoint[];

  const answer = await apiGet<MoodTableAnswer>(page, `${moodPath}?${PERIOD_QUERY}`);
  expect(answer.total.message_count, 'the dashboard has verified messages').toBeGreaterThan(0);
  await expectMoodTableMatches(await dashboardMoodTable(page), answer);

  await expectChartDrawn(page, 'Доли тональности', nonEmptyMoods(answer));
  await expectChartDrawn(page, 'Динамика сообщений по тональности', 1);
  // The graph counts the same verified messages as the table (which leaves out those without a mood).
  expect(withMood(daily)).toBe(answer.total.message_count);

  const weekly = await switchRangeStep(page, graphPath, 'По неделям', 'week');
  expect(weekly.length).toBeLessThan(daily.length);
  expect(
    weekly.every((point) => new Date(`${point.date}T00:00:00Z`).getUTCDay() === 1 || point === weekly[0]),
  ).toBe(true);
  const monthly = await switchRangeStep(page, graphPath, 'По месяцам', 'month');
  expect(monthly.length).toBeLessThan(weekly.length);
  expect(monthly.slice(1).every((point) => point.date.endsWith('-01'))).toBe(true);
  expect(withMood(monthly)).toBe(answer.total.message_count);
  expect(allMessages(monthly)).toBe(allMessages(daily));
  expect(allMessages(weekly)).toBe(allMessages(daily));
  await expectChartDrawn(page, 'Динамика сообщений по тональности', 1);
}

test.beforeEach(async ({ page }) => {
  await logIn(page, 'admin', ADMIN_PASSWORD);
});

test('a segment dashboard shows the mood table of the API and draws its charts', async ({ page }) => {
  const rubrics = await apiGet<ListAnswer<RubricRow>>(
    page,
    `${RUBRIC_PATHS.list}?${PERIOD_QUERY}&page_size=200`,
  );
  const busy = rubrics.results
    .filter((rubric) => rubric.message_count > 0)
    .sort((a, b) => b.message_count - a.message_count);
  expect(busy.length, 'demo segments with messages').toBeGreaterThan(0);
  const rubric = busy[0];

  await checkDashboard(page, `/dashboards/rubric?rubric=${rubric.id}&${PERIOD_QUERY}`, 'rubric', rubric.id);
  await expect(page.getByRole('heading', { name: rubric.name })).toBeVisible();
});

test('a personal theme saved on /messages opens as a dashboard with its charts', async ({ page }) => {
  const themes = await apiGet<ListAnswer<ThemeRow>>(
    page,
    `${THEME_LIST_PATHS.list}?${PERIOD_QUERY}&ordering=-message_number&page_size=1`,
  );
  const theme = themes.results[0];
  expect(theme.message_number).toBeGreaterThan(0);
  const name = `Дашборд e2e ${Date.now()}`;

  await page.goto(`/messages?theme_in=${theme.id}`);
  await settledList(page);
  const created = await saveAsPersonalTheme(page, name);
  expect(created.filters.theme_in).toEqual([theme.id]);
  await expect(page.getByText(`Личная тема «${name}» сохранена.`)).toBeVisible();

  await page.goto('/dashboards');
  const card = page.getByRole('region', { name: 'Личные темы' }).getByRole('link', { name, exact: true });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/dashboards/personalTheme/${created.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await checkDashboard(
    page,
    `/dashboards/personalTheme/${created.id}?${PERIOD_QUERY}`,
    'personal',
    created.id,
  );
  // The saved filter is the theme's: the personal dashboard counts what the theme's does.
  const ofTheme = await apiGet<MoodTableAnswer>(
    page,
    `${apiPath(DASHBOARD_PATHS.theme.moodTable, { id: theme.id })}?${PERIOD_QUERY}`,
  );
  const ofPersonal = await apiGet<MoodTableAnswer>(
    page,
    `${apiPath(DASHBOARD_PATHS.personal.moodTable, { id: created.id })}?${PERIOD_QUERY}`,
  );
  expect(ofPersonal.total.message_count).toBe(ofTheme.total.message_count);
});

test('a lom added to the positive list of a theme dashboard is listed, counted and removed', async ({
  page,
}) => {
  const themes = await apiGet<ListAnswer<ThemeRow>>(
    page,
    `${THEME_LIST_PATHS.list}?${PERIOD_QUERY}&ordering=-message_number&page_size=1`,
  );
  const theme = themes.results[0];
  const dashboard = DASHBOARD_PATHS.theme;
  const id = theme.id;
  const countPath = apiPath(dashboard.constantLomCount, { id });
  const availablePath = apiPath(dashboard.allAvailableLoms, { id });
  const before = await apiGet<LomCount>(page, countPath);
  const lom = (await apiGet<ListAnswer<AvailableLom>>(page, `${availablePath}?page_size=1`)).results[0];
  expect(lom, 'a lom not yet in the lists').toBeDefined();

  await page.goto(`/dashboards/loms/${theme.id}`);
  await expect(
    page.getByRole('tab', { name: `Позитивные (${abbreviateNumber(before.positive)})` }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Добавить ЛОМ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить ЛОМ в список' });
  await expect(dialog.getByRole('radio', { name: 'Позитивные' })).toBeChecked();
  const searched = waitForApi(page, availablePath, { query: { search_lom: lom.name } });
  await dialog.getByRole('searchbox', { name: 'Поиск ЛОМ' }).fill(lom.name);
  await searched;
  // The avatar's fallback letter is part of the checkbox's label, so the row is found by its text.
  await dialog
    .locator('[aria-label="Доступные ЛОМ"]')
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${escapeRegExp(lom.name)}$`) })
    .getByRole('checkbox')
    .check();
  const added = waitForApi(page, apiPath(dashboard.addLoms, { id }), { method: 'POST' });
  await dialog.getByRole('button', { name: 'Добавить (1)' }).click();
  expect((await added).status()).toBe(200);
  await expect(dialog).toBeHidden();

  const after = await apiGet<LomCount>(page, countPath);
  expect(after).toEqual({ ...before, positive: before.positive + 1, total: before.total + 1 });
  const positiveTab = page.getByRole('tab', { name: `Позитивные (${abbreviateNumber(after.positive)})` });
  await positiveTab.click();
  await expect(page).toHaveURL(/tab=positive/);
  const positives = await apiGet<ListAnswer<DashboardLom>>(
    page,
    `${apiPath(dashboard.positive, { id })}?page_size=200`,
  );
  expect(positives.results.find((row) => row.id === lom.id)?.tonality).toBe(1);
  const row = page.locator('.ant-table-row').filter({ hasText: lom.name });
  await expect(row).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Список ЛОМ ${lom.name}` })).toBeVisible();

  const removed = waitForApi(page, apiPath(dashboard.removeLoms, { id }), { method: 'DELETE' });
  await page.getByRole('button', { name: `Убрать ${lom.name} из списков` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Убрать' }).click();
  expect((await removed).status()).toBe(200);
  await expect(row).toHaveCount(0);
  await expect(
    page.getByRole('tab', { name: `Позитивные (${abbreviateNumber(before.positive)})` }),
  ).toBeVisible();
  expect(await apiGet<LomCount>(page, countPath)).toEqual(before);
});
