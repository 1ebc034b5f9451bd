import { DEFAULT_MESSAGE_ORDERING, type MessageFilter, type ReportEstimation } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { messagesWorkbook, reportFilter } from '../../domain/reports/documents.ts';
import { estimateMessageReport } from '../../domain/reports/estimate.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import type { DashboardSet } from './queries.ts';

/**
 * Report downloads of a dashboard (api.md §7.5 "Report downloads"): the messages Excel
 * report (summary sheet and messages) of the dashboard's live messages in the period,
 * through the filter of the messages list so the file is the one the messages page gives.
 */
export function dashboardReportFilter(
  set: DashboardSet,
  period: { after: Date; before: Date },
): MessageFilter {
  const base: MessageFilter = {
    ordering: DEFAULT_MESSAGE_ORDERING,
    wrote_at_after: period.after,
    wrote_at_before: period.before,
    archived: false,
    delayed: false,
    trash: false,
  };
  if (set.kind === 'theme') return { ...base, theme_in: [set.id] };
  if (set.kind === 'rubric') return { ...base, rubric_in: [set.id] };
  return { ...set.filter, ...base };
}

export async function dashboardReport(
  db: Db,
  user: AuthUser,
  set: DashboardSet,
  period: { after: Date; before: Date },
  now: Date,
): Promise<Download> {
  return messagesWorkbook(db, reportFilter(dashboardReportFilter(set, period), user), true, now);
}

export async function dashboardReportEstimation(
  db: Db,
  user: AuthUser,
  set: DashboardSet,
  period: { after: Date; before: Date },
): Promise<ReportEstimation> {
  return estimateMessageReport(db, reportFilter(dashboardReportFilter(set, period), user), 'report');
}
