import {
  abbreviateNumber,
  apiPath,
  DASHBOARD_PATHS,
  DASHBOARD_PERSONAL_THEME_PATHS,
  DASHBOARD_THEME_PATHS,
  PERSONAL_THEME_PATHS,
} from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, apiPost, type MoodTableAnswer, pickOption, waitForApi } from './messages-helpers.ts';

// Pinned personal themes (api.md §7.5 "Each also exists under personal/"): an extended user pins their own
// personal theme from its dashboard, finds it with its sums among the pinned on /dashboards/theme, opens it,
// unpins it after the confirmation, and pins it again from the picker there.

const TOKEN_KEY = 'monitoring.token';
/** Three months up to tomorrow (UTC), as whole days: the demo writes every day of the last year. */
const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
const PERIOD_QUERY = `wrote_at_after=${day(-90)}&wrote_at_before=${day(1)}`;

async function apiDelete(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async ({ path, key }) =>
      (
        await fetch(path, {
          method: 'DELETE',
          headers: { Authorization: `Token ${window.localStorage.getItem(key) ?? ''}` },
        })
      ).status,
    { path, key: TOKEN_KEY },
  );
}

test('a user pins a personal theme, sees it among the pinned, unpins it and pins it again', async ({
  page,
}) => {
  // Five page loads and a dashboard: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await logIn(page, 'extendedUser');
  const name = `Е2Е закреплённая ${Date.now()}`;
  const created = await apiPost<{ id: number }>(page, PERSONAL_THEME_PATHS.create, {
    name,
    filters: { verified: true },
    type: 1,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;

  try {
    // Pinned from its own dashboard.
    await page.goto(`/dashboards/personalTheme/${id}`);
    // The first load of a dashboard can be slow on a busy machine.
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
    const pinned = waitForApi(page, DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes, { method: 'POST' });
    await page.getByRole('button', { name: 'Закрепить' }).click();
    expect((await pinned).status()).toBe(201);
    await expect(page.getByRole('button', { name: 'Открепить' })).toBeVisible();

    // Listed among the caller's pinned personal themes with the sums of its dashboard.
    await page.goto(`/dashboards/theme?${PERIOD_QUERY}`);
    const region = page.getByRole('region', { name: 'Закреплённые личные темы' });
    const card = region.locator('.ant-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    // The card's sums are those of the theme's own dashboard over the page's period.
    const mine = (
      await apiGet<{ id: number; message_count: number }[]>(
        page,
        `${DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes}?${PERIOD_QUERY}`,
      )
    ).find((theme) => theme.id === id);
    const table = await apiGet<MoodTableAnswer>(
      page,
      `${apiPath(DASHBOARD_PATHS.personal.moodTable, { id })}?${PERIOD_QUERY}`,
    );
    expect(mine?.message_count).toBe(table.total.message_count);
    await expect(card).toContainText(`Сообщений ${abbreviateNumber(table.total.message_count)}`);
    // The shared pinned themes stay a section of their own.
    await expect(page.getByRole('heading', { name: 'Закреплённые темы', exact: true })).toBeVisible();

    // The link keeps the period.
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboards/personalTheme/${id}\\?${PERIOD_QUERY}$`));

    // Unpinned only after the confirmation.
    await page.goto('/dashboards/theme');
    await region.getByLabel(`Открепить личную тему ${name}`).click();
    const confirm = page.locator('.ant-popover:visible');
    await expect(confirm).toContainText(`Открепить личную тему «${name}»?`);
    const unpinned = waitForApi(page, apiPath(DASHBOARD_PERSONAL_THEME_PATHS.pinnedTheme, { id }), {
      method: 'DELETE',
    });
    await confirm.getByRole('button', { name: 'Открепить' }).click();
    expect((await unpinned).status()).toBe(204);
    await expect(region.locator('.ant-card').filter({ hasText: name })).toHaveCount(0);

    // Pinned again from the picker of the page.
    const again = waitForApi(page, DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes, { method: 'POST' });
    await pickOption(page, page.getByRole('combobox', { name: 'Закрепить личную тему' }), name);
    expect((await again).status()).toBe(201);
    await expect(region.locator('.ant-card').filter({ hasText: name })).toBeVisible();
    // Nothing of it shows in the shared pins.
    const shared = await apiGet<{ name: string }[]>(page, DASHBOARD_THEME_PATHS.pinnedThemes);
    expect(shared.map((theme) => theme.name)).not.toContain(name);

    // Deleting the personal theme drops its pin.
    expect(await apiDelete(page, apiPath(PERSONAL_THEME_PATHS.detail, { id }))).toBe(204);
    const left = await apiGet<{ id: number }[]>(page, DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes);
    expect(left.map((theme) => theme.id)).not.toContain(id);
  } finally {
    // A failed run leaves no theme of its own behind (404 once deleted above).
    await apiDelete(page, apiPath(PERSONAL_THEME_PATHS.detail, { id })).catch(() => undefined);
  }
});
