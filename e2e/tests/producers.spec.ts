import {
  apiPath,
  PRODUCER_GRAPH_PATHS,
  PRODUCER_GRAPHS,
  PRODUCER_PATHS,
  type ProducerDetailResponse,
  type ProducerGraphResponse,
  type ProducerListResponse,
} from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, waitForApi } from './messages-helpers.ts';

// Producer centers (issue 17): the list, a center opened from it with its charts, the §9 display override
// (id 9 shows 135 loms, id 23 shows 46), the integration charts' plan targets, an unknown center.

test('open a producer center and see its charts and the override', async ({ page }) => {
  await logIn(page, 'user');
  const list = waitForApi(page, PRODUCER_PATHS.list);
  await page.goto('/producers');
  expect((await list).status()).toBe(200);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(21);

  // The most loms first: the override puts id 9 (135) on top.
  // One click at a time: a click while the table reloads is lost, so each waits for its own answer.
  const header = table.getByRole('columnheader', { name: 'Количество ЛОМ' });
  const ascending = waitForApi(page, PRODUCER_PATHS.list, { query: { ordering: 'loms_count' } });
  await header.click();
  await ascending;
  await expect(page).toHaveURL(/ordering=loms_count/);
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  const sorted = waitForApi(page, PRODUCER_PATHS.list, { query: { ordering: '-loms_count' } });
  await header.click();
  await sorted;
  await expect(page).toHaveURL(/ordering=-loms_count/);
  const center9 = await apiGet<ProducerDetailResponse>(page, apiPath(PRODUCER_PATHS.detail, { id: 9 }));
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText(center9.name);
  await expect(firstRow).toContainText('135');

  const graphs = PRODUCER_GRAPHS.map((graph) =>
    waitForApi(page, PRODUCER_GRAPH_PATHS[graph], { query: { pc_in: '9' } }),
  );
  await firstRow.getByRole('button', { name: center9.name }).click();
  await expect(page).toHaveURL(/center=9/);
  for (const answer of await Promise.all(graphs)) expect(answer.status()).toBe(200);
  const panel = page.getByRole('region', { name: 'Продюсерский центр' });
  await expect(panel.getByRole('heading', { name: center9.name })).toBeVisible();
  await expect(panel.getByTestId('producer-loms-count')).toHaveText('135');
  await expect(panel.locator('[data-graph]')).toHaveCount(PRODUCER_GRAPHS.length);
  await expect(panel.locator('[data-graph="radar"] svg')).toBeVisible();
  await expect(panel.locator('[data-graph="movies"] svg')).toContainText('52 %');
  await expect(panel.locator('[data-graph="grants"] svg')).toContainText('95 %');

  const movies = await apiGet<ProducerGraphResponse>(page, `${PRODUCER_GRAPH_PATHS.movies}?pc_in=9`);
  expect([movies.series[0]?.data[0], movies.series[0]?.data[2], movies.series[0]?.data[3]]).toEqual([
    52, 20, 50,
  ]);

  await page.goto('/producers?center=23');
  await expect(page.getByTestId('producer-loms-count')).toHaveText('46');

  await page.goto('/producers?center=987654');
  await expect(page.getByText('Продюсерский центр не найден')).toBeVisible();
});

test('every center at once: the list has its messages, the charts draw every center', async ({ page }) => {
  await logIn(page, 'user');
  // No center open or chosen: every graph is asked without pc_in (producer_center_days' row of every center).
  const graphs = PRODUCER_GRAPHS.map((graph) =>
    page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === PRODUCER_GRAPH_PATHS[graph] &&
        !new URL(res.url()).searchParams.has('pc_in'),
    ),
  );
  const list = waitForApi(page, PRODUCER_PATHS.list, { query: { ordering: '-messages' } });
  await page.goto('/producers?ordering=-messages');
  expect((await list).status()).toBe(200);
  for (const answer of await Promise.all(graphs)) expect(answer.status()).toBe(200);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Публикации за период' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Просмотры за период' })).toBeVisible();
  const charts = page.getByRole('region', { name: 'Графики центров' });
  await expect(charts.getByRole('heading', { name: 'Все продюсерские центры' })).toBeVisible();
  await expect(charts.locator('[data-graph]')).toHaveCount(PRODUCER_GRAPHS.length);
  await expect(charts.locator('[data-graph="posts"] svg')).toBeVisible();
  // The list's first row has the most messages of the period, and the posts chart sums at least its messages.
  const listed = await apiGet<ProducerListResponse>(page, `${PRODUCER_PATHS.list}?ordering=-messages`);
  const posts = await apiGet<ProducerGraphResponse>(page, PRODUCER_GRAPH_PATHS.posts);
  const top = listed.results[0]?.messages ?? 0;
  expect(top).toBeGreaterThan(0);
  expect(posts.series[0]?.data.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(top);
});
