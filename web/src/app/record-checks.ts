import type { RouteName } from '@monitoring/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
/** Does the record a page's URL names exist? Loads it into the cache, where the page finds it. */
export type RecordCheck = (queryClient: QueryClient, id: number) => Promise<boolean>;

/** A record the server answers 404 for does not exist; any other failure is the error page's. */
async function answers(load: Promise<unknown>): Promise<boolean> {
  try {
    await load;
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

// Each check loads its API module when it runs: the entry, which holds the loaders, carries
// none of them (docs/first-screen.md). The page that follows imports the same module.
const themes = () => import('../api/themes.ts');
const infoReasons = () => import('../api/info-reasons.ts');
const dashboards = () => import('../api/dashboards.ts');
const personalThemes = () => import('../api/personal-themes.ts');

const theme: RecordCheck = async (client, id) =>
  answers(client.ensureQueryData((await themes()).themeDetailQuery(id)));
const infoReason: RecordCheck = async (client, id) =>
  answers(client.ensureQueryData((await infoReasons()).infoReasonDetailQuery(id)));
const themeDashboard: RecordCheck = async (client, id) =>
  answers(client.ensureQueryData((await dashboards()).dashboardExistsQuery({ kind: 'theme', id })));
const personalTheme: RecordCheck = async (client, id) =>
  (await client.ensureQueryData((await personalThemes()).personalThemeQuery(id))) !== null;

/**
 * The pages of one record (the id `recordIdOf` finds in the URL) and how to
 * find it. A page whose record is missing is the 404 page (product.md §2
 * "validity check") rather than a page whose calls fail one by one. A news story
 * and its messages are checked the same way.
 */
export const RECORD_CHECKS: Partial<Record<RouteName, RecordCheck>> = {
  'news-id': async (client, id) =>
    answers(client.ensureQueryData((await import('../api/news.ts')).newsDetailQuery(id))),
  'theme-id': theme,
  'theme-id-edit': theme,
  'info-reason-id': infoReason,
  'info-reason-id-edit': infoReason,
  'loms-id': async (client, id) =>
    answers(client.ensureQueryData((await import('../api/loms.ts')).lomDetailQuery(id))),
  // The editor wants the message as it is now: a cached one is shown, and fetched again.
  'messages-id': async (client, id) => {
    const { messageDetailQuery } = await import('../api/messages.ts');
    return answers(client.ensureQueryData({ ...messageDetailQuery(id), revalidateIfStale: true }));
  },
  'rubrics-id': async (client, id) =>
    answers(client.ensureQueryData((await import('../api/rubrics.ts')).rubricDetailQuery(id, {}))),
  'dashboards-theme': themeDashboard,
  'dashboards-loms': themeDashboard,
  'dashboards-rubric': async (client, id) =>
    answers(client.ensureQueryData((await dashboards()).dashboardExistsQuery({ kind: 'rubric', id }))),
  'dashboards-personal-theme': personalTheme,
  'dashboards-personal-theme-loms': personalTheme,
  'new-dashboards-id': async (client, id) =>
    answers(client.ensureQueryData((await import('../api/new-dashboards.ts')).newDashboardQuery(id))),
};
