import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';

// Layout at the two common laptop widths (issue 29): nothing the user needs is cut off.

for (const width of [1280, 1440]) {
  test(`at ${width} px the users table keeps its action buttons on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'admin', 'admin12345');
    await page.goto('/admin-panel/users');
    // «Изменить», «Дерево прав», «Деактивировать» of the first rows.
    const buttons = page.locator('.ant-table-tbody').getByRole('button');
    await expect(
      page.locator('.ant-table-tbody').getByRole('button', { name: 'Изменить' }).first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    for (const button of (await buttons.all()).slice(0, 12)) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
  });

  test(`at ${width} px the pinned themes' titles are whole, not cut mid-word`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'admin', 'admin12345');
    await page.goto('/dashboards/theme');
    const titles = page.locator('section[aria-label="Закреплённые темы"] .ant-card-head-title');
    await expect(titles.first()).toBeVisible({ timeout: 30_000 });
    // A title that does not fit wraps (at most two lines, then «…» with the full name in a tooltip): nothing spills
    // out of the title's box sideways.
    const overflowing = await titles.evaluateAll((nodes) =>
      nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
    );
    expect(overflowing).toEqual([]);
  });

  test(`at ${width} px a scrolled table's header sticks under the navigation, not over or behind it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'admin', 'admin12345');
    await page.goto('/themes');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    const nav = page.locator('.app-header');
    const head = page.locator('.ant-table-sticky-holder');
    // Scroll the table's body well past the top of the window, with the wheel over the table, as a user would; again
    // while the page may still put its period into the URL (which scrolls it back to the top).
    await page.mouse.move(width / 2, 600);
    await expect(async () => {
      await page.mouse.wheel(0, 1000);
      const navHeight = (await nav.boundingBox())?.height ?? 0;
      expect(Math.abs(((await head.boundingBox())?.y ?? -1000) - navHeight)).toBeLessThan(1);
    }).toPass({ timeout: 20_000 });
    // What is at the header's middle is the header, not a pinned cell drawn over it.
    const box = await nav.boundingBox();
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('.app-header') !== null,
      [200, (box?.height ?? 0) / 2],
    );
    expect(onTop).toBe(true);
  });
}
