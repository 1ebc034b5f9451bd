import {
  DAILY_DASHBOARD_TYPES,
  type DailyDashboardItem,
  type DailyDashboardType,
  dailyDashboardMessageFilter,
  type MessageFilterParams,
  REPORT_PAGE_SIZES,
  REPORT_TABLE_PATHS,
  type ReportOrdering,
  withQuery,
} from '@monitoring/contracts';
import { Alert, Card, Statistic } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useReportStats } from '../../api/daily-dashboards.ts';
import { useMessagesMoodTable } from '../../api/messages.ts';
import { useCan } from '../../api/useCan.ts';
import type { DayPeriod } from '../../lib/day-period.ts';
import { formatCount, formatExact } from '../../lib/format.ts';
import { EChart } from '../../ui/EChart.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { dynamicsOption } from './home-charts.ts';
import { HOME_TEXTS } from './home-texts.ts';
import { ReportTable } from './ReportTable.tsx';
import { TopChart } from './TopChart.tsx';

interface DailyDashboardTabProps {
  dashboard: DailyDashboardItem;
  period: DayPeriod;
  ordering: ReportOrdering;
}

/** The live messages (api.md §7.5: trash, archived and delayed false), as every number of the tab. */
const LIVE = { trash: false, archived: false, delayed: false } as const;

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
    { ...filter, ...LIVE },
    shows(DAILY_DASHBOARD_TYPES.MOODS) && can('MESSAGE_STATISTICS'),
  );
  const data = stats.data;
  const messagesLink = withQuery('/messages', { ...filter, ...LIVE });

  return (
    <div className="home-tab">
      {data?.no_messages && <Alert type="info" showIcon message={HOME_TEXTS.noMessages} />}
      <div className="home-tab__numbers">
        <Card size="small">
          <Statistic
            title={HOME_TEXTS.messages}
            value={data?.no_messages ? 0 : (data?.all ?? 0)}
            formatter={(value) => <span data-testid="home-message-count">{formatExact(Number(value))}</span>}
            loading={!data}
          />
          <Link to={messagesLink}>{HOME_TEXTS.openMessages}</Link>
        </Card>
        <Card size="small">
          <Statistic title={HOME_TEXTS.withThemes} value={data?.with_themes ?? 0} loading={!data} />
        </Card>
        <Card size="small">
          <Statistic
            title={HOME_TEXTS.si}
            value={data?.total_si ?? 0}
            formatter={(value) => formatCount(Number(value))}
            loading={!data}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={HOME_TEXTS.views}
            value={data?.total_views ?? 0}
            formatter={(value) => formatCount(Number(value))}
            loading={!data}
          />
        </Card>
      </div>
      <div className="home-tab__grid">
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
        {shows(DAILY_DASHBOARD_TYPES.DYNAMICS) && (
          <section className="home-report" aria-label={HOME_TEXTS.dynamics}>
            <h3 className="home-report__title">{HOME_TEXTS.dynamics}</h3>
            <EChart
              label={HOME_TEXTS.dynamics}
              option={dynamicsOption(data?.days ?? [])}
              loading={stats.isFetching}
            />
          </section>
        )}
      </div>
      {shows(DAILY_DASHBOARD_TYPES.THEMES) && (
        <div className="home-tab__grid">
          <ReportTable
            title={HOME_TEXTS.themes}
            path={REPORT_TABLE_PATHS.themes}
            filter={filter}
            ordering={ordering}
            pageSize={REPORT_PAGE_SIZES.themes}
            linkOf={(id) => `/theme/${id}`}
          />
          <ReportTable
            title={HOME_TEXTS.infoReasons}
            path={REPORT_TABLE_PATHS.infoReasons}
            filter={filter}
            ordering={ordering}
            pageSize={REPORT_PAGE_SIZES.infoReasons}
            linkOf={(id) => `/info-reason/${id}`}
          />
        </div>
      )}
      {shows(DAILY_DASHBOARD_TYPES.THEMES) && (
        <div className="home-tab__grid">
          <TopChart
            title={HOME_TEXTS.topThemes}
            path={REPORT_TABLE_PATHS.themesDashboard}
            filter={filter}
            ordering={ordering}
          />
          <TopChart
            title={HOME_TEXTS.topInfoReasons}
            path={REPORT_TABLE_PATHS.infoReasonsDashboard}
            filter={filter}
            ordering={ordering}
          />
        </div>
      )}
      {shows(DAILY_DASHBOARD_TYPES.LOMS) && (
        <ReportTable
          title={HOME_TEXTS.loms}
          path={REPORT_TABLE_PATHS.loms}
          filter={filter}
          ordering={ordering}
          pageSize={REPORT_PAGE_SIZES.loms}
          linkOf={(id) => `/loms/${id}`}
        />
      )}
    </div>
  );
}
