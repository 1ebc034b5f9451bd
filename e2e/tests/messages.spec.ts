import { mkdirSync, readFileSync, statSync } from 'node:fs';
import {
  apiPath,
  FRAGMENT_PATHS,
  LOM_PATHS,
  MESSAGE_FLAG_PATHS,
  MESSAGE_PATHS,
  REPORT_PATHS,
} from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import {
  apiGet,
  apiPost,
  dragSelect,
  type FragmentAnswer,
  flagFilter,
  type ListAnswer,
  type MessageAnswer,
  type MoodTableAnswer,
  moodTable,
  moodTableCount,
  pickOption,
  settledList,
  waitForApi,
} from './messages-helpers.ts';

const SHOTS = '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

/** The mood the editor filters by (its messages) and the one the new fragment gets. */
const NEGATIVE = { id: 2, label: 'Негативное' };
const AGGRESSIVE = { id: 5, label: 'Агрессивное' };
const TAB_MESSAGES = 'Сообщения';
const TAB_MOODS = 'Тональность и ЛОМ';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * A search that finds the message by its own text: its beginning (up to 200 characters, cut at a word) as one "exact
 * phrase" of the query language, so that nothing in the text (a minus, an OR) is read as an operator. The text goes
 * in as it is, quotes aside: PostgreSQL parses the phrase as it parsed the text, so a hyphenated word («Ростов-на-Дону»,
 * one token and its parts) or an address keeps its positions.
 */
function searchFor(text: string): string {
  const start = text.length <= 200 ? text : text.slice(0, 200).replace(/\s+\S*$/, '');
  return `"${start.replaceAll('"', ' ')}"`;
}

/** The message text search box (web ui/SearchQueryInput): a combobox that offers recent queries. */
const SEARCH_BOX = { name: 'Поиск по тексту сообщений' } as const;

/** The messages page's own query (the filter in the URL) without the tab. */
function listQuery(page: Page): URLSearchParams {
  const query = new URL(page.url()).searchParams;
  query.delete('tab');
  query.delete('stat');
  return query;
}

/**
 * The list on screen must be exactly the API's answer for the URL's filter. The URL
 * changes a moment before the list re-renders, so this retries until both agree.
 */
async function expectListMatchesApi(page: Page, extra: Record<string, string> = {}): Promise<number> {
  let total = -1;
  await expect(async () => {
    await settledList(page);
    const query = listQuery(page);
    for (const [name, value] of Object.entries(extra)) query.set(name, value);
    query.set('page_size', '25');
    const answer = await apiGet<ListAnswer<{ id: number }>>(page, `${MESSAGE_PATHS.list}?${query}`);
    const shown = await page
      .locator('.message-card')
      .evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset.messageId)));
    expect(shown).toEqual(answer.results.map((message) => message.id));
    if (answer.elements_count === 0) {
      await expect(page.getByText('Сообщений не найдено')).toBeVisible({ timeout: 1000 });
    } else {
      await expect(page.locator('.message-list__count')).toContainText(
        `из ${answer.elements_count.toLocaleString('ru-RU')}`,
        { timeout: 1000 },
      );
    }
    total = answer.elements_count;
  }).toPass({ timeout: 15_000 });
  return total;
}

/** Switches the page to a tab; the URL carries it. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** The mood table's number of a mood on the stats tab, once it equals the API's answer for the URL. */
async function moodCount(page: Page, mood: number): Promise<number> {
  let shown = -1;
  await expect(async () => {
    const table = await moodTable(page);
    const query = listQuery(page);
    query.set('verified', 'true');
    const answer = await apiGet<MoodTableAnswer>(page, `${MESSAGE_PATHS.moodTable}?${query}`);
    shown = await moodTableCount(table, mood);
    expect(shown).toBe(answer.mood_table[String(mood)]?.message_count ?? 0);
  }).toPass({ timeout: 15_000 });
  return shown;
}

test.describe
  .serial('a message from the filtered list to its approval', () => {
    let messageId = 0;
    /** The page with the editor's filter, to come back to. */
    let filteredUrl = '';
    let verifiedBefore = 0;

    test('an editor filters the list, makes a fragment of selected text, sets its mood and verifies the message', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1400, height: 1000 });
      await logIn(page, 'editor');
      await page.goto('/messages');
      await settledList(page);

      // The filter panel: the month preset, negative messages, not yet verified.
      let answered = waitForApi(page, MESSAGE_PATHS.list, {
        query: { wrote_at_before: isoDay(new Date()) },
      });
      await page.getByRole('textbox', { name: 'Период' }).first().click();
      await page.locator('.ant-picker-presets li', { hasText: 'Месяц' }).click();
      await answered;
      answered = waitForApi(page, MESSAGE_PATHS.list, { query: { mood_in: String(NEGATIVE.id) } });
      await pickOption(
        page,
        page.getByRole('combobox', { name: 'Тональность', exact: true }),
        NEGATIVE.label,
      );
      await page.keyboard.press('Escape');
      await answered;
      answered = waitForApi(page, MESSAGE_PATHS.list, { query: { verified: 'false' } });
      await pickOption(page, flagFilter(page, 'Проверено'), 'Нет');
      await answered;

      await expect(page).toHaveURL(/[?&]mood_in=2(&|$)/);
      await expect(page).toHaveURL(/[?&]verified=false(&|$)/);
      const url = new URL(page.url());
      const periodStart = url.searchParams.get('wrote_at_after') ?? '';
      expect(url.searchParams.get('wrote_at_before')).toBe(isoDay(new Date()));
      const days = (Date.parse(isoDay(new Date())) - Date.parse(periodStart)) / DAY_MS;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);

      const total = await expectListMatchesApi(page);
      expect(total).toBeGreaterThan(0);
      const cards = page.locator('.message-card');
      for (const card of await cards.all()) {
        // The editor's mood (a card also shows the AI's while it waits for an editor, beside it).
        await expect(card.locator('.message-card__status > .mood-tag')).toHaveText(NEGATIVE.label);
        // Not yet checked: the one status is neither «Проверено» nor «Одобрено» (docs/messages.md).
        await expect(card.locator('[data-status]')).not.toHaveAttribute(
          'data-status',
          /^(verified|approved)$/,
        );
      }
      await page.screenshot({ path: `${SHOTS}/messages-list.png` });
      filteredUrl = page.url();

      // The mood table of the same filter before the change (it counts verified messages).
      await openTab(page, TAB_MOODS);
      await expect(page).toHaveURL(/[?&]tab=2(&|$)/);
      verifiedBefore = await moodCount(page, NEGATIVE.id);
      await openTab(page, TAB_MESSAGES);
      await settledList(page);

      // Open the first message of the list that has no fragment yet.
      const first = cards.filter({ hasNotText: 'Фрагментов:' }).first();
      await expect(first, 'a negative message to verify, without fragments').toBeVisible();
      messageId = Number(await first.getAttribute('data-message-id'));
      await first.getByRole('link', { name: 'Открыть' }).click();
      await expect(page).toHaveURL(new RegExp(`/messages/${messageId}$`));
      const body = page.locator('.selectable-text__text');
      await expect(body).toBeVisible();
      const before = await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id: messageId }));
      expect(before.mood).toBe(NEGATIVE.id);
      expect(before.verified).toBe(false);
      expect(before.fragments).toEqual([]);

      // Words two to four of the text (or all of a short one), selected with the mouse.
      const words = [...before.text.matchAll(/[\p{L}\p{N}]+/gu)];
      expect(words.length).toBeGreaterThan(0);
      const from = words.length >= 4 ? words[1] : words[0];
      const to = words.length >= 4 ? words[3] : words[words.length - 1];
      const start = from.index;
      const end = to.index + to[0].length;
      await dragSelect(page, body, start, end);
      const popover = page.getByRole('dialog', { name: 'Выделенный текст' });
      await expect(popover).toBeVisible();

      const created = waitForApi(page, apiPath(MESSAGE_PATHS.fragment, { id: messageId }), {
        method: 'POST',
      });
      await popover.getByRole('button', { name: 'Создать фрагмент' }).click();
      const createdResponse = await created;
      expect(createdResponse.status()).toBe(201);
      const fragment = (await createdResponse.json()) as FragmentAnswer;
      expect(fragment).toMatchObject({ start, end, text: before.text.slice(start, end) });
      await expect(page.getByText('Фрагмент создан')).toBeVisible();
      await expect(popover).toBeHidden();

      const item = page.locator(`.fragment-item[data-fragment-id="${fragment.id}"]`);
      await expect(item).toBeVisible();
      await expect(item.locator('.fragment-item__text')).toHaveText(fragment.text);
      await expect(item.locator('.fragment-item__meta')).toContainText(`${start}–${end}`);
      const highlight = body.locator(`.message-text__highlight[data-start="${start}"]`);
      await expect(highlight).toHaveAttribute('data-end', String(end));
      await expect(highlight).toHaveText(fragment.text);

      // The fragment's mood.
      const edited = waitForApi(page, apiPath(FRAGMENT_PATHS.edit, { id: fragment.id }), { method: 'PATCH' });
      await pickOption(
        page,
        page.getByRole('combobox', { name: `Тональность фрагмента ${fragment.id}` }),
        AGGRESSIVE.label,
      );
      expect((await edited).status()).toBe(200);
      await expect(item.locator('.ant-select').first()).toContainText(AGGRESSIVE.label);
      await expect(highlight).toHaveAttribute('title', `Фрагмент: ${AGGRESSIVE.label}`);

      // Verify the message.
      const verify = page.getByRole('button', { name: 'Проверено', exact: true });
      const verified = waitForApi(page, apiPath(MESSAGE_FLAG_PATHS.v2.verify, { id: messageId }), {
        method: 'PATCH',
      });
      await verify.click();
      if (!before.theme) {
        // «Проверено» on a message without a theme asks first, naming what is missing (docs/messages.md).
        const confirm = page.locator('.ant-modal-confirm');
        await expect(confirm).toContainText('Отметить сообщение проверенным?');
        await expect(confirm).toContainText('У сообщения нет темы.');
        await confirm.getByRole('button', { name: 'Да, проверено' }).click();
      }
      expect((await verified).status()).toBe(200);
      await expect(verify).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.message-header [data-status]')).toHaveText('Статус: Проверено');
      await expect(page.locator('.ant-card-head-title', { hasText: 'Фрагменты (1)' })).toBeVisible();
      // The selection scrolled the page a little; the sticky header would cover a full-page shot.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/message-editor.png`, fullPage: true });

      // What the server holds.
      const saved = await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id: messageId }));
      expect(saved.verified).toBe(true);
      expect(saved.verified_by_super_editor).toBe(false);
      expect(saved.fragments).toHaveLength(1);
      expect(saved.fragments[0]).toMatchObject({
        id: fragment.id,
        start,
        end,
        text: before.text.slice(start, end),
        mood: AGGRESSIVE.id,
      });

      // Back on the filtered list: the mood table counts one more verified negative message,
      // and the message left the «not verified» list.
      await page.goto(filteredUrl);
      await expectListMatchesApi(page);
      await expect(page.locator(`.message-card[data-message-id="${messageId}"]`)).toHaveCount(0);
      await openTab(page, TAB_MOODS);
      expect(await moodCount(page, NEGATIVE.id)).toBe(verifiedBefore + 1);
    });

    test('a super editor approves the verified message from the approval queue', async ({ page }) => {
      expect(messageId, 'the editor test ran first').toBeGreaterThan(0);
      await page.setViewportSize({ width: 1400, height: 1000 });
      await logIn(page, 'superEditor');
      // The super editor's messages link is the approval queue (docs/permissions.md).
      await page.locator('[data-nav-key="messages"]').click();
      await expect(page).toHaveURL(/[?&]verified=true&verified_by_super_editor=false(&|$)/);
      await settledList(page);
      let answered = waitForApi(page, MESSAGE_PATHS.list, { query: { mood_in: String(NEGATIVE.id) } });
      await pickOption(
        page,
        page.getByRole('combobox', { name: 'Тональность', exact: true }),
        NEGATIVE.label,
      );
      await page.keyboard.press('Escape');
      await answered;

      // The mood table before: the queue's negatives, and the approved negatives.
      await openTab(page, TAB_MOODS);
      const queueBefore = await moodCount(page, NEGATIVE.id);
      await pickOption(page, flagFilter(page, 'Одобрено'), 'Да');
      await expect(page).toHaveURL(/[?&]verified_by_super_editor=true(&|$)/);
      const approvedBefore = await moodCount(page, NEGATIVE.id);
      await pickOption(page, flagFilter(page, 'Одобрено'), 'Нет');
      await expect(page).toHaveURL(/[?&]verified_by_super_editor=false(&|$)/);
      await openTab(page, TAB_MESSAGES);

      // Find the message by its text, select it and approve.
      const search = searchFor(
        (await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id: messageId }))).text,
      );
      answered = waitForApi(page, MESSAGE_PATHS.list, { query: { search } });
      await page.getByRole('combobox', SEARCH_BOX).fill(search);
      await page.keyboard.press('Enter');
      await answered;
      await expectListMatchesApi(page);
      const card = page.locator(`.message-card[data-message-id="${messageId}"]`);
      await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'verified');
      await card.getByRole('checkbox', { name: `Выбрать сообщение ${messageId}` }).check();
      await expect(page.getByRole('toolbar', { name: 'Действия с выбранными' })).toContainText('Выбрано: 1');

      const approved = waitForApi(page, MESSAGE_PATHS.approve, { method: 'POST' });
      await page.getByRole('button', { name: 'Одобрить выбранные' }).click();
      const approval = await approved;
      expect(approval.status()).toBe(202);
      expect(approval.request().postDataJSON()).toEqual({ messages: [messageId] });
      await expect(page.getByText('Одобрено сообщений: 1')).toBeVisible();
      // The queue holds messages not yet approved: this one has left it.
      await expect(card).toHaveCount(0);
      await expectListMatchesApi(page);

      const saved = await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id: messageId }));
      expect(saved.verified).toBe(true);
      expect(saved.verified_by_super_editor).toBe(true);

      // The mood table after: one negative fewer in the queue, one more approved.
      await page.getByRole('combobox', SEARCH_BOX).clear();
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/[?&]search=/);
      await openTab(page, TAB_MOODS);
      expect(await moodCount(page, NEGATIVE.id)).toBe(queueBefore - 1);
      await pickOption(page, flagFilter(page, 'Одобрено'), 'Да');
      await expect(page).toHaveURL(/[?&]verified_by_super_editor=true(&|$)/);
      expect(await moodCount(page, NEGATIVE.id)).toBe(approvedBefore + 1);
      await page.screenshot({ path: `${SHOTS}/mood-table.png`, fullPage: true });
    });

    test('a reader finds the message among the verified ones with both marks', async ({ page }) => {
      expect(messageId, 'the editor test ran first').toBeGreaterThan(0);
      await logIn(page, 'user');
      await page.goto('/messages');
      await settledList(page);
      const saved = await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id: messageId }));
      const search = searchFor(saved.text);

      await openTab(page, 'Проверенные');
      await expect(page).toHaveURL(/[?&]tab=1(&|$)/);
      // The tab fixes «Проверено» itself.
      await expect(flagFilter(page, 'Проверено')).toBeDisabled();
      const answered = waitForApi(page, MESSAGE_PATHS.list, { query: { search, verified: 'true' } });
      await page.getByRole('combobox', SEARCH_BOX).fill(search);
      await page.keyboard.press('Enter');
      await answered;
      await expectListMatchesApi(page, { verified: 'true' });

      const card = page.locator(`.message-card[data-message-id="${messageId}"]`);
      // Verified and approved: one status, the approval (docs/messages.md "Status and flags").
      await expect(card.locator('[data-status]')).toHaveText('Статус: Одобрено');
      await expect(card).toContainText('Фрагментов: 1');
      for (const other of await page.locator('.message-card').all()) {
        await expect(other.locator('[data-status]')).toHaveAttribute('data-status', /^(verified|approved)$/);
      }
    });
  });

test('the Excel list of the filtered messages downloads with a progress bar', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/messages');
  await settledList(page);
  const answered = waitForApi(page, MESSAGE_PATHS.list, { query: { wrote_at_before: isoDay(new Date()) } });
  await page.getByRole('textbox', { name: 'Период' }).first().click();
  await page.locator('.ant-picker-presets li', { hasText: 'Неделя' }).click();
  await answered;
  await expect(page).toHaveURL(/[?&]wrote_at_after=\d{4}-\d\d-\d\d&wrote_at_before=/);
  const total = await expectListMatchesApi(page);
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Отчёты' }).click();
  await page.getByRole('menuitem', { name: 'Excel: список сообщений' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excel: список сообщений' });
  await expect(dialog).toContainText(`${total.toLocaleString('ru-RU')} сообщений`);

  // Hold the file until the dialog shows its progress bar, then pass the server's answer on.
  const progress = dialog.getByRole('progressbar');
  await page.route(`**${REPORT_PATHS.xlsx.file}**`, async (route) => {
    const response = await route.fetch();
    await expect(progress).toBeVisible();
    await route.fulfill({ response });
  });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = `${SHOTS}/${download.suggestedFilename()}`;
  await download.saveAs(path);
  expect(statSync(path).size).toBeGreaterThan(0);
  // An .xlsx is a zip archive.
  expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText(`Отчёт готов: ${download.suggestedFilename()}`)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a fragment of a message with emoji and markup covers exactly the words selected', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/messages');
  await settledList(page);
  // A hand-made message whose stored text differs from the shown one (§5 strips emoji and tags).
  // Any lom will do; the newest message may have none (the demo's period moves with the clock).
  const [lom] = (await apiGet<ListAnswer<{ id: number }>>(page, `${LOM_PATHS.list}?page_size=1`)).results;
  const created = await apiPost<{ id: number }>(page, MESSAGE_PATHS.create, {
    lom_id: lom.id,
    text: 'Срочно 🔥 <b>Мост</b> через реку открыт<br>для всех 🚗 с понедельника',
    wrote_at: new Date().toISOString(),
    message_type: 0,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;

  await page.goto(`/messages/${id}`);
  const body = page.locator('.selectable-text__text');
  await expect(body).toContainText('Мост через реку открыт');
  const shown = (await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id }))).text;
  const start = shown.indexOf('через');
  const end = shown.indexOf('понедельника') + 'понедельника'.length;
  await dragSelect(page, body, start, end);
  const popover = page.getByRole('dialog', { name: 'Выделенный текст' });
  const answered = waitForApi(page, apiPath(MESSAGE_PATHS.fragment, { id }), { method: 'POST' });
  await popover.getByRole('button', { name: 'Создать фрагмент' }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(201);
  await expect(page.getByText('Фрагмент создан')).toBeVisible();

  const [fragment] = (await apiGet<MessageAnswer>(page, apiPath(MESSAGE_PATHS.detail, { id }))).fragments;
  expect(fragment).toMatchObject({ start, end, text: shown.slice(start, end) });
  // The highlight covers the selected words, across the line break.
  const item = page.locator(`.fragment-item[data-fragment-id="${fragment.id}"]`);
  await expect(item.locator('.fragment-item__text')).toHaveText('через реку открытдля всех  с понедельника');
  await expect(body.locator('.message-text__highlight').first()).toHaveText('через реку открыт');
  await expect(body.locator('.message-text__highlight').last()).toHaveText('для всех  с понедельника');
});
