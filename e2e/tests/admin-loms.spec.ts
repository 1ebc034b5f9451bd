import { ADMIN_LOM_PATHS } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { digits, logIn } from './helpers.ts';
import { apiGet, type ListAnswer } from './messages-helpers.ts';

// An administrator merges two loms on /admin-panel/loms, and the messages list of the target
// shows the messages of both (docs/admin-loms.md).

interface AdminLom {
  id: number;
  name: string;
  is_active: boolean;
}

/** The total of the messages list of one lom («… из N»), once it has loaded. */
async function messagesOf(page: Page, lomId: number): Promise<number> {
  await page.goto(`/messages?lom_in=${lomId}`);
  const count = page.locator('.message-list__count');
  await expect(count).toContainText('из');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return digits((await count.textContent())?.split('из')[1] ?? '');
}

test('an administrator merges two loms and the target lists the messages of both', async ({ page }) => {
  await logIn(page, 'admin', 'admin12345');
  const list = await apiGet<ListAnswer<AdminLom>>(
    page,
    `${ADMIN_LOM_PATHS.list}?is_active=true&page_size=500`,
  );
  // The demo's duplicates: two active loms with one name (the list is ordered by name).
  const rows = list.results;
  const index = rows.findIndex((row, i) => i > 0 && rows[i - 1]?.name === row.name);
  expect(index, 'a duplicate pair in the demo').toBeGreaterThan(0);
  const target = rows[index - 1] as AdminLom;
  const merged = rows[index] as AdminLom;

  const before = (await messagesOf(page, target.id)) + (await messagesOf(page, merged.id));
  expect(before).toBeGreaterThan(0);

  await page.goto(`/admin-panel/loms?filter=${encodeURIComponent(target.name)}`);
  // By the row's key (the lom's id): another column of another row may show the same number.
  const rowOf = (id: number) => page.locator(`tbody tr.ant-table-row[data-row-key="${id}"]`);
  await rowOf(merged.id).getByRole('checkbox').check();
  await rowOf(target.id).getByRole('button', { name: 'Объединить в этот' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Объединить 1 ЛОМ в «${target.name}»?`);
  await dialog.getByRole('button', { name: 'Объединить' }).click();
  await expect(page.getByText(/Объединено ЛОМ: 1/)).toBeVisible();
  await expect(rowOf(merged.id)).toContainText('Отключён');

  expect(await messagesOf(page, target.id)).toBe(before);
});
