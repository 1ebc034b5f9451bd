import { PERSONAL_THEME_PATHS } from '@monitoring/contracts';
import { expect, type Locator, type Page, type Response } from '@playwright/test';

// Helpers of the messages flows: the API as the browser's user sees it, antd
// selects, a mouse selection over message text and the mood table's numbers.

/** Where the web app keeps the token (web/src/api/token.ts). */
const TOKEN_KEY = 'monitoring.token';

/** GET an API path with the logged-in user's token, from inside the page. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, key }) => {
      const response = await fetch(path, {
        headers: { Authorization: `Token ${window.localStorage.getItem(key) ?? ''}` },
      });
      return { status: response.status, body: await response.text() };
    },
    { path, key: TOKEN_KEY },
  );
  expect(answer.status, `GET ${path}: ${answer.body}`).toBe(200);
  return JSON.parse(answer.body) as T;
}

/** POST JSON to an API path with the logged-in user's token; answers status and body. */
export async function apiPost<T>(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await page.evaluate(
    async ({ path, key, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Token ${window.localStorage.getItem(key) ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    { path, key: TOKEN_KEY, body },
  );
  return { status: answer.status, body: JSON.parse(answer.body) as T };
}

/** Waits for an answer of the API path (no query), optionally with a method and query conditions. */
export function waitForApi(
  page: Page,
  path: string | RegExp,
  { method = 'GET', query = {} }: { method?: string; query?: Record<string, string> } = {},
): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    const request = response.request();
    if (request.method() !== method) return false;
    if (typeof path === 'string' ? url.pathname !== path : !path.test(url.pathname)) return false;
    return Object.entries(query).every(([name, value]) => url.searchParams.get(name) === value);
  });
}

/** «Сохранить как личную тему» on /messages: names the theme, saves it (201) and answers what the server saved. */
export async function saveAsPersonalTheme(
  page: Page,
  name: string,
): Promise<{ id: number; filters: Record<string, unknown> }> {
  await page.getByRole('button', { name: 'Сохранить как личную тему' }).click();
  const dialog = page.getByRole('dialog', { name: 'Личная тема' });
  await expect(dialog).toBeVisible();
  // The dialog's opening animation is over before typing and saving.
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  await dialog.getByLabel('Название темы').fill(name);
  const saved = waitForApi(page, PERSONAL_THEME_PATHS.create, { method: 'POST' });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  return (await answer.json()) as { id: number; filters: Record<string, unknown> };
}

/** Opens an antd select and picks the option with the given title. */
export async function pickOption(page: Page, select: Locator, title: string): Promise<void> {
  await select.click();
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);
  await option.click();
}

/** The flag filter select of the filter panel (Проверено, Одобрено, …). */
export function flagFilter(page: Page, label: string): Locator {
  return page.getByRole('combobox', { name: label, exact: true });
}

/** Waits until the messages list (or its empty state) has answered and shows no stale page. */
export async function settledList(page: Page): Promise<void> {
  await expect(page.locator('.message-list[aria-busy="false"], .ant-empty').first()).toBeVisible();
  await expect(page.locator('.message-list[aria-busy="true"], .message-list__items--stale')).toHaveCount(0);
}

/**
 * Selects source characters [start, end) of rendered message text with a real
 * mouse drag: the button goes down on the left half of the first character and
 * comes up on the right half of the last one.
 */
export async function dragSelect(page: Page, text: Locator, start: number, end: number): Promise<void> {
  const points = await text.evaluate(
    (root, { start, end }) => {
      /** The viewport box of the character at a source offset (pieces carry data-start/data-end). */
      const charBox = (offset: number) => {
        const pieces = Array.from(root.querySelectorAll<HTMLElement>('[data-start]'));
        const piece = pieces.find(
          (p) => Number(p.dataset.start) <= offset && offset < Number(p.dataset.end) && p.firstChild,
        );
        const node = piece?.firstChild;
        if (!piece || !(node instanceof Text)) throw new Error(`no text at offset ${offset}`);
        const range = document.createRange();
        const at = offset - Number(piece.dataset.start);
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
        return { left: rect.left, right: rect.right, y: rect.top + rect.height / 2 };
      };
      const first = charBox(start);
      const last = charBox(end - 1);
      return { from: { x: first.left + 1, y: first.y }, to: { x: last.right - 1, y: last.y } };
    },
    { start, end },
  );
  await page.mouse.move(points.from.x, points.from.y);
  await page.mouse.down();
  await page.mouse.move(points.to.x, points.to.y, { steps: 12 });
  await page.mouse.up();
}

/** A count as the mood table prints it (formatCount): digits below a thousand. */
function parseCount(text: string): number {
  const match = /^\s*(\d+)\s*(\(|$)/.exec(text);
  if (!match) throw new Error(`not an exact count: «${text}»`);
  return Number(match[1]);
}

/** The mood table of the messages page once it has loaded. */
export async function moodTable(page: Page): Promise<Locator> {
  const table = page.getByRole('region', { name: 'Тональность проверенных сообщений' });
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  return table;
}

/** The «Сообщений» number of a mood's row (row keys are mood ids). */
export async function moodTableCount(table: Locator, mood: number): Promise<number> {
  const cell = table.locator(`tr[data-row-key="${mood}"] td`).nth(1);
  return parseCount(await cell.innerText());
}

export interface MoodTableAnswer {
  mood_table: Record<string, { message_count: number }>;
  total: { message_count: number };
}

export interface ListAnswer<T> {
  results: T[];
  elements_count: number;
}

export interface FragmentAnswer {
  id: number;
  text: string;
  start: number;
  end: number;
  mood: number | null;
}

export interface MessageAnswer {
  id: number;
  text: string;
  mood: number | null;
  theme: { id: number; name: string } | null;
  verified: boolean;
  verified_by_super_editor: boolean;
  fragments: FragmentAnswer[];
}
