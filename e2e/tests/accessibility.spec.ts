import AxeBuilder from '@axe-core/playwright';
import { LOM_PATHS, MESSAGE_PATHS, THEME_LIST_PATHS } from '@monitoring/contracts';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './helpers.ts';
import { apiGet, type ListAnswer } from './messages-helpers.ts';

// WCAG 2.1 AA (GOST R 52872-2019) over the main pages: axe-core's rules of levels A and AA run on each page once its
// data has rendered; any serious or critical violation fails the test, listed with its rule, elements and page.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.5.3 «label in name» (level A): axe keeps it among its experimental rules, off unless asked for. */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
/** Violations only: axe skips collecting every passing element, a good part of its time on a big table. */
const RESULT_TYPES: ['violations'] = ['violations'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** What is still loading: a spinner, a skeleton, a lazy page's fallback. */
const LOADING = '.ant-spin-spinning, .ant-skeleton-active, .full-page-spin';

interface Violation {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until the page's data is on screen: the page's own mark of its data when it has one (a list's rows), then
 * no request in flight and nothing loading.
 */
async function waitForContent(page: Page, data?: string): Promise<void> {
  await expect(page.locator(data ?? 'main, form').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 20_000 });
}

async function violationsOf(page: Page, path: string): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: EXTRA_RULES, resultTypes: RESULT_TYPES })
    .analyze();
  const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (failing.length > 0) {
    await test
      .info()
      .attach(`axe ${path}`, { body: JSON.stringify(failing, null, 2), contentType: 'application/json' });
  }
  return failing.map((violation) => ({
    page: path,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

const describe = (violation: Violation) =>
  `${violation.page} · ${violation.rule} (${violation.impact}: ${violation.help}), ${violation.targets.length} element(s):\n` +
  violation.targets
    .slice(0, 10)
    .map((target) => `    ${target}`)
    .join('\n') +
  (violation.targets.length > 10 ? `\n    … and ${violation.targets.length - 10} more` : '');

test('the main pages have no serious or critical WCAG 2.1 AA violations', async ({ page }) => {
  // One login, then the pages in turn: about a minute on a quiet machine, more on a busy CI runner.
  test.setTimeout(300_000);
  const found: Violation[] = [];
  const check = (path: string, data?: string) =>
    test.step(path, async () => {
      await page.goto(path);
      await waitForContent(page, data);
      found.push(...(await violationsOf(page, path)));
    });

  await check('/login');
  await logIn(page, 'admin', 'admin12345');

  const [message] = (
    await apiGet<ListAnswer<{ id: number }>>(page, `${MESSAGE_PATHS.list}?page=1&page_size=1`)
  ).results;
  const [theme] = (
    await apiGet<ListAnswer<{ id: number }>>(page, `${THEME_LIST_PATHS.list}?page=1&page_size=1`)
  ).results;
  const [lom] = (
    await apiGet<ListAnswer<{ id: number }>>(
      page,
      `${LOM_PATHS.list}?page=1&page_size=1&ordering=-message_number`,
    )
  ).results;
  expect([message, theme, lom].every(Boolean), 'the demo has a message, a theme and a lom').toBe(true);

  const rows = '.ant-table-row';
  const pages: [path: string, data?: string][] = [
    ['/', '.ant-statistic'],
    ['/messages', 'article[data-message-id]'],
    [`/messages/${message.id}`, '.ant-card'],
    ['/themes/info-reasons', rows],
    [`/theme/${theme.id}`, '.ant-tabs'],
    ['/loms', rows],
    [`/loms/${lom.id}`, '.ant-tabs'],
    ['/dashboards/theme'],
    ['/new-dashboards'],
    ['/social-panel'],
    ['/viral-content'],
    ['/news'],
    ['/reports'],
    ['/quotes'],
    ['/rubrics', rows],
    ['/producers'],
    ['/profile'],
    ['/logs', rows],
    ['/settings'],
    ['/alerts'],
    ['/alerts?tab=digests'],
    ['/admin-panel/users', rows],
    ['/admin-panel/sources?view=collect', rows],
  ];
  for (const [path, data] of pages) await check(path, data);

  expect(found.map(describe).join('\n'), 'serious or critical WCAG 2.1 AA violations').toBe('');
});
