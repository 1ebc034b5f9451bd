import type { MessageFilterParams, ReportOrdering } from '@monitoring/contracts';
import { useReportTop } from '../../api/daily-dashboards.ts';
import { EChart } from '../../ui/EChart.tsx';
import { topChartTitle, topOption } from './home-charts.ts';
import { HOME_TEXTS } from './home-texts.ts';

interface TopChartProps {
  /** «Топ-10 тем». */
  title: string;
  path: string;
  filter: MessageFilterParams;
  ordering: ReportOrdering;
}

/** The first 10 rows of a report table (§9 top-N) as bars of the sort's metric. */
export function TopChart({ title, path, filter, ordering }: TopChartProps) {
  const top = useReportTop(path, filter, ordering);
  const rows = top.data?.results ?? [];
  const label = `${title}: ${topChartTitle(ordering)}`;
  return (
    <section className="home-report" aria-label={label}>
      <h3 className="home-report__title">{label}</h3>
      {top.isSuccess && rows.length === 0 ? (
        <p className="muted">{HOME_TEXTS.empty}</p>
      ) : (
        <EChart label={label} option={topOption(rows, ordering)} loading={top.isFetching} height={280} />
      )}
    </section>
  );
}
