import {
  CHART_STEP_LABELS,
  CHART_STEPS,
  type ChartParameters,
  type ChartStep,
  NEW_DASHBOARD_CHART_TITLES,
  type NewDashboardChart,
} from '@monitoring/contracts';
import { Card, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useDashboardChart } from '../../api/new-dashboards.ts';
import { formatExact } from '../../lib/format.ts';
import { chartOption } from './chart-options.ts';
import { type ChartImageHandle, DashboardChartCanvas } from './DashboardChartCanvas.tsx';
import { ND_TEXTS } from './texts.ts';

const TIME_CHARTS: readonly NewDashboardChart[] = [
  'period_tonality',
  'period_source_tonality',
  'publication_involvement',
];
const RANKED_CHARTS: readonly NewDashboardChart[] = [
  'tonality_source',
  'tonality_by_lom',
  'info-reason-tonality',
  'info-reason-tonality-coefficients',
];
const TOP_OPTIONS = [5, 10, 20].map((value) => ({ value, label: `топ-${value}` }));

interface Props {
  dashboardId: number;
  chart: NewDashboardChart;
  groups: readonly { id: number; title: string }[];
  /** The page keeps each chart's picture and controls for the report. */
  onHandle: (chart: NewDashboardChart, handle: ChartImageHandle | null, parameters: ChartParameters) => void;
}

/** One of the eight charts with its own controls and its own call. */
export function ChartCard({ dashboardId, chart, groups, onHandle }: Props) {
  const [step, setStep] = useState<ChartStep | undefined>(undefined);
  const [top, setTop] = useState(10);
  const [group, setGroup] = useState<number | undefined>(undefined);
  const parameters = useMemo<ChartParameters>(
    () => ({
      ...(step && TIME_CHARTS.includes(chart) ? { step } : {}),
      ...(RANKED_CHARTS.includes(chart) ? { top } : {}),
      ...(group ? { lom_group_in: [group] } : {}),
    }),
    [chart, step, top, group],
  );
  const query = useDashboardChart(dashboardId, chart, parameters);
  const option = useMemo(() => (query.data ? chartOption(query.data) : null), [query.data]);
  const title = NEW_DASHBOARD_CHART_TITLES[chart];
  const height = RANKED_CHARTS.includes(chart) ? 380 : 320;

  const controls = (
    <Space size="small" wrap>
      {TIME_CHARTS.includes(chart) && (
        <Select
          size="small"
          aria-label={`${ND_TEXTS.step}: ${title}`}
          style={{ width: 130 }}
          value={step ?? query.data?.step ?? undefined}
          options={CHART_STEPS.map((value) => ({ value, label: CHART_STEP_LABELS[value] }))}
          onChange={setStep}
        />
      )}
      {RANKED_CHARTS.includes(chart) && (
        <Select
          size="small"
          aria-label={`${ND_TEXTS.top}: ${title}`}
          style={{ width: 90 }}
          value={top}
          options={TOP_OPTIONS}
          onChange={setTop}
        />
      )}
      {groups.length > 1 && (
        <Select
          size="small"
          allowClear
          placeholder={ND_TEXTS.lomGroups}
          aria-label={`${ND_TEXTS.group}: ${title}`}
          style={{ width: 170 }}
          value={group}
          options={groups.map((g) => ({ value: g.id, label: g.title }))}
          onChange={setGroup}
        />
      )}
    </Space>
  );

  return (
    <Card size="small" title={title} extra={controls} data-chart={chart}>
      <DashboardChartCanvas
        ref={(handle) => onHandle(chart, handle, parameters)}
        option={option}
        label={title}
        loading={query.isFetching}
        height={height}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {query.data
          ? query.data.total === 0
            ? ND_TEXTS.noData
            : `${ND_TEXTS.total}: ${formatExact(query.data.total)}${query.data.source === 'messages' ? ` · ${ND_TEXTS.fromMessages}` : ''}`
          : '\u00a0'}
      </Typography.Text>
    </Card>
  );
}
