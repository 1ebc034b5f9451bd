import './report.css';
import type { ReportStatsQuery } from '../../api/report-tables.ts';
import { EChart } from '../EChart.tsx';
import { LoadErrorAlert } from '../LoadErrorAlert.tsx';
import { dynamicsOption } from './report-charts.ts';
import { REPORT_TEXTS } from './report-texts.ts';

/** The dynamics by day of report/themes_stats/ (`days`): messages by mood and the SI line. */
export function ReportDynamics({ stats }: { stats: ReportStatsQuery }) {
  return (
    <section className="report-block" aria-label={REPORT_TEXTS.dynamics}>
      <h3 className="report-block__title">{REPORT_TEXTS.dynamics}</h3>
      {stats.isError && !stats.isFetching ? (
        <LoadErrorAlert
          title={REPORT_TEXTS.failed(REPORT_TEXTS.dynamics)}
          error={stats.error}
          onRetry={() => stats.refetch()}
        />
      ) : (
        <EChart
          label={REPORT_TEXTS.dynamics}
          option={dynamicsOption(stats.data?.days ?? [])}
          loading={stats.isFetching}
        />
      )}
    </section>
  );
}
