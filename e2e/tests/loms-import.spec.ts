import { readFile } from 'node:fs/promises';
import { apiPath, CLIENT_EXCEL_PATHS, LOM_PATHS } from '@monitoring/contracts';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { logIn } from './helpers.ts';
import { apiGet, waitForApi } from './messages-helpers.ts';

// The Excel import of loms (issue 4, api.md §7.4, docs/client-excel.md): the demo
// editor imports a workbook built here — a found lom, a new one and a bad row —
// downloads both result files and reads them back, then deletes the upload.

const UPLOADS = CLIENT_EXCEL_PATHS.uploads;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface LomSource {
  id: number;
  lom_source_url: string;
  coverage: number;
  source: { id: number; name: string };
}
interface Lom {
  id: number;
  name: string;
  lom_sources: LomSource[];
}
interface Envelope<T> {
  results: T[];
  elements_count: number;
}
interface Upload {
  id: number;
  file_name: string;
  rows_total: number;
  loms_created: number;
  loms_updated: number;
  rows_matched: number;
  errors_count: number;
  upload_report_id: number | null;
}

type Cell = string | number | null;

/** An .xlsx of the given header and rows, as the user would save it from Excel. */
async function workbook(header: string[], rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ЛОМ');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The first sheet of a downloaded workbook as rows of plain values, the header first. */
async function readSheet(bytes: Buffer): Promise<Cell[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const sheet = book.worksheets[0];
  const rows: Cell[][] = [];
  sheet.eachRow((row) => {
    const cells: Cell[] = [];
    for (let col = 1; col <= sheet.columnCount; col++) {
      const value = row.getCell(col).value;
      cells.push(value === undefined || value === null ? null : (value as string | number));
    }
    rows.push(cells);
  });
  return rows;
}

/** Clicks a button that hands a file to the browser and answers the file with its name. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await bytesOf(file) };
}

async function bytesOf(file: Download): Promise<Buffer> {
  const path = await file.path();
  return readFile(path);
}

async function openImport(page: Page): Promise<Locator> {
  await page.goto('/loms');
  await page.getByRole('button', { name: 'Импорт из Excel' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Импорт ЛОМ из Excel' });
  await expect(drawer.getByText('Скачать шаблон')).toBeVisible();
  return drawer;
}

async function upload(drawer: Locator, name: string, buffer: Buffer, mimeType = XLSX_TYPE): Promise<void> {
  await drawer.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

test('an editor imports loms from Excel, downloads both reports and deletes the upload', async ({ page }) => {
  await logIn(page, 'editor');

  // A lom of the demo data with an account, to be found by its address.
  const loms = await apiGet<Envelope<Lom>>(page, `${LOM_PATHS.list}?page_size=20`);
  const found = loms.results.find((lom) => lom.lom_sources.length > 0);
  if (!found) throw new Error('the demo data has no lom with an account');
  const foundUrl = found.lom_sources[0].lom_source_url;

  const stamp = Date.now();
  const newUrl = `https://t.me/e2e_import_${stamp}`;
  const newName = `Импорт E2E ${stamp}`;
  const badUrl = `https://vk.com/e2e_bad_${stamp}`;
  const fileName = `ЛОМ e2e ${stamp}.xlsx`;
  const file = await workbook(
    ['Ссылка на аккаунт', 'Площадка', 'Имя', 'Подписчики', 'Категория'],
    [
      // The address differs from the stored one only in what matching ignores.
      [foundUrl.replace(/^https?:\/\//i, '').toUpperCase(), null, null, null, null],
      [newUrl, 'Telegram', newName, '12 345', 'Блогер'],
      [badUrl, 'ВКонтакте', 'Плохая строка', 'много', null],
    ],
  );

  const drawer = await openImport(page);
  await drawer.getByLabel('Создавать новых ЛОМ').check();
  const answer = waitForApi(page, UPLOADS, { method: 'POST', query: { force_create_lom: 'true' } });
  await upload(drawer, fileName, file);
  const response = await answer;
  expect(response.status()).toBe(201);
  const created = (await response.json()) as Upload;

  // The summary of the upload.
  const summary = drawer.getByLabel('Итог загрузки');
  await expect(drawer.getByText(`Файл «${fileName}» загружен`)).toBeVisible();
  const count = (key: string) => summary.locator(`[data-count="${key}"] dd`);
  await expect(count('rows')).toHaveText('3');
  await expect(count('created')).toHaveText('1');
  await expect(count('updated')).toHaveText('0');
  await expect(count('matched')).toHaveText('1');
  await expect(count('errors')).toHaveText('1');

  // reportFile: the imported rows with the lom each landed on.
  const report = await download(page, summary.getByLabel(`Отчёт по загрузке «${fileName}»`));
  expect(report.name).toBe(`Отчёт Медиалогии — ЛОМ e2e ${stamp}.xlsx`);
  const reportRows = await readSheet(report.bytes);
  expect(reportRows[0]).toEqual([
    'Строка',
    'Ссылка на аккаунт',
    'Площадка',
    'Имя',
    'ID ЛОМ',
    'ID аккаунта',
    'Статус',
  ]);
  expect(reportRows).toHaveLength(3);
  const [, foundRow, newRow] = reportRows;
  expect([foundRow[0], foundRow[4], foundRow[6]]).toEqual([2, found.id, 'Найден']);
  expect([newRow[0], newRow[1], newRow[2], newRow[3], newRow[6]]).toEqual([
    3,
    newUrl,
    'Telegram',
    newName,
    'Создан',
  ]);
  const newLomId = Number(newRow[4]);
  const newSourceId = Number(newRow[5]);

  // logsFile: every data row, the bad one with its reason.
  const log = await download(page, summary.getByLabel(`Лог загрузки «${fileName}»`, { exact: true }));
  expect(log.name).toBe(`Журнал загрузки — ЛОМ e2e ${stamp}.xlsx`);
  const logRows = await readSheet(log.bytes);
  expect(logRows[0]).toEqual(['Строка', 'Ссылка на аккаунт', 'Статус', 'Причина']);
  expect(logRows.slice(1).map((row) => [row[0], row[2]])).toEqual([
    [2, 'Найден'],
    [3, 'Создан'],
    [4, 'Ошибка'],
  ]);
  expect(logRows[3][1]).toBe(badUrl);
  expect(logRows[3][3]).toBe('Подписчики: ожидается целое неотрицательное число, в файле «много»');

  // The same log as CSV: semicolons, UTF-8 with a BOM.
  const csv = await download(page, summary.getByLabel(`Лог загрузки «${fileName}» в CSV`));
  expect(csv.name).toBe(`Журнал загрузки — ЛОМ e2e ${stamp}.csv`);
  const csvText = csv.bytes.toString('utf8');
  expect(csvText.startsWith('\uFEFFСтрока;Ссылка на аккаунт;Статус;Причина\r\n')).toBe(true);
  expect(csvText).toContain(`4;${badUrl};Ошибка;Подписчики: ожидается целое неотрицательное число`);

  // The new lom exists, with its account and coverage; the bad row wrote nothing.
  const lom = await apiGet<Lom & { category: string | null; subscribers: number }>(
    page,
    apiPath(LOM_PATHS.detail, { id: newLomId }),
  );
  expect(lom.name).toBe(newName);
  expect(lom.category).toBe('Блогер');
  expect(lom.lom_sources.map((s) => [s.id, s.lom_source_url, s.coverage, s.source.name])).toEqual([
    [newSourceId, newUrl, 12345, 'Telegram'],
  ]);
  const bad = await apiGet<Envelope<Lom>>(
    page,
    `${LOM_PATHS.list}?search=${encodeURIComponent('Плохая строка')}`,
  );
  expect(bad.elements_count).toBe(0);

  // The history lists the upload; «Удалить» asks first, then removes it with its files.
  const history = drawer.getByLabel('История загрузок');
  const row = history.locator('tr').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('editor');
  await row.getByLabel(`Удалить загрузку «${fileName}»`).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Удалить загрузку?' });
  await expect(confirm).toBeVisible();
  const reportId = created.upload_report_id;
  if (reportId === null) throw new Error('the upload has no report to delete');
  const removal = waitForApi(page, apiPath(CLIENT_EXCEL_PATHS.uploadReport, { id: reportId }), {
    method: 'DELETE',
  });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  expect((await removal).status()).toBe(204);
  await expect(row).toHaveCount(0);
  const after = await apiGet<Envelope<Upload>>(page, `${UPLOADS}?page_size=100`);
  expect(after.results.some((u) => u.id === created.id)).toBe(false);
  // The lom the upload created stays.
  expect((await apiGet<Lom>(page, apiPath(LOM_PATHS.detail, { id: newLomId }))).name).toBe(newName);
});

test('a file that is not a usable workbook is refused with the server’s message, and nothing is written', async ({
  page,
}) => {
  await logIn(page, 'editor');
  const before = await apiGet<Envelope<Upload>>(page, UPLOADS);
  const drawer = await openImport(page);
  const error = drawer.getByTestId('lom-import-error');

  // Named .xlsx but not a workbook: only the server can tell.
  let answer = waitForApi(page, UPLOADS, { method: 'POST' });
  await upload(drawer, 'не книга.xlsx', Buffer.from('Ссылка на аккаунт;Имя\n', 'utf8'));
  expect((await answer).status()).toBe(400);
  await expect(error).toHaveText('Файл должен быть книгой Excel в формате .xlsx');

  // A workbook with a column the import does not know.
  answer = waitForApi(page, UPLOADS, { method: 'POST' });
  await upload(
    drawer,
    'лишняя колонка.xlsx',
    await workbook(['Ссылка на аккаунт', 'Телефон'], [['https://t.me/x', '1']]),
  );
  expect((await answer).status()).toBe(400);
  await expect(error).toContainText(
    'Неизвестная колонка «Телефон» в файле. Допустимые колонки: «Ссылка на аккаунт»',
  );

  // Another kind of file never leaves the browser.
  await upload(drawer, 'loms.csv', Buffer.from('a;b\n', 'utf8'), 'text/csv');
  await expect(error).toHaveText(
    'Файл «loms.csv» не загружен: можно загрузить только книгу Excel в формате .xlsx',
  );

  await expect(drawer.getByLabel('Итог загрузки')).toHaveCount(0);
  const after = await apiGet<Envelope<Upload>>(page, UPLOADS);
  expect(after.elements_count).toBe(before.elements_count);
});
