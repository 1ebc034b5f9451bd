import { CONVERSATION_PATHS, type ConversationListResponse } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet } from './messages-helpers.ts';

// Conversations (issue 17): the list, one conversation in its drawer, and a transcript line
// followed to the message made of it.

test('open a conversation and follow a transcript line to its message', async ({ page }) => {
  await logIn(page, 'user');
  await page.locator('[data-nav-key="conversations"]').first().click();
  await expect(page).toHaveURL(/\/conversations/);
  const list = await apiGet<ConversationListResponse>(page, `${CONVERSATION_PATHS.list}?page_size=100`);
  expect(list.results.length).toBeGreaterThan(0);

  // The first conversation of the list whose transcript links a message.
  let found: { id: number; name: string; messageId: number } | null = null;
  for (const item of list.results) {
    const detail = await apiGet<{ json: { results: { message_id: number | null }[] } }>(
      page,
      `${CONVERSATION_PATHS.list}${item.id}/`,
    );
    const line = detail.json.results.find((r) => r.message_id !== null);
    if (line?.message_id) {
      found = { id: item.id, name: item.name, messageId: line.message_id };
      break;
    }
  }
  expect(found).not.toBeNull();
  if (!found) return;

  await page.goto(`/conversations?conversation=${found.id}`);
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('Расшифровка')).toBeVisible();
  await expect(drawer.getByText('Источник')).toBeVisible();
  await expect(drawer.locator('.transcript-line').first()).toBeVisible();
  await drawer.getByRole('link', { name: `Сообщение №${found.messageId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${found.messageId}$`));
});

test('the open conversation is in the URL; an unknown one is the 404 page', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/conversations');
  await page.locator('.conversation-name').first().click();
  await expect(page).toHaveURL(/conversation=\d+/);
  await expect(page.locator('.ant-drawer').getByText('Расшифровка')).toBeVisible();
  await page.goto('/conversations?conversation=987654');
  await expect(page.getByTestId('error-status')).toBeVisible();
});
