import './report.css';
import type { MessageFilterParams, ReportOrdering } from '@monitoring/contracts';
import { type ReactNode, useMemo } from 'react';
import { useReportStats } from '../../api/report-tables.ts';
import { lastDaysPeriod } from '../../lib/day-period.ts';
import { ReportControls } from './ReportControls.tsx';
import { ReportDynamics } from './ReportDynamics.tsx';
import { ReportNumbers } from './ReportNumbers.tsx';
import { STATISTICS_DAYS, useStatisticsUrl } from './report-url.ts';

interface ReportStatisticsTabProps {
  /** The card's subject as a message filter (`theme_in: [id]`, `info_reason_in: [id]`). */
  subject: MessageFilterParams;
  /** Said when the period has no message of the subject. */
  noMessages: string;
  /** The card's report tables and charts, over the subject and the period. */
  children?: (filter: MessageFilterParams, ordering: ReportOrdering) => ReactNode;
}

const statisticsPeriod = () => lastDaysPeriod(STATISTICS_DAYS);

/**
 * «Статистика» of a theme or info reason card (docs/home.md "Statistics tabs"): the period and the
 * sort (in the URL), the numbers with «Открыть сообщения», the dynamics by day, then the card's own
 * report tables.
 */
export function ReportStatisticsTab({ subject, noMessages, children }: ReportStatisticsTabProps) {
  const { state, patch } = useStatisticsUrl();
  const subjectKey = JSON.stringify(subject);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subject's text is its identity (a new object each render).
  const filter: MessageFilterParams = useMemo(
    () => ({ ...subject, wrote_at_after: state.period.after, wrote_at_before: state.period.before }),
    [subjectKey, state.period.after, state.period.before],
  );
  const stats = useReportStats(filter);
  return (
    <div className="report-tab">
      <ReportControls value={state} fallback={statisticsPeriod} onChange={patch} />
      <ReportNumbers stats={stats} filter={filter} noMessages={noMessages} />
      <ReportDynamics stats={stats} />
      {children?.(filter, state.ordering)}
    </div>
  );
}
