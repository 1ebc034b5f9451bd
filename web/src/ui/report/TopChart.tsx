import './report.css';
import { type MessageFilterParams, REPORT_TABLE_PATHS, type ReportOrdering } from '@monitoring/contracts';
import { useReportTop } from '../../api/report-tables.ts';
import { EChart } from '../EChart.tsx';
import { LoadErrorAlert } from '../LoadErrorAlert.tsx';
import { topChartTitle, topOption } from './report-charts.ts';
import { REPORT_TEXTS } from './report-texts.ts';

/** The two top-N charts: their title and call. */
const TOP_CHARTS = {
  themes: { title: REPORT_TEXTS.topThemes, path: REPORT_TABLE_PATHS.themesDashboard },
  infoReasons: { title: REPORT_TEXTS.topInfoReasons, path: REPORT_TABLE_PATHS.infoReasonsDashboard },
} as const;

interface TopChartProps {
  kind: keyof typeof TOP_CHARTS;
  filter: MessageFilterParams;
  ordering: ReportOrdering;
}

/** The first 10 rows of a report table (§9 top-N) as bars of the sort's metric. */
export function TopChart({ kind, filter, ordering }: TopChartProps) {
  const { title, path } = TOP_CHARTS[kind];
  const top = useReportTop(path, filter, ordering);
  const rows = top.data?.results ?? [];
  const label = `${title}: ${topChartTitle(ordering)}`;
  return (
    <section className="report-block" aria-label={label}>
      <h3 className="report-block__title">{label}</h3>
      {top.isError && !top.isFetching ? (
        <LoadErrorAlert title={REPORT_TEXTS.failed(title)} error={top.error} onRetry={() => top.refetch()} />
      ) : top.isSuccess && rows.length === 0 ? (
        <p className="muted">{REPORT_TEXTS.empty}</p>
      ) : (
        <EChart label={label} option={topOption(rows, ordering)} loading={top.isFetching} height={280} />
      )}
    </section>
  );
}
