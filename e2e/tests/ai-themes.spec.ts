import { AI_THEME_PATHS, type AiProposal, apiPath, MESSAGE_PATHS } from '@monitoring/contracts';
import { expect, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, type ListAnswer } from './messages-helpers.ts';

// /themes-ai (docs/ai-themes.md): the demo seed clustered the unthemed recent messages into
// proposals; an editor sees them and approves one, and its messages move into the theme.

test('/themes-ai shows the proposed themes, and approving one moves its messages', async ({ page }) => {
  await logIn(page, 'editor');
  await page.goto('/themes-ai');
  const cards = page.locator('.ai-proposal');
  await expect(cards.first()).toBeVisible();

  const proposals = await apiGet<ListAnswer<AiProposal>>(page, AI_THEME_PATHS.proposals);
  expect(proposals.results.length).toBeGreaterThan(0);
  const proposal = proposals.results[0];
  expect(proposal.messages).toBeGreaterThanOrEqual(5);
  expect(proposal.terms.length).toBeGreaterThan(0);
  const card = page.locator(`.ai-proposal[data-proposal-id="${proposal.id}"]`);
  await expect(card).toContainText(proposal.name);
  await expect(card).toContainText(proposal.terms[0]);
  await expect(card.locator('.ai-proposal__samples li')).toHaveCount(proposal.samples.length);

  // Before: the sample messages have no theme.
  for (const sample of proposal.samples) {
    const message = await apiGet<{ theme: { id: number } | null }>(
      page,
      apiPath(MESSAGE_PATHS.detail, { id: sample.id }),
    );
    expect(message.theme).toBeNull();
  }

  await card.getByRole('button', { name: `Утвердить предложение ${proposal.name}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Утвердить' }).click();
  await expect(page.getByText(`Тема «${proposal.name}» утверждена`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // After: they are in the theme, and the theme's messages list counts all of the proposal's.
  for (const sample of proposal.samples) {
    const message = await apiGet<{ theme: { id: number } | null }>(
      page,
      apiPath(MESSAGE_PATHS.detail, { id: sample.id }),
    );
    expect(message.theme?.id).toBe(proposal.id);
  }
  const inTheme = await apiGet<ListAnswer<{ id: number }>>(
    page,
    `${MESSAGE_PATHS.list}?theme_in=${proposal.id}&page_size=1&wrote_at_after=2000-01-01`,
  );
  expect(inTheme.elements_count).toBe(proposal.messages);
});
