import { REPORT_TABLE_PATHS } from '@monitoring/contracts';
import type { FakeRequest } from './fake-api.ts';

/** Answers of the report calls (report/…) for the page tests. */

export const reportEnvelope = (results: unknown[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

export const reportRow = (id: number, name: string) => ({
  id,
  name,
  moods: { 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0 },
  message_count: 3,
  total_si: 70,
  total_views: 300,
  lom_count: 2,
});

/** themes_stats/ of `all` messages (0: the §9 fallback with no_messages). */
export const reportStatsAnswer = (all: number, { si = 10, views = 20, withThemes = all } = {}) => ({
  all: all || 1,
  with_themes: all ? withThemes : 0,
  no_messages: all === 0,
  total_si: si,
  total_views: views,
  days: [{ day: '2026-11-20', message_count: all, total_si: si, total_views: views, moods: {} }],
});

/** The report calls among a test's requests, and a request's query. */
const REPORT_PATHS: readonly string[] = Object.values(REPORT_TABLE_PATHS);

export const reportCalls = (requests: readonly FakeRequest[]) =>
  requests.filter((r) => REPORT_PATHS.includes(r.path));
export const queryOf = (request: FakeRequest) => new URLSearchParams(request.search);
