import type { RouteName } from '@monitoring/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { dashboardExistsQuery } from '../api/dashboards.ts';
import { infoReasonDetailQuery } from '../api/info-reasons.ts';
import { lomDetailQuery } from '../api/loms.ts';
import { messageDetailQuery } from '../api/messages.ts';
import { personalThemeQuery } from '../api/personal-themes.ts';
import { rubricDetailQuery } from '../api/rubrics.ts';
import { themeDetailQuery } from '../api/themes.ts';

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

const theme: RecordCheck = (client, id) => answers(client.ensureQueryData(themeDetailQuery(id)));
const infoReason: RecordCheck = (client, id) => answers(client.ensureQueryData(infoReasonDetailQuery(id)));
const themeDashboard: RecordCheck = (client, id) =>
  answers(client.ensureQueryData(dashboardExistsQuery({ kind: 'theme', id })));
const personalTheme: RecordCheck = async (client, id) =>
  (await client.ensureQueryData(personalThemeQuery(id))) !== null;

/**
 * The pages of one record (the id `recordIdOf` finds in the URL) and how to
 * find it. A page whose record is missing is the 404 page (product.md §2
 * "validity check") rather than a page whose calls fail one by one. News and
 * new dashboards have no records yet.
 */
export const RECORD_CHECKS: Partial<Record<RouteName, RecordCheck>> = {
  'theme-id': theme,
  'theme-id-edit': theme,
  'info-reason-id': infoReason,
  'info-reason-id-edit': infoReason,
  'loms-id': (client, id) => answers(client.ensureQueryData(lomDetailQuery(id))),
  // The editor wants the message as it is now: a cached one is shown, and fetched again.
  'messages-id': (client, id) =>
    answers(client.ensureQueryData({ ...messageDetailQuery(id), revalidateIfStale: true })),
  'rubrics-id': (client, id) => answers(client.ensureQueryData(rubricDetailQuery(id, {}))),
  'dashboards-theme': themeDashboard,
  'dashboards-loms': themeDashboard,
  'dashboards-rubric': (client, id) =>
    answers(client.ensureQueryData(dashboardExistsQuery({ kind: 'rubric', id }))),
  'dashboards-personal-theme': personalTheme,
  'dashboards-personal-theme-loms': personalTheme,
};
