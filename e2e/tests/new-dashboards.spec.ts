import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { NEW_DASHBOARD_CHART_TITLES, NEW_DASHBOARD_CHARTS } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { chooseInMultiSelect, logIn } from './helpers.ts';

// New dashboards as an administrator uses them (issue 15): build a dashboard over two lom groups, see its
// eight charts, make the Word report of their pictures, find it in /reports and read it.

const ADMIN_PASSWORD = 'admin12345';

/** word/document.xml of a .docx, from the zip's local headers (docx writes the sizes there). */
function documentXml(file: Buffer): string {
  let at = 0;
  while (at + 30 < file.length && file.readUInt32LE(at) === 0x04034b50) {
    const method = file.readUInt16LE(at + 8);
    const size = file.readUInt32LE(at + 18);
    const nameLength = file.readUInt16LE(at + 26);
    const extra = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extra;
    const data = file.subarray(start, start + size);
    if (name === 'word/document.xml') return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    at = start + size;
  }
  throw new Error('no word/document.xml in the report');
}

test('an administrator builds a dashboard of two lom groups, sees its charts and downloads its report', async ({
  page,
}) => {
  const name = `Проверка e2e ${Date.now()}`;
  await logIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/new-dashboards');
  await page.getByRole('button', { name: 'Создать дашборд' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill(name);
  // The first two groups, each chosen until the select shows it (a click while the list re-renders is lost).
  await dialog.getByLabel('Группы ЛОМ').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const groups = [(await options.nth(0).innerText()).trim(), (await options.nth(1).innerText()).trim()];
  await page.keyboard.press('Escape');
  for (const group of groups) await chooseInMultiSelect(page, dialog, 'Группы ЛОМ', group);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('new-dashboard-card').filter({ hasText: name });
  await expect(card.locator('.ant-tag')).toHaveCount(2);
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  for (const chart of NEW_DASHBOARD_CHARTS) {
    const box = page.locator(`[data-chart="${chart}"]`);
    await expect(box.getByText(NEW_DASHBOARD_CHART_TITLES[chart], { exact: true })).toBeVisible();
    await expect(box.getByRole('img', { name: NEW_DASHBOARD_CHART_TITLES[chart] })).toBeVisible();
    // the chart's own call has answered
    await expect(box.getByText(/Сообщений|Нет данных/)).toBeVisible();
  }

  await page.getByRole('button', { name: 'Сформировать отчёт' }).click();
  const reportDialog = page.getByRole('dialog');
  const reportName = `Отчёт ${name}`;
  await reportDialog.getByLabel('Название отчёта').fill(reportName);
  await reportDialog.getByRole('button', { name: 'Сформировать отчёт' }).click();
  await expect(reportDialog.getByText('Отчёт формируется')).toBeVisible();

  await page.goto('/reports');
  const row = page.getByRole('row').filter({ hasText: reportName });
  await expect(row.getByText('Готов')).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Скачать' }).click();
  const file = await readFile(await (await download).path());
  const xml = documentXml(file);
  expect(xml).toContain(reportName);
  for (const chart of NEW_DASHBOARD_CHARTS) expect(xml).toContain(NEW_DASHBOARD_CHART_TITLES[chart]);
});

test('the settings dialog sets the message filter: a mood chosen in its filter panel shows on the card', async ({
  page,
}) => {
  const name = `Тональность e2e ${Date.now()}`;
  await logIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/new-dashboards');
  await page.getByRole('button', { name: 'Создать дашборд' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill(name);
  const panel = dialog.getByRole('region', { name: 'Фильтры' });
  await expect(panel.getByLabel('Сортировка')).toHaveCount(0);
  await chooseInMultiSelect(page, panel, 'Тональность', 'Негативное');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('new-dashboard-card').filter({ hasText: name });
  await expect(card.getByText(/Тональность:\s*Негативное/)).toBeVisible();

  // editing shows the stored mood and keeps it when another field changes
  await card.getByRole('button', { name: 'Изменить' }).click();
  await expect(dialog.getByRole('region', { name: 'Фильтры' }).getByText('Негативное')).toBeVisible();
  await dialog.getByLabel('Название').fill(`${name} 2`);
  await dialog.getByLabel('Название').press('Enter');
  await expect(dialog).toBeHidden();
  const renamed = page.getByTestId('new-dashboard-card').filter({ hasText: `${name} 2` });
  await expect(renamed.getByText(/Тональность:\s*Негативное/)).toBeVisible();
});
