import {
  DAILY_DASHBOARD_TYPES,
  type DailyDashboardItem,
  type DailyDashboardType,
  dailyDashboardMessageFilter,
  type MessageFilterParams,
  REPORT_LIVE_FLAGS,
  type ReportOrdering,
} from '@monitoring/contracts';
import { useMemo } from 'react';
import { useMessagesMoodTable } from '../../api/messages.ts';
import { useReportStats } from '../../api/report-tables.ts';
import { useCan } from '../../api/useCan.ts';
import type { DayPeriod } from '../../lib/day-period.ts';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { ReportDynamics } from '../../ui/report/ReportDynamics.tsx';
import { ReportNumbers } from '../../ui/report/ReportNumbers.tsx';
import { ReportTable } from '../../ui/report/ReportTable.tsx';
import { TopChart } from '../../ui/report/TopChart.tsx';
import { HOME_TEXTS } from './home-texts.ts';

interface DailyDashboardTabProps {
  dashboard: DailyDashboardItem;
  period: DayPeriod;
  ordering: ReportOrdering;
}

/** One daily dashboard: its numbers, mood table, dynamics and report tables over the period. */
export function DailyDashboardTab({ dashboard, period, ordering }: DailyDashboardTabProps) {
  const can = useCan();
  const filter: MessageFilterParams = useMemo(
    () => ({
      ...dailyDashboardMessageFilter(dashboard.filters),
      wrote_at_after: period.after,
      wrote_at_before: period.before,
    }),
    [dashboard.filters, period.after, period.before],
  );
  const shows = (type: DailyDashboardType) => dashboard.types.length === 0 || dashboard.types.includes(type);
  const stats = useReportStats(filter);
  const moodTable = useMessagesMoodTable(
    { ...filter, ...REPORT_LIVE_FLAGS },
    shows(DAILY_DASHBOARD_TYPES.MOODS) && can('MESSAGE_STATISTICS'),
  );

  return (
    <div className="report-tab">
      <ReportNumbers stats={stats} filter={filter} noMessages={HOME_TEXTS.noMessages} withThemes />
      <div className="report-tab__grid">
        {shows(DAILY_DASHBOARD_TYPES.MOODS) && can('MESSAGE_STATISTICS') && (
          <div>
            <MoodTable
              title={HOME_TEXTS.moodTable}
              table={moodTable.data?.mood_table}
              total={moodTable.data?.total}
              loading={moodTable.isFetching}
            />
          </div>
        )}
        {shows(DAILY_DASHBOARD_TYPES.DYNAMICS) && <ReportDynamics stats={stats} />}
      </div>
      {shows(DAILY_DASHBOARD_TYPES.THEMES) && (
        <div className="report-tab__grid">
          <ReportTable kind="themes" filter={filter} ordering={ordering} />
          <ReportTable kind="infoReasons" filter={filter} ordering={ordering} />
        </div>
      )}
      {shows(DAILY_DASHBOARD_TYPES.THEMES) && (
        <div className="report-tab__grid">
          <TopChart kind="themes" filter={filter} ordering={ordering} />
          <TopChart kind="infoReasons" filter={filter} ordering={ordering} />
        </div>
      )}
      {shows(DAILY_DASHBOARD_TYPES.LOMS) && <ReportTable kind="loms" filter={filter} ordering={ordering} />}
    </div>
  );
}
